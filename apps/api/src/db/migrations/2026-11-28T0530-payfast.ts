import { type Kysely, sql } from 'kysely';

// Frozen in time: migrations take Kysely<any> and never import app types.
// biome-ignore lint/suspicious/noExplicitAny: migrations are deliberately untyped
export async function up(db: Kysely<any>): Promise<void> {
  // Premium bought through PayFast (issue 31 §5): until when the paid year runs, and the subscription's
  // token (for its cancel and renewals).
  await db.schema
    .alterTable('organizations')
    .addColumn('paid_until', 'timestamptz')
    .addColumn('payfast_token', 'text')
    .addColumn('subscription_cancelled_at', 'timestamptz')
    .execute();
  // An order: made when the owner presses Upgrade; its id is the form's m_payment_id.
  await db.schema
    .createTable('payfast_orders')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('organization_id', 'uuid', (col) =>
      col.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('amount_cents', 'integer', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  // A payment PayFast notified (ITN) and we accepted: one row per pf_payment_id (replays change nothing).
  await db.schema
    .createTable('payfast_payments')
    .addColumn('pf_payment_id', 'text', (col) => col.primaryKey())
    .addColumn('order_id', 'uuid', (col) => col.notNull().references('payfast_orders.id').onDelete('cascade'))
    .addColumn('organization_id', 'uuid', (col) =>
      col.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('payment_status', 'text', (col) => col.notNull())
    .addColumn('amount_cents', 'integer', (col) => col.notNull())
    .addColumn('invoice_number', 'serial', (col) => col.notNull().unique())
    .addColumn('paid_from', 'timestamptz')
    .addColumn('paid_until', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('payfast_payments_organization')
    .on('payfast_payments')
    .column('organization_id')
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are deliberately untyped
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('payfast_payments').execute();
  await db.schema.dropTable('payfast_orders').execute();
  await db.schema
    .alterTable('organizations')
    .dropColumn('paid_until')
    .dropColumn('payfast_token')
    .dropColumn('subscription_cancelled_at')
    .execute();
}
