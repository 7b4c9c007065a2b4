import { type Kysely, sql } from 'kysely';

// Frozen in time: migrations take Kysely<any> and never import app types.
// biome-ignore lint/suspicious/noExplicitAny: migrations are deliberately untyped
export async function up(db: Kysely<any>): Promise<void> {
  // What a property has that brings its own rules (gas, electric fence, thatch roof, …): a JSON array.
  await db.schema
    .alterTable('properties')
    .addColumn('features', 'jsonb', (col) => col.notNull().defaultTo(sql`'[]'::jsonb`))
    .execute();

  // The stored result of a property's compliance check (spec §3 Policy check): the card and the
  // dashboard read its status, so the portfolio list never evaluates rules per row.
  await db.schema
    .createTable('compliance_checks')
    .addColumn('property_id', 'uuid', (col) =>
      col.primaryKey().references('properties.id').onDelete('cascade'),
    )
    .addColumn('organization_id', 'uuid', (col) =>
      col.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('status', 'text', (col) =>
      col.notNull().check(sql`status in ('compliant', 'gaps_detected', 'unknown')`),
    )
    .addColumn('compliance_status', 'text', (col) =>
      col.notNull().check(sql`compliance_status in ('good', 'warning', 'critical')`),
    )
    .addColumn('findings', 'jsonb', (col) => col.notNull())
    // The South African calendar day the rules were evaluated for: a check of an earlier day is stale.
    .addColumn('checked_for', 'date', (col) => col.notNull())
    .addColumn('checked_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    // Set when a document, a feature or a policy finding changed since: a recheck is queued, and the
    // Policy Check tab reruns it rather than show what no longer holds.
    .addColumn('stale', 'boolean', (col) => col.notNull().defaultTo(false))
    .execute();

  // The analysis of one insurance policy's wording: its state (for progress) and what it found.
  await db.schema
    .createTable('policy_analyses')
    .addColumn('document_id', 'uuid', (col) =>
      col.primaryKey().references('documents.id').onDelete('cascade'),
    )
    .addColumn('organization_id', 'uuid', (col) =>
      col.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('property_id', 'uuid', (col) => col.notNull().references('properties.id').onDelete('cascade'))
    .addColumn('state', 'text', (col) =>
      col.notNull().check(sql`state in ('queued', 'running', 'done', 'no_text', 'failed')`),
    )
    .addColumn('pages', 'integer')
    .addColumn('error', 'text')
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('policy_analyses_property_idx')
    .on('policy_analyses')
    .column('property_id')
    .execute();

  await db.schema
    .createTable('policy_findings')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('organization_id', 'uuid', (col) =>
      col.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('property_id', 'uuid', (col) => col.notNull().references('properties.id').onDelete('cascade'))
    .addColumn('document_id', 'uuid', (col) => col.notNull().references('documents.id').onDelete('cascade'))
    .addColumn('finding_type', 'text', (col) =>
      col.notNull().check(sql`finding_type in ('evidence', 'exclusion', 'maintenance', 'endorsement')`),
    )
    .addColumn('key', 'text', (col) => col.notNull())
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull())
    .addColumn('severity', 'text', (col) =>
      col.notNull().check(sql`severity in ('low', 'medium', 'high', 'critical')`),
    )
    .addColumn('confidence', 'real', (col) => col.notNull().check(sql`confidence >= 0 and confidence <= 1`))
    .addColumn('page', 'integer')
    .addColumn('excerpt', 'text', (col) => col.notNull())
    // The vault document that proves a maintenance condition (evidence findings only).
    .addColumn('evidence_document_id', 'uuid', (col) => col.references('documents.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('policy_findings_property_idx')
    .on('policy_findings')
    .columns(['organization_id', 'property_id'])
    .execute();
  await db.schema
    .createIndex('policy_findings_document_idx')
    .on('policy_findings')
    .column('document_id')
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are deliberately untyped
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('policy_findings').execute();
  await db.schema.dropTable('policy_analyses').execute();
  await db.schema.dropTable('compliance_checks').execute();
  await db.schema.alterTable('properties').dropColumn('features').execute();
}
