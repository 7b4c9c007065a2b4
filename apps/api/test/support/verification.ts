import { randomBytes } from 'node:crypto';
import type { Trade } from '@propertydna/domain';
import type { Db } from '../../src/db/database.js';

/**
 * Gives a supplier reviewed evidence without going through the back office (tests of other areas that
 * need a documents-checked supplier): an organisation document for each piece, and its approval valid
 * until `validUntil` (a past date: an approval that lapsed). verification.test.ts goes through the
 * real submit and approve.
 */
export async function markDocumentsChecked(
  db: Db,
  organizationId: string,
  { validUntil, trades = [] }: { validUntil: string; trades?: Trade[] },
): Promise<void> {
  const storageKey = 'ab/ab000000000000000000000000000000';
  await db
    .insertInto('stored_objects')
    .values({ storage_key: storageKey })
    .onConflict((conflict) => conflict.column('storage_key').doNothing())
    .execute();
  // An approval is of the profile's facts at that moment, as the back office stores them.
  const facts = await db
    .selectFrom('organizations')
    .select(['name', 'registration_number', 'trade_registration_number'])
    .where('id', '=', organizationId)
    .executeTakeFirstOrThrow();
  const pieces = [
    { kind: 'company_registration' as const, trade: null },
    { kind: 'liability_insurance' as const, trade: null },
    ...trades.map((trade) => ({ kind: 'trade_registration' as const, trade })),
  ];
  for (const piece of pieces) {
    const document = await db
      .insertInto('documents')
      .values({
        organization_id: organizationId,
        property_id: null,
        job_id: null,
        kind: 'certificate',
        name: `${piece.kind}.pdf`,
        storage_key: storageKey,
        sha256: randomBytes(32).toString('hex'),
        bytes: 10,
        content_type: 'application/pdf',
        source: 'owner_upload',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('supplier_evidence')
      .values({
        organization_id: organizationId,
        kind: piece.kind,
        trade: piece.trade,
        document_id: document.id,
        expires_on: piece.kind === 'liability_insurance' ? validUntil : null,
        status: 'approved',
        reviewer_name: 'Test Reviewer',
        reviewed_at: new Date(),
        checked: 'Checked in a test',
        valid_until: validUntil,
        checked_name: facts.name,
        checked_registration_number: facts.registration_number,
        checked_trade_number: piece.kind === 'trade_registration' ? facts.trade_registration_number : null,
      })
      .execute();
  }
}
