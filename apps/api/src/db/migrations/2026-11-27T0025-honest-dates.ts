import { type Kysely, sql } from 'kysely';

// Frozen in time: migrations take Kysely<any> and never import app types.
// biome-ignore lint/suspicious/noExplicitAny: migrations are deliberately untyped
export async function up(db: Kysely<any>): Promise<void> {
  // An issue date the upload form filled in with the upload day is not evidence of when a certificate
  // was issued. Rows that may hold one are flagged, and read as "date unknown" until the owner confirms
  // or edits the date. The owner's own notes on a document live apart from what its issuer said.
  await db.schema
    .alterTable('documents')
    .addColumn('issue_date_unconfirmed', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('owner_notes', 'text')
    .execute();
  // A template may declare the certificate its reports are and which of its date fields is the issue date.
  await db.schema
    .alterTable('templates')
    .addColumn('certificate_type', 'text')
    .addColumn('issue_date_field', 'text')
    .execute();

  // Reports made on the built-in Roofing Service Report before it declared what it issues: they are roof
  // inspection reports issued on their inspection date, and so are the copies owners adopted of them.
  await sql`
    update documents d
    set metadata = d.metadata || jsonb_build_object(
      'certificate_type', 'roof_inspection',
      'issued_on', report.metadata->'answers'->>'inspection_date')
    from documents report
    where report.metadata->>'templateId' = 'roofing-service-report-v1'
      and (report.metadata->'answers'->>'inspection_date') ~ '^\\d{4}-\\d{2}-\\d{2}$'
      and (d.id = report.id or d.adopted_from = report.id)
      and d.metadata->>'certificate_type' is null
      and d.metadata->>'issued_on' is null`.execute(db);

  // Flagged: a certificate or inspection whose issue date is the South African day it (or, for an
  // adopted copy, its original) was uploaded, never edited since (no update of the document named
  // issued_on), and not a template report (whose date the issuer typed). South Africa keeps UTC+2 all
  // year, so the day is read without a time zone database.
  await sql`
    update documents d
    set issue_date_unconfirmed = true
    where d.kind in ('certificate', 'inspection')
      and d.metadata->>'issued_on' is not null
      and d.metadata->>'templateId' is null
      and not exists (
        select 1 from documents original
        where original.id = d.adopted_from and original.metadata->>'templateId' is not null)
      and (
        d.metadata->>'issued_on' = to_char((d.created_at at time zone 'UTC') + interval '2 hours', 'YYYY-MM-DD')
        or exists (
          select 1 from documents original
          where original.id = d.adopted_from
            and d.metadata->>'issued_on' =
              to_char((original.created_at at time zone 'UTC') + interval '2 hours', 'YYYY-MM-DD')))
      and not exists (
        select 1 from audit_events e
        where e.document_id = d.id and e.action = 'update' and e.details ? 'issued_on')`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are deliberately untyped
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('templates')
    .dropColumn('certificate_type')
    .dropColumn('issue_date_field')
    .execute();
  await db.schema
    .alterTable('documents')
    .dropColumn('issue_date_unconfirmed')
    .dropColumn('owner_notes')
    .execute();
}
