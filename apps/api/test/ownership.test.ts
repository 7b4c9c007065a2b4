import { ROOFING_SERVICE_REPORT_V1 } from '@propertydna/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOT_FOUND_MESSAGES, type OwnedKind, requireOwned } from '../src/auth/owned.js';
import { AppError } from '../src/errors.js';
import { prepareDemoTemplates } from '../src/modules/demo/seed.js';
import { createStaff } from '../src/modules/verification/staff.service.js';
import { signUpAndLogIn, startDemo, type TestAccount } from './support/accounts.js';
import { createTestApp, type TestApp } from './support/app.js';
import { databaseKind } from './support/database.js';
import { queuedMailsTo } from './support/outbox.js';

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
type Door = [TestAccount, Method, string, unknown?];

/** Everything an attack could change; compared whole before and after. */
const TABLES = [
  'properties',
  'documents',
  'uploads',
  'jobs',
  'templates',
  'shares',
  'share_documents',
  'capabilities',
  'capability_events',
  'supplier_insurance',
  'audit_events',
  'compliance_checks',
  'policy_analyses',
  'policy_findings',
  'maintenance_tasks',
  'maintenance_completions',
  'reminders',
  'reminder_completions',
  'reminder_snoozes',
  'vendors',
  'vendor_invites',
  'claims',
  'claim_documents',
  'callbacks',
  'transfers',
  'property_ownerships',
  'supplier_evidence',
  'staff_members',
  'pack_choices',
  'document_extractions',
  'document_pages',
  // Teams and the people around a property (issue 29): members, their sessions, invitations and grants.
  // (Not api_tokens: a token's row records when it was last used, so the token doors change it.)
  'users',
  'sessions',
  'member_invites',
  'property_grants',
  'webhook_endpoints',
] as const;

const MALFORMED = ['not-a-uuid', '00000000-0000-0000-0000', "1' or '1'='1"];

/** Every report of a property in every format (modules/reports), as a path and query before the id. */
const REPORTS = [
  'insurance-pack?format=json&propertyId=',
  'insurance-pack?format=pdf&propertyId=',
  'insurance-pack?format=zip&propertyId=',
  'property-summary?format=pdf&propertyId=',
  'property-summary?format=json&propertyId=',
  'audit-trail?format=csv&propertyId=',
  'audit-trail?format=pdf&propertyId=',
  'compliance?format=pdf&propertyId=',
  'compliance?format=json&propertyId=',
  'pack-preview?pack=insurance_pack&propertyId=',
  'pack-preview?pack=property_summary&propertyId=',
  'insurance-pack?format=json&exclude=compliance_summary&propertyId=',
  'property-summary?format=json&include=compliance_gaps&propertyId=',
  'quick-export?propertyId=',
];

