import { randomBytes } from 'node:crypto';
import { addMonths, johannesburgToday, ROOFING_SERVICE_REPORT_V1 } from '@propertydna/domain';
import { hashPassword } from '../../auth/password.js';
import type { Db, NewDocument } from '../../db/database.js';
import type { FileStore } from '../../storage/file-store.js';
import { recordStoredObject } from '../../storage/stored-objects.js';
import { findUserByEmail, insertOrganization, insertUser } from '../auth/auth.repo.js';
import { DEMO_EMAILS } from '../auth/auth.service.js';
import { runComplianceCheck } from '../compliance/compliance.service.js';
import { analysePolicyBeforeStart } from '../policies/policies.service.js';
import { createProperty } from '../properties/properties.service.js';
import { createJob, createJobReport } from '../supplier/supplier.service.js';
import { renderDemoPdf } from './demo-documents.js';

/**
 * Makes sure the demo accounts exist. Idempotent: an existing demo account is left as it is, and
 * an email that a real user already holds is never touched. Their passwords are random and are
 * never shown to anyone: the demo is entered through POST /api/auth/demo.
 */
export async function seedDemoAccounts(db: Db): Promise<void> {
  const accounts = [
    {
      email: DEMO_EMAILS.owner,
      organization: { name: 'Demo Homeowner', account_type: 'individual' as const, plan: 'premium' as const },
      user: { first_name: 'Demo', last_name: 'Owner', user_type: 'homeowner' as const },
    },
    {
      email: DEMO_EMAILS.supplier,
      organization: {
        name: 'Demo Roofing (Pty) Ltd',
        account_type: 'company' as const,
        registration_number: '2019/123456/07',
        trading_as: 'Demo Roofing',
        business_address: '12 Bree Street, Cape Town, 8001',
        specialties: JSON.stringify(['Roofing', 'Waterproofing', 'Gutters']),
      },
      user: { first_name: 'Demo', last_name: 'Supplier', user_type: 'supplier' as const },
    },
  ];
  for (const account of accounts) {
    if (await findUserByEmail(db, account.email)) continue;
    const passwordHash = await hashPassword(randomBytes(24).toString('base64url'));
    await db.transaction().execute(async (trx) => {
      // Checked again inside the transaction: two instances starting at once create it once.
      if (await findUserByEmail(trx, account.email)) return;
      const organization = await insertOrganization(trx, { ...account.organization, is_demo: true });
      await insertUser(trx, {
        ...account.user,
        organization_id: organization.id,
        email: account.email,
        password_hash: passwordHash,
        is_demo: true,
        // The demo's addresses are ours (their mail stays in the outbox): confirmed from the start.
        email_verified_at: new Date(),
      });
    });
  }
}

/** The demo policy's wording (invented): exclusions, conditions and extensions the analysis finds. */
const DEMO_POLICY_WORDING = [
  'Policy schedule 2025/26: Gardens Family Home, buildings and contents.',
  '',
  'GENERAL EXCLUSIONS',
  'We will not pay for:',
  '1. Wear and tear.',
  '2. Gradual deterioration or lack of maintenance.',
  '3. Loss or damage caused by faulty workmanship or poor design.',
  '4. Loss or damage while the home is unoccupied for more than 60 days.',
  '5. Damage by power surge, unless the power surge extension is shown',
  '   on your schedule.',
  '',
  'GENERAL CONDITIONS',
  '6. Geysers must be installed to SANS 10254, with a drip tray and',
  '   vacuum breakers.',
  '7. Your alarm must be in working order, armed when the home is empty',
  '   and serviced at least every 6 months.',
  '8. Your roof must be kept in a good state of repair and inspected by',
  '   a roofer every 12 months.',
  '',
  'EXTENSIONS',
  '9. Theft is covered only after forcible and violent entry into the home.',
  '10. Accidental damage to the buildings is covered up to R10 000 a claim.',
];

/** What the owner demo's property holds: the documents a South African homeowner keeps. */
function demoDocuments(now: Date) {
  const inDays = (days: number) => new Date(now.getTime() + days * 86_400_000);
  const daysAgo = (days: number) => johannesburgToday(inDays(-days));
  return [
    {
      kind: 'deed' as const,
      name: 'Title deed T12345-2019.pdf',
      expires_at: null,
      metadata: {},
      lines: ['Deed of Transfer T12345/2019', 'Erf 123 Gardens, City of Cape Town'],
    },
    {
      kind: 'certificate' as const,
      name: 'Electrical Certificate of Compliance.pdf',
      // Valid to live with, but older than two years: a sale needs a new one (reg 7(5)).
      expires_at: null,
      metadata: { certificate_type: 'electrical_coc', issued_on: daysAgo(3 * 365) },
      lines: [
        'Electrical Certificate of Compliance',
        'Issued under the Electrical Installation Regulations 2009',
      ],
    },
    {
      kind: 'certificate' as const,
      name: 'Gas Certificate of Conformity.pdf',
      expires_at: null,
      metadata: { certificate_type: 'gas_coc', issued_on: daysAgo(200) },
      lines: ['Gas Certificate of Conformity', 'Pressure Equipment Regulations 2009, reg 17(3)'],
    },
    {
      kind: 'policy' as const,
      name: 'Homeowners insurance policy.pdf',
      expires_at: inDays(20),
      metadata: {},
      lines: DEMO_POLICY_WORDING,
    },
    {
      kind: 'inspection' as const,
      name: 'Roof inspection report.pdf',
      expires_at: null,
      metadata: { certificate_type: 'roof_inspection', issued_on: daysAgo(120) },
      lines: ['Annual roof inspection', 'Tiles and flashing checked; no leaks found'],
    },
  ];
}

