import { type Kysely, sql } from 'kysely';

// Frozen in time: migrations take Kysely<any> and never import app types.
// biome-ignore lint/suspicious/noExplicitAny: migrations are deliberately untyped
export async function up(db: Kysely<any>): Promise<void> {
  // Documents that read themselves (issue 27). One reading per document: where it stands, what the
  // rules proposed from it (with their evidence) and what a person made of each proposal. Rewritten
  // when the document is read again; removed with the document.
  await db.schema
    .createTable('document_extractions')
    .addColumn('document_id', 'uuid', (col) =>
      col.primaryKey().references('documents.id').onDelete('cascade'),
    )
    .addColumn('organization_id', 'uuid', (col) =>
      col.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('status', 'text', (col) =>
      col.notNull().check(sql`status in ('queued', 'running', 'done', 'failed', 'unreadable')`),
    )
    .addColumn('kind', 'text', (col) =>
      col.check(sql`kind in ('certificate', 'policy', 'invoice', 'unknown')`),
    )
    .addColumn('pages', 'integer')
    .addColumn('pages_read', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('page_limit_reached', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('message', 'text')
    // [{name, value, confidence, page, text, box, state, confirmed_value}]: see extractedFieldSchema.
    .addColumn('fields', 'jsonb', (col) => col.notNull().defaultTo(sql`'[]'::jsonb`))
    // Every page's text joined, and the confirmed fields' values: what the vault's search looks in.
    .addColumn('search_text', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('confirmed_at', 'timestamptz')
    .addColumn('confirmed_by', 'uuid', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('started_at', 'timestamptz')
    .addColumn('finished_at', 'timestamptz')
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('document_extractions_organization_idx')
    .on('document_extractions')
    .column('organization_id')
    .execute();

  // The text of each page with its lines and word boxes (ReadPage in the domain), and the key of a
  // small preview image of the page in the file store (the screen highlights a field's line on it).
  await db.schema
    .createTable('document_pages')
    .addColumn('document_id', 'uuid', (col) =>
      col.notNull().references('document_extractions.document_id').onDelete('cascade'),
    )
    .addColumn('page', 'integer', (col) => col.notNull())
    .addColumn('source', 'text', (col) => col.notNull().check(sql`source in ('text_layer', 'ocr')`))
    .addColumn('width', 'integer', (col) => col.notNull())
    .addColumn('height', 'integer', (col) => col.notNull())
    .addColumn('text', 'text', (col) => col.notNull())
    .addColumn('lines', 'jsonb', (col) => col.notNull())
    .addColumn('preview_key', 'text')
    .addPrimaryKeyConstraint('document_pages_pkey', ['document_id', 'page'])
    .execute();

  // "Accept high-confidence fields automatically": off unless the owner turns it on.
  await db.schema
    .alterTable('organizations')
    .addColumn('auto_accept_read_fields', 'boolean', (col) => col.notNull().defaultTo(false))
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are deliberately untyped
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('organizations').dropColumn('auto_accept_read_fields').execute();
  await db.schema.dropTable('document_pages').execute();
  await db.schema.dropTable('document_extractions').execute();
}
