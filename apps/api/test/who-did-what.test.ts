import { FORMER_MEMBER, johannesburgToday } from '@propertydna/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RequestActor } from '../src/auth/actor.js';
import { addMember, removeMember } from '../src/modules/organizations/members.service.js';
import { signUpAndLogIn, type TestAccount } from './support/accounts.js';
import { createTestApp, type TestApp } from './support/app.js';
import { pdfTextOf, unzip } from './support/archives.js';
import { databaseKind } from './support/database.js';
import { doors } from './support/doors.js';

/** Issue 29 §4: the maintenance history, claims, call requests and reports name the member who acted. */
describe(`who did what: maintenance, claims and reports name the person (${databaseKind})`, () => {
  let t: TestApp;
  let owner: TestAccount;
  let colleague: TestAccount;
  let propertyId: string;
  const { rest, trpc } = doors(() => t);

  const ownerActor = (): RequestActor => ({
    actor: {
      userId: owner.userId,
      organizationId: owner.organizationId,
      userType: 'homeowner',
      role: 'owner',
      sessionId: 'test',
      via: 'bearer',
    },
    ip: '127.0.0.1',
  });

  const rename = (account: TestAccount, first: string, last: string) =>
    t.db.db
      .updateTable('users')
      .set({ first_name: first, last_name: last })
      .where('id', '=', account.userId)
      .execute();

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signUpAndLogIn(t);
    await rename(owner, 'Thandi', 'Owner');
    const joined = await signUpAndLogIn(t);
    await addMember(t.db.db, ownerActor(), joined.userId, 'member');
    colleague = { ...joined, organizationId: owner.organizationId };
    await rename(colleague, 'Sipho', 'Colleague');
    const created = await rest(owner, 'POST', '/api/properties', {
      name: 'Kloof House',
      address: '4 Kloof Road',
      country: 'ZA',
      municipality: 'CPT',
      parcel_id: 'ERF 404',
    });
    expect(created.statusCode, created.body).toBe(201);
    propertyId = created.json().id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('each completion of a task names the member who recorded it, at both doors; "Done by" stays as written', async () => {
    const task = await rest(owner, 'POST', '/api/maintenance', {
      propertyId,
      title: 'Service the geyser',
      frequency: 'annually',
      priority: 'medium',
      next_due: johannesburgToday(new Date()),
    });
    expect(task.statusCode, task.body).toBe(201);
    const id = task.json().id;
    const first = await rest(owner, 'POST', `/api/maintenance/${id}/complete`, {
      completed_on: '2026-01-10',
      completed_by: 'Cape Plumbing',
    });
    expect(first.statusCode, first.body).toBe(200);
    const second = await trpc(colleague, 'mutation', 'maintenance.complete', {
      id,
      completed_on: '2026-02-10',
    });
    expect(second.statusCode, second.body).toBe(200);

    const listed = await rest(colleague, 'GET', `/api/maintenance?propertyId=${propertyId}`);
    const history = listed.json()[0].history;
    expect(
      history.map((entry: { completed_by: string | null; recorded_by: unknown }) => [
        entry.completed_by,
        entry.recorded_by,
      ]),
    ).toEqual([
      [null, { id: colleague.userId, name: 'Sipho Colleague' }],
      ['Cape Plumbing', { id: owner.userId, name: 'Thandi Owner' }],
    ]);
    const viaTrpc = await trpc(owner, 'query', 'maintenance.byId', { id });
    expect(viaTrpc.statusCode, viaTrpc.body).toBe(200);
    expect(viaTrpc.json().result.data.history[0].recorded_by).toEqual({
      id: colleague.userId,
      name: 'Sipho Colleague',
    });

    // The name is read at display time: a renamed member is named as they are now.
    await rename(colleague, 'Sipho', 'Dlamini');
    const renamed = await rest(owner, 'GET', `/api/maintenance/${id}`);
    expect(renamed.json().history[0].recorded_by.name).toBe('Sipho Dlamini');
    await rename(colleague, 'Sipho', 'Colleague');
  });

  it('a custom reminder marked done records who did it', async () => {
    const added = await rest(colleague, 'POST', `/api/properties/${propertyId}/reminders`, {
      title: 'Clean the gutters',
      due_date: johannesburgToday(new Date()),
      priority: 'medium',
    });
    expect(added.statusCode, added.body).toBe(201);
    const done = await rest(
      colleague,
      'POST',
      `/api/reminders/${encodeURIComponent(added.json().id)}/complete`,
      {},
    );
    expect(done.statusCode, done.body).toBe(200);
    const row = await t.db.db
      .selectFrom('reminders')
      .select(['completed_by', 'completed_at'])
      .where('id', '=', added.json().id.replace('custom:', ''))
      .executeTakeFirstOrThrow();
    expect(row.completed_by).toBe(colleague.userId);
    expect(row.completed_at).not.toBeNull();
  });

  it('a claim and a call request name the member who started them; the claim pack names who prepared it', async () => {
    const claim = await rest(colleague, 'POST', `/api/properties/${propertyId}/claims`, {
      incident_type: 'burst_geyser',
      incident_date: '2026-11-20',
      description: 'The geyser burst overnight.',
    });
    expect(claim.statusCode, claim.body).toBe(201);
    expect(claim.json().created_by).toBe('Sipho Colleague');
    const read = await trpc(owner, 'query', 'escalation.claim', { id: claim.json().id });
    expect(read.json().result.data.created_by).toBe('Sipho Colleague');

    const call = await rest(owner, 'POST', `/api/properties/${propertyId}/callbacks`, {
      phone: '082 123 4567',
      preferred_time: 'afternoon',
      topic: 'The geyser claim',
    });
    expect(call.statusCode, call.body).toBe(201);
    const calls = await rest(colleague, 'GET', `/api/properties/${propertyId}/callbacks`);
    expect(calls.json()[0].requested_by).toBe('Thandi Owner');

    const pack = await t.app.inject({
      method: 'GET',
      url: `/api/claims/${claim.json().id}/pack`,
      headers: owner.headers,
    });
    expect(pack.statusCode, pack.body.slice(0, 200)).toBe(200);
    const letter = (await unzip(pack.rawPayload)).get('cover-letter.pdf');
    expect(letter).toBeDefined();
    const { text } = await pdfTextOf(letter as Buffer);
    expect(text).toContain('by Sipho Colleague');
    expect(text).toContain('Prepared by');
    expect(text).toContain('Thandi Owner');
  });

  it('each report PDF says who prepared it', async () => {
    for (const url of [
      `/api/reports/property-summary?propertyId=${propertyId}&format=pdf`,
      `/api/reports/compliance?propertyId=${propertyId}&format=pdf`,
      `/api/reports/insurance-pack?propertyId=${propertyId}&format=pdf`,
      `/api/reports/audit-trail?propertyId=${propertyId}&format=pdf`,
    ]) {
      const res = await t.app.inject({ method: 'GET', url, headers: colleague.headers });
      expect(res.statusCode, `${url} ${res.body.slice(0, 200)}`).toBe(200);
      const { text } = await pdfTextOf(res.rawPayload);
      expect(text, url).toMatch(/Prepared by\s*Sipho Colleague/);
    }
  });

  it('a member who leaves is "A former member" in the history and on the claim', async () => {
    await removeMember(t.db.db, ownerActor(), colleague.userId);
    const listed = await rest(owner, 'GET', `/api/maintenance?propertyId=${propertyId}`);
    const history = listed.json()[0].history;
    expect(history[0].recorded_by).toEqual({ id: null, name: FORMER_MEMBER });
    expect(history[1].recorded_by).toEqual({ id: owner.userId, name: 'Thandi Owner' });
    const claims = await rest(owner, 'GET', `/api/properties/${propertyId}/claims`);
    expect(claims.json()[0].created_by).toBe(FORMER_MEMBER);
  });
});
