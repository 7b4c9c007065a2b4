import { ROOFING_SERVICE_REPORT_V1 } from '@propertydna/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshStatistics } from '../src/modules/housekeeping/housekeeping.service.js';
import { reminderFigures } from '../src/modules/maintenance/reminders.service.js';
import { listProperties, portfolioCounts } from '../src/modules/properties/properties.repo.js';
import { signUpAndLogIn } from './support/accounts.js';
import { createTestApp, type TestApp } from './support/app.js';
import { databaseKind } from './support/database.js';
import { type HttpOwner, httpOwner } from './support/http-owner.js';

type Json = Record<string, unknown>;

const pdf = (label: string) =>
  Buffer.concat([Buffer.from(`%PDF-1.7\n% ${label}\n`), Buffer.alloc(800, 0x41), Buffer.from('\n%%EOF\n')]);

/**
 * The figures each property row keeps (document count, latest upload, earliest certificate/policy
 * expiry) against a fresh aggregate over the documents, for every property in the database: the
 * rows where they differ (none, when the triggers are right).
 */
async function driftedFigures(t: TestApp) {
  const { rows } = await sql<Json>`
    select p.id, p.documents_count, d.n, p.last_document_at, d.last_document_at as fresh_last,
           p.earliest_expiry, d.earliest_expiry as fresh_earliest
    from properties p
    left join (
      select property_id, organization_id, count(*)::int as n, max(created_at) as last_document_at,
             min(expires_at) filter (where kind in ('certificate', 'policy')) as earliest_expiry
      from documents where property_id is not null group by property_id, organization_id
    ) d on d.property_id = p.id and d.organization_id = p.organization_id
    where p.documents_count <> coalesce(d.n, 0)
       or p.last_document_at is distinct from d.last_document_at
       or p.earliest_expiry is distinct from d.earliest_expiry`.execute(t.db.db);
  return rows;
}