describe(`one ownership guard: 404 for anything not the caller's (${databaseKind})`, () => {
  let t: TestApp;
  let owner: TestAccount;
  let outsider: TestAccount;
  let supplier: TestAccount;
  let rival: TestAccount;
  const ids = {} as Record<
    | 'property'
    | 'archived'
    | 'document'
    | 'share'
    | 'job'
    | 'jobShare'
    | 'template'
    | 'certificate'
    | 'task'
    | 'reminder'
    | 'vendor'
    | 'claim'
    | 'transfer'
    | 'finding',
    string
  >;
  let outsiderProperty: string;
  let outsiderTask: string;
  let outsiderVendor: string;
  let outsiderDocument: string;
  let rivalJob: string;
  let openToken: string;

  const call = (who: TestAccount, method: Method, url: string, payload?: unknown) =>
    t.app.inject({ method, url, payload: payload as Record<string, unknown>, headers: who.headers });

  const created = async (who: TestAccount, method: Method, url: string, payload?: unknown) => {
    const res = await call(who, method, url, payload);
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
    return res.json();
  };

  const document = (
    organizationId: string,
    target: { property_id?: string; job_id?: string },
    name: string,
  ) => ({
    organization_id: organizationId,
    property_id: target.property_id ?? null,
    job_id: target.job_id ?? null,
    kind: 'certificate' as const,
    name,
    storage_key: 'ab/ab000000000000000000000000000000',
    sha256: 'a'.repeat(64),
    bytes: 10,
    content_type: 'application/pdf',
    source: 'owner_upload' as const,
  });

  const property = (parcel: string) => ({
    name: 'Home',
    address: '1 Long Street',
    country: 'ZA',
    municipality: 'CPT',
    parcel_id: parcel,
  });

  const task = (propertyId: string) => ({
    propertyId,
    title: 'Service the geyser',
    frequency: 'annually',
    priority: 'medium',
    next_due: '2027-01-31',
  });

  const reminder = { title: 'Call the roofer', due_date: '2027-01-15', priority: 'high' };

  const claim = {
    incident_type: 'burst_geyser',
    incident_date: '2026-11-20',
    description: 'The geyser burst overnight.',
  };
  const callback = { phone: '082 123 4567', preferred_time: 'morning', topic: 'My geyser claim' };

  const reportAnswers = (jobRef: string) => ({
    job_ref: jobRef,
    inspection_date: '2026-11-20',
    roof_type: ROOFING_SERVICE_REPORT_V1.fields.find((f) => f.name === 'roof_type')?.options?.[0],
    condition: ROOFING_SERVICE_REPORT_V1.fields.find((f) => f.name === 'condition')?.options?.[0],
    work_performed: 'Fixed the flashing.',
  });

  const template = {
    name: 'Gutter check',
    category: 'gutters',
    version: 1,
    fields: [{ name: 'state', type: 'text', required: false, label: 'State' }],
  };

  beforeAll(async () => {
    // The token doors below knock as often as the sessions do: no rate limit in the way.
    t = await createTestApp({ API_TOKEN_RATE_LIMIT: '1000000' });
    // The documents written here directly name one object: its row, which their foreign key needs.
    await t.db.db
      .insertInto('stored_objects')
      .values({ storage_key: 'ab/ab000000000000000000000000000000' })
      .execute();
    [owner, outsider, supplier, rival] = await Promise.all([
      signUpAndLogIn(t, 'homeowner'),
      signUpAndLogIn(t, 'homeowner'),
      signUpAndLogIn(t, 'supplier'),
      signUpAndLogIn(t, 'supplier'),
    ]);
    ids.property = (await created(owner, 'POST', '/api/properties', property('P1'))).id;
    ids.archived = (await created(owner, 'POST', '/api/properties', property('P2'))).id;
    await created(owner, 'POST', `/api/properties/${ids.archived}/archive`);
    outsiderProperty = (await created(outsider, 'POST', '/api/properties', property('P3'))).id;
    ids.task = (await created(owner, 'POST', '/api/maintenance', task(ids.property))).id;
    ids.vendor = (
      await created(owner, 'POST', '/api/vendors/invite', {
        name: 'Sipho Dlamini',
        email: 'sipho@sparks.co.za',
        propertyId: ids.property,
      })
    ).vendor.id;
    ids.reminder = (
      await created(owner, 'POST', `/api/properties/${ids.property}/reminders`, reminder)
    ).id.replace(/^custom:/, '');
    ids.claim = (await created(owner, 'POST', `/api/properties/${ids.property}/claims`, claim)).id;
    ids.transfer = (
      await created(owner, 'POST', `/api/properties/${ids.property}/transfer`, {
        email: 'buyer@example.co.za',
      })
    ).id;
    outsiderTask = (await created(outsider, 'POST', '/api/maintenance', task(outsiderProperty))).id;
    outsiderVendor = (
      await created(outsider, 'POST', '/api/vendors/invite', {
        name: 'Thandi Nkosi',
        email: 'thandi@plumb.co.za',
        propertyId: outsiderProperty,
      })
    ).vendor.id;
    const rows = await t.db.db
      .insertInto('documents')
      .values([
        document(owner.organizationId, { property_id: ids.property }, 'Deed.pdf'),
        document(supplier.organizationId, {}, 'Liability cover.pdf'),
        document(outsider.organizationId, { property_id: outsiderProperty }, 'Own.pdf'),
      ])
      .returning('id')
      .execute();
    ids.document = rows[0]?.id ?? '';
    ids.certificate = rows[1]?.id ?? '';
    outsiderDocument = rows[2]?.id ?? '';
    // A maintenance condition found in a policy of the property (what an analysis stores).
    ids.finding = (
      await t.db.db
        .insertInto('policy_findings')
        .values({
          organization_id: owner.organizationId,
          property_id: ids.property,
          document_id: ids.document,
          finding_type: 'maintenance',
          key: 'other',
          title: 'Gutters',
          description: 'Gutters must be kept clear.',
          severity: 'medium',
          confidence: 0.9,
          page: 1,
          excerpt: 'Gutters must be kept clear of leaves.',
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    await created(owner, 'POST', `/api/properties/${ids.property}/share`, {
      password: null,
      documentIds: [ids.document],
    });
    ids.share = (await created(owner, 'GET', `/api/properties/${ids.property}/shares`))[0].id;

    const job = await created(supplier, 'POST', '/api/supplier/jobs', {
      property_address: '9 Main Rd, Kalk Bay',
      client_name: 'M. Naidoo',
      description: 'Roof repair',
    });
    ids.job = job.id;
    await created(supplier, 'POST', `/api/supplier/jobs/${job.id}/reports`, {
      templateId: ROOFING_SERVICE_REPORT_V1.id,
      answers: reportAnswers(job.job_ref),
    });
    openToken = (await created(supplier, 'POST', `/api/supplier/jobs/${job.id}/share`, { password: null }))
      .token;
    ids.jobShare = (await created(supplier, 'GET', `/api/supplier/jobs/${job.id}/shares`))[0].id;
    ids.template = (await created(supplier, 'POST', '/api/supplier/templates', template)).id;
    rivalJob = (
      await created(rival, 'POST', '/api/supplier/jobs', {
        property_address: '1 Other Rd',
        client_name: 'X',
        description: 'Y',
      })
    ).id;
  });
  afterAll(async () => {
    await t.close();
  });

  const snapshot = async () => {
    const tables: Record<string, unknown[]> = {};
    for (const table of TABLES) {
      const { rows } = await sql`select * from ${sql.table(table)}`.execute(t.db.db);
      tables[table] = rows.map((row) => JSON.stringify(row)).sort();
    }
    return JSON.stringify(tables);
  };

  /** Who knocks: an owner with a property, task and vendor of its own, and a supplier with a job of its own. */
  interface Intruders {
    outsider: TestAccount;
    outsiderProperty: string;
    outsiderTask: string;
    outsiderVendor: string;
    /** A document of the outsider's own (the one the doors try to move into a foreign property). */
    outsiderDocument?: string;
    rival: TestAccount;
    rivalJob: string;
  }
  const realIntruders = (): Intruders => ({
    outsider,
    outsiderProperty,
    outsiderTask,
    outsiderVendor,
    rival,
    rivalJob,
  });

  /** Every door that takes an id of `kind`, as [who, method, url, body] for a given id. */
  function doors(kind: OwnedKind, id: string, intruders: Intruders = realIntruders()): Door[] {
    const { outsider, outsiderProperty, outsiderTask, outsiderVendor, rival, rivalJob } = intruders;
    const ownDocument = intruders.outsiderDocument ?? outsiderDocument;
    const register = (target: Record<string, unknown>) => ({
      kind: 'deed',
      name: 'x.pdf',
      storage_key: 'ab/00000000000000000000000000000000',
      sha256: 'b'.repeat(64),
      bytes: 10,
      content_type: 'application/pdf',
      ...target,
    });
    switch (kind) {
      case 'property':
        return [
          [outsider, 'GET', `/api/properties/${id}`],
          [outsider, 'PATCH', `/api/properties/${id}`, { name: 'Stolen' }],
          [outsider, 'POST', `/api/properties/${id}/archive`],
          [outsider, 'GET', `/api/properties/${id}/documents`],
          [outsider, 'POST', `/api/properties/${id}/share`, { password: null, documentIds: [ids.document] }],
          [outsider, 'GET', `/api/properties/${id}/shares`],
          [outsider, 'GET', `/api/properties/${id}/policy-check`],
          [outsider, 'POST', `/api/properties/${id}/policy-check`],
          [outsider, 'GET', `/api/policies/findings?propertyId=${encodeURIComponent(id)}`],
          [outsider, 'GET', `/api/policies/analyses?propertyId=${encodeURIComponent(id)}`],
          [outsider, 'POST', '/api/policies/analyze', { propertyId: id }],
          [outsider, 'GET', `/api/maintenance?propertyId=${encodeURIComponent(id)}`],
          [outsider, 'POST', '/api/maintenance', task(id)],
          [outsider, 'POST', '/api/maintenance/bootstrap', { propertyId: id }],
          [outsider, 'GET', `/api/properties/${id}/reminders`],
          [outsider, 'POST', `/api/properties/${id}/reminders`, reminder],
          [outsider, 'GET', `/api/properties/${id}/vendors`],
          [outsider, 'GET', `/api/properties/${id}/access-ledger`],
          [outsider, 'GET', `/api/account/access-ledger?propertyId=${encodeURIComponent(id)}`],
          ...REPORTS.map(
            (report): Door => [outsider, 'GET', `/api/reports/${report}${encodeURIComponent(id)}`],
          ),
          [outsider, 'POST', `/api/properties/${id}/claims`, claim],
          [outsider, 'GET', `/api/properties/${id}/claims`],
          [outsider, 'POST', `/api/properties/${id}/callbacks`, callback],
          [outsider, 'GET', `/api/properties/${id}/callbacks`],
          [outsider, 'POST', `/api/properties/${id}/transfer`, { email: 'someone@example.co.za' }],
          [outsider, 'GET', `/api/properties/${id}/ownership`],
          [outsider, 'GET', `/api/documents?propertyId=${encodeURIComponent(id)}`],
          // Moving one's own document into another organisation's (or an archived) property.
          [outsider, 'POST', '/api/documents/move', { ids: [ownDocument], propertyId: id }],
          // Registering into and adopting into a property: their schemas refuse a malformed id (400).
          ...(id.length === 36
            ? ([
                [outsider, 'POST', `/api/share/${openToken}/adopt`, { property_id: id }],
                [outsider, 'POST', '/api/documents', register({ property_id: id })],
                [
                  outsider,
                  'POST',
                  '/api/vendors/invite',
                  { name: 'X', email: 'x@example.com', propertyId: id },
                ],
                [outsider, 'POST', `/api/vendors/${outsiderVendor}/revoke`, { propertyId: id }],
              ] satisfies Door[])
            : []),
        ];
      case 'job':
        return [
          [rival, 'GET', `/api/supplier/jobs/${id}`],
          [rival, 'GET', `/api/supplier/jobs/${id}/documents`],
          [
            rival,
            'POST',
            `/api/supplier/jobs/${id}/reports`,
            { templateId: ROOFING_SERVICE_REPORT_V1.id, answers: reportAnswers('JOB-LX2K9Q-AB12') },
          ],
          [rival, 'POST', `/api/supplier/jobs/${id}/share`, { password: null }],
          [rival, 'GET', `/api/supplier/jobs/${id}/shares`],
          ...(id.length === 36
            ? ([[rival, 'POST', '/api/documents', register({ job_id: id })]] satisfies Door[])
            : []),
        ];
      case 'share':
        return [
          [outsider, 'POST', `/api/shares/${id}/revoke`],
          [outsider, 'GET', `/api/shares/${id}/events`],
        ];
      case 'document':
        return [
          [outsider, 'GET', `/api/documents/${id}/view`],
          [outsider, 'GET', `/api/documents/${id}/download`],
          [outsider, 'PATCH', `/api/documents/${id}`, { expires_at: null }],
          [outsider, 'PATCH', `/api/documents/${id}`, { name: 'Stolen.pdf' }],
          [outsider, 'GET', `/api/documents/zip?ids=${encodeURIComponent(id)}`],
          [outsider, 'POST', '/api/documents/move', { ids: [id], propertyId: outsiderProperty }],
          [outsider, 'POST', '/api/documents/delete', { ids: [id] }],
          [outsider, 'DELETE', `/api/documents/${id}`],
          [outsider, 'GET', `/api/documents/${id}/extraction`],
          [
            outsider,
            'POST',
            `/api/documents/${id}/extraction/confirm`,
            { fields: { certificate_type: 'electrical_coc' } },
          ],
          [outsider, 'GET', `/api/documents/${id}/extraction/pages/1`],
          [outsider, 'POST', `/api/maintenance/${outsiderTask}/complete`, { document_id: id }],
          [
            outsider,
            'POST',
            `/api/properties/${outsiderProperty}/share`,
            { password: null, documentIds: [id] },
          ],
          [outsider, 'POST', `/api/properties/${outsiderProperty}/claims`, { ...claim, document_ids: [id] }],
        ];
      case 'finding':
        return [[outsider, 'POST', `/api/policies/findings/${encodeURIComponent(id)}/task`]];
      case 'task':
        return [
          [outsider, 'GET', `/api/maintenance/${id}`],
          [outsider, 'PATCH', `/api/maintenance/${id}`, { title: 'Stolen' }],
          [outsider, 'DELETE', `/api/maintenance/${id}`],
          [outsider, 'POST', `/api/maintenance/${id}/complete`, {}],
        ];
      case 'reminder':
        return [
          [outsider, 'POST', `/api/reminders/custom:${encodeURIComponent(id)}/complete`],
          [
            outsider,
            'POST',
            `/api/reminders/custom:${encodeURIComponent(id)}/snooze`,
            { until: new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10) },
          ],
        ];
      case 'claim':
        return [
          [outsider, 'GET', `/api/claims/${id}`],
          [outsider, 'GET', `/api/claims/${encodeURIComponent(id)}/pack`],
          [outsider, 'GET', `/api/claims/${encodeURIComponent(id)}/pack?exclude=timeline`],
          [outsider, 'GET', `/api/reports/pack-preview?pack=claim_pack&claimId=${encodeURIComponent(id)}`],
        ];
      case 'transfer':
        // The seller's doors by organisation; the buyer's (accept, decline) by email address: the outsider is neither.
        return [
          [outsider, 'POST', `/api/transfers/${id}/cancel`],
          [outsider, 'POST', `/api/transfers/${id}/accept`],
          [outsider, 'POST', `/api/transfers/${id}/decline`],
          [outsider, 'GET', `/api/transfers/${id}/receipt`],
          [outsider, 'GET', `/api/transfers/${id}/pack`],
          [outsider, 'POST', `/api/transfers/${id}/pack-link`],
        ];
      case 'vendor':
        return [
          [outsider, 'GET', `/api/vendors/${id}`],
          [outsider, 'PATCH', `/api/vendors/${id}`, { notes: 'Stolen' }],
          [outsider, 'POST', `/api/vendors/${id}/revoke`, {}],
          [outsider, 'DELETE', `/api/vendors/${id}`],
        ];
      case 'template':
        return [
          [rival, 'PUT', `/api/supplier/templates/${id}`, template],
          [rival, 'POST', `/api/supplier/jobs/${rivalJob}/reports`, { templateId: id, answers: {} }],
        ];
      case 'certificate':
        // A malformed certificate id is refused by its schema (400) before any service runs.
        return id.length === 36
          ? [
              [
                rival,
                'PUT',
                '/api/supplier/insurance',
                {
                  insurer: 'Santam',
                  policy_number: 'P1',
                  expires_at: '2030-01-31',
                  certificate_document_id: id,
                },
              ],
            ]
          : [];
    }
  }

  const foreign: Record<OwnedKind, () => string> = {
    property: () => ids.property,
    job: () => ids.job,
    share: () => ids.share,
    document: () => ids.document,
    template: () => ids.template,
    certificate: () => ids.certificate,
    task: () => ids.task,
    reminder: () => ids.reminder,
    vendor: () => ids.vendor,
    claim: () => ids.claim,
    transfer: () => ids.transfer,
    finding: () => ids.finding,
  };

  for (const kind of Object.keys(NOT_FOUND_MESSAGES) as OwnedKind[]) {
    it(`${kind}: a foreign, unknown or malformed id answers 404 '${NOT_FOUND_MESSAGES[kind]}' on every door and changes nothing`, async () => {
      const before = await snapshot();
      const candidates = [foreign[kind](), '00000000-0000-4000-8000-000000000000', ...MALFORMED];
      let tried = 0;
      for (const id of candidates) {
        for (const [who, method, url, body] of doors(kind, id)) {
          const res = await call(who, method, url, body);
          expect(res.statusCode, `${method} ${url} ${JSON.stringify(body ?? '')}: ${res.body}`).toBe(404);
          expect(res.json(), `${method} ${url}`).toEqual({ error: NOT_FOUND_MESSAGES[kind] });
          // A refusal is no more cacheable than an answer (issue 25: private, no-store on every answer).
          expect(res.headers['cache-control'], `${method} ${url}`).toBe('private, no-store');
          tried++;
        }
      }
      expect(tried).toBeGreaterThan(0);
      expect(await snapshot()).toBe(before);
    });
  }

  describe('API tokens (issue 30 §1): a token knocks as its organisation, a restricted one as its property', () => {
    /** The outsider's and the rival supplier's read_write tokens: their organisations, whole. */
    let tokens: Intruders;
    /** The owner's own read_write token restricted to another property of the owner's: everything else is foreign. */
    let restricted: Intruders;

    const asToken = (who: TestAccount, secret: string): TestAccount => ({
      ...who,
      headers: { authorization: `Bearer ${secret}` },
    });
    const token = async (who: TestAccount, propertyId?: string) =>
      asToken(
        who,
        (
          await created(who, 'POST', '/api/account/tokens', {
            name: 'Matrix',
            scope: 'read_write',
            ...(propertyId ? { propertyId } : {}),
          })
        ).secret,
      );

    beforeAll(async () => {
      tokens = { ...realIntruders(), outsider: await token(outsider), rival: await token(rival) };
      // The owner's second property, with a task, a vendor and a document of its own.
      const second = (await created(owner, 'POST', '/api/properties', property('P4'))).id;
      const secondTask = (await created(owner, 'POST', '/api/maintenance', task(second))).id;
      const secondVendor = (
        await created(owner, 'POST', '/api/vendors/invite', {
          name: 'Lindiwe Mokoena',
          email: 'lindiwe@glaze.co.za',
          propertyId: second,
        })
      ).vendor.id;
      const secondDocument = (
        await t.db.db
          .insertInto('documents')
          .values(document(owner.organizationId, { property_id: second }, 'Second.pdf'))
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
      restricted = {
        outsider: await token(owner, second),
        outsiderProperty: second,
        outsiderTask: secondTask,
        outsiderVendor: secondVendor,
        outsiderDocument: secondDocument,
        rival: tokens.rival,
        rivalJob,
      };
    });

    for (const kind of Object.keys(NOT_FOUND_MESSAGES) as OwnedKind[]) {
      it(`${kind}: another organisation's token, and the owner's token restricted to another property, get 404 on every door`, async () => {
        const before = await snapshot();
        let tried = 0;
        for (const intruders of [tokens, restricted]) {
          for (const id of [foreign[kind](), '00000000-0000-4000-8000-000000000000']) {
            for (const [who, method, url, body] of doors(kind, id, intruders)) {
              const res = await call(who, method, url, body);
              // The plain file routes (downloads, reports, packs, previews) too: a token is read there as
              // on the procedures, restriction and all.
              const what = `${method} ${url} ${JSON.stringify(body ?? '')}: ${res.body}`;
              expect(res.statusCode, what).toBe(404);
              expect(res.json(), what).toEqual({ error: NOT_FOUND_MESSAGES[kind] });
              tried++;
            }
          }
        }
        if (kind !== 'certificate') expect(tried).toBeGreaterThan(0);
        expect(await snapshot()).toBe(before);
      });
    }

    it("the restricted token still answers for its own property (the matrix's 404s are the restriction, not a broken token)", async () => {
      const own = await call(restricted.outsider, 'GET', `/api/properties/${restricted.outsiderProperty}`);
      expect(own.statusCode, own.body).toBe(200);
      const list = await call(restricted.outsider, 'GET', '/api/properties');
      expect(list.json().map((row: { id: string }) => row.id)).toEqual([restricted.outsiderProperty]);
      const theirs = await call(tokens.outsider, 'GET', `/api/properties/${outsiderProperty}`);
      expect(theirs.statusCode, theirs.body).toBe(200);
    });
  });

  describe("grantees (issue 29 §3): a person holding a live grant to one of the owner's properties is an outsider on every door", () => {
    /**
     * Two people of other organisations, each holding a live grant (tenant: the widest role) to the owner's
     * property: a homeowner with a property, task, vendor and document of their own, and a supplier with a
     * job of their own. Outside the grantee procedures (shared with me) the granted property is as foreign
     * as any other id.
     */
    let grantees: Intruders;
    const grantIds: Record<'outsider' | 'rival', string> = { outsider: '', rival: '' };

    const grantTo = async (person: TestAccount) => {
      const made = await created(owner, 'POST', `/api/properties/${ids.property}/access`, {
        email: person.email,
        role: 'tenant',
        scope: 'documents_and_compliance',
      });
      const token = (await queuedMailsTo(t, person.email))
        .map((mail) => /\/access\/([A-Za-z0-9_-]+)/.exec(mail.text)?.[1])
        .filter((one): one is string => one !== undefined)
        .at(-1);
      await created(person, 'POST', `/api/access/${token}/accept`);
      return made.id as string;
    };

    beforeAll(async () => {
      const [person, supplierGrantee] = await Promise.all([
        signUpAndLogIn(t, 'homeowner'),
        signUpAndLogIn(t, 'supplier'),
      ]);
      const own = (await created(person, 'POST', '/api/properties', property('P5'))).id;
      const ownTask = (await created(person, 'POST', '/api/maintenance', task(own))).id;
      const ownVendor = (
        await created(person, 'POST', '/api/vendors/invite', {
          name: 'Ayanda Zulu',
          email: 'ayanda@tiles.co.za',
          propertyId: own,
        })
      ).vendor.id;
      const ownDocument = (
        await t.db.db
          .insertInto('documents')
          .values(document(person.organizationId, { property_id: own }, 'Tenant.pdf'))
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
      const ownJob = (
        await created(supplierGrantee, 'POST', '/api/supplier/jobs', {
          property_address: '3 Side Rd',
          client_name: 'Z',
          description: 'Gutters',
        })
      ).id;
      grantIds.outsider = await grantTo(person);
      grantIds.rival = await grantTo(supplierGrantee);
      grantees = {
        outsider: person,
        outsiderProperty: own,
        outsiderTask: ownTask,
        outsiderVendor: ownVendor,
        outsiderDocument: ownDocument,
        rival: supplierGrantee,
        rivalJob: ownJob,
      };
    });

    for (const kind of Object.keys(NOT_FOUND_MESSAGES) as OwnedKind[]) {
      it(`${kind}: a grantee of the owner's property gets 404 on every door of the owner's id (the granted property's too) and changes nothing`, async () => {
        const before = await snapshot();
        let tried = 0;
        for (const id of [foreign[kind](), '00000000-0000-4000-8000-000000000000']) {
          for (const [who, method, url, body] of doors(kind, id, grantees)) {
            const res = await call(who, method, url, body);
            const what = `${method} ${url} ${JSON.stringify(body ?? '')}: ${res.body}`;
            expect(res.statusCode, what).toBe(404);
            expect(res.json(), what).toEqual({ error: NOT_FOUND_MESSAGES[kind] });
            tried++;
          }
        }
        if (kind !== 'certificate') expect(tried).toBeGreaterThan(0);
        expect(await snapshot()).toBe(before);
      });
    }

    it("the grantee's writes on the owner's side of the granted property are refused at the tRPC door too, changing nothing", async () => {
      const before = await snapshot();
      const trpc = (path: string, input: unknown) =>
        t.app.inject({
          method: 'POST',
          url: `/trpc/${path}`,
          headers: { ...grantees.outsider.headers, 'content-type': 'application/json' },
          payload: JSON.stringify(input),
        });
      for (const [path, input] of [
        ['properties.update', { id: ids.property, patch: { name: 'Stolen' } }],
        ['properties.archive', { id: ids.property }],
        ['maintenance.create', task(ids.property)],
        ['maintenance.bootstrap', { propertyId: ids.property }],
        ['maintenance.addReminder', { id: ids.property, ...reminder }],
        ['grants.create', { propertyId: ids.property, email: 'friend@example.co.za', role: 'tenant' }],
        ['grants.revoke', { id: ids.property, grantId: grantIds.outsider }],
      ] as const) {
        const res = await trpc(path, input);
        expect([403, 404], `${path}: ${res.body}`).toContain(res.statusCode);
      }
      expect(await snapshot()).toBe(before);
    });

    it('the grants are live: each grantee reads the granted property through shared with me (the 404s above are the scope, not a dead grant)', async () => {
      for (const [who, grantId] of [
        [grantees.outsider, grantIds.outsider],
        [grantees.rival, grantIds.rival],
      ] as const) {
        const shared = await call(who, 'GET', `/api/shared-with-me/${grantId}`);
        expect(shared.statusCode, shared.body).toBe(200);
        expect(shared.json().grant.property.id).toBe(ids.property);
      }
    });
  });

  it('staff are outsiders on every door of every kind: their role opens the back office and nothing else', async () => {
    const staff = await signUpAndLogIn(t, 'homeowner');
    await createStaff(t.db.db, staff.email);
    const before = await snapshot();
    let tried = 0;
    for (const kind of Object.keys(NOT_FOUND_MESSAGES) as OwnedKind[]) {
      for (const [, method, url, body] of doors(kind, foreign[kind]())) {
        const res = await call(staff, method, url, body);
        // 404 as any outsider; 403 where the door is for another role (the supplier's console).
        expect([403, 404], `${method} ${url}: ${res.body}`).toContain(res.statusCode);
        tried++;
      }
    }
    expect(tried).toBeGreaterThan(0);
    expect(await snapshot()).toBe(before);
  });

  it("an archived property is not found, even by its owner, on every door; a job share's property is no door to it", async () => {
    const before = await snapshot();
    for (const [, method, url, body] of doors('property', ids.archived)) {
      const res = await call(owner, method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json()).toEqual({ error: NOT_FOUND_MESSAGES.property });
    }
    // A supplier's job share is the supplier's, not an owner's, even if the owner knows its id.
    expect((await call(owner, 'GET', `/api/shares/${ids.jobShare}/events`)).statusCode).toBe(404);
    expect(await snapshot()).toBe(before);
  });

  it('still answers the owners themselves, and nobody caches the answer', async () => {
    const own = await call(owner, 'GET', `/api/properties/${ids.property}`);
    expect(own.statusCode).toBe(200);
    expect(own.headers['cache-control']).toBe('private, no-store');
    expect((await call(owner, 'GET', `/api/properties/${ids.property.toUpperCase()}`)).statusCode).toBe(200);
    expect((await call(owner, 'GET', `/api/shares/${ids.share}/events`)).statusCode).toBe(200);
    expect((await call(supplier, 'GET', `/api/supplier/jobs/${ids.job}/documents`)).json()).toHaveLength(1);
  });

  describe('private demos (issue 26 §7): a demo and a real organisation are strangers', () => {
    let demo: Intruders;
    const demoIds = {} as Record<'property' | 'document' | 'task' | 'vendor' | 'claim' | 'job', string>;

    beforeAll(async () => {
      await prepareDemoTemplates(t.db.db, t.store);
      const [demoOwner, demoSupplier] = [await startDemo(t, 'owner'), await startDemo(t, 'supplier')];
      const property = (await created(demoOwner, 'GET', '/api/properties'))[0].id;
      demo = {
        outsider: demoOwner,
        outsiderProperty: property,
        outsiderTask: (await created(demoOwner, 'GET', `/api/maintenance?propertyId=${property}`))[0].id,
        outsiderVendor: (await created(demoOwner, 'GET', '/api/vendors'))[0].id,
        rival: demoSupplier,
        rivalJob: (await created(demoSupplier, 'GET', '/api/supplier/jobs'))[0].id,
      };
      demoIds.property = property;
      demoIds.document = (await created(demoOwner, 'GET', '/api/documents'))[0].id;
      demoIds.task = demo.outsiderTask;
      demoIds.vendor = demo.outsiderVendor;
      demoIds.claim = (await created(demoOwner, 'GET', `/api/properties/${property}/claims`))[0].id;
      demoIds.job = demo.rivalJob;
    });

    for (const kind of Object.keys(NOT_FOUND_MESSAGES) as OwnedKind[]) {
      it(`${kind}: a demo's owner and supplier get 404 on every door of a real organisation's id, changing nothing`, async () => {
        const before = await snapshot();
        let tried = 0;
        for (const [who, method, url, body] of doors(kind, foreign[kind](), demo)) {
          const res = await call(who, method, url, body);
          expect(res.statusCode, `${method} ${url} ${JSON.stringify(body ?? '')}: ${res.body}`).toBe(404);
          expect(res.json(), `${method} ${url}`).toEqual({ error: NOT_FOUND_MESSAGES[kind] });
          tried++;
        }
        if (kind !== 'certificate') expect(tried).toBeGreaterThan(0);
        expect(await snapshot()).toBe(before);
      });
    }

    for (const kind of ['property', 'document', 'task', 'vendor', 'claim', 'job'] as const) {
      it(`${kind}: a real owner and supplier get 404 on every door of a demo's id, changing nothing`, async () => {
        const before = await snapshot();
        let tried = 0;
        for (const [who, method, url, body] of doors(kind, demoIds[kind])) {
          const res = await call(who, method, url, body);
          expect(res.statusCode, `${method} ${url} ${JSON.stringify(body ?? '')}: ${res.body}`).toBe(404);
          expect(res.json(), `${method} ${url}`).toEqual({ error: NOT_FOUND_MESSAGES[kind] });
          tried++;
        }
        expect(tried).toBeGreaterThan(0);
        expect(await snapshot()).toBe(before);
      });
    }
  });

  describe('requireOwned', () => {
    const own: Record<OwnedKind, () => [string, string]> = {
      property: () => [owner.organizationId, ids.property],
      job: () => [supplier.organizationId, ids.job],
      share: () => [owner.organizationId, ids.share],
      document: () => [owner.organizationId, ids.document],
      template: () => [supplier.organizationId, ids.template],
      certificate: () => [supplier.organizationId, ids.certificate],
      task: () => [owner.organizationId, ids.task],
      reminder: () => [owner.organizationId, ids.reminder],
      vendor: () => [owner.organizationId, ids.vendor],
      claim: () => [owner.organizationId, ids.claim],
      transfer: () => [owner.organizationId, ids.transfer],
      finding: () => [owner.organizationId, ids.finding],
    };

    const refusal = async (promise: Promise<unknown>) => {
      const error = await promise.then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(AppError);
      return { code: (error as AppError).code, message: (error as AppError).message };
    };

    it.each(Object.keys(NOT_FOUND_MESSAGES) as OwnedKind[])(
      '%s: answers the stored id to its organisation, and NOT_FOUND to anyone else or for any malformed id',
      async (kind) => {
        const [organizationId, id] = own[kind]();
        expect(await requireOwned(t.db.db, organizationId, kind, id)).toBe(id);
        expect(await requireOwned(t.db.db, organizationId, kind, id.toUpperCase())).toBe(id);
        const notFound = { code: 'NOT_FOUND', message: NOT_FOUND_MESSAGES[kind] };
        for (const other of [outsider.organizationId, rival.organizationId]) {
          expect(await refusal(requireOwned(t.db.db, other, kind, id))).toEqual(notFound);
        }
        for (const bad of ['', ...MALFORMED, `${id} `, `${id}0`]) {
          expect(await refusal(requireOwned(t.db.db, organizationId, kind, bad))).toEqual(notFound);
        }
      },
    );

    it('knows the kinds apart: a document is no certificate, a job document neither, an archived property is gone', async () => {
      const certificateError = { code: 'NOT_FOUND', message: NOT_FOUND_MESSAGES.certificate };
      expect(await refusal(requireOwned(t.db.db, owner.organizationId, 'certificate', ids.document))).toEqual(
        certificateError,
      );
      expect(await refusal(requireOwned(t.db.db, supplier.organizationId, 'property', ids.job))).toEqual({
        code: 'NOT_FOUND',
        message: NOT_FOUND_MESSAGES.property,
      });
      expect(await refusal(requireOwned(t.db.db, owner.organizationId, 'property', ids.archived))).toEqual({
        code: 'NOT_FOUND',
        message: NOT_FOUND_MESSAGES.property,
      });
    });

    it('takes the row lock inside a transaction when asked', async () => {
      const id = await t.db.db
        .transaction()
        .execute((trx) => requireOwned(trx, owner.organizationId, 'property', ids.property, { lock: true }));
      expect(id).toBe(ids.property);
    });
  });
});
