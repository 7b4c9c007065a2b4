import { randomBytes } from 'node:crypto';
import {
  addMonths,
  DEMO_EMAIL_DOMAIN,
  johannesburgToday,
  ROOFING_SERVICE_REPORT_V1,
  standardTasksFor,
} from '@propertydna/domain';
import { hashPassword } from '../../auth/password.js';
import type { Db, DbOrTrx, NewDocument, UserRow } from '../../db/database.js';
import type { FileStore } from '../../storage/file-store.js';
import { recordStoredObject } from '../../storage/stored-objects.js';
import { insertOrganization, insertUser } from '../auth/auth.repo.js';
import { runComplianceCheck } from '../compliance/compliance.service.js';
import { analysePolicyBeforeStart } from '../policies/policies.service.js';
import { createProperty } from '../properties/properties.service.js';
import { createJob, createJobReport } from '../supplier/supplier.service.js';
import { renderDemoPdf } from './demo-documents.js';

/** The two demos of the login page: a homeowner's, a supplier's. */
export type DemoKind = 'owner' | 'supplier';
export const DEMO_KINDS: readonly DemoKind[] = ['owner', 'supplier'];

/** A template is rebuilt when it is older than this, so the sample's dates stay as they were written. */
export const TEMPLATE_RENEW_MS = 24 * 60 * 60 * 1000;

/** A fresh address at the demo's domain (never mailed, never anyone's). */
export const demoAddress = (label: string) =>
  `${label}-${randomBytes(6).toString('hex')}@${DEMO_EMAIL_DOMAIN}`;

/** The demo supplier's published contact details (its profile; Find Provider shows them to a demo owner). */
export const DEMO_SUPPLIER_EMAIL = `roofing@${DEMO_EMAIL_DOMAIN}`;
export const DEMO_SUPPLIER_PHONE = '+27215550188';

/** The organisations and users of the two demos (every private demo copies these). */
const ACCOUNTS = {
  owner: {
    organization: { name: 'Demo Homeowner', account_type: 'individual' as const, plan: 'premium' as const },
    user: { first_name: 'Demo', last_name: 'Owner', user_type: 'homeowner' as const },
  },
  supplier: {
    organization: {
      name: 'Demo Roofing (Pty) Ltd',
      account_type: 'company' as const,
      registration_number: '2019/123456/07',
      trading_as: 'Demo Roofing',
      business_address: '12 Bree Street, Cape Town, 8001',
      specialties: JSON.stringify(['Roofing', 'Waterproofing', 'Gutters']),
      // What it publishes, so a demo owner's Find Provider shows how to reach it: an address of the demo
      // (mail to it goes nowhere, and an invite to it stays in the demo) and a sample number, like the
      // demo plumber's. No website: there is none to link to.
      description:
        'The sample supplier of the PropertyDNA demo: roof inspections, leak repairs, waterproofing and gutters in Cape Town.',
      contact_email: DEMO_SUPPLIER_EMAIL,
      contact_phone: DEMO_SUPPLIER_PHONE,
    },
    user: { first_name: 'Demo', last_name: 'Supplier', user_type: 'supplier' as const },
  },
};

/** The current template of a demo: its organisation and its one user; undefined when there is none. */
export function findDemoTemplate(db: DbOrTrx, kind: DemoKind) {
  return db
    .selectFrom('organizations as o')
    .innerJoin('users as u', 'u.organization_id', 'o.id')
    .select(['o.id as organizationId', 'o.created_at as createdAt', 'u.id as userId'])
    .where('o.demo_template', '=', kind)
    .executeTakeFirst();
}

/**
 * Makes sure both templates exist and are younger than a day: a missing or older one is built anew
 * (its PDFs rendered and stored, its policy read, its property checked: the slow work, done here once
 * and never at a sign-in) and takes the old one's place in one statement. The old template becomes an
 * ordinary demo past its lifetime, which housekeeping removes with its files (unless a demo still names
 * them). Run at start-up and by the hourly housekeeping.
 */
export async function prepareDemoTemplates(
  db: Db,
  store: FileStore,
  now = new Date(),
  { renewOnly = false } = {},
): Promise<DemoKind[]> {
  const built: DemoKind[] = [];
  for (const kind of DEMO_KINDS) {
    const current = await findDemoTemplate(db, kind);
    // Housekeeping renews; only start-up builds a missing one.
    if (!current && renewOnly) continue;
    if (current && now.getTime() - new Date(current.createdAt).getTime() < TEMPLATE_RENEW_MS) continue;
    await buildDemoTemplate(db, store, kind, now);
    built.push(kind);
  }
  return built;
}