/**
 * The owner demo's portfolio: one property with five real documents (PDFs in the file store),
 * created once; never again after the demo user changes it.
 */
export async function seedDemoPortfolio(db: Db, store: FileStore, now = new Date()): Promise<void> {
  const owner = await findUserByEmail(db, DEMO_EMAILS.owner);
  if (!owner?.is_demo) return;
  const existing = await db
    .selectFrom('properties')
    .select('id')
    .where('organization_id', '=', owner.organization_id)
    .executeTakeFirst();
  if (existing) return;
  const property = await createProperty(db, owner.organization_id, {
    name: 'Gardens Family Home',
    address: '12 Kloof Street, Gardens, Cape Town, 8001',
    property_type: 'residential',
    country: 'ZA',
    municipality: 'CPT',
    parcel_id: 'ERF123',
    township: 'Gardens',
    description: 'Demo property of the owner demo account.',
    features: ['gas', 'geyser', 'alarm'],
  });
  const documents: NewDocument[] = [];
  for (const document of demoDocuments(now)) {
    const content = await renderDemoPdf(document.name.replace(/\.pdf$/, ''), [
      ...document.lines,
      `DNA code ${property.dnaCode}`,
    ]);
    const stored = await store.putObject(content, 'application/pdf');
    documents.push({
      organization_id: owner.organization_id,
      property_id: property.id,
      kind: document.kind,
      name: document.name,
      storage_key: stored.key,
      sha256: stored.sha256,
      bytes: stored.bytes,
      content_type: 'application/pdf',
      source: 'owner_upload' as const,
      expires_at: document.expires_at,
      metadata: JSON.stringify(document.metadata),
    });
  }
  const inserted = await db.transaction().execute(async (trx) => {
    for (const document of documents) await recordStoredObject(trx, document.storage_key);
    const rows = await trx.insertInto('documents').values(documents).returning(['id', 'kind']).execute();
    await trx.updateTable('properties').set({ is_demo: true }).where('id', '=', property.id).execute();
    return rows;
  });
  // What the upload path does in the background, done here before the app starts: the policy's
  // wording is read and the property checked, so the demo opens with its findings.
  for (const policy of inserted.filter((row) => row.kind === 'policy')) {
    await analysePolicyBeforeStart(db, store, owner.organization_id, policy.id);
  }
  await runComplianceCheck(db, owner.organization_id, property.id, now);
}

/**
 * The supplier demo's console: its liability insurance, and a job with a filled Roofing Service Report
 * (a verified PDF), created once; never again after the demo user changes them.
 */
export async function seedDemoSupplierJob(db: Db, store: FileStore, now = new Date()): Promise<void> {
  const supplier = await findUserByEmail(db, DEMO_EMAILS.supplier);
  if (!supplier?.is_demo) return;
  // Its liability insurance, current for a year from the first start: Find Provider shows the demo
  // supplier as verified (kept as the demo user leaves it afterwards).
  await db
    .insertInto('supplier_insurance')
    .values({
      organization_id: supplier.organization_id,
      insurer: 'Santam',
      policy_number: 'PL-DEMO-0419',
      expires_on: addMonths(johannesburgToday(now), 12),
    })
    .onConflict((conflict) => conflict.column('organization_id').doNothing())
    .execute();
  const existing = await db
    .selectFrom('jobs')
    .select('id')
    .where('organization_id', '=', supplier.organization_id)
    .executeTakeFirst();
  if (existing) return;
  const who = {
    actor: {
      userId: supplier.id,
      organizationId: supplier.organization_id,
      userType: supplier.user_type,
      sessionId: 'seed',
      via: 'bearer' as const,
    },
    ip: 'seed',
  };
  const job = await createJob(
    db,
    who,
    {
      property_address: '12 Kloof Street, Gardens, Cape Town, 8001',
      client_name: 'Demo Owner',
      description: 'Annual roof inspection and replacement of cracked tiles',
      job_ref: undefined,
    },
    now,
  );
  const field = (name: string) =>
    ROOFING_SERVICE_REPORT_V1.fields.find((f) => f.name === name)?.options?.[0] ?? '';
  await createJobReport(
    db,
    store,
    who,
    job.id,
    ROOFING_SERVICE_REPORT_V1.id,
    {
      job_ref: job.job_ref,
      inspection_date: johannesburgToday(now),
      roof_type: field('roof_type'),
      condition: field('condition'),
      work_performed: 'Inspected the whole roof, replaced 12 cracked tiles and resealed the ridge capping.',
    },
    now,
  );
}