describe(`property figures stay right through every change (${databaseKind})`, () => {
  let t: TestApp;
  let origin: string;

  beforeAll(async () => {
    t = await createTestApp();
    // The documents written here directly name one object: its row, which their foreign key needs.
    await t.db.db
      .insertInto('stored_objects')
      .values({ storage_key: 'ab/ab000000000000000000000000000000' })
      .execute();
    origin = await t.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await t.close();
  });

  async function addProperty(owner: HttpOwner, name: string): Promise<string> {
    const res = await owner.call('POST', '/api/properties', {
      name,
      address: `${name}, 8 Kloof Street, Gardens`,
      municipality: 'CPT',
      parcel_id: `F${Math.random().toString(36).slice(2, 8)}`,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id;
  }

  async function upload(owner: HttpOwner, propertyId: string, fields: Json): Promise<string> {
    const res = await owner.upload(pdf(`${propertyId} ${JSON.stringify(fields)}`), 'application/pdf', {
      property_id: propertyId,
      ...fields,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id;
  }

  /** The card of a property as the list and the page show it (undefined when it is not listed). */
  async function card(owner: HttpOwner, propertyId: string): Promise<Json | undefined> {
    const list = (await owner.call('GET', '/api/properties')).json() as Json[];
    const page = await owner.call(
      'GET',
      `/trpc/properties.page?input=${encodeURIComponent(JSON.stringify({ limit: 100 }))}`,
    );
    const paged = (page.json().result.data.items as Json[]).find((item) => item.id === propertyId);
    const listed = list.find((item) => item.id === propertyId);
    expect(paged).toEqual(listed);
    // The tRPC door writes the same list (the database's own JSON, passed through as text).
    expect((await owner.call('GET', '/trpc/properties.list')).json().result.data).toEqual(list);
    // The answers are kept in memory per portfolio version: whatever changed since, they are the
    // portfolio as a fresh read (past the cache) finds it.
    const fresh = await listProperties(t.db.db, owner.organizationId, new Date());
    expect(list).toEqual(JSON.parse(fresh.text));
    return listed;
  }

  /** The documents of the property as its vault lists them. */
  const vault = async (owner: HttpOwner, propertyId: string) =>
    (await owner.call('GET', `/api/properties/${propertyId}/documents`)).json() as Json[];

  it('upload, expiry change, delete, adopt, transfer and archive: stored figures equal a fresh aggregate after each', async () => {
    const seller = await httpOwner(t, origin);
    const buyer = await httpOwner(t, origin);
    const house = await addProperty(seller, 'Kloof House');
    const flat = await addProperty(seller, 'Sea Point Flat');
    expect(await card(seller, house)).toMatchObject({ documentsCount: 0 });

    // Upload (sign, PUT, register): count, last activity and the earliest expiry follow.
    const before = Date.now();
    await upload(seller, house, { kind: 'deed', name: 'Title deed.pdf' });
    const policy = await upload(seller, house, {
      kind: 'policy',
      name: 'Policy.pdf',
      expires_at: '2027-06-30',
    });
    const certificate = await upload(seller, house, {
      kind: 'certificate',
      name: 'Gas CoC.pdf',
      expires_at: '2027-03-31',
    });
    await upload(seller, flat, { kind: 'inspection', name: 'Roof.pdf' });
    expect(await driftedFigures(t)).toEqual([]);
    const uploaded = await card(seller, house);
    expect(uploaded).toMatchObject({ documentsCount: 3 });
    expect(new Date(String(uploaded?.lastActivity)).getTime()).toBeGreaterThanOrEqual(before - 1000);
    const stored = await t.db.db
      .selectFrom('properties')
      .select(['documents_count', 'earliest_expiry'])
      .where('id', '=', house)
      .executeTakeFirstOrThrow();
    expect(stored.documents_count).toBe(3);
    // The certificate's expiry (earlier than the policy's), as the vault stores it.
    const certificateRow = await t.db.db
      .selectFrom('documents')
      .select('expires_at')
      .where('id', '=', certificate)
      .executeTakeFirstOrThrow();
    expect(new Date(String(stored.earliest_expiry)).getTime()).toBe(
      new Date(String(certificateRow.expires_at)).getTime(),
    );

    // Changing an expiry moves the earliest one.
    const patched = await seller.call('PATCH', `/api/documents/${certificate}`, { expires_at: '2028-01-31' });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(await driftedFigures(t)).toEqual([]);

    // Delete: the count drops, and the earliest expiry is the next one's.
    expect((await seller.call('DELETE', `/api/documents/${policy}`)).statusCode).toBe(200);
    expect(await driftedFigures(t)).toEqual([]);
    expect(await card(seller, house)).toMatchObject({ documentsCount: 2 });
    expect((await vault(seller, house)).length).toBe(2);

    // Adopt a supplier's shared job into an existing property and into a new one.
    const shared = await sharedJob();
    const intoHouse = await seller.call('POST', `/api/share/${shared}/adopt`, { property_id: house });
    expect(intoHouse.statusCode, intoHouse.body).toBe(200);
    const intoNew = await seller.call('POST', `/api/share/${shared}/adopt`, {
      create_property: true,
      property: {
        erfNumber: '778',
        township: 'Kalk Bay',
        municipality: 'City of Cape Town',
        address: '9 Main Rd, Kalk Bay',
      },
    });
    expect(intoNew.statusCode, intoNew.body).toBe(200);
    expect(await driftedFigures(t)).toEqual([]);
    expect(await card(seller, house)).toMatchObject({ documentsCount: 3 });
    expect(await card(seller, intoNew.json().property_id)).toMatchObject({ documentsCount: 1 });

    // Transfer: the house and its documents go to the buyer in one transaction.
    const started = await seller.call('POST', `/api/properties/${house}/transfer`, { email: buyer.email });
    expect(started.statusCode, started.body).toBe(201);
    const accepted = await buyer.call('POST', `/api/transfers/${started.json().id}/accept`);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(await driftedFigures(t)).toEqual([]);
    expect(await card(seller, house)).toBeUndefined();
    expect(await card(buyer, house)).toMatchObject({ documentsCount: 3 });
    expect((await vault(buyer, house)).length).toBe(3);

    // The buyer uploads and deletes on it too.
    const more = await upload(buyer, house, {
      kind: 'certificate',
      name: 'Electrical CoC.pdf',
      expires_at: '2026-12-24',
    });
    expect(await driftedFigures(t)).toEqual([]);
    expect(await card(buyer, house)).toMatchObject({
      documentsCount: 4,
      complianceStatus: expect.any(String),
    });
    expect((await buyer.call('DELETE', `/api/documents/${more}`)).statusCode).toBe(200);
    expect(await driftedFigures(t)).toEqual([]);

    // Archive: the figures stay right, and the property leaves the list and the dashboard's counts.
    const statsBefore = (await seller.call('GET', '/api/dashboard/stats')).json();
    expect((await seller.call('POST', `/api/properties/${flat}/archive`)).statusCode).toBe(200);
    expect(await driftedFigures(t)).toEqual([]);
    expect(await card(seller, flat)).toBeUndefined();
    const statsAfter = (await seller.call('GET', '/api/dashboard/stats')).json();
    expect(statsAfter.properties).toBe(statsBefore.properties - 1);
    expect(statsAfter.documents).toBe(statsBefore.documents - 1);

    // The dashboard's documents figure is the live properties' own documents.
    for (const owner of [seller, buyer]) {
      const { rows } = await sql<{ n: number }>`
        select count(*)::int as n from documents d join properties p on p.id = d.property_id
        where p.organization_id = ${owner.organizationId} and d.organization_id = p.organization_id
          and p.archived_at is null`.execute(t.db.db);
      expect((await owner.call('GET', '/api/dashboard/stats')).json().documents).toBe(rows[0]?.n);
    }
  });

  it('a document moved between properties or its creation time rewritten recounts both sides', async () => {
    const owner = await httpOwner(t, origin);
    const a = await addProperty(owner, 'A House');
    const b = await addProperty(owner, 'B House');
    const document = await upload(owner, a, { kind: 'policy', name: 'Policy.pdf', expires_at: '2027-01-31' });
    await t.db.db.updateTable('documents').set({ property_id: b }).where('id', '=', document).execute();
    expect(await driftedFigures(t)).toEqual([]);
    expect(await card(owner, a)).toMatchObject({ documentsCount: 0 });
    expect(await card(owner, b)).toMatchObject({ documentsCount: 1 });
    await t.db.db
      .updateTable('documents')
      .set({ created_at: new Date('2020-01-01T00:00:00Z'), kind: 'deed' })
      .where('id', '=', document)
      .execute();
    expect(await driftedFigures(t)).toEqual([]);
    // A bulk insert (as the bench seeds) counts every row.
    await sql`
      insert into documents (organization_id, property_id, kind, name, storage_key, sha256, bytes, content_type, source, expires_at)
      select ${owner.organizationId}, p.id, 'certificate', 'Bulk ' || g, 'ab/ab000000000000000000000000000000', repeat('a', 64), 10,
             'application/pdf', 'owner_upload', now() + (g || ' days')::interval
      from (values (${a}::uuid), (${b}::uuid)) as p(id) cross join generate_series(1, 25) g`.execute(t.db.db);
    expect(await driftedFigures(t)).toEqual([]);
    expect(await card(owner, a)).toMatchObject({ documentsCount: 25 });
    expect(await card(owner, b)).toMatchObject({ documentsCount: 26 });
    await t.db.db.deleteFrom('documents').where('property_id', '=', b).execute();
    expect(await driftedFigures(t)).toEqual([]);
    // The embedded database's periodic vacuum (no autovacuum there) runs over the updated rows.
    await refreshStatistics(t.db, { vacuum: true });
    expect(await driftedFigures(t)).toEqual([]);
    expect(await card(owner, b)).toMatchObject({ documentsCount: 0 });
  });

  it('concurrent uploads and deletes on one property leave the right figures (the row is locked before a recount)', async () => {
    const owner = await httpOwner(t, origin);
    const house = await addProperty(owner, 'Busy House');
    const first = await Promise.all(
      Array.from({ length: 4 }, (_, index) =>
        upload(owner, house, { kind: 'deed', name: `Deed ${index}.pdf` }),
      ),
    );
    await Promise.all([
      ...Array.from({ length: 6 }, (_, index) =>
        upload(owner, house, {
          kind: 'policy',
          name: `Policy ${index}.pdf`,
          expires_at: `2027-0${index + 1}-15`,
        }),
      ),
      ...first.slice(0, 3).map(async (id) => {
        expect((await owner.call('DELETE', `/api/documents/${id}`)).statusCode).toBe(200);
      }),
    ]);
    expect(await driftedFigures(t)).toEqual([]);
    expect(await card(owner, house)).toMatchObject({ documentsCount: 7 });
  });

  it('a change the list shows, made by any statement, is answered at once although the list is kept in memory', async () => {
    const owner = await httpOwner(t, origin);
    const house = await addProperty(owner, 'Cached House');
    expect(await card(owner, house)).toMatchObject({ name: 'Cached House' });
    // Straight to the tables (as another replica, a job or a migration would): each kind of change
    // the card shows changes the portfolio's version in the same transaction.
    await t.db.db.updateTable('properties').set({ name: 'Renamed House' }).where('id', '=', house).execute();
    expect(await card(owner, house)).toMatchObject({ name: 'Renamed House' });
    await t.db.db
      .updateTable('compliance_checks')
      .set({ compliance_status: 'critical' })
      .where('property_id', '=', house)
      .execute();
    expect(await card(owner, house)).toMatchObject({ complianceStatus: 'critical' });
    await t.db.db.deleteFrom('compliance_checks').where('property_id', '=', house).execute();
    expect(await card(owner, house)).toMatchObject({ complianceStatus: 'good' });
    await upload(owner, house, { kind: 'deed', name: 'Deed.pdf' });
    expect(await card(owner, house)).toMatchObject({ documentsCount: 1 });
    await t.db.db.deleteFrom('documents').where('property_id', '=', house).execute();
    expect(await card(owner, house)).toMatchObject({ documentsCount: 0 });
    await t.db.db
      .updateTable('properties')
      .set({ archived_at: new Date() })
      .where('id', '=', house)
      .execute();
    expect(await card(owner, house)).toBeUndefined();
  });

  it("the dashboard's figures, kept in memory like the list, follow reminders, tasks, documents and the plan at once", async () => {
    const owner = await httpOwner(t, origin);
    const house = await addProperty(owner, 'Stats House');
    /** The API's figures, each time against the same figures read past the cache. */
    const stats = async () => {
      const answered = (await owner.call('GET', '/api/dashboard/stats')).json();
      const now = new Date();
      expect(answered).toEqual({
        ...(await portfolioCounts(t.db.db, owner.organizationId, now)),
        ...(await reminderFigures(t.db.db, owner.organizationId, now)),
      });
      return answered;
    };
    const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
    const start = await stats();

    const reminder = await owner.call('POST', `/api/properties/${house}/reminders`, {
      title: 'Clean the gutters',
      due_date: inDays(5),
      priority: 'medium',
    });
    expect(reminder.statusCode, reminder.body).toBe(201);
    expect((await stats()).upcomingReminders).toBe(start.upcomingReminders + 1);

    const done = await owner.call('POST', `/api/reminders/${reminder.json().id}/complete`);
    expect(done.statusCode, done.body).toBe(200);
    expect((await stats()).upcomingReminders).toBe(start.upcomingReminders);

    const task = await owner.call('POST', '/api/maintenance', {
      propertyId: house,
      title: 'Service the geyser',
      frequency: 'annually',
      priority: 'high',
      next_due: inDays(10),
    });
    expect(task.statusCode, task.body).toBe(201);
    expect((await stats()).upcomingReminders).toBe(start.upcomingReminders + 1);

    await upload(owner, house, { kind: 'certificate', name: 'Gas CoC.pdf', expires_at: inDays(20) });
    const withCertificate = await stats();
    expect(withCertificate.documents).toBe(start.documents + 1);
    expect(withCertificate.upcomingReminders).toBe(start.upcomingReminders + 2);
    // "Upcoming expiries" counts the document expiring within 60 days, not the task.
    expect(withCertificate.expiringDocuments).toBe(start.expiringDocuments + 1);

    // The plan's own reminder (a trial's end) follows the organisation's plan.
    await t.db.db
      .updateTable('organizations')
      .set({ trial_ends_at: new Date(Date.now() + 3 * 86_400_000) })
      .where('id', '=', owner.organizationId)
      .execute();
    await stats();
  });

  /** A supplier's job with a verified report, shared openly: the share token. */
  async function sharedJob(): Promise<string> {
    const account = await signUpAndLogIn(t, 'supplier');
    const supplier = {
      call: (method: 'POST', url: string, payload: Json) =>
        t.app.inject({ method, url, payload, headers: account.headers }),
    };
    const job = (
      await supplier.call('POST', '/api/supplier/jobs', {
        property_address: '9 Main Rd, Kalk Bay',
        client_name: 'M. Naidoo',
        description: 'Roof repair',
      })
    ).json();
    const report = await supplier.call('POST', `/api/supplier/jobs/${job.id}/reports`, {
      templateId: ROOFING_SERVICE_REPORT_V1.id,
      answers: {
        job_ref: job.job_ref,
        inspection_date: '2026-11-20',
        roof_type: ROOFING_SERVICE_REPORT_V1.fields.find((f) => f.name === 'roof_type')?.options?.[0],
        condition: ROOFING_SERVICE_REPORT_V1.fields.find((f) => f.name === 'condition')?.options?.[0],
        work_performed: 'Fixed the flashing.',
      },
    });
    expect(report.statusCode, report.body).toBeLessThan(300);
    const share = await supplier.call('POST', `/api/supplier/jobs/${job.id}/share`, { password: null });
    expect(share.statusCode, share.body).toBe(201);
    return share.json().token;
  }
});
