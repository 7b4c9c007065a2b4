import { COMPLIANCE_STATUSES, type ComplianceStatus, PROPERTY_PAGE_MESSAGES } from '@propertydna/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { propertySchema } from '../src/modules/properties/properties.schemas.js';
import { signUpAndLogIn, type TestAccount } from './support/accounts.js';
import { createTestApp, type TestApp } from './support/app.js';
import { databaseKind } from './support/database.js';

type Json = Record<string, unknown>;
interface Page {
  items: Json[];
  nextCursor: string | null;
  total: number;
}

/** A real answer must be exactly the documented shape: every key of the schema and no other. */
const exactProperty = propertySchema.strict();
const exactPage = z
  .object({ items: z.array(exactProperty), nextCursor: z.string().nullable(), total: z.number().int() })
  .strict();

const DAY = 24 * 60 * 60 * 1000;
const cursorOf = (text: string) => Buffer.from(text).toString('base64url');

describe(`portfolio pages, search and filters (${databaseKind})`, () => {
  let t: TestApp;
  let owner: TestAccount;
  let other: TestAccount;
  /** The owner's live properties in the list's order, as the database orders them. */
  let expectedOrder: string[];
  let otherIds: Set<string>;

  /** Properties straight into the database (as many as a test needs, fast), in `organizationId`. */
  async function insertProperties(organizationId: string, prefix: string, count: number) {
    await sql`
      insert into properties (organization_id, dna_code, parcel_key, name, address, municipality, parcel_id)
      select ${organizationId}, ${prefix} || '-DNA-' || ${organizationId} || '-' || g, ${prefix} || '-' || g, ${prefix} || ' home ' || g,
             g || ' Long Street, Cape Town', 'CPT', 'P' || g
      from generate_series(1, ${count}::int) g`.execute(t.db.db);
  }

  async function propertyId(name: string): Promise<string> {
    const row = await t.db.db
      .selectFrom('properties')
      .select('id')
      .where('name', '=', name)
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async function check(id: string, status: ComplianceStatus) {
    await t.db.db
      .insertInto('compliance_checks')
      .values({
        property_id: id,
        organization_id: owner.organizationId,
        status: status === 'good' ? 'compliant' : 'gaps_detected',
        compliance_status: status,
        findings: JSON.stringify([]),
        checked_for: '2026-11-26',
      })
      .execute();
  }

  async function certificate(id: string, expiresAt: Date) {
    await t.db.db
      .insertInto('documents')
      .values({
        organization_id: owner.organizationId,
        property_id: id,
        kind: 'certificate',
        name: 'CoC.pdf',
        storage_key: 'ab/ab000000000000000000000000000000',
        sha256: 'a'.repeat(64),
        bytes: 1024,
        content_type: 'application/pdf',
        source: 'owner_upload',
        expires_at: expiresAt,
      })
      .execute();
  }

  beforeAll(async () => {
    t = await createTestApp();
    // The documents written here directly name one object: its row, which their foreign key needs.
    await t.db.db
      .insertInto('stored_objects')
      .values({ storage_key: 'ab/ab000000000000000000000000000000' })
      .execute();
    owner = await signUpAndLogIn(t);
    other = await signUpAndLogIn(t);
    // 120 created in one statement (one creation time: the id decides their order) …
    await insertProperties(owner.organizationId, 'Bulk', 120);
    // … and some a microsecond apart, which a millisecond cursor would skip or repeat.
    await sql`
      insert into properties (organization_id, dna_code, parcel_key, name, address, municipality, parcel_id, created_at)
      values
        (${owner.organizationId}, 'ZA-CPT-KLOOF-1', 'k1', 'Kloof Villa', '3 Beach Road, Sea Point', 'CPT', 'ERF 4567', '2026-01-01T00:00:00.000001Z'),
        (${owner.organizationId}, 'ZA-CPT-SOLAR-2', 'k2', '100% Solar House', '4 Main Road', 'CPT', 'ERF 11', '2026-01-01T00:00:00.000002Z'),
        (${owner.organizationId}, 'ZA-CPT-UNIT-3', 'k3', 'Unit_7', '5 Main Road', 'CPT', 'ERF 12', '2026-01-01T00:00:00.000003Z'),
        (${owner.organizationId}, 'ZA-CPT-OLD-4', 'k4', 'Old Cottage', '6 Main Road', 'CPT', 'ERF 13', '2025-06-01T00:00:00.123456Z')
    `.execute(t.db.db);
    // Another organisation with look-alike properties, and an archived one of the owner.
    await insertProperties(other.organizationId, 'Bulk', 30);
    await sql`
      insert into properties (organization_id, dna_code, parcel_key, name, address, municipality, parcel_id, archived_at)
      values (${owner.organizationId}, 'ZA-CPT-GONE-5', 'k5', 'Archived Kloof', '7 Main Road', 'CPT', 'ERF 14', now())
    `.execute(t.db.db);

    // Compliance: stored checks for some; two unchecked ones judged by their earliest expiry.
    const bulk = await t.db.db
      .selectFrom('properties')
      .select('id')
      .where('organization_id', '=', owner.organizationId)
      .where('name', 'like', 'Bulk home %')
      .orderBy('name')
      .execute();
    for (const [index, row] of bulk.slice(0, 7).entries())
      await check(row.id, index < 3 ? 'critical' : 'warning');
    for (const row of bulk.slice(7, 12)) await check(row.id, 'good');
    await certificate(await propertyId('Kloof Villa'), new Date(Date.now() - DAY)); // expired: critical
    await certificate(await propertyId('Old Cottage'), new Date(Date.now() + 10 * DAY)); // soon: warning
    await certificate(await propertyId('Unit_7'), new Date(Date.now() + 300 * DAY)); // later: good

    const { rows } = await sql<{ id: string }>`
      select id from properties where organization_id = ${owner.organizationId} and archived_at is null
      order by created_at desc, id`.execute(t.db.db);
    expectedOrder = rows.map((row) => row.id);
    otherIds = new Set(
      (
        await t.db.db
          .selectFrom('properties')
          .select('id')
          .where('organization_id', '=', other.organizationId)
          .execute()
      ).map((row) => row.id),
    );
  });
  afterAll(async () => {
    await t.close();
  });

  const trpcPage = (input: Json, account: TestAccount = owner) =>
    t.app.inject({
      method: 'GET',
      url: `/trpc/properties.page?input=${encodeURIComponent(JSON.stringify(input))}`,
      headers: account.headers,
    });

  async function page(input: Json, account: TestAccount = owner): Promise<Page> {
    const res = await trpcPage(input, account);
    expect(res.statusCode, res.body).toBe(200);
    return exactPage.parse(res.json().result.data) as Page;
  }

  /** Every page from the first, following nextCursor: the ids in order and each page's total. */
  async function walk(input: Json, account: TestAccount = owner) {
    const ids: string[] = [];
    const totals = new Set<number>();
    let cursor: string | null = null;
    let pages = 0;
    do {
      const next: Page = await page({ ...input, ...(cursor ? { cursor } : {}) }, account);
      expect(next.items.length).toBeLessThanOrEqual(Number(input.limit ?? 50));
      // Only the last page may be short, and a full page always says whether more follow.
      if (next.nextCursor) expect(next.items).toHaveLength(Number(input.limit ?? 50));
      ids.push(...next.items.map((item) => String(item.id)));
      totals.add(next.total);
      cursor = next.nextCursor;
      pages += 1;
    } while (cursor && pages < 500);
    return { ids, totals: [...totals], pages };
  }

  const rest = (url: string, account: TestAccount = owner) =>
    t.app.inject({ method: 'GET', url, headers: account.headers });

  it('walks every live property exactly once, in the list order, 50 a page by default', async () => {
    expect(expectedOrder).toHaveLength(124);
    const { ids, totals, pages } = await walk({});
    expect(pages).toBe(3);
    expect(ids).toEqual(expectedOrder);
    expect(totals).toEqual([124]);
    // The same order as the whole list (properties.list and GET /api/properties).
    const list = await rest('/api/properties');
    expect(list.json().map((property: Json) => property.id)).toEqual(expectedOrder);
  });

  it('pages of 1, 7 and 100 give the same sequence; the size is bounded to 1..100', async () => {
    for (const limit of [1, 7, 100]) {
      expect((await walk({ limit })).ids).toEqual(expectedOrder);
    }
    for (const limit of [0, 101, -5, 2.5, '10']) {
      const res = await trpcPage({ limit });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(PROPERTY_PAGE_MESSAGES.limit);
    }
  });

  it('never shows another organisation’s property, and its cursor only positions the owner’s own list', async () => {
    const { ids } = await walk({ limit: 100 });
    expect(ids.some((id) => otherIds.has(id))).toBe(false);
    const theirs = await walk({ limit: 10 }, other);
    expect(theirs.ids).toHaveLength(30);
    expect(theirs.ids.every((id) => otherIds.has(id))).toBe(true);
    const theirFirst = await page({ limit: 10 }, other);
    const mine = await page({ limit: 100, cursor: theirFirst.nextCursor });
    expect(mine.items.every((item) => !otherIds.has(String(item.id)))).toBe(true);
    expect((await rest('/api/properties?q=Bulk', other)).json()).toHaveLength(30);
  });

  it('answers 400 "Invalid cursor" to a cursor it did not issue, on both doors, never a 500', async () => {
    const id = expectedOrder[0];
    const forged = [
      'not a cursor',
      'x'.repeat(201),
      cursorOf('hello'),
      cursorOf(`2026-02-30T00:00:00.000000Z|${id}`),
      cursorOf(`2026-01-01T24:00:00.000000Z|${id}`),
      cursorOf('2026-01-01T00:00:00.000000Z|not-a-uuid'),
      cursorOf(`2026-01-01T00:00:00.000Z|${id}`),
      cursorOf(`0000-01-01T00:00:00.000000Z|${id}`),
      cursorOf(`2026-01-01T00:00:00.000000Z|${id}|more`),
    ];
    for (const cursor of forged) {
      const res = await trpcPage({ cursor });
      expect(res.statusCode, cursor).toBe(400);
      expect(res.json().error.message).toBe('Invalid cursor');
      const viaRest = await rest(`/api/properties?limit=5&cursor=${encodeURIComponent(cursor)}`);
      expect(viaRest.statusCode, cursor).toBe(400);
      expect(viaRest.json().error).toBe('Invalid cursor');
    }
    // A well-formed cursor of a property that is not there just positions the list.
    const nowhere = await page({
      cursor: cursorOf('2100-01-01T00:00:00.000000Z|00000000-0000-4000-8000-000000000000'),
    });
    expect(nowhere.items.map((item) => item.id)).toEqual(expectedOrder.slice(0, 50));
    // Past the oldest property: an empty last page that still counts the matches.
    const beyond = await page({
      cursor: cursorOf('1900-01-01T00:00:00.000000Z|00000000-0000-4000-8000-000000000000'),
    });
    expect(beyond).toEqual({ items: [], nextCursor: null, total: 124 });
  });

  it('searches name, address, DNA code and ERF, case-insensitive and anywhere in the text', async () => {
    const names = async (q: string) => {
      const result = await page({ q, limit: 100 });
      expect(result.total).toBe(result.items.length);
      return result.items.map((item) => item.name);
    };
    expect(await names('kloof VILLA')).toEqual(['Kloof Villa']);
    expect(await names('beach road, sea')).toEqual(['Kloof Villa']);
    expect(await names('za-cpt-solar')).toEqual(['100% Solar House']);
    expect(await names('erf 4567')).toEqual(['Kloof Villa']);
    expect(await names('  Old Cottage  ')).toEqual(['Old Cottage']);
    // LIKE's wildcards are plain characters in a search.
    expect(await names('%')).toEqual(['100% Solar House']);
    expect(await names('_')).toEqual(['Unit_7']);
    expect(await names('\\')).toEqual([]);
    // The archived one is not found; a blank search is no search.
    expect(await names('Archived')).toEqual([]);
    expect((await page({ q: '   ' })).total).toBe(124);
    // Many matches page like the whole list, with the matching total on every page.
    const bulk = await walk({ q: 'bulk HOME', limit: 40 });
    expect(bulk.totals).toEqual([120]);
    expect(bulk.ids).toEqual(expectedOrder.filter((id) => bulk.ids.includes(id)));
    expect(bulk.ids).toHaveLength(120);
  });

  it('filters by the compliance status the card shows, stored or (unchecked) by the earliest expiry', async () => {
    const cards = (await rest('/api/properties')).json() as Json[];
    const byStatus = Object.fromEntries(
      COMPLIANCE_STATUSES.map((status) => [status, cards.filter((card) => card.complianceStatus === status)]),
    );
    // 3 checked critical + the expired certificate; 4 checked warning + the one expiring soon.
    expect(byStatus.critical).toHaveLength(4);
    expect(byStatus.warning).toHaveLength(5);
    expect(byStatus.good).toHaveLength(124 - 9);
    for (const status of COMPLIANCE_STATUSES) {
      const expected = (byStatus[status] ?? []).map((card) => card.id);
      const walked = await walk({ status, limit: 30 });
      expect(walked.ids).toEqual(expected);
      expect(walked.totals).toEqual([expected.length]);
    }
    const searched = await page({ status: 'critical', q: 'kloof' });
    expect(searched.items.map((item) => item.name)).toEqual(['Kloof Villa']);
    expect(searched.total).toBe(1);
    const stats = (await rest('/api/dashboard/stats')).json();
    expect(stats.compliance).toEqual({ good: 115, warning: 5, critical: 4 });
    expect(stats.properties).toBe(124);
    const res = await trpcPage({ status: 'fine' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(PROPERTY_PAGE_MESSAGES.status);
  });

  it('REST: the plain GET is still every property as an array; ?limit= pages it with a Link to the next', async () => {
    const all = await rest('/api/properties');
    expect(all.statusCode).toBe(200);
    expect(all.headers.link).toBeUndefined();
    const everything = z.array(exactProperty).parse(all.json());
    expect(everything.map((property) => property.id)).toEqual(expectedOrder);

    const seen: string[] = [];
    let url: string | null = '/api/properties?limit=50';
    let pages = 0;
    while (url && pages < 10) {
      const res = await rest(url);
      expect(res.statusCode, res.body).toBe(200);
      const items = z.array(exactProperty).parse(res.json());
      seen.push(...items.map((item) => item.id));
      const link = res.headers.link as string | undefined;
      url = null;
      if (link) {
        const match = /^<([^>]+)>; rel="next"$/.exec(link);
        expect(match, link).not.toBeNull();
        url = match?.[1] ?? null;
        expect(url).toMatch(/^\/api\/properties\?limit=50&cursor=[A-Za-z0-9_-]+$/);
      }
      pages += 1;
    }
    expect(pages).toBe(3);
    expect(seen).toEqual(expectedOrder);

    // A cursor alone pages by 50; the search and filter ride along in the Link.
    const first = await rest('/api/properties?limit=2&q=bulk&status=good');
    expect(first.json()).toHaveLength(2);
    const next = /^<([^>]+)>/.exec(String(first.headers.link))?.[1] ?? '';
    expect(new URL(next, 'http://x').searchParams.get('q')).toBe('bulk');
    expect(new URL(next, 'http://x').searchParams.get('status')).toBe('good');
    const cursor = new URL(next, 'http://x').searchParams.get('cursor') ?? '';
    expect((await rest(`/api/properties?cursor=${cursor}`)).json()).toHaveLength(50);
    // Search and filter without paging: the whole matching list.
    const critical = (await rest('/api/properties?status=critical')).json() as Json[];
    expect(critical).toHaveLength(4);
    expect(critical.every((property) => property.complianceStatus === 'critical')).toBe(true);
    expect((await rest('/api/properties?q=kloof')).json().map((p: Json) => p.name)).toEqual(['Kloof Villa']);
  });

  it('REST: refuses a bad limit, status or search with a clear 400', async () => {
    for (const limit of ['0', '101', 'abc', '2.5', '']) {
      const res = await rest(`/api/properties?limit=${limit}`);
      expect(res.statusCode, limit).toBe(400);
      expect(res.json().error).toBe(PROPERTY_PAGE_MESSAGES.limit);
    }
    expect((await rest('/api/properties?status=fine')).json().error).toBe(PROPERTY_PAGE_MESSAGES.status);
    expect((await rest(`/api/properties?q=${'x'.repeat(201)}`)).json().error).toBe(
      PROPERTY_PAGE_MESSAGES.searchTooLong,
    );
    expect((await t.app.inject({ method: 'GET', url: '/api/properties?limit=5' })).statusCode).toBe(401);
    expect((await trpcPage({}, { ...owner, headers: { authorization: 'Bearer nope' } })).statusCode).toBe(
      401,
    );
  });

  it('documents the list query and the page shape in OpenAPI', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const parameters = doc.paths['/api/properties'].get.parameters as {
      name: string;
      in: string;
      schema: Json;
    }[];
    expect(parameters.map((parameter) => [parameter.name, parameter.in]).sort()).toEqual([
      ['cursor', 'query'],
      ['limit', 'query'],
      ['q', 'query'],
      ['status', 'query'],
    ]);
    const limit = parameters.find((parameter) => parameter.name === 'limit');
    expect(limit?.schema).toMatchObject({ type: 'integer', minimum: 1, maximum: 100 });
    const status = parameters.find((parameter) => parameter.name === 'status');
    expect(status?.schema).toMatchObject({ enum: ['good', 'warning', 'critical'] });
    expect(doc.paths['/api/properties'].get.responses['200'].content['application/json'].schema).toEqual({
      type: 'array',
      items: { $ref: '#/components/schemas/Property' },
    });
  });
});
