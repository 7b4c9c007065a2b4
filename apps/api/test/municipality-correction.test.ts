import { isValidDnaCode, PROPERTY_MESSAGES, parcelKey } from '@propertydna/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { complianceRecheckJob } from '../src/modules/compliance/compliance.jobs.js';
import { parcelTakenIn } from '../src/modules/properties/properties.service.js';
import { signUpAndLogIn, type TestAccount } from './support/accounts.js';
import { createTestApp, type TestApp } from './support/app.js';
import { databaseKind } from './support/database.js';

type Door = 'rest' | 'trpc';

/**
 * Issue 32 §5: a property's municipality is corrected after creation (Edit), through both doors, while
 * its DNA code stays as issued; the correction is in the property's audit trail and reruns its check.
 */
describe(`municipality correction (${databaseKind})`, () => {
  let t: TestApp;
  let parcel = 0;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const inject = (
    account: Pick<TestAccount, 'headers'> | null,
    method: 'GET' | 'POST' | 'PATCH',
    url: string,
    payload?: unknown,
  ) =>
    t.app.inject({
      method,
      url,
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
      headers: account?.headers ?? {},
    });

  /** A property of `account` registered (by mistake) in Cape Agulhas, with a Cape Town address. */
  async function capeAgulhasProperty(account: TestAccount, parcelId = `ERF${++parcel}`) {
    const res = await inject(account, 'POST', '/api/properties', {
      name: 'Long Street flat',
      address: '12 Long Street, Cape Town, 8001',
      municipality: 'WC033',
      parcel_id: parcelId,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: string; dnaCode: string; municipality: string };
  }

  /** Corrects the municipality through one door: the status and the body as JSON. */
  async function correct(account: TestAccount | null, door: Door, id: string, municipality: unknown) {
    const res =
      door === 'rest'
        ? await inject(account, 'PATCH', `/api/properties/${id}`, { municipality })
        : await inject(account, 'POST', '/trpc/properties.update', { id, patch: { municipality } });
    const body = res.json();
    return {
      status: res.statusCode,
      property: door === 'rest' ? body : body.result?.data,
      message: door === 'rest' ? body.error : body.error?.message,
    };
  }

  const stored = (id: string) =>
    t.db.db
      .selectFrom('properties')
      .select(['dna_code', 'municipality', 'parcel_key', 'parcel_id', 'updated_at'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  const corrections = (id: string) =>
    t.db.db
      .selectFrom('audit_events')
      .select(['user_id', 'ip', 'details', 'created_at', 'organization_id', 'document_id'])
      .where('action', '=', 'municipality_correct')
      .where(({ eb, ref }) => eb(ref('details', '->>').key('propertyId'), '=', id))
      .orderBy('id')
      .execute();

  const rules = async (id: string) => {
    const check = await t.db.db
      .selectFrom('compliance_checks')
      .select(['findings', 'stale'])
      .where('property_id', '=', id)
      .executeTakeFirstOrThrow();
    return { stale: check.stale, rules: check.findings.map((finding) => finding.rule) };
  };

  it.each(['rest', 'trpc'] as const)(
    'corrects the municipality through the %s door: the DNA code stays as issued, the history records it, the check reruns',
    async (door) => {
      const owner = await signUpAndLogIn(t);
      const created = await capeAgulhasProperty(owner);
      expect(created.dnaCode).toMatch(/^PDNA-ZA-WC033-ERF\d+-\d{4}-[A-Z0-9]{6}$/);
      // Cape Town's plumbing certificate on transfer is not a rule of Cape Agulhas.
      expect((await rules(created.id)).rules).not.toContain('plumbing_coc.transfer');

      const before = new Date();
      const res = await correct(owner, door, created.id, 'City of Cape Town');
      expect(res.status).toBe(200);
      expect(res.property).toMatchObject({
        id: created.id,
        municipality: 'CPT',
        dnaCode: created.dnaCode,
        dna_id: created.dnaCode,
      });
      const row = await stored(created.id);
      expect(row.dna_code).toBe(created.dnaCode);
      expect(isValidDnaCode(row.dna_code)).toBe(true);
      expect(row.municipality).toBe('CPT');
      // The duplicate check follows the municipality; the identifier does not.
      expect(row.parcel_key).toBe(
        parcelKey({ country: 'ZA', municipality: 'CPT', parcel_id: row.parcel_id }),
      );

      // The history: old → new, who, when, from where.
      const [event, ...more] = await corrections(created.id);
      expect(more).toEqual([]);
      expect(event).toMatchObject({
        organization_id: owner.organizationId,
        user_id: owner.userId,
        document_id: null,
        details: { propertyId: created.id, from: 'WC033', to: 'CPT', dnaCode: created.dnaCode },
      });
      expect(event?.ip).toBeTruthy();
      expect(new Date(event?.created_at ?? 0).getTime()).toBeGreaterThanOrEqual(before.getTime() - 1000);
      const trail = await inject(owner, 'GET', `/api/reports/audit-trail?propertyId=${created.id}`);
      expect(trail.statusCode).toBe(200);
      const line = trail.body.split('\n').find((text) => text.includes('Municipality corrected'));
      expect(line).toContain('Naledi Mokoena');
      expect(line).toContain(
        `From Cape Agulhas (WC033) to City of Cape Town (CPT); the DNA code ${created.dnaCode} is unchanged`,
      );

      // The rules of the municipality rerun as after a change of features: stale now, rechecked by the job.
      expect((await rules(created.id)).stale).toBe(true);
      expect(await t.services.jobs.runQueued(complianceRecheckJob)).toBeGreaterThanOrEqual(1);
      const after = await rules(created.id);
      expect(after.stale).toBe(false);
      expect(after.rules).toContain('plumbing_coc.transfer');

      // The property reads the same at both doors: the new municipality, the same code.
      const read = await inject(owner, 'GET', `/api/properties/${created.id}`);
      expect(read.json()).toMatchObject({ municipality: 'CPT', dnaCode: created.dnaCode });
    },
  );

  it('changes nothing and records nothing when the municipality named is the one it has', async () => {
    const owner = await signUpAndLogIn(t);
    const created = await capeAgulhasProperty(owner);
    await t.services.jobs.runQueued(complianceRecheckJob);
    for (const door of ['rest', 'trpc'] as const) {
      const res = await correct(owner, door, created.id, 'cape agulhas');
      expect(res.status, door).toBe(200);
      expect(res.property).toMatchObject({ municipality: 'WC033', dnaCode: created.dnaCode });
    }
    expect(await corrections(created.id)).toEqual([]);
    expect((await rules(created.id)).stale).toBe(false);
  });

  it('refuses a municipality that does not exist, a district, a shared name or a blank with 400 and its message, at both doors', async () => {
    const owner = await signUpAndLogIn(t);
    const created = await capeAgulhasProperty(owner);
    const before = await stored(created.id);
    for (const [value, message] of [
      [
        'XYZ',
        'Unknown municipality "XYZ": choose a South African municipality from the list (name or code, e.g. CPT or WC011)',
      ],
      [
        'DC1',
        'West Coast (DC1) is a district municipality: choose the local municipality the property is in',
      ],
      ['Emalahleni', '"Emalahleni" names more than one municipality: choose EC136 or MP312'],
      ['  ', PROPERTY_MESSAGES.municipalityRequired],
      ['---', 'Municipality must contain a letter or digit (A–Z, 0–9)'],
      [42, PROPERTY_MESSAGES.municipalityRequired],
    ] as const) {
      for (const door of ['rest', 'trpc'] as const) {
        const res = await correct(owner, door, created.id, value);
        expect(res.status, `${door} ${value}`).toBe(400);
        expect(res.message, `${door} ${value}`).toContain(message);
      }
    }
    expect(await stored(created.id)).toEqual(before);
    expect(await corrections(created.id)).toEqual([]);
  });

  it('refuses with 409 a correction that would make the property a second copy of one in the portfolio', async () => {
    const owner = await signUpAndLogIn(t);
    const inCapeTown = await inject(owner, 'POST', '/api/properties', {
      name: 'Already here',
      address: '12 Long Street, Cape Town',
      municipality: 'CPT',
      parcel_id: 'TWICE1',
    });
    expect(inCapeTown.statusCode).toBe(201);
    const mistaken = await capeAgulhasProperty(owner, 'TWICE1');
    const before = await stored(mistaken.id);
    for (const door of ['rest', 'trpc'] as const) {
      const res = await correct(owner, door, mistaken.id, 'CPT');
      expect(res.status, door).toBe(409);
      expect(res.message).toBe(parcelTakenIn('CPT'));
    }
    expect(parcelTakenIn('CPT')).toBe(
      'Another property in your portfolio already has this parcel in City of Cape Town (CPT)',
    );
    expect(await stored(mistaken.id)).toEqual(before);
    expect(await corrections(mistaken.id)).toEqual([]);
    // Once the other one is archived, the parcel is free in Cape Town.
    expect((await inject(owner, 'POST', `/api/properties/${inCapeTown.json().id}/archive`)).statusCode).toBe(
      200,
    );
    expect((await correct(owner, 'rest', mistaken.id, 'CPT')).status).toBe(200);
  });

  it("answers 404 for another organisation's, an archived, an unknown or a malformed property, and changes nothing", async () => {
    const owner = await signUpAndLogIn(t);
    const created = await capeAgulhasProperty(owner);
    const archived = await capeAgulhasProperty(owner);
    expect((await inject(owner, 'POST', `/api/properties/${archived.id}/archive`)).statusCode).toBe(200);
    const outsider = await signUpAndLogIn(t);
    const supplier = await signUpAndLogIn(t, 'supplier');
    for (const door of ['rest', 'trpc'] as const) {
      for (const [who, id] of [
        [outsider, created.id],
        [supplier, created.id],
        [owner, archived.id],
        [owner, '00000000-0000-4000-8000-000000000000'],
        [owner, 'not-a-uuid'],
      ] as const) {
        const res = await correct(who, door, id, 'CPT');
        expect(res.status, `${door} ${id}`).toBe(404);
        expect(res.message).toBe(PROPERTY_MESSAGES.notFound);
      }
    }
    expect((await stored(created.id)).municipality).toBe('WC033');
    expect((await stored(archived.id)).municipality).toBe('WC033');
    expect(await corrections(created.id)).toEqual([]);
  });

  it('needs a session, and a cookie-borne correction from our own origin, as every property edit', async () => {
    const owner = await signUpAndLogIn(t);
    const created = await capeAgulhasProperty(owner);
    for (const door of ['rest', 'trpc'] as const) {
      expect((await correct(null, door, created.id, 'CPT')).status, door).toBe(401);
      const crossSite = await t.app.inject({
        method: door === 'rest' ? 'PATCH' : 'POST',
        url: door === 'rest' ? `/api/properties/${created.id}` : '/trpc/properties.update',
        payload:
          door === 'rest' ? { municipality: 'CPT' } : { id: created.id, patch: { municipality: 'CPT' } },
        cookies: { auth_session: owner.token },
        headers: { origin: 'https://evil.example' },
      });
      expect(crossSite.statusCode, door).toBe(403);
    }
    expect((await stored(created.id)).municipality).toBe('WC033');
    expect(await corrections(created.id)).toEqual([]);
  });

  it('documents the correction in OpenAPI: the PATCH body takes a municipality', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const patch = doc.paths['/api/properties/{id}'].patch;
    expect(patch.summary).toMatch(/correct its municipality: the DNA code stays as issued/);
    const schema = patch.requestBody.content['application/json'].schema;
    const body = schema.$ref ? doc.components.schemas[schema.$ref.split('/').at(-1)] : schema;
    expect(body.properties.municipality.description).toMatch(/the DNA code does not change/);
  });
});
