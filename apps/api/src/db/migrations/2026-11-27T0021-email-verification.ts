import { type Kysely, sql } from 'kysely';

// Frozen in time: migrations take Kysely<any> and never import app types.
// biome-ignore lint/suspicious/noExplicitAny: migrations are deliberately untyped
export async function up(db: Kysely<any>): Promise<void> {
  // Email ownership (issue 26 §1). `email_verified_at`: when the account's current address was proved
  // (its mailed link opened, or a password reset through a mailed link). Null: not proved, so nothing that
  // depends on owning the address (accepting a transfer addressed to it, being matched to a vendor invite
  // by it, receiving the daily digest) works yet.
  //
  // Existing accounts: nobody ever checked their addresses, so they start unverified, like a new sign-up;
  // the app shell asks them to confirm (a Resend button mails a link), and a password reset through the
  // mailed link verifies the address too. The demo accounts' addresses are ours: verified now.
  //
  // `pending_email`: a new address asked for on /account, not yet confirmed; the account keeps its
  // current address until the link mailed to the new one is opened.
  await db.schema
    .alterTable('users')
    .addColumn('email_verified_at', 'timestamptz')
    .addColumn('pending_email', 'text')
    .execute();
  await sql`update users set email_verified_at = now() where is_demo`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are deliberately untyped
export async function down(db: Kysely<any>): Promise<void> {
  await sql`delete from capabilities where purpose in ('verify_email', 'change_email')`.execute(db);
  await db.schema.alterTable('users').dropColumn('pending_email').dropColumn('email_verified_at').execute();
}
