import { createHash } from 'node:crypto';
import { DEMO_MESSAGES, isDemoEmail, MAX_DEMOS_PER_ADDRESS_PER_HOUR } from '@propertydna/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrivateDemo } from '../src/modules/demo/private-demo.js';
import {
  DEMO_SUPPLIER_EMAIL,
  DEMO_SUPPLIER_PHONE,
  findDemoTemplate,
  prepareDemoTemplates,
} from '../src/modules/demo/seed.js';
import { houseKeep, renewDemoTemplates } from '../src/modules/housekeeping/housekeeping.service.js';
import { recordStoredObject } from '../src/storage/stored-objects.js';
import { signUpAndLogIn, startDemo, type TestAccount, testAddress } from './support/accounts.js';
import { createTestApp, type TestApp } from './support/app.js';
import { databaseKind } from './support/database.js';

const HOUR = 60 * 60 * 1000;

describe(`private demos: one organisation per demo sign-in (${databaseKind})`, () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ SUPPORT_EMAIL: 'support@propertydna.example' });
    await prepareDemoTemplates(t.db.db, t.store);
  });
  afterAll(async () => {
    await t.close();
  });

  const call = (
    who: TestAccount,
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    payload?: unknown,
  ) => t.app.inject({ method, url, payload: payload as Record<string, unknown>, headers: who.headers });

  /** Mail jobs queued (either lane), whatever their state. */
  const mailJobCount = async () => {
    const { rows } = await sql<{ n: string | number }>`
      select count(*) as n from pgboss.job where name in ('mail.send', 'mail.bulk')`.execute(t.db.db);
    return Number(rows[0]?.n);
  };
  const count = async (table: 'organizations' | 'stored_objects' | 'vendors' | 'transfers' | 'users') => {
    const { rows } = await sql<{ n: string | number }>`select count(*) as n from ${sql.table(table)}`.execute(
      t.db.db,
    );
    return Number(rows[0]?.n);
  };
  const propertyOf = async (who: TestAccount) => {
    const list = await call(who, 'GET', '/api/properties');
    expect(list.statusCode).toBe(200);
    return list.json()[0].id as string;
  };

  describe('two sign-ins, two organisations', () => {
    let first: TestAccount;
    let second: TestAccount;

    beforeAll(async () => {
      first = await startDemo(t, 'owner');
      second = await startDemo(t, 'owner');
    });

    it('gives each its own organisation and user, at the demo domain, marked as a demo', async () => {
      expect(first.organizationId).not.toBe(second.organizationId);
      expect(first.userId).not.toBe(second.userId);
      expect(isDemoEmail(first.email)).toBe(true);
      const me = await call(first, 'GET', '/api/auth/me');
      expect(me.json().organization).toMatchObject({ plan: 'premium', isDemo: true, name: 'Demo Homeowner' });
      expect(me.json().user).toMatchObject({ userType: 'homeowner', email: first.email });
      // Neither is the template: nobody signs in to that.
      const template = await findDemoTemplate(t.db.db, 'owner');
      expect([first.organizationId, second.organizationId]).not.toContain(template?.organizationId);
    });

    it('seeds the sample property with its documents, check, policy reading, tasks, a vendor and a claim', async () => {
      for (const who of [first, second]) {
        const list = (await call(who, 'GET', '/api/properties')).json();
        expect(list).toHaveLength(1);
        expect(list[0]).toMatchObject({
          name: 'Gardens Family Home',
          isDemo: true,
          township: 'Gardens',
          erfNumber: 'ERF123',
          documentsCount: 5,
          complianceStatus: 'warning',
        });
        const propertyId = list[0].id;
        const documents = (await call(who, 'GET', '/api/documents')).json();
        expect(documents).toHaveLength(5);
        for (const document of documents) {
          const file = await call(who, 'GET', `/api/documents/${document.id}/download`);
          expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
          expect(createHash('sha256').update(file.rawPayload).digest('hex')).toBe(document.sha256);
        }
        // It opens with its check and its policy read, naming its own documents.
        const check = (await call(who, 'GET', `/api/properties/${propertyId}/policy-check`)).json();
        const rule = (id: string) => check.findings.find((finding: { rule: string }) => finding.rule === id);
        expect(rule('electrical_coc.ongoing')).toMatchObject({ type: 'compliant' });
        expect(rule('electrical_coc.transfer')).toMatchObject({ type: 'gap' });
        expect(rule('policy_condition.geyser_sans_10254')).toMatchObject({ type: 'gap' });
        const ownIds = new Set(documents.map((document: { id: string }) => document.id));
        for (const finding of check.findings as { evidence?: { id: string }[] }[]) {
          for (const evidence of finding.evidence ?? []) expect(ownIds.has(evidence.id)).toBe(true);
        }
        const findings = (
          await call(who, 'GET', `/api/policies/findings?propertyId=${propertyId}`)
        ).json() as { key: string; finding_type: string; excerpt: string; document_id?: string }[];
        expect(findings.map((finding) => finding.key)).toEqual(
          expect.arrayContaining(['wear_and_tear', 'geyser_sans_10254', 'accidental_damage']),
        );
        // 'Theft is covered only after forcible and violent entry' is found too (the clause classifier reads
        // the restriction as an exclusion, the cue grammar as the extension it stands under).
        expect(
          findings
            .filter((finding) => finding.excerpt.includes('forcible and violent entry'))
            .map((finding) => finding.finding_type),
        ).toEqual(['exclusion']);
        const tasks = (await call(who, 'GET', `/api/maintenance?propertyId=${propertyId}`)).json();
        expect(tasks.length).toBeGreaterThan(0);
        const vendors = (await call(who, 'GET', '/api/vendors')).json();
        expect(vendors).toEqual([
          expect.objectContaining({ name: 'Sipho Dlamini', company: 'Dlamini Plumbing' }),
        ]);
        const claims = (await call(who, 'GET', `/api/properties/${propertyId}/claims`)).json();
        expect(claims).toEqual([expect.objectContaining({ incident_type: 'burst_geyser' })]);
      }
    });

    it('shares the stored files and copies the analysis: a sign-in stores no file and queues no work', async () => {
      const objects = await count('stored_objects');
      const { rows: jobsBefore } = await sql<{ n: string }>`select count(*) as n from pgboss.job`.execute(
        t.db.db,
      );
      const third = await startDemo(t, 'owner');
      expect(await count('stored_objects')).toBe(objects);
      const { rows: jobsAfter } = await sql<{ n: string }>`select count(*) as n from pgboss.job`.execute(
        t.db.db,
      );
      expect(Number(jobsAfter[0]?.n)).toBe(Number(jobsBefore[0]?.n));
      const analyses = await t.db.db
        .selectFrom('policy_analyses')
        .select(['state', 'insurer'])
        .where('organization_id', '=', third.organizationId)
        .execute();
      expect(analyses).toEqual([expect.objectContaining({ state: 'done' })]);
    });

    it("answers 404 for the other demo's property, documents, tasks, vendor and claim", async () => {
      const theirs = await propertyOf(second);
      const theirDocument = (await call(second, 'GET', '/api/documents')).json()[0].id;
      const theirTask = (await call(second, 'GET', `/api/maintenance?propertyId=${theirs}`)).json()[0].id;
      const theirVendor = (await call(second, 'GET', '/api/vendors')).json()[0].id;
      const theirClaim = (await call(second, 'GET', `/api/properties/${theirs}/claims`)).json()[0].id;
      for (const url of [
        `/api/properties/${theirs}`,
        `/api/documents/${theirDocument}/download`,
        `/api/maintenance/${theirTask}`,
        `/api/vendors/${theirVendor}`,
        `/api/claims/${theirClaim}`,
      ]) {
        expect((await call(first, 'GET', url)).statusCode, url).toBe(404);
      }
    });

    it('keeps a rename and an archive in one demo out of the other', async () => {
      const mine = await propertyOf(first);
      const theirs = await propertyOf(second);
      expect(
        (await call(first, 'PATCH', `/api/properties/${mine}`, { name: 'Renamed by one visitor' }))
          .statusCode,
      ).toBe(200);
      expect((await call(second, 'GET', `/api/properties/${theirs}`)).json().name).toBe(
        'Gardens Family Home',
      );
      expect((await call(first, 'POST', `/api/properties/${mine}/archive`)).statusCode).toBe(200);
      expect((await call(first, 'GET', '/api/properties')).json()).toEqual([]);
      expect((await call(second, 'GET', '/api/properties')).json()).toHaveLength(1);
    });

    it('gives each supplier sign-in its own console: profile, a job and its verified report', async () => {
      const one = await startDemo(t, 'supplier');
      const other = await startDemo(t, 'supplier');
      expect(one.organizationId).not.toBe(other.organizationId);
      for (const who of [one, other]) {
        const jobs = (await call(who, 'GET', '/api/supplier/jobs')).json();
        expect(jobs).toHaveLength(1);
        expect(jobs[0]).toMatchObject({ document_count: 1 });
        const documents = (await call(who, 'GET', `/api/supplier/jobs/${jobs[0].id}/documents`)).json();
        expect(documents[0]).toMatchObject({ source: 'supplier_verified' });
        // Its report names its own job (references are unique), rendered for it.
        expect(documents[0].name).toContain(jobs[0].job_ref);
        const file = await call(who, 'GET', `/api/documents/${documents[0].id}/download`);
        expect(createHash('sha256').update(file.rawPayload).digest('hex')).toBe(documents[0].sha256);
        const profile = (await call(who, 'GET', '/api/supplier/profile')).json();
        expect(profile).toMatchObject({ company_name: 'Demo Roofing (Pty) Ltd' });
        const insurance = (await call(who, 'GET', '/api/supplier/insurance')).json();
        expect(insurance).toMatchObject({ insurer: 'Santam', policy_number: 'PL-DEMO-0419' });
      }
      const otherJob = (await call(other, 'GET', '/api/supplier/jobs')).json()[0].id;
      expect((await call(one, 'GET', `/api/supplier/jobs/${otherJob}`)).statusCode).toBe(404);
    });

    it('refuses to put a demo supplier in the reviewers queue, at both doors, changing nothing', async () => {
      const supplier = await startDemo(t, 'supplier');
      const job = (await call(supplier, 'GET', '/api/supplier/jobs')).json()[0].id;
      const document = (await call(supplier, 'GET', `/api/supplier/jobs/${job}/documents`)).json()[0].id;
      const evidence = async () => {
        const { rows } = await sql<{ n: string | number }>`
          select count(*) as n from supplier_evidence where organization_id = ${supplier.organizationId}`.execute(
          t.db.db,
        );
        return Number(rows[0]?.n);
      };
      const body = { kind: 'company_registration', document_id: document };
      const rest = await call(supplier, 'POST', '/api/supplier/verification/evidence', body);
      expect(rest.statusCode).toBe(403);
      expect(rest.json()).toEqual({ error: DEMO_MESSAGES.verification });
      const trpc = await t.app.inject({
        method: 'POST',
        url: '/trpc/verification.submit',
        payload: body,
        headers: supplier.headers,
      });
      expect(trpc.statusCode).toBe(403);
      expect(trpc.json().error.message).toBe(DEMO_MESSAGES.verification);
      expect(await evidence()).toBe(0);
      const status = (await call(supplier, 'GET', '/api/supplier/verification')).json();
      expect(status).toMatchObject({ verification: { level: 'self_declared' }, evidence: [] });
    });
  });

  describe('mail never leaves the demo', () => {
    let demo: TestAccount;
    let propertyId: string;

    beforeAll(async () => {
      demo = await startDemo(t, 'owner');
      propertyId = await propertyOf(demo);
    });

    it('refuses an invite to a real address with the message, changing nothing and mailing nobody', async () => {
      const [jobs, vendors] = [await mailJobCount(), await count('vendors')];
      const res = await call(demo, 'POST', '/api/vendors/invite', {
        name: 'Real Plumber',
        email: 'plumber@example.co.za',
        propertyId,
      });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: DEMO_MESSAGES.outsideAddress });
      expect(await count('vendors')).toBe(vendors);
      expect(await mailJobCount()).toBe(jobs);
    });

    it('refuses a transfer to a real address with the message, changing nothing and mailing nobody', async () => {
      const [jobs, transfers] = [await mailJobCount(), await count('transfers')];
      const res = await call(demo, 'POST', `/api/properties/${propertyId}/transfer`, {
        email: 'buyer@example.co.za',
      });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: DEMO_MESSAGES.outsideAddress });
      expect(await count('transfers')).toBe(transfers);
      expect(await mailJobCount()).toBe(jobs);
    });

    it("invites the demo's own plumber (the link works) and queues no mail for it", async () => {
      const jobs = await mailJobCount();
      const vendor = (await call(demo, 'GET', '/api/vendors')).json()[0];
      const res = await call(demo, 'POST', '/api/vendors/invite', {
        name: vendor.name,
        email: vendor.email,
        propertyId,
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().invite.url).toContain('/invite/');
      expect(await mailJobCount()).toBe(jobs);
    });

    it('keeps a callback request in the demo: stored, never mailed to support', async () => {
      const jobs = await mailJobCount();
      const res = await call(demo, 'POST', `/api/properties/${propertyId}/callbacks`, {
        phone: '082 123 4567',
        preferred_time: 'morning',
        topic: 'My geyser claim',
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(await mailJobCount()).toBe(jobs);
    });

    it('sends no reset link to a demo address', async () => {
      const jobs = await mailJobCount();
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email: demo.email },
        remoteAddress: testAddress(60_001),
      });
      expect(res.statusCode).toBe(200);
      expect(await mailJobCount()).toBe(jobs);
    });

    it('never takes in a real property: accepting a real owner’s transfer is refused', async () => {
      const seller = await signUpAndLogIn(t, 'homeowner');
      const created = await call(seller, 'POST', '/api/properties', {
        name: 'Sea Point flat',
        address: '3 Beach Road, Sea Point',
        country: 'ZA',
        municipality: 'CPT',
        parcel_id: 'ERF777',
      });
      const offer = await call(seller, 'POST', `/api/properties/${created.json().id}/transfer`, {
        email: demo.email,
      });
      expect(offer.statusCode, offer.body).toBe(201);
      const accepted = await call(demo, 'POST', `/api/transfers/${offer.json().id}/accept`);
      expect(accepted.statusCode).toBe(403);
      expect(accepted.json()).toEqual({ error: DEMO_MESSAGES.receiveTransfer });
      expect((await call(seller, 'GET', `/api/properties/${created.json().id}`)).statusCode).toBe(200);
    });

    it('lets nobody sign up with an address of the demo', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        remoteAddress: testAddress(60_002),
        payload: {
          firstName: 'Eve',
          lastName: 'Mallory',
          email: `owner-abc@DEMO.propertydna.co.za`,
          password: 'a long password',
          userType: 'homeowner',
        },
      });
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain(DEMO_MESSAGES.reservedEmail);
    });

    it("finds the demo supplier in a demo owner's Find Provider, with its published contact details, after the owner's plumber", async () => {
      // Supplier demos of their own: copies, never anyone's provider (only the sample they copy is).
      await startDemo(t, 'supplier');
      await startDemo(t, 'supplier');
      const owner = await startDemo(t, 'owner');
      const propertyId = await propertyOf(owner);
      const found = (await call(owner, 'GET', `/api/properties/${propertyId}/providers`)).json();
      expect(found).toMatchObject({ area: 'City of Cape Town', province: null, message: null });
      expect(found.vendors).toEqual([
        expect.objectContaining({
          name: 'Sipho Dlamini',
          company: 'Dlamini Plumbing',
          phone: '+27215550123',
        }),
      ]);
      const demoSuppliers = found.providers.filter(
        (provider: { company_name: string }) => provider.company_name === 'Demo Roofing (Pty) Ltd',
      );
      expect(demoSuppliers).toEqual([
        expect.objectContaining({
          trading_as: 'Demo Roofing',
          specialties: ['Roofing', 'Waterproofing', 'Gutters'],
          area: 'Cape Town',
          email: DEMO_SUPPLIER_EMAIL,
          phone: DEMO_SUPPLIER_PHONE,
          website: null,
          description: expect.stringContaining('sample supplier'),
        }),
      ]);
      const template = await findDemoTemplate(t.db.db, 'supplier');
      expect(demoSuppliers[0].id).toBe(template?.organizationId);
      // By specialty too, at both searches.
      const roofing = (
        await call(owner, 'GET', `/api/properties/${propertyId}/providers?specialty=roof`)
      ).json();
      expect(roofing.providers.map((provider: { id: string }) => provider.id)).toContain(
        template?.organizationId,
      );
      const directory = (await call(owner, 'GET', '/api/providers?specialty=roof')).json();
      expect(directory.map((provider: { id: string }) => provider.id)).toContain(template?.organizationId);
      // The demo owner invites it at the address it published: the link is shown, nothing is mailed.
      const invited = await call(owner, 'POST', '/api/vendors/invite', {
        name: 'Demo Roofing',
        email: DEMO_SUPPLIER_EMAIL,
        propertyId,
      });
      expect(invited.statusCode, invited.body).toBe(201);
      const after = (
        await call(owner, 'GET', `/api/properties/${propertyId}/providers?specialty=roof`)
      ).json();
      expect(after.vendors.map((vendor: { name: string }) => vendor.name)).toEqual(['Demo Roofing']);
      expect(after.providers.map((provider: { id: string }) => provider.id)).not.toContain(
        template?.organizationId,
      );
    });

    it('shows a supplier demo its published contact details on its profile', async () => {
      const supplier = await startDemo(t, 'supplier');
      const profile = (await call(supplier, 'GET', '/api/supplier/profile')).json();
      expect(profile).toMatchObject({
        email: DEMO_SUPPLIER_EMAIL,
        phone: DEMO_SUPPLIER_PHONE,
        website: null,
      });
    });

    it("lists no demo supplier in a real owner's Find Provider", async () => {
      await startDemo(t, 'supplier');
      const owner = await signUpAndLogIn(t, 'homeowner');
      const found = (await call(owner, 'GET', '/api/providers?q=roof')).json();
      expect(found.map((provider: { company_name: string }) => provider.company_name)).not.toContain(
        'Demo Roofing (Pty) Ltd',
      );
    });
  });

  describe('limits', () => {
    it(`answers 429 with a clear message after ${MAX_DEMOS_PER_ADDRESS_PER_HOUR} demos an hour from one address, creating none`, async () => {
      const address = testAddress(60_100);
      for (let i = 0; i < MAX_DEMOS_PER_ADDRESS_PER_HOUR; i++) {
        await startDemo(t, i % 2 === 0 ? 'owner' : 'supplier', address);
      }
      const organizations = await count('organizations');
      const refused = await t.app.inject({
        method: 'POST',
        url: '/api/auth/demo',
        payload: { account: 'owner' },
        remoteAddress: address,
      });
      expect(refused.statusCode).toBe(429);
      expect(refused.json().error).toMatch(/^Too many demo sign-ins from your network\. Try again in .+\.$/);
      expect(await count('organizations')).toBe(organizations);
      // Another address is not affected.
      await startDemo(t, 'owner', testAddress(60_101));
    });

    it('refuses an unknown demo (400) and answers 503 when no template exists', async () => {
      const unknown = await t.app.inject({
        method: 'POST',
        url: '/api/auth/demo',
        payload: { account: 'admin' },
        remoteAddress: testAddress(60_102),
      });
      expect(unknown.statusCode).toBe(400);
      const bare = await createTestApp();
      try {
        const res = await bare.app.inject({
          method: 'POST',
          url: '/api/auth/demo',
          payload: { account: 'owner' },
          remoteAddress: testAddress(60_103),
        });
        expect(res.statusCode).toBe(503);
        expect(res.json()).toEqual({ error: DEMO_MESSAGES.unavailable });
      } finally {
        await bare.close();
      }
    });
  });

  describe('housekeeping after 24 hours', () => {
    it('removes demos older than 24 hours with their rows, sessions and own files; keeps young demos, templates and real organisations', async () => {
      const now = new Date();
      // An old demo (made 25 hours ago), with a session and a file of its own besides the shared ones.
      const oldUser = await createPrivateDemo(t.services, 'owner', new Date(now.getTime() - 25 * HOUR));
      const old = await t.db.db
        .selectFrom('users')
        .select('organization_id')
        .where('id', '=', oldUser)
        .executeTakeFirstOrThrow();
      const session = await t.services.lucia.createSession(oldUser, {});
      const own = await t.store.putObject(
        Buffer.from('%PDF-1.4 own file of the old demo'),
        'application/pdf',
      );
      await t.db.db.transaction().execute(async (trx) => {
        await recordStoredObject(trx, own.key);
        await trx
          .insertInto('documents')
          .values({
            organization_id: old.organization_id,
            property_id: null,
            kind: 'other',
            name: 'Own.pdf',
            storage_key: own.key,
            sha256: own.sha256,
            bytes: own.bytes,
            content_type: 'application/pdf',
            source: 'owner_upload',
          })
          .execute();
      });
      const young = await startDemo(t, 'owner');
      const real = await signUpAndLogIn(t, 'homeowner');
      await t.db.db
        .updateTable('organizations')
        .set({ created_at: new Date(now.getTime() - 48 * HOUR) })
        .where('id', '=', real.organizationId)
        .execute();
      // A template is older than a day just before its renewal: it stays until it is replaced.
      const template = await findDemoTemplate(t.db.db, 'owner');
      await t.db.db
        .updateTable('organizations')
        .set({ created_at: new Date(now.getTime() - 30 * HOUR) })
        .where('id', '=', template?.organizationId ?? '')
        .execute();
      const me = await t.app.inject({
        method: 'GET',
        url: '/api/auth/me',
        headers: { authorization: `Bearer ${session.id}` },
      });
      expect(me.statusCode).toBe(200);

      const report = await houseKeep(t.db.db, t.store, now);
      expect(report.demos).toBeGreaterThanOrEqual(1);
      const left = await t.db.db
        .selectFrom('organizations')
        .select('id')
        .where('id', 'in', [
          old.organization_id,
          young.organizationId,
          real.organizationId,
          template?.organizationId ?? '',
        ])
        .execute();
      expect(left.map((row) => row.id).sort()).toEqual(
        [young.organizationId, real.organizationId, template?.organizationId ?? ''].sort(),
      );
      for (const table of [
        'users',
        'properties',
        'documents',
        'maintenance_tasks',
        'vendors',
        'claims',
      ] as const) {
        const rows = await t.db.db
          .selectFrom(table)
          .select('organization_id')
          .where('organization_id', '=', old.organization_id)
          .execute();
        expect(rows, table).toEqual([]);
      }
      // Its session ended with it; its own file went, the shared ones stayed for the others.
      const after = await t.app.inject({
        method: 'GET',
        url: '/api/auth/me',
        headers: { authorization: `Bearer ${session.id}` },
      });
      expect(after.statusCode).toBe(401);
      expect(await t.store.stat(own.key)).toBeNull();
      for (const document of (await call(young, 'GET', '/api/documents')).json()) {
        expect((await call(young, 'GET', `/api/documents/${document.id}/download`)).statusCode).toBe(200);
      }
      expect((await call(real, 'GET', '/api/auth/me')).statusCode).toBe(200);
    });

    it('renews a day-old template; the old one is then removed, and a demo made from it keeps its files', async () => {
      const now = new Date();
      const before = await findDemoTemplate(t.db.db, 'owner');
      await t.db.db
        .updateTable('organizations')
        .set({ created_at: new Date(now.getTime() - 30 * HOUR) })
        .where('id', '=', before?.organizationId ?? '')
        .execute();
      const fromOld = await startDemo(t, 'owner');
      expect(await renewDemoTemplates(t.db.db, t.store, now)).toEqual(['owner']);
      const renewed = await findDemoTemplate(t.db.db, 'owner');
      expect(renewed?.organizationId).not.toBe(before?.organizationId);
      await houseKeep(t.db.db, t.store, now);
      expect(
        await t.db.db
          .selectFrom('organizations')
          .select('id')
          .where('id', '=', before?.organizationId ?? '')
          .executeTakeFirst(),
      ).toBeUndefined();
      const documents = (await call(fromOld, 'GET', '/api/documents')).json();
      expect(documents).toHaveLength(5);
      for (const document of documents) {
        expect((await call(fromOld, 'GET', `/api/documents/${document.id}/download`)).statusCode).toBe(200);
      }
      // The next sign-in copies the new template.
      const fromNew = await startDemo(t, 'owner');
      expect((await call(fromNew, 'GET', '/api/documents')).json()).toHaveLength(5);
    });
  });
});
