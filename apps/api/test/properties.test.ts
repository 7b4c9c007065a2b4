import { FREE_PLAN_LIMIT_MESSAGE, isValidDnaCode, PROPERTY_MESSAGES, parcelKey } from '@propertydna/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runComplianceCheck } from '../src/modules/compliance/compliance.service.js';
import {
  createProperty,
  PARCEL_TAKEN,
  storeMunicipalityCodes,
} from '../src/modules/properties/properties.service.js';
import { testAddress } from './support/accounts.js';
import { createTestApp, type TestApp } from './support/app.js';
import { databaseKind } from './support/database.js';

type Json = Record<string, unknown>;

const dialog = {
  name: 'Gardens House',
  address: '12 Kloof Street, Gardens, Cape Town',
  property_type: 'residential',
  country: 'ZA',
  municipality: 'CPT',
  parcel_id: 'A123',
  unit: '',
  deed_number: 'T12345/2019',
};
const form = {
  erfNumber: 'ERF 4567',
  township: 'Sea Point',
  municipality: 'City of Cape Town',
  address: '3 Beach Road, Sea Point',
  description: 'Flat with sea view',
  dnaCode: 'RES-1234-CT',
  isDemo: true,
};

describe(`properties (${databaseKind})`, () => {
  let t: TestApp;
  const queries: string[] = [];
  let counter = 0;

  beforeAll(async () => {
    t = await createTestApp({}, { onQuery: (text) => queries.push(text) });
    // The documents written here directly name one object: its row, which their foreign key needs.
    await t.db.db
      .insertInto('stored_objects')
      .values({ storage_key: 'ab/ab000000000000000000000000000000' })
      .execute();
  });
  afterAll(async () => {
    await t.close();
  });

  /** A new account; `premium` puts its organisation on the Premium plan. */
  async function account(plan: 'free' | 'premium' = 'premium') {
    const email = `owner${++counter}@example.co.za`;
    const signup = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      remoteAddress: testAddress(5000 + counter),
      payload: {
        firstName: 'Sipho',
        lastName: 'Dlamini',
        email,
        password: 'a long password',
        userType: 'homeowner',
      },
    });
    expect(signup.statusCode).toBe(201);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: 'a long password' },
    });
    const token = login.json().token as string;
    const organizationId = login.json().organization.id as string;
    if (plan === 'premium') {
      await t.db.db
        .updateTable('organizations')
        .set({ plan: 'premium' })
        .where('id', '=', organizationId)
        .execute();
    }
    const call = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: Json) =>
      t.app.inject({ method, url, payload, headers: { authorization: `Bearer ${token}` } });
    return { organizationId, token, call };
  }

  it('stores the names of properties registered before the list as codes, keeping DNA codes and never merging two', async () => {
    const { organizationId } = await account();
    const legacy = (dna: string, municipality: string, parcel: string, created: string) => ({
      organization_id: organizationId,
      dna_code: dna,
      // The key as it was built then: from the typed name.
      parcel_key: parcelKey({ country: 'ZA', municipality, parcel_id: parcel }),
      name: dna,
      address: `${parcel} Main Rd`,
      property_type: 'residential' as const,
      country: 'ZA' as const,
      municipality,
      parcel_id: parcel,
      created_at: new Date(created),
    });
    await t.db.db
      .insertInto('properties')
      .values([
        legacy('ZA-CITYOFCAPE-ERF1-2025-AAAAAA', 'City of Cape Town', 'ERF1', '2025-01-01'),
        legacy('ZA-STELLENBOS-ERF2-2025-BBBBBB', 'stellenbosch', 'ERF2', '2025-01-02'),
        legacy('ZA-NOWHERE-ERF3-2025-CCCCCC', 'Nowhere', 'ERF3', '2025-01-03'),
        // The same parcel registered twice, under the code and under a spelling of its name.
        legacy('ZA-CPT-ERF9-2025-DDDDDD', 'CPT', 'ERF9', '2025-01-04'),
        legacy('ZA-CAPETOWN-ERF9-2025-EEEEEE', 'city of cape town', 'ERF9', '2025-01-05'),
      ])
      .execute();

    expect(await storeMunicipalityCodes(t.db.db)).toBe(2);
    expect(await storeMunicipalityCodes(t.db.db)).toBe(0);

    const rows = await t.db.db
      .selectFrom('properties')
      .select(['dna_code', 'municipality', 'parcel_key'])
      .where('organization_id', '=', organizationId)
      .orderBy('dna_code')
      .execute();
    expect(rows).toEqual([
      {
        dna_code: 'ZA-CAPETOWN-ERF9-2025-EEEEEE',
        municipality: 'city of cape town',
        parcel_key: 'ZA-CITYOFCAPE-ERF9-',
      },
      { dna_code: 'ZA-CITYOFCAPE-ERF1-2025-AAAAAA', municipality: 'CPT', parcel_key: 'ZA-CPT-ERF1-' },
      { dna_code: 'ZA-CPT-ERF9-2025-DDDDDD', municipality: 'CPT', parcel_key: 'ZA-CPT-ERF9-' },
      { dna_code: 'ZA-NOWHERE-ERF3-2025-CCCCCC', municipality: 'Nowhere', parcel_key: 'ZA-NOWHERE-ERF3-' },
      { dna_code: 'ZA-STELLENBOS-ERF2-2025-BBBBBB', municipality: 'WC024', parcel_key: 'ZA-WC024-ERF2-' },
    ]);
  });

  describe('create', () => {
    it('registers the dialog payload and issues a valid, permanent DNA code', async () => {
      const { call } = await account();
      const res = await call('POST', '/api/properties', dialog);
      expect(res.statusCode).toBe(201);
      const property = res.json();
      expect(property.dna_id).toMatch(/^PDNA-ZA-CPT-A123-\d{4}-[2-9A-HJKMNP-Z]{6}$/);
      expect(isValidDnaCode(property.dna_id)).toBe(true);
      expect(property.dnaCode).toBe(property.dna_id);
      expect(property).toMatchObject({
        name: 'Gardens House',
        property_type: 'residential',
        country: 'ZA',
        parcel_id: 'A123',
        erfNumber: 'A123',
        unit: null,
        deed_number: 'T12345/2019',
        documentsCount: 0,
        // Checked when created: no insurance policy is as severe as an expired one (the severity scale).
        complianceStatus: 'critical',
        isDemo: false,
      });
      // Issue 32: the card says why, in one line: the check's worst gap, and how many more.
      const check = await call('GET', `/api/properties/${property.id}/policy-check`);
      expect(check.statusCode).toBe(200);
      const gaps = (
        check.json().findings as { type: string; context: string; severity: string; title: string }[]
      ).filter((finding) => finding.type === 'gap' && finding.context !== 'transfer');
      const worst = gaps.find((gap) => gap.severity === 'high');
      expect(worst).toBeDefined();
      expect(property.complianceReason).toBe(
        gaps.length > 1 ? `${worst?.title} (and ${gaps.length - 1} more)` : worst?.title,
      );
      const listed = (await call('GET', '/api/properties')).json() as {
        id: string;
        complianceReason: string;
      }[];
      expect(listed.find((one) => one.id === property.id)?.complianceReason).toBe(property.complianceReason);
    });

    it('registers the add-property form payload, answers its id, and ignores the client dnaCode and isDemo', async () => {
      const { call } = await account();
      const res = await call('POST', '/api/properties', form);
      expect(res.statusCode).toBe(201);
      const property = res.json();
      expect(property.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(property.dnaCode).not.toBe('RES-1234-CT');
      // 'City of Cape Town' is the MDB's CPT: the property stores the code and its DNA code carries it.
      expect(property.dnaCode).toMatch(/^PDNA-ZA-CPT-ERF4567-/);
      expect(property).toMatchObject({
        municipality: 'CPT',
        name: '3 Beach Road, Sea Point',
        isDemo: false,
        erfNumber: 'ERF 4567',
        township: 'Sea Point',
        address: '3 Beach Road, Sea Point',
        description: 'Flat with sea view',
      });
      const stored = await t.db.db
        .selectFrom('properties')
        .select(['dna_code', 'is_demo'])
        .where('id', '=', property.id)
        .executeTakeFirstOrThrow();
      expect(stored).toEqual({ dna_code: property.dnaCode, is_demo: false });
    });

    const dialogMessages: [Json, string][] = [
      [{ name: '' }, PROPERTY_MESSAGES.nameRequired],
      [{ address: '' }, PROPERTY_MESSAGES.addressRequired],
      [{ country: '' }, PROPERTY_MESSAGES.countryRequired],
      [{ municipality: '' }, PROPERTY_MESSAGES.municipalityRequired],
      [{ parcel_id: '' }, PROPERTY_MESSAGES.parcelIdRequired],
    ];
    const formMessages: [Json, string][] = [
      [{ erfNumber: '' }, PROPERTY_MESSAGES.erfNumberRequired],
      [{ township: '' }, PROPERTY_MESSAGES.townshipRequired],
      [{ municipality: '' }, PROPERTY_MESSAGES.municipalityRequired],
      [{ address: '' }, PROPERTY_MESSAGES.propertyAddressRequired],
    ];
    for (const [base, cases] of [
      [dialog, dialogMessages],
      [form, formMessages],
    ] as const) {
      for (const [change, message] of cases) {
        it(`answers 400 '${message}' and stores nothing`, async () => {
          const { call, organizationId } = await account();
          const res = await call('POST', '/api/properties', { ...base, ...change });
          expect(res.statusCode).toBe(400);
          expect(res.json().error).toBe(message);
          const rows = await t.db.db
            .selectFrom('properties')
            .select('id')
            .where('organization_id', '=', organizationId)
            .execute();
          expect(rows).toEqual([]);
        });
      }
    }

    it("takes the form's Property Name when given", async () => {
      const { call } = await account();
      const res = await call('POST', '/api/properties', { ...form, name: 'Sea Point flat' });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ name: 'Sea Point flat', address: '3 Beach Road, Sea Point' });
    });

    it.each([
      ['wc024', 'WC024'],
      ['stellenbosch', 'WC024'],
      ['City of Johannesburg', 'JHB'],
    ])('maps the municipality %j to the MDB code %s, in the DNA code too', async (municipality, code) => {
      const { call } = await account();
      const res = await call('POST', '/api/properties', { ...dialog, municipality });
      expect(res.statusCode).toBe(201);
      expect(res.json().municipality).toBe(code);
      expect(res.json().dna_id).toMatch(new RegExp(`^PDNA-ZA-${code}-A123-`));
    });

    it.each([
      [
        dialog,
        'Gotham',
        'Unknown municipality "Gotham": choose a South African municipality from the list (name or code, e.g. CPT or WC011)',
      ],
      [
        form,
        'DC1',
        'West Coast (DC1) is a district municipality: choose the local municipality the property is in',
      ],
      [form, 'Emalahleni', '"Emalahleni" names more than one municipality: choose EC136 or MP312'],
    ])('answers 400 for a municipality off the list (%#)', async (base, municipality, message) => {
      const { call, organizationId } = await account();
      const res = await call('POST', '/api/properties', { ...base, municipality });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe(message);
      const rows = await t.db.db
        .selectFrom('properties')
        .select('id')
        .where('organization_id', '=', organizationId)
        .execute();
      expect(rows).toEqual([]);
    });

    it('keeps the DNA code and typed municipality of a property registered before the list', async () => {
      const { call, organizationId } = await account();
      // What a create stored before the list: the typed name, its DNA code made from it.
      const before = await createProperty(t.db.db, organizationId, {
        name: 'Old home',
        address: '1 Old Road',
        property_type: 'residential',
        country: 'ZA',
        municipality: 'City of Cape Town',
        parcel_id: 'OLD1',
      });
      expect(before.dnaCode).toMatch(/^PDNA-ZA-CITYOFCAPE-OLD1-/);
      const read = (await call('GET', `/api/properties/${before.id}`)).json();
      expect(read).toMatchObject({ dna_id: before.dnaCode, municipality: 'City of Cape Town' });
      const edited = await call('PATCH', `/api/properties/${before.id}`, { name: 'Old home, renamed' });
      expect(edited.json()).toMatchObject({ dnaCode: before.dnaCode, municipality: 'City of Cape Town' });
    });

    it('refuses the same parcel twice in one organisation with 409', async () => {
      const { call } = await account();
      expect((await call('POST', '/api/properties', dialog)).statusCode).toBe(201);
      const again = await call('POST', '/api/properties', {
        ...dialog,
        name: 'Other name',
        municipality: ' cpt ',
      });
      expect(again.statusCode).toBe(409);
      expect(again.json().error).toBe(PARCEL_TAKEN);
      // Another unit of the same parcel is another property.
      expect((await call('POST', '/api/properties', { ...dialog, unit: '12A' })).statusCode).toBe(201);
    });

    it('lets two organisations register the same parcel', async () => {
      expect((await (await account()).call('POST', '/api/properties', dialog)).statusCode).toBe(201);
      expect((await (await account()).call('POST', '/api/properties', dialog)).statusCode).toBe(201);
    });

    it('never gives two properties one DNA code, even when the random draw repeats', async () => {
      const { organizationId, call } = await account();
      const first = (await call('POST', '/api/properties', dialog)).json();
      await call('POST', `/api/properties/${first.id}/archive`);
      // Same parcel again (allowed once archived) with a random source that first repeats the old suffix.
      const suffixDraws = [...first.dnaCode.slice(-6, -1)].map(
        (c: string) => ('23456789ABCDEFGHJKMNPQRSTUVWXYZ'.indexOf(c) + 0.5) / 31,
      );
      const draws = [...suffixDraws, 0.1, 0.2, 0.3, 0.4, 0.5];
      const year = Number(first.dnaCode.split('-').at(-2));
      const second = await createProperty(
        t.db.db,
        organizationId,
        { ...dialog, unit: undefined, property_type: 'residential', country: 'ZA' },
        new Date(`${year}-06-01T12:00:00Z`),
        () => draws.shift() ?? 0.9,
      );
      expect(second.dnaCode).not.toBe(first.dnaCode);
      expect(isValidDnaCode(second.dnaCode)).toBe(true);
    });

    it('gives concurrent creates distinct DNA codes, and one parcel only once', async () => {
      const { call, organizationId } = await account();
      const distinct = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          call('POST', '/api/properties', { ...dialog, parcel_id: `P${i}` }),
        ),
      );
      expect(distinct.map((r) => r.statusCode)).toEqual(Array(8).fill(201));
      expect(new Set(distinct.map((r) => r.json().dnaCode)).size).toBe(8);
      const same = await Promise.all(
        Array.from({ length: 5 }, () => call('POST', '/api/properties', { ...dialog, parcel_id: 'SAME' })),
      );
      expect(same.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409, 409]);
      const count = await t.db.db
        .selectFrom('properties')
        .select(sql<number>`count(*)`.as('n'))
        .where('organization_id', '=', organizationId)
        .executeTakeFirstOrThrow();
      expect(Number(count.n)).toBe(9);
    });
  });

  describe('plan limits', () => {
    it('lets a Free organisation have 1 property, answers 403 on the second, and the trial lifts the limit once', async () => {
      const { call } = await account('free');
      expect((await call('POST', '/api/properties', dialog)).statusCode).toBe(201);
      const second = await call('POST', '/api/properties', { ...dialog, parcel_id: 'B2' });
      expect(second.statusCode).toBe(403);
      expect(second.json().error).toBe(FREE_PLAN_LIMIT_MESSAGE);
      expect(second.json().error).toMatch(/Free plan.*Premium/);

      const trial = await call('POST', '/api/plan/trial');
      expect(trial.statusCode).toBe(200);
      const ends = new Date(trial.json().trialEndsAt).getTime();
      expect(Math.round((ends - Date.now()) / 86_400_000)).toBe(14);
      expect((await call('POST', '/api/properties', { ...dialog, parcel_id: 'B2' })).statusCode).toBe(201);

      const again = await call('POST', '/api/plan/trial');
      expect(again.statusCode).toBe(409);
    });

    it('does not let concurrent creates slip past the Free limit', async () => {
      const { call } = await account('free');
      const results = await Promise.all(
        Array.from({ length: 4 }, (_, i) =>
          call('POST', '/api/properties', { ...dialog, parcel_id: `C${i}` }),
        ),
      );
      expect(results.map((r) => r.statusCode).sort()).toEqual([201, 403, 403, 403]);
    });
  });

  describe('read, edit, archive', () => {
    it('edits descriptive fields but never the DNA code', async () => {
      const { call } = await account();
      const created = (await call('POST', '/api/properties', dialog)).json();
      const res = await call('PATCH', `/api/properties/${created.id}`, {
        name: 'Renamed',
        township: 'Gardens',
        dnaCode: 'PDNA-ZA-HACK-1-2024-222222',
        dna_id: 'PDNA-ZA-HACK-1-2024-222222',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ name: 'Renamed', township: 'Gardens', dnaCode: created.dnaCode });
      await expect(
        t.db.db
          .updateTable('properties')
          .set({ dna_code: 'PDNA-ZA-X-1-2024-222222' })
          .where('id', '=', created.id)
          .execute(),
      ).rejects.toThrow(/cannot be changed/);
    });

    it('answers 404 for a foreign, unknown or malformed id, and changes nothing', async () => {
      const owner = await account();
      const outsider = await account();
      const created = (await owner.call('POST', '/api/properties', dialog)).json();
      for (const [method, url, payload] of [
        ['GET', `/api/properties/${created.id}`],
        ['PATCH', `/api/properties/${created.id}`, { name: 'Stolen' }],
        ['POST', `/api/properties/${created.id}/archive`],
        ['GET', '/api/properties/00000000-0000-4000-8000-000000000000'],
        ['GET', '/api/properties/not-a-uuid'],
      ] as const) {
        const res = await outsider.call(method, url, payload);
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.json()).toEqual({ error: PROPERTY_MESSAGES.notFound });
      }
      const row = await t.db.db
        .selectFrom('properties')
        .selectAll()
        .where('id', '=', created.id)
        .executeTakeFirstOrThrow();
      expect(row.name).toBe(dialog.name);
      expect(row.archived_at).toBeNull();
      expect((await owner.call('GET', `/api/properties/${created.id}`)).json().name).toBe(dialog.name);
    });

    it('archives: the property leaves the list, its documents are kept', async () => {
      const { call, organizationId } = await account();
      const created = (await call('POST', '/api/properties', dialog)).json();
      await t.db.db
        .insertInto('documents')
        .values({
          organization_id: organizationId,
          property_id: created.id,
          kind: 'deed',
          name: 'Title deed.pdf',
          storage_key: 'ab/ab000000000000000000000000000000',
          sha256: 'a'.repeat(64),
          bytes: 100,
          content_type: 'application/pdf',
          source: 'owner_upload',
        })
        .execute();
      expect((await call('POST', `/api/properties/${created.id}/archive`)).statusCode).toBe(200);
      expect((await call('GET', '/api/properties')).json()).toEqual([]);
      const docs = await t.db.db
        .selectFrom('documents')
        .select('id')
        .where('property_id', '=', created.id)
        .execute();
      expect(docs).toHaveLength(1);
    });

    it('lists with document counts, last activity and compliance from the stored checks, in one query', async () => {
      const { call, organizationId, token } = await account();
      const a = (await call('POST', '/api/properties', { ...dialog, parcel_id: 'L1' })).json();
      const now = Date.now();
      const doc = (
        propertyId: string,
        kind: 'certificate' | 'policy' | 'deed',
        expiresInDays: number | null,
        createdAt = new Date(),
      ) => ({
        organization_id: organizationId,
        property_id: propertyId,
        kind,
        name: `${kind}.pdf`,
        storage_key: 'ab/ab000000000000000000000000000000',
        sha256: 'b'.repeat(64),
        bytes: 10,
        content_type: 'application/pdf',
        source: 'owner_upload' as const,
        expires_at: expiresInDays === null ? null : new Date(now + expiresInDays * 86_400_000),
        created_at: createdAt,
      });
      await t.db.db
        .insertInto('documents')
        .values([doc(a.id, 'deed', null), doc(a.id, 'certificate', 400)])
        .execute();

      const countListQueries = async () => {
        queries.length = 0;
        const res = await t.app.inject({
          method: 'GET',
          url: '/api/properties',
          headers: { authorization: `Bearer ${token}` },
        });
        expect(res.statusCode).toBe(200);
        return { body: res.json(), count: queries.length };
      };
      const one = await countListQueries();
      expect(one.body).toHaveLength(1);
      // Checked when created: no insurance policy is a critical gap; rows written here bypass the recheck.
      expect(one.body[0]).toMatchObject({ documentsCount: 2, complianceStatus: 'critical' });

      const b = (await call('POST', '/api/properties', { ...dialog, parcel_id: 'L2' })).json();
      const c = (await call('POST', '/api/properties', { ...dialog, parcel_id: 'L3' })).json();
      const later = new Date(now + 60_000);
      await t.db.db
        .insertInto('documents')
        .values([doc(b.id, 'policy', 10, later), doc(c.id, 'certificate', -1)])
        .execute();
      // What the recheck job does after an upload through the API.
      for (const id of [b.id, c.id]) await runComplianceCheck(t.db.db, organizationId, id);
      const three = await countListQueries();
      // The session lookup, the portfolio's version and the list itself: the same count for 1
      // property and for 3.
      expect(three.count).toBe(one.count);
      expect(three.count).toBeLessThanOrEqual(3);
      // Nothing changed since: the list comes from memory, after the version read alone.
      const again = await countListQueries();
      expect(again.body).toEqual(three.body);
      expect(again.count).toBe(three.count - 1);
      const byId = Object.fromEntries(three.body.map((p: Json) => [p.id, p]));
      expect(byId[b.id]).toMatchObject({
        documentsCount: 1,
        complianceStatus: 'warning',
        lastActivity: later.toISOString(),
      });
      expect(byId[c.id]).toMatchObject({ documentsCount: 1, complianceStatus: 'critical' });

      const stats = await call('GET', '/api/dashboard/stats');
      expect(stats.json()).toEqual({
        properties: 3,
        documents: 4,
        compliance: { good: 0, warning: 1, critical: 2 },
        upcomingReminders: 1,
        expiringDocuments: 1,
      });

      // A property not checked yet (a moment after an upgrade) is judged by its earliest expiry.
      // Its one-line reason says what that expiry means.
      await t.db.db.deleteFrom('compliance_checks').where('property_id', 'in', [a.id, b.id, c.id]).execute();
      const unchecked = Object.fromEntries((await countListQueries()).body.map((p: Json) => [p.id, p]));
      expect(unchecked[a.id]).toMatchObject({ complianceStatus: 'good', complianceReason: null });
      expect(unchecked[b.id]).toMatchObject({
        complianceStatus: 'warning',
        complianceReason: 'A document expires within 30 days',
      });
      expect(unchecked[c.id]).toMatchObject({
        complianceStatus: 'critical',
        complianceReason: 'A document has expired',
      });
      expect((await call('GET', '/api/dashboard/stats')).json().compliance).toEqual({
        good: 1,
        warning: 1,
        critical: 1,
      });
    });

    it('answers 401 without a session', async () => {
      expect((await t.app.inject({ method: 'GET', url: '/api/properties' })).statusCode).toBe(401);
      expect(
        (await t.app.inject({ method: 'POST', url: '/api/properties', payload: dialog })).statusCode,
      ).toBe(401);
    });
  });
});
