import { type Kysely, sql } from 'kysely';

// Frozen in time: migrations take Kysely<any> and never import app types.
// biome-ignore lint/suspicious/noExplicitAny: migrations are deliberately untyped
export async function up(db: Kysely<any>): Promise<void> {
  // Spec §3 Maintenance task: recurring work on a property; `standard_key` marks a task of the
  // standard schedule (Bootstrap Standards adds each once per property).
  await db.schema
    .createTable('maintenance_tasks')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('organization_id', 'uuid', (col) =>
      col.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('property_id', 'uuid', (col) => col.notNull().references('properties.id').onDelete('cascade'))
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('description', 'text')
    .addColumn('frequency', 'text', (col) =>
      col.notNull().check(sql`frequency in ('monthly', 'quarterly', 'bi-annually', 'annually')`),
    )
    .addColumn('priority', 'text', (col) =>
      col.notNull().check(sql`priority in ('low', 'medium', 'high', 'critical')`),
    )
    .addColumn('next_due', 'date', (col) => col.notNull())
    .addColumn('assigned_to', 'text')
    .addColumn('standard_key', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('maintenance_tasks_property_idx')
    .on('maintenance_tasks')
    .columns(['organization_id', 'property_id', 'next_due'])
    .execute();
  await sql`create unique index maintenance_tasks_standard_key on maintenance_tasks (property_id, standard_key) where standard_key is not null`.execute(
    db,
  );

  // A task's service record: when, notes, cost (cents), who did it, evidence from the vault.
  await db.schema
    .createTable('maintenance_completions')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('task_id', 'uuid', (col) =>
      col.notNull().references('maintenance_tasks.id').onDelete('cascade'),
    )
    .addColumn('organization_id', 'uuid', (col) =>
      col.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('completed_on', 'date', (col) => col.notNull())
    .addColumn('notes', 'text')
    .addColumn('cost_cents', 'bigint', (col) => col.check(sql`cost_cents >= 0`))
    .addColumn('completed_by', 'text')
    .addColumn('document_id', 'uuid', (col) => col.references('documents.id').onDelete('set null'))
    .addColumn('recorded_by', 'uuid', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('maintenance_completions_task_idx')
    .on('maintenance_completions')
    .columns(['task_id', 'completed_on'])
    .execute();

  // Add Custom Reminder (spec §2 Actions tab), and Mark Complete on the reminders that come from
  // elsewhere (an expiring document, the trial's end): done for that due date.
  await db.schema
    .createTable('reminders')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('organization_id', 'uuid', (col) =>
      col.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('property_id', 'uuid', (col) => col.notNull().references('properties.id').onDelete('cascade'))
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('message', 'text')
    .addColumn('due_date', 'date', (col) => col.notNull())
    .addColumn('priority', 'text', (col) => col.check(sql`priority in ('low', 'medium', 'high', 'critical')`))
    .addColumn('type', 'text', (col) =>
      col.notNull().defaultTo('maintenance').check(sql`type in ('certificate', 'payment', 'maintenance')`),
    )
    .addColumn('completed_at', 'timestamptz')
    .addColumn('created_by', 'uuid', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('reminders_property_idx')
    .on('reminders')
    .columns(['property_id', 'due_date'])
    .execute();
  // The key names its source ('document:<id>', 'trial', …): done for that due date only, so the
  // reminder comes back when the date moves (a renewed certificate's new expiry).
  await db.schema
    .createTable('reminder_completions')
    .addColumn('organization_id', 'uuid', (col) =>
      col.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('reminder_key', 'text', (col) => col.notNull())
    .addColumn('due_date', 'date', (col) => col.notNull())
    .addColumn('completed_by', 'uuid', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('completed_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('reminder_completions_pkey', ['organization_id', 'reminder_key', 'due_date'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are deliberately untyped
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('reminder_completions').execute();
  await db.schema.dropTable('reminders').execute();
  await db.schema.dropTable('maintenance_completions').execute();
  await db.schema.dropTable('maintenance_tasks').execute();
}
