import { type Kysely, sql } from 'kysely';

// Frozen in time: migrations take Kysely<any> and never import app types.
// biome-ignore lint/suspicious/noExplicitAny: migrations are deliberately untyped
export async function up(db: Kysely<any>): Promise<void> {
  // What the owner last chose to put in a pack (insurance pack, claim pack, property summary), the
  // default of the next one. Per organisation, not per user: a pack speaks for the owner, so what one
  // member chose to leave out of the insurer's pack stays out when a colleague makes the next one.
  // Documents are remembered as the ones left out, so a document added later goes in by default.
  await db.schema
    .createTable('pack_choices')
    .addColumn('organization_id', 'uuid', (col) =>
      col.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('pack_type', 'text', (col) =>
      col.notNull().check(sql`pack_type in ('insurance_pack', 'claim_pack', 'property_summary')`),
    )
    .addColumn('sections', 'jsonb', (col) => col.notNull())
    .addColumn('excluded_document_ids', 'jsonb', (col) => col.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('updated_by', 'uuid', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('pack_choices_pkey', ['organization_id', 'pack_type'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are deliberately untyped
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('pack_choices').execute();
}
