import { ESCALATION_MESSAGES, johannesburgToday, type Trade } from '@propertydna/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOT_FOUND_MESSAGES } from '../src/auth/owned.js';
import { MAX_CALLBACKS_PER_HOUR } from '../src/modules/escalation/callbacks.service.js';
import { CLAIM_TEXTS } from '../src/modules/escalation/claims.service.js';
import { testAddress } from './support/accounts.js';
import { createTestApp, type TestApp } from './support/app.js';
import { pdfTextOf, unzip } from './support/archives.js';
import { databaseKind } from './support/database.js';
import { type HttpOwner, httpOwner, sha256Hex } from './support/http-owner.js';
import { mailsTo } from './support/outbox.js';
import { markDocumentsChecked } from './support/verification.js';

const SUPPORT_EMAIL = 'help@support.example.co.za';

const daysAgo = (days: number) => johannesburgToday(new Date(Date.now() - days * 86_400_000));

const pdf = (label: string) =>
  Buffer.concat([Buffer.from(`%PDF-1.7\n% ${label}\n`), Buffer.alloc(1200, 0x41), Buffer.from('\n%%EOF\n')]);
const jpeg = (label: string) =>
  Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from(label), Buffer.alloc(900, 1)]);

const geyserClaim = {
  incident_type: 'burst_geyser',
  incident_date: daysAgo(2),
  description: 'The geyser in the roof burst overnight and flooded the main bedroom.',
};