/** Builds one template and puts it in place of the current one (if any). Answers its organisation's id. */
export async function buildDemoTemplate(
  db: Db,
  store: FileStore,
  kind: DemoKind,
  now = new Date(),
): Promise<string> {
  const account = ACCOUNTS[kind];
  // A random password nobody knows: a demo is entered through POST /api/auth/demo only.
  const passwordHash = await hashPassword(randomBytes(24).toString('base64url'));
  // Built as an ordinary demo first: a build that fails half-way is removed by housekeeping like one.
  const user = await db.transaction().execute(async (trx) => {
    const organization = await insertOrganization(trx, { ...account.organization, is_demo: true });
    return insertUser(trx, {
      ...account.user,
      organization_id: organization.id,
      email: demoAddress(`template-${kind}`),
      password_hash: passwordHash,
      is_demo: true,
      // The demo's addresses are ours (their mail goes nowhere): confirmed from the start, and so is
      // every private demo's user, copied from this one.
      email_verified_at: now,
    });
  });
  if (kind === 'owner') await seedDemoPortfolio(db, store, user, now);
  else await seedDemoSupplierJob(db, store, user, now);
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('organizations')
      .set({ demo_template: null })
      .where('demo_template', '=', kind)
      .execute();
    await trx
      .updateTable('organizations')
      .set({ demo_template: kind })
      .where('id', '=', user.organization_id)
      .execute();
  });
  return user.organization_id;
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
 * The owner template's portfolio: one property with five real documents (PDFs in the file store), its
 * policy read and its check run; the standard maintenance schedule, a plumber in its directory, and a
 * claim for a burst geyser.
 */
async function seedDemoPortfolio(db: Db, store: FileStore, owner: UserRow, now: Date): Promise<void> {
  const property = await createProperty(
    db,
    owner.organization_id,
    {
      name: 'Gardens Family Home',
      address: '12 Kloof Street, Gardens, Cape Town, 8001',
      property_type: 'residential',
      country: 'ZA',
      municipality: 'CPT',
      parcel_id: 'ERF123',
      township: 'Gardens',
      description: 'Demo property of the owner demo account.',
      features: ['gas', 'geyser', 'alarm'],
    },
    now,
  );
  const documents: NewDocument[] = [];
  for (const document of demoDocuments(now)) {
    // No DNA code in the text: every private demo's copy of the property has its own.
    const content = await renderDemoPdf(document.name.replace(/\.pdf$/, ''), document.lines);
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
  const organizationId = owner.organization_id;
  const today = johannesburgToday(now);
  const tasks = standardTasksFor({ municipality: 'CPT', features: ['gas', 'geyser', 'alarm'] }, today);
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('maintenance_tasks')
      .values(
        tasks.map((draft) => ({
          organization_id: organizationId,
          property_id: property.id,
          title: draft.title,
          description: `${draft.description}\n\nWhy: ${draft.reason} (${draft.source})`,
          frequency: draft.frequency,
          priority: draft.priority,
          next_due: draft.next_due,
          assigned_to: null,
          standard_key: draft.key,
        })),
      )
      .execute();
    // The plumber's address is the demo's own: an invite to it goes nowhere, as every demo mail.
    await trx
      .insertInto('vendors')
      .values({
        organization_id: organizationId,
        name: 'Sipho Dlamini',
        company: 'Dlamini Plumbing',
        email: `sipho.plumber@${DEMO_EMAIL_DOMAIN}`,
        phone: '+27215550123',
        specialties: JSON.stringify(['Plumbing', 'Geysers']),
        notes: 'Replaced the geyser valve in 2024.',
      })
      .execute();
    await trx
      .insertInto('claims')
      .values({
        organization_id: organizationId,
        property_id: property.id,
        incident_type: 'burst_geyser',
        incident_date: johannesburgToday(new Date(now.getTime() - 12 * 86_400_000)),
        description: 'The geyser burst overnight and water came through the ceiling of the main bedroom.',
        created_by: owner.id,
        created_at: now,
      })
      .execute();
  });
}

/**
 * The supplier template's console: its liability insurance, and a job with a filled Roofing Service
 * Report (a verified PDF).
 */
async function seedDemoSupplierJob(db: Db, store: FileStore, supplier: UserRow, now: Date): Promise<void> {
  // Its liability insurance as the supplier typed it, current for a year.
  await db
    .insertInto('supplier_insurance')
    .values({
      organization_id: supplier.organization_id,
      insurer: 'Santam',
      policy_number: 'PL-DEMO-0419',
      expires_on: addMonths(johannesburgToday(now), 12),
    })
    .execute();
  const who = {
    actor: {
      userId: supplier.id,
      organizationId: supplier.organization_id,
      userType: supplier.user_type,
      role: supplier.role,
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