describe(`escalation: claims, providers and callbacks (${databaseKind})`, () => {
  let t: TestApp;
  let origin: string;
  let signups = 0;

  beforeAll(async () => {
    t = await createTestApp({ SUPPORT_EMAIL });
    origin = await t.app.listen({ host: '127.0.0.1', port: 0 });
    // A registered supplier without insurance (a private demo's supplier is nobody's provider: demo.test.ts).
    const roofer = await t.db.db
      .insertInto('organizations')
      .values({
        name: 'Table Bay Roofing (Pty) Ltd',
        account_type: 'company',
        registration_number: '2019/123456/07',
        trading_as: 'Table Bay Roofing',
        business_address: '12 Bree Street, Cape Town, 8001',
        specialties: JSON.stringify(['Roofing', 'Waterproofing', 'Gutters']),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db.db
      .insertInto('users')
      .values({
        organization_id: roofer.id,
        email: 'office@tablebayroofing.co.za',
        password_hash: 'never used',
        first_name: 'Table',
        last_name: 'Bay',
        user_type: 'supplier',
      })
      .execute();
  });
  afterAll(async () => {
    await t.close();
  });

  type Owner = HttpOwner & { propertyId: string };

  async function addProperty(owner: HttpOwner, name: string, features: string[] = []): Promise<string> {
    const res = await owner.call('POST', '/api/properties', {
      name,
      address: `${name}, 8 Kloof Street, Gardens`,
      municipality: 'CPT',
      parcel_id: `C${Math.random().toString(36).slice(2, 8)}`,
      features,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id;
  }

  async function ownerWithProperty(features: string[] = ['geyser']): Promise<Owner> {
    const owner = await httpOwner(t, origin);
    return { ...owner, propertyId: await addProperty(owner, 'Kloof House', features) };
  }

  /** Uploads a file into a property's vault; answers the document's id. */
  async function uploadTo(
    owner: HttpOwner,
    propertyId: string,
    content: Buffer,
    contentType: string,
    fields: Record<string, unknown>,
  ): Promise<string> {
    const res = await owner.upload(content, contentType, { property_id: propertyId, ...fields });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id;
  }

  const photo = (owner: Owner, name = 'Ceiling.jpg', propertyId = owner.propertyId) =>
    uploadTo(owner, propertyId, jpeg(name), 'image/jpeg', { kind: 'other', name });

  const rowCounts = async () => {
    const counts: Record<string, number> = {};
    for (const table of ['claims', 'claim_documents', 'callbacks']) {
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)}`.execute(
        t.db.db,
      );
      counts[table] = rows[0]?.n ?? -1;
    }
    return counts;
  };

  describe('Start Claim', () => {
    it('answers 201 with the claim, its photo, and the evidence of a burst geyser: what is missing says so', async () => {
      const owner = await ownerWithProperty();
      const photoId = await photo(owner);
      const res = await owner.call('POST', `/api/properties/${owner.propertyId}/claims`, {
        ...geyserClaim,
        document_ids: [photoId.toUpperCase()],
      });
      expect(res.statusCode, res.body).toBe(201);
      const claim = res.json();
      expect(claim).toMatchObject({
        property_id: owner.propertyId,
        property_name: 'Kloof House',
        incident_type: 'burst_geyser',
        incident_type_label: 'Burst geyser',
        incident_date: geyserClaim.incident_date,
        description: geyserClaim.description,
        status: 'open',
        created_by: 'Naledi Mokoena',
        documents_count: 1,
        property: { id: owner.propertyId, name: 'Kloof House', dna_code: expect.stringMatching(/^PDNA-/) },
        documents: [{ id: photoId, name: 'Ceiling.jpg', kind: 'other', content_type: 'image/jpeg' }],
      });
      expect(
        claim.evidence.map((item: { key: string; missing: boolean }) => [item.key, item.missing]),
      ).toEqual([
        ['policy', true],
        ['photos', false],
        ['geyser_certificate', true],
        ['geyser_service', true],
      ]);
      expect(claim.evidence[1].found).toEqual([
        {
          source: 'document',
          name: 'Ceiling.jpg',
          // Nobody gave the photo an issue date: its upload day is not printed as one.
          date: null,
          expires_on: null,
          expired: false,
          document_id: photoId,
          task_id: null,
        },
      ]);
      expect(claim.evidence[2]).toMatchObject({
        label: 'Geyser certificate of compliance (SANS 10254)',
        why: expect.stringContaining('SANS 10254'),
        found: [],
      });

      // The same claim read back by id, and its link to the photo stored once.
      const read = await owner.call('GET', `/api/claims/${claim.id}`);
      expect(read.statusCode, read.body).toBe(200);
      expect(read.json()).toEqual(claim);
      const links = await t.db.db
        .selectFrom('claim_documents')
        .selectAll()
        .where('claim_id', '=', claim.id)
        .execute();
      expect(links).toEqual([{ claim_id: claim.id, document_id: photoId }]);
      // Audited for the property's trail.
      const audit = await t.db.db
        .selectFrom('audit_events')
        .select(['action', 'details'])
        .where('organization_id', '=', owner.organizationId)
        .where('action', '=', 'claim')
        .execute();
      expect(audit).toMatchObject([
        { details: { claimId: claim.id, propertyId: owner.propertyId, documentIds: [photoId] } },
      ]);
    });

    it('finds the geyser certificate, the policy and the geyser service history once they are in the vault', async () => {
      const owner = await ownerWithProperty();
      const certificate = await uploadTo(owner, owner.propertyId, pdf('geyser'), 'application/pdf', {
        kind: 'certificate',
        name: 'Geyser CoC.pdf',
        metadata: { certificate_type: 'geyser_coc', issued_on: daysAgo(400) },
      });
      const policy = await uploadTo(owner, owner.propertyId, pdf('policy'), 'application/pdf', {
        kind: 'policy',
        name: 'Home policy.pdf',
      });
      // An older certificate whose own expiry has passed: found, but said to be expired.
      const expired = await uploadTo(owner, owner.propertyId, pdf('old geyser'), 'application/pdf', {
        kind: 'certificate',
        name: 'Old Geyser CoC.pdf',
        metadata: { certificate_type: 'geyser_coc', issued_on: daysAgo(800) },
        expires_at: daysAgo(10),
      });
      const bootstrap = await owner.call('POST', '/api/maintenance/bootstrap', {
        propertyId: owner.propertyId,
      });
      expect(bootstrap.statusCode, bootstrap.body).toBe(201);
      const geyserTask = bootstrap
        .json()
        .tasks.find((task: { standard_key: string }) => task.standard_key === 'geyser_service');
      const done = await owner.call('POST', `/api/maintenance/${geyserTask.id}/complete`, {
        completed_on: daysAgo(30),
        document_id: certificate,
      });
      expect(done.statusCode, done.body).toBe(200);

      const res = await owner.call('POST', `/api/properties/${owner.propertyId}/claims`, geyserClaim);
      expect(res.statusCode, res.body).toBe(201);
      const evidence = Object.fromEntries(
        res.json().evidence.map((item: { key: string }) => [item.key, item]),
      );
      expect(evidence.policy).toMatchObject({
        missing: false,
        found: [{ document_id: policy, name: 'Home policy.pdf' }],
      });
      // No photos attached: the one thing still missing.
      expect(evidence.photos).toMatchObject({ missing: true, found: [] });
      expect(evidence.geyser_certificate).toMatchObject({
        missing: false,
        found: [
          {
            source: 'document',
            document_id: certificate,
            name: 'Geyser CoC.pdf',
            date: daysAgo(400),
            expired: false,
          },
          {
            source: 'document',
            document_id: expired,
            date: daysAgo(800),
            expires_on: daysAgo(10),
            expired: true,
          },
        ],
      });
      expect(evidence.geyser_service).toMatchObject({
        missing: false,
        found: [
          {
            source: 'maintenance',
            name: 'Geyser service and SANS 10254 check',
            date: daysAgo(30),
            task_id: geyserTask.id,
            document_id: certificate,
          },
        ],
      });
    });

    it('lists the organisation’s claims newest first with their property, and a property’s own claims', async () => {
      const owner = await ownerWithProperty();
      const second = await addProperty(owner, 'Sea Point Flat');
      const first = (
        await owner.call('POST', `/api/properties/${owner.propertyId}/claims`, geyserClaim)
      ).json();
      const storm = (
        await owner.call('POST', `/api/properties/${second}/claims`, {
          incident_type: 'storm_hail',
          incident_date: daysAgo(1),
          description: 'Hail broke the skylight.',
        })
      ).json();
      const all = await owner.call('GET', '/api/claims');
      expect(all.statusCode, all.body).toBe(200);
      expect(
        all.json().map((claim: { id: string; property_name: string }) => [claim.id, claim.property_name]),
      ).toEqual([
        [storm.id, 'Sea Point Flat'],
        [first.id, 'Kloof House'],
      ]);
      expect(Object.keys(all.json()[0]).sort()).toEqual(
        [
          'created_at',
          'created_by',
          'description',
          'documents_count',
          'id',
          'incident_date',
          'incident_type',
          'incident_type_label',
          'property_id',
          'property_name',
          'status',
        ].sort(),
      );
      const own = await owner.call('GET', `/api/properties/${second}/claims`);
      expect(own.json().map((claim: { id: string }) => claim.id)).toEqual([storm.id]);
      // The tRPC door answers the same.
      const trpc = await owner.call('GET', `/trpc/escalation.claims`);
      expect(trpc.json().result.data.map((claim: { id: string }) => claim.id)).toEqual([storm.id, first.id]);
      // Another organisation sees none of them.
      const outsider = await httpOwner(t, origin);
      expect((await outsider.call('GET', '/api/claims')).json()).toEqual([]);
    });

    it('refuses a photo of another property (400) or of another organisation (404), and stores nothing', async () => {
      const owner = await ownerWithProperty();
      const other = await addProperty(owner, 'Sea Point Flat');
      const elsewhere = await photo(owner, 'Other.jpg', other);
      const mine = await photo(owner);
      const outsider = await ownerWithProperty();
      const foreign = await photo(outsider, 'Foreign.jpg');
      const before = await rowCounts();

      const otherProperty = await owner.call('POST', `/api/properties/${owner.propertyId}/claims`, {
        ...geyserClaim,
        document_ids: [mine, elsewhere],
      });
      expect(otherProperty.statusCode, otherProperty.body).toBe(400);
      expect(otherProperty.json()).toEqual({ error: CLAIM_TEXTS.documentOfOtherProperty });

      for (const id of [foreign, '00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
        const res = await owner.call('POST', `/api/properties/${owner.propertyId}/claims`, {
          ...geyserClaim,
          document_ids: [mine, id],
        });
        expect(res.statusCode, res.body).toBe(404);
        expect(res.json()).toEqual({ error: NOT_FOUND_MESSAGES.document });
      }
      expect(await rowCounts()).toEqual(before);
    });

    it('answers the form’s messages for a claim that is incomplete or dated in the future, and stores nothing', async () => {
      const owner = await ownerWithProperty();
      const before = await rowCounts();
      const empty = await owner.call('POST', `/api/properties/${owner.propertyId}/claims`, {});
      expect(empty.statusCode).toBe(400);
      for (const message of [
        ESCALATION_MESSAGES.incidentTypeRequired,
        ESCALATION_MESSAGES.incidentDateRequired,
        ESCALATION_MESSAGES.descriptionRequired,
      ]) {
        expect(empty.json().error).toContain(message);
      }
      const future = await owner.call('POST', `/api/properties/${owner.propertyId}/claims`, {
        ...geyserClaim,
        incident_date: '2999-01-01',
      });
      expect(future.statusCode).toBe(400);
      expect(future.json().error).toBe('The date of the incident cannot be in the future');
      const trpc = await owner.call('POST', '/trpc/escalation.startClaim', {
        propertyId: owner.propertyId,
        ...geyserClaim,
        description: 'x'.repeat(4001),
      });
      expect(trpc.statusCode).toBe(400);
      expect(trpc.json().error.message).toBe('Description must be at most 4000 characters');
      expect(await rowCounts()).toEqual(before);
    });

    it('answers 404 for the built-in demo property, an archived property and the claims of one', async () => {
      const owner = await ownerWithProperty();
      const claim = (
        await owner.call('POST', `/api/properties/${owner.propertyId}/claims`, geyserClaim)
      ).json();
      const demo = await owner.call('POST', '/api/properties/demo/claims', geyserClaim);
      expect(demo.statusCode).toBe(404);
      expect(demo.json()).toEqual({ error: NOT_FOUND_MESSAGES.property });

      expect((await owner.call('POST', `/api/properties/${owner.propertyId}/archive`)).statusCode).toBe(200);
      expect((await owner.call('GET', `/api/claims/${claim.id}`)).json()).toEqual({
        error: NOT_FOUND_MESSAGES.claim,
      });
      expect((await owner.call('GET', '/api/claims')).json()).toEqual([]);
      for (const url of [
        `/api/properties/${owner.propertyId}/claims`,
        `/api/properties/${owner.propertyId}/callbacks`,
      ]) {
        const res = await owner.call('GET', url);
        expect(res.statusCode, url).toBe(404);
        expect(res.json()).toEqual({ error: NOT_FOUND_MESSAGES.property });
      }
    });
  });

  describe('Claim pack', () => {
    const fetchPack = async (owner: HttpOwner, claimId: string) => {
      const res = await fetch(`${origin}/api/claims/${claimId}/pack`, { headers: owner.headers });
      return { status: res.status, headers: res.headers, body: Buffer.from(await res.arrayBuffer()) };
    };

    it('holds the cover letter, the policy, the evidence for the incident and the photos, each as in the vault', async () => {
      const owner = await ownerWithProperty();
      const policyId = await uploadTo(owner, owner.propertyId, pdf('policy schedule'), 'application/pdf', {
        kind: 'policy',
        name: 'Home policy schedule.pdf',
      });
      const certificateId = await uploadTo(owner, owner.propertyId, pdf('geyser coc'), 'application/pdf', {
        kind: 'certificate',
        name: 'Geyser CoC.pdf',
        metadata: { certificate_type: 'geyser_coc', issued_on: daysAgo(400) },
      });
      const unrelated = await uploadTo(owner, owner.propertyId, pdf('deed'), 'application/pdf', {
        kind: 'deed',
        name: 'Title deed.pdf',
      });
      const photoId = await photo(owner, 'Bedroom ceiling.jpg');
      const started = await owner.call('POST', `/api/properties/${owner.propertyId}/claims`, {
        ...geyserClaim,
        document_ids: [photoId],
      });
      expect(started.statusCode, started.body).toBe(201);
      const claim = started.json();

      const pack = await fetchPack(owner, claim.id);
      expect(pack.status).toBe(200);
      expect(pack.headers.get('content-disposition')).toMatch(
        /filename="kloof-house-claim-pack-\d{4}-\d{2}-\d{2}\.zip"/,
      );
      const files = await unzip(pack.body);
      const manifest = JSON.parse(String(files.get('manifest.json')));
      const vault = (await owner.call('GET', `/api/properties/${owner.propertyId}/documents`)).json() as {
        id: string;
        sha256: string;
      }[];
      const inVault = new Map(vault.map((document) => [document.id, document.sha256]));
      const packedIds = manifest.files
        .filter((file: { document_id: string | null }) => file.document_id)
        .map((file: { document_id: string }) => file.document_id)
        .sort();
      expect(packedIds).toEqual([policyId, certificateId, photoId].sort());
      expect(packedIds).not.toContain(unrelated);
      for (const file of manifest.files as { path: string; sha256: string; document_id: string | null }[]) {
        const bytes = files.get(file.path) as Buffer;
        expect(sha256Hex(bytes), file.path).toBe(file.sha256);
        if (file.document_id) expect(file.sha256).toBe(inVault.get(file.document_id));
      }
      expect([...files.keys()].sort()).toEqual(
        [
          'manifest.json',
          'cover-letter.pdf',
          'claim.json',
          'policy/Home policy schedule.pdf',
          'evidence/geyser_certificate/Geyser CoC.pdf',
          'photos/Bedroom ceiling.jpg',
        ].sort(),
      );
      const { text } = await pdfTextOf(files.get('cover-letter.pdf') as Buffer);
      expect(text).toContain('Insurance claim: Burst geyser');
      expect(text).toContain(claim.property.dna_code);
      expect(text).toContain('The geyser in the roof burst overnight');
      expect(text).toContain('Geyser CoC.pdf');
      // No geyser service recorded: by default the letter lists what is enclosed, not what is missing
      // (test/pack-choices.test.ts: the owner can choose to say it).
      expect(text).not.toContain('Missing');
      expect(JSON.parse(String(files.get('claim.json'))).id).toBe(claim.id);
    });

    it("another owner's claim, an unknown or malformed id answer 404; no session 401", async () => {
      const owner = await ownerWithProperty();
      const started = await owner.call('POST', `/api/properties/${owner.propertyId}/claims`, geyserClaim);
      const rival = await ownerWithProperty();
      for (const id of [started.json().id, '00000000-0000-4000-8000-000000000000', 'not-a-claim']) {
        const res = await fetchPack(rival, id);
        expect(res.status).toBe(404);
        expect(JSON.parse(String(res.body))).toEqual({ error: NOT_FOUND_MESSAGES.claim });
      }
      expect((await fetch(`${origin}/api/claims/${started.json().id}/pack`)).status).toBe(401);
    });
  });

  describe('Schedule Call', () => {
    it('stores the request, lists it with its status and mails the support team in the same transaction', async () => {
      const owner = await ownerWithProperty();
      const res = await owner.call('POST', `/api/properties/${owner.propertyId}/callbacks`, {
        phone: ' 082 123 4567 ',
        preferred_time: 'afternoon',
        topic: 'Help with my burst geyser claim <please>',
      });
      expect(res.statusCode, res.body).toBe(201);
      const callback = res.json();
      expect(callback).toMatchObject({
        property_id: owner.propertyId,
        // Stored in E.164, whatever the spacing typed.
        phone: '+27821234567',
        preferred_time: 'afternoon',
        preferred_time_label: 'Afternoon (12:00–17:00)',
        topic: 'Help with my burst geyser claim <please>',
        status: 'requested',
        requested_by: 'Naledi Mokoena',
      });
      const list = await owner.call('GET', `/api/properties/${owner.propertyId}/callbacks`);
      expect(list.json()).toEqual([callback]);

      const property = (await owner.call('GET', `/api/properties/${owner.propertyId}`)).json();
      const mails = (await mailsTo(t, SUPPORT_EMAIL)).filter((mail) => mail.text?.includes(owner.email));
      expect(mails).toHaveLength(1);
      const [mail] = mails;
      expect(mail?.subject).toBe(`Callback request: Naledi Mokoena about Kloof House (${property.dnaCode})`);
      for (const part of [
        'Naledi Mokoena',
        owner.email,
        'Kloof House, 8 Kloof Street, Gardens',
        property.dnaCode,
        'Call +27821234567',
        'Preferred time: Afternoon (12:00–17:00)',
        'Topic: Help with my burst geyser claim <please>',
      ]) {
        expect(mail?.text).toContain(part);
      }
      // The HTML escapes what the owner typed.
      expect(mail?.html).toContain('&lt;please&gt;');
      expect(mail?.html).not.toContain('<please>');
    });

    it(`answers 429 after ${MAX_CALLBACKS_PER_HOUR} requests of one user within an hour`, async () => {
      const owner = await ownerWithProperty();
      const request = { phone: '082 123 4567', preferred_time: 'evening', topic: 'Please call' };
      const url = `/api/properties/${owner.propertyId}/callbacks`;
      for (let n = 0; n < MAX_CALLBACKS_PER_HOUR; n++) {
        expect((await owner.call('POST', url, request)).statusCode).toBe(201);
      }
      const before = await rowCounts();
      const refused = await owner.call('POST', url, request);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().error).toMatch(
        /^You have asked for several calls already\. Try again in \d+ minutes?\.$/,
      );
      expect(await rowCounts()).toEqual(before);
      expect((await owner.call('GET', url)).json()).toHaveLength(MAX_CALLBACKS_PER_HOUR);
    });

    it('refuses an incomplete request with the form’s messages, storing and mailing nothing', async () => {
      const owner = await ownerWithProperty();
      const before = await rowCounts();
      const res = await owner.call('POST', `/api/properties/${owner.propertyId}/callbacks`, {
        phone: 'call me',
        preferred_time: 'midnight',
        topic: '',
      });
      expect(res.statusCode).toBe(400);
      for (const message of [
        'Enter a valid phone number',
        ESCALATION_MESSAGES.preferredTimeRequired,
        ESCALATION_MESSAGES.topicRequired,
      ]) {
        expect(res.json().error).toContain(message);
      }
      expect(await rowCounts()).toEqual(before);
      expect((await mailsTo(t, SUPPORT_EMAIL)).filter((mail) => mail.text?.includes(owner.email))).toEqual(
        [],
      );
    });
  });

  describe('Find Provider', () => {
    /** Signs up a supplier through the API, with its public profile and (optionally) its insurance. */
    async function supplier(fields: {
      company: string;
      specialties: string;
      businessAddress: string;
      insuredUntil?: string;
      /** Reviewed evidence approved until this date (a past one: lapsed), with these trades. */
      checkedUntil?: string;
      trades?: Trade[];
      publicEmail?: string;
      /** Published with the e-mail address (the profile then holds all three). */
      publicPhone?: string;
      website?: string;
    }) {
      const email = `supplier-${process.pid}-${++signups}@example.co.za`;
      const signup = await t.app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        remoteAddress: testAddress(50_000 + signups),
        payload: {
          firstName: 'Sipho',
          lastName: 'Dlamini',
          email,
          password: 'a long password',
          userType: 'supplier',
          company: fields.company,
          registrationNumber: '2015/123456/07',
          specialties: fields.specialties,
          businessAddress: fields.businessAddress,
        },
      });
      expect(signup.statusCode, signup.body).toBe(201);
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password: 'a long password' },
      });
      const headers = { authorization: `Bearer ${login.json().token}` };
      if (fields.insuredUntil) {
        const insurance = await t.app.inject({
          method: 'PUT',
          url: '/api/supplier/insurance',
          headers,
          payload: { insurer: 'Santam', policy_number: 'PL-1', expires_at: fields.insuredUntil },
        });
        expect(insurance.statusCode, insurance.body).toBe(200);
      }
      if (fields.publicEmail) {
        const profile = await t.app.inject({
          method: 'PUT',
          url: '/api/supplier/profile',
          headers,
          payload: {
            company_name: fields.company,
            email: fields.publicEmail,
            phone: fields.publicPhone,
            website: fields.website,
            specialties: fields.specialties,
          },
        });
        expect(profile.statusCode, profile.body).toBe(200);
      }
      const id = login.json().organization.id as string;
      if (fields.checkedUntil) {
        await markDocumentsChecked(t.db.db, id, { validUntil: fields.checkedUntil, trades: fields.trades });
      }
      return { email, id };
    }

    let searcher: HttpOwner;
    let geyserPros: { email: string; id: string };
    let durbanPlumbers: { email: string; id: string };
    const insuredUntil = johannesburgToday(new Date(Date.now() + 365 * 86_400_000));

    beforeAll(async () => {
      searcher = await httpOwner(t, origin);
      geyserPros = await supplier({
        company: 'Geyser Pros CC',
        specialties: 'Geyser installation, Plumbing',
        businessAddress: '5 Dock Road, V&A Waterfront, Cape Town',
        insuredUntil,
        checkedUntil: insuredUntil,
        trades: ['plumbing'],
        publicEmail: 'hello@geyserpros.co.za',
      });
      // Typed insurance current for years, and reviewed evidence whose approval lapsed 10 days ago.
      durbanPlumbers = await supplier({
        company: 'Berea Plumbers',
        specialties: 'Plumbing',
        businessAddress: '10 Florida Road, Durban',
        insuredUntil: '2099-12-31',
        checkedUntil: daysAgo(10),
        trades: ['plumbing'],
      });
    });

    const search = async (query: string) => {
      const res = await searcher.call('GET', `/api/providers${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as {
        id: string;
        company_name: string;
        verified: boolean;
        verification: { level: string; checks: { status: string }[] };
      }[];
    };

    it('finds a registered supplier by specialty (any part, any case), with its public profile and insurance', async () => {
      const found = await search('?specialty=GEYSER');
      expect(found).toEqual([
        {
          id: geyserPros.id,
          company_name: 'Geyser Pros CC',
          trading_as: null,
          description: null,
          specialties: ['Geyser installation', 'Plumbing'],
          area: 'Cape Town',
          email: 'hello@geyserpros.co.za',
          phone: null,
          website: null,
          insured_until: insuredUntil,
          verified: true,
          verification: {
            level: 'documents_checked',
            checks: [
              expect.objectContaining({ kind: 'company_registration', status: 'approved' }),
              expect.objectContaining({ kind: 'trade_registration', status: 'approved', trade: 'plumbing' }),
              {
                kind: 'liability_insurance',
                status: 'approved',
                checked_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
                valid_until: insuredUntil,
                source: 'PropertyDNA review',
                trade: null,
                checked: 'Checked in a test',
              },
            ],
          },
        },
      ]);
    });

    it('puts checked suppliers first; typed insurance and a lapsed approval are not verified', async () => {
      const found = await search('?specialty=plumb');
      expect(found.map((provider) => [provider.company_name, provider.verified])).toEqual([
        ['Geyser Pros CC', true],
        ['Berea Plumbers', false],
      ]);
      expect(found[1]).toMatchObject({ insured_until: null, email: null });
      expect(found[1]?.verification.level).toBe('self_declared');
      expect(found[1]?.verification.checks.map((check) => check.status)).toEqual([
        'lapsed',
        'lapsed',
        'lapsed',
      ]);
    });

    it('finds a supplier by its specialty, unverified without insurance', async () => {
      const found = await search('?specialty=roofing');
      expect(found).toEqual([
        expect.objectContaining({
          company_name: 'Table Bay Roofing (Pty) Ltd',
          specialties: ['Roofing', 'Waterproofing', 'Gutters'],
          area: 'Cape Town',
          insured_until: null,
          verified: false,
          verification: { level: 'self_declared', checks: [] },
        }),
      ]);
    });

    it('filters by area: a municipality code finds the addresses that name its city', async () => {
      expect((await search('?municipality=CPT')).map((provider) => provider.company_name)).toEqual([
        'Geyser Pros CC',
        'Table Bay Roofing (Pty) Ltd',
      ]);
      expect((await search('?municipality=eThekwini&specialty=plumbing')).map((p) => p.company_name)).toEqual(
        ['Berea Plumbers'],
      );
      expect(await search('?municipality=Polokwane')).toEqual([]);
    });

    it('searches names and specialties with q, lists only suppliers and never their users’ addresses', async () => {
      expect((await search('?q=berea')).map((provider) => provider.company_name)).toEqual(['Berea Plumbers']);
      expect((await search('?q=waterproof')).map((provider) => provider.company_name)).toEqual([
        'Table Bay Roofing (Pty) Ltd',
      ]);
      // A homeowner's organisation is no provider, and a LIKE wildcard is just a character.
      expect(await search('?q=Naledi')).toEqual([]);
      expect(await search('?q=%25')).toEqual([]);
      const everyone = await searcher.call('GET', '/api/providers');
      expect(everyone.body).not.toContain(geyserPros.email);
      expect(everyone.body).not.toContain(durbanPlumbers.email);
      expect(everyone.body).not.toContain('@propertydna');
      expect(everyone.json().length).toBeGreaterThanOrEqual(3);
    });

    it('needs a signed-in caller and refuses an overlong search', async () => {
      const anonymous = await t.app.inject({ method: 'GET', url: '/api/providers' });
      expect(anonymous.statusCode).toBe(401);
      const long = await searcher.call('GET', `/api/providers?q=${'x'.repeat(101)}`);
      expect(long.statusCode).toBe(400);
      expect(long.json().error).toBe('Search must be at most 100 characters');
    });

    describe('on a property (issue 32 §6)', () => {
      type Found = {
        area: string | null;
        province: string | null;
        message: string | null;
        vendors: { id: string; name: string; email: string; specialties: string[] }[];
        providers: {
          id: string;
          company_name: string;
          email: string | null;
          phone: string | null;
          website: string | null;
          area: string | null;
        }[];
      };
      let owner: Owner;
      let rival: Owner;
      let winelands: { email: string; id: string };
      let ownSolarVendor: string;

      /** Invites a vendor to the owner's property and records its specialties; answers its id. */
      async function vendorOf(
        who: Owner,
        name: string,
        email: string,
        specialties: string[],
      ): Promise<string> {
        const invited = await who.call('POST', '/api/vendors/invite', {
          name,
          email,
          propertyId: who.propertyId,
        });
        expect(invited.statusCode, invited.body).toBe(201);
        const id = invited.json().vendor.id as string;
        if (specialties.length > 0) {
          const patched = await who.call('PATCH', `/api/vendors/${id}`, { specialties });
          expect(patched.statusCode, patched.body).toBe(200);
        }
        return id;
      }

      const find = async (who: Owner, query = '', propertyId = who.propertyId) => {
        const res = await who.call('GET', `/api/properties/${propertyId}/providers${query}`);
        expect(res.statusCode, res.body).toBe(200);
        return res.json() as Found;
      };
      const names = (found: Found) => ({
        vendors: found.vendors.map((vendor) => vendor.name),
        providers: found.providers.map((provider) => provider.company_name),
      });

      beforeAll(async () => {
        // Solar in the Western Cape, but not in Cape Town; and solar elsewhere, on a George Street and
        // in Edenvale (Gauteng), which no Western Cape place may match ('George', 'Eden').
        winelands = await supplier({
          company: 'Winelands Solar (Pty) Ltd',
          specialties: 'Solar, Electrical',
          businessAddress: '14 Dorp Street, Stellenbosch, 7600',
          publicEmail: 'info@winelandssolar.co.za',
          publicPhone: '021 555 0177',
          website: 'winelandssolar.example',
        });
        await supplier({
          company: 'Sandton Solar',
          specialties: 'Solar',
          businessAddress: '5 George Street, Sandton',
        });
        await supplier({
          company: 'Edenvale Solar',
          specialties: 'Solar',
          businessAddress: '3 Main Road, Edenvale',
        });
        owner = await ownerWithProperty();
        ownSolarVendor = await vendorOf(owner, 'Thabo Nkosi', 'thabo@sunsparks.example', [
          'Solar',
          'Electrical',
        ]);
        await vendorOf(owner, 'Sipho Dlamini', 'sipho@plumbing.example', ['Plumbing']);
        // Another organisation's vendor of the same specialty: never anyone else's.
        rival = await ownerWithProperty();
        await vendorOf(rival, 'Rival Solar Vendor', 'rival@solar.example', ['Solar']);
      });

      it("falls back to the province when the municipality has nobody of the specialty, and says so; the owner's own vendors first", async () => {
        const found = await find(owner, '?specialty=solar');
        expect(found).toMatchObject({
          area: 'City of Cape Town',
          province: 'Western Cape',
          message: 'No solar providers in City of Cape Town; showing providers in Western Cape',
        });
        expect(names(found)).toEqual({ vendors: ['Thabo Nkosi'], providers: ['Winelands Solar (Pty) Ltd'] });
        expect(found.vendors[0]).toMatchObject({ id: ownSolarVendor, email: 'thabo@sunsparks.example' });
        // What Winelands published, and only that: its area is the place, never the street.
        expect(found.providers[0]).toMatchObject({
          id: winelands.id,
          email: 'info@winelandssolar.co.za',
          phone: '+27215550177',
          // Stored as the profile keeps it (with its scheme).
          website: 'https://winelandssolar.example',
          area: 'Stellenbosch',
        });
        expect(JSON.stringify(found)).not.toContain('Dorp Street');
        expect(JSON.stringify(found)).not.toContain(winelands.email);
      });

      it('never lists another organisation’s vendors, and refuses another organisation’s property (404)', async () => {
        for (const query of ['', '?specialty=solar', '?q=rival', '?municipality=']) {
          const found = await find(owner, query);
          expect(found.vendors.map((vendor) => vendor.name)).not.toContain('Rival Solar Vendor');
          expect(JSON.stringify(found)).not.toContain('rival@solar.example');
        }
        const theirs = await owner.call(
          'GET',
          `/api/properties/${rival.propertyId}/providers?specialty=solar`,
        );
        expect(theirs.statusCode).toBe(404);
        expect(theirs.json()).toEqual({ error: NOT_FOUND_MESSAGES.property });
        expect(theirs.body).not.toContain('Rival');
        const viaTrpc = await owner.call(
          'GET',
          `/trpc/escalation.findProviders?input=${encodeURIComponent(JSON.stringify({ propertyId: rival.propertyId }))}`,
        );
        expect(viaTrpc.statusCode).toBe(404);
        expect(viaTrpc.body).not.toContain('Rival');
        // The rival's own search lists its own vendor.
        expect(names(await find(rival, '?specialty=solar')).vendors).toEqual(['Rival Solar Vendor']);
      });

      it('answers the same through tRPC', async () => {
        const input = { propertyId: owner.propertyId, specialty: 'solar' };
        const viaTrpc = await owner.call(
          'GET',
          `/trpc/escalation.findProviders?input=${encodeURIComponent(JSON.stringify(input))}`,
        );
        expect(viaTrpc.statusCode, viaTrpc.body).toBe(200);
        expect(viaTrpc.json().result.data).toEqual(await find(owner, '?specialty=solar'));
      });

      it('stays in the municipality when it has providers: every own vendor first, no widening', async () => {
        const found = await find(owner);
        expect(found).toMatchObject({ area: 'City of Cape Town', province: null, message: null });
        expect(names(found)).toEqual({
          vendors: ['Sipho Dlamini', 'Thabo Nkosi'],
          providers: ['Geyser Pros CC', 'Table Bay Roofing (Pty) Ltd'],
        });
        // Published nothing: no contact detail is made up.
        expect(found.providers[1]).toMatchObject({ email: null, phone: null, website: null });
      });

      it('searches another area when asked, anywhere when the area is empty, and says when the province has nobody either', async () => {
        expect(names(await find(owner, '?specialty=plumbing&municipality=Durban'))).toEqual({
          vendors: ['Sipho Dlamini'],
          providers: ['Berea Plumbers'],
        });
        const anywhere = await find(owner, '?specialty=solar&municipality=');
        expect(anywhere).toMatchObject({ area: null, province: null, message: null });
        expect(names(anywhere).providers).toEqual([
          'Edenvale Solar',
          'Sandton Solar',
          'Winelands Solar (Pty) Ltd',
        ]);
        const limpopo = await find(owner, '?specialty=solar&municipality=Polokwane');
        expect(limpopo).toMatchObject({
          area: 'Polokwane',
          province: 'Limpopo',
          message: 'No solar providers in Polokwane or elsewhere in Limpopo',
          providers: [],
        });
        // A province as the area: every place in it, by whole words ('George Street' is a street).
        expect(names(await find(owner, '?specialty=solar&municipality=Western%20Cape'))).toEqual({
          vendors: ['Thabo Nkosi'],
          providers: ['Winelands Solar (Pty) Ltd'],
        });
      });

      it('lists a supplier once, as the own vendor, once it is invited at the address it published', async () => {
        const other = await ownerWithProperty();
        await vendorOf(other, 'Winelands', 'INFO@winelandssolar.co.za', []);
        const found = await find(other, '?q=winelands');
        expect(names(found)).toEqual({ vendors: ['Winelands'], providers: [] });
        expect(found.province).toBe('Western Cape');
      });

      it('refuses an overlong area with the domain’s message', async () => {
        const res = await owner.call(
          'GET',
          `/api/properties/${owner.propertyId}/providers?municipality=${'x'.repeat(101)}`,
        );
        expect(res.statusCode).toBe(400);
        expect(res.json().error).toBe('Municipality must be at most 100 characters');
      });
    });
  });
});
