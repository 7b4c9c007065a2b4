import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { johannesburgToday, refusal, WEBHOOK_MESSAGES } from '@propertydna/domain';
import { sql } from 'kysely';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RequestActor } from '../src/auth/actor.js';
import { houseKeep } from '../src/modules/housekeeping/housekeeping.service.js';
import { addMember } from '../src/modules/organizations/members.service.js';
import {
  checkWebhookUrl,
  isPrivateAddress,
  resolveWebhookAddress,
} from '../src/modules/webhooks/webhook-address.js';
import { webhookDeliveryJob } from '../src/modules/webhooks/webhook-delivery.js';
import { postWebhook } from '../src/modules/webhooks/webhook-post.js';
import { queueScheduledWebhookEvents } from '../src/modules/webhooks/webhooks.jobs.js';
import { signUpAndLogIn, type TestAccount } from './support/accounts.js';
import { createTestApp, type TestApp } from './support/app.js';
import { databaseKind } from './support/database.js';
import { doors } from './support/doors.js';
import { httpOwner, sha256Hex } from './support/http-owner.js';
import { mailsTo } from './support/outbox.js';
import { waitFor } from './support/wait.js';

interface Hit {
  path: string;
  headers: Record<string, string>;
  body: string;
}

/**
 * An endpoint in this process, on 127.0.0.1 (which only WEBHOOKS_ALLOW_PRIVATE lets a webhook reach):
 * /ok (and /ok-…) answers 204, /slow never, /fail 500, /flaky 500 the first time and 200 after, /redirect 302 to /ok.
 */
async function startReceiver() {
  const hits: Hit[] = [];
  const seen = new Map<string, number>();
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '/';
      hits.push({
        path,
        headers: Object.fromEntries(
          Object.entries(request.headers).map(([name, value]) => [name, String(value)]),
        ),
        body: Buffer.concat(chunks).toString('utf8'),
      });
      const count = (seen.get(path) ?? 0) + 1;
      seen.set(path, count);
      if (path.startsWith('/ok')) response.writeHead(204).end();
      else if (path === '/flaky') response.writeHead(count === 1 ? 500 : 200).end('ok');
      else if (path === '/redirect') response.writeHead(302, { location: '/ok' }).end();
      else if (path === '/slow')
        return; // never answers
      else response.writeHead(500).end('broken');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    hits,
    hitsTo: (path: string) => hits.filter((hit) => hit.path === path),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

describe(`webhooks (issue 30 §2, ${databaseKind})`, () => {
  let t: TestApp;
  let owner: TestAccount;
  let outsider: TestAccount;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let propertyId: string;
  const members = {} as Record<'admin' | 'member' | 'viewer', TestAccount>;

  const { rest, trpc } = doors(() => t);

  /** Runs the queued delivery attempts (and retries that have come due) until `done` holds. */
  const deliverUntil = (done: () => boolean | Promise<boolean>) =>
    waitFor(async () => {
      await t.services.jobs.runQueued(webhookDeliveryJob);
      return done();
    });

  const register = async (path: string, events: string[], who = owner) => {
    const res = await rest(who, 'POST', '/api/webhooks', {
      url: `${receiver.base}${path}`,
      events,
      description: `receiver ${path}`,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: string; secret: string; enabled: boolean };
  };

  const deliveries = async (endpointId: string) => {
    const res = await rest(owner, 'GET', `/api/webhooks/${endpointId}/deliveries`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as {
      id: string;
      messageId: string;
      event: string;
      status: string;
      attempts: number;
      responseStatus: number | null;
      error: string | null;
    }[];
  };

  const asOwner = (account: TestAccount): RequestActor => ({
    actor: {
      userId: account.userId,
      organizationId: account.organizationId,
      userType: 'homeowner',
      role: 'owner',
      sessionId: 'test',
      via: 'bearer',
    },
    ip: '127.0.0.1',
  });

  beforeAll(async () => {
    receiver = await startReceiver();
    // Local receivers, and retries that come due at once: two retries, three attempts in all.
    t = await createTestApp({ WEBHOOKS_ALLOW_PRIVATE: 'true', WEBHOOKS_RETRY_DELAYS_SECONDS: '0,0' });
    owner = await signUpAndLogIn(t);
    outsider = await signUpAndLogIn(t);
    const created = await rest(owner, 'POST', '/api/properties', {
      name: 'Home',
      address: '1 Long Street',
      country: 'ZA',
      municipality: 'CPT',
      parcel_id: 'ERF 3002',
    });
    expect(created.statusCode, created.body).toBe(201);
    propertyId = created.json().id;
    for (const role of ['admin', 'member', 'viewer'] as const) {
      const account = await signUpAndLogIn(t);
      await addMember(t.db.db, asOwner(owner), account.userId, role);
      members[role] = { ...account, organizationId: owner.organizationId };
    }
  });
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
  });

  it('an owner registers an endpoint; its whsec_ secret is answered once and kept sealed', async () => {
    const endpoint = await register('/ok', ['reminder.created']);
    expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    expect(Buffer.from(endpoint.secret.slice('whsec_'.length), 'base64').length).toBeGreaterThanOrEqual(24);
    const list = await rest(owner, 'GET', '/api/webhooks');
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(endpoint.secret);
    expect(list.json().map((e: { id: string }) => e.id)).toContain(endpoint.id);
    const one = await trpc(owner, 'query', 'webhooks.get', { id: endpoint.id });
    expect(one.statusCode).toBe(200);
    expect(one.body).not.toContain('whsec_');
    const stored = (await sql`select * from webhook_endpoints`.execute(t.db.db)).rows;
    expect(JSON.stringify(stored)).not.toContain(endpoint.secret.slice('whsec_'.length));
    await rest(owner, 'DELETE', `/api/webhooks/${endpoint.id}`);
  });

  it('refuses what is not a URL, an unknown event and no events, with the reason', async () => {
    const cases = [
      [{ url: 'not a url', events: ['claim.created'] }, WEBHOOK_MESSAGES.url],
      [{ url: 'ftp://example.com/x', events: ['claim.created'] }, WEBHOOK_MESSAGES.url],
      [{ url: 'https://example.com/x', events: [] }, WEBHOOK_MESSAGES.events],
      [{ url: 'https://example.com/x', events: ['property.sold'] }, WEBHOOK_MESSAGES.event],
      [{ url: 'https://user:pw@example.com/x', events: ['claim.created'] }, WEBHOOK_MESSAGES.credentials],
    ] as const;
    for (const [body, message] of cases) {
      const res = await rest(owner, 'POST', '/api/webhooks', body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.body).toContain(message);
    }
    expect((await sql`select id from webhook_endpoints`.execute(t.db.db)).rows).toEqual([]);
  });

  it('a reminder added at the REST door is posted, signed per Standard Webhooks (verified by standardwebhooks)', async () => {
    const endpoint = await register('/ok', ['reminder.created']);
    const elsewhere = await register('/ok', ['claim.created']);
    const added = await rest(owner, 'POST', `/api/properties/${propertyId}/reminders`, {
      title: 'Renew the home insurance',
      due_date: '2030-01-31',
      priority: 'high',
    });
    expect(added.statusCode, added.body).toBe(201);
    await deliverUntil(() => receiver.hitsTo('/ok').length >= 1);
    const [hit] = receiver.hitsTo('/ok');
    if (!hit) throw new Error('no hit');
    expect(hit.headers['webhook-id']).toMatch(/^msg_/);
    expect(hit.headers['content-type']).toBe('application/json');
    const payload = new Webhook(endpoint.secret).verify(hit.body, hit.headers) as {
      type: string;
      data: Record<string, unknown>;
    };
    expect(payload.type).toBe('reminder.created');
    expect(payload.data).toMatchObject({
      reminderId: added.json().id,
      propertyId,
      title: 'Renew the home insurance',
      dueDate: '2030-01-31',
    });
    // Another endpoint's secret does not verify it.
    expect(() => new Webhook(elsewhere.secret).verify(hit.body, hit.headers)).toThrow();
    const log = await deliveries(endpoint.id);
    expect(log).toMatchObject([
      { event: 'reminder.created', status: 'delivered', attempts: 1, responseStatus: 204, error: null },
    ]);
    expect(log[0]?.messageId).toBe(hit.headers['webhook-id']);
    // Subscribed to claims only: nothing for it.
    expect(await deliveries(elsewhere.id)).toEqual([]);
    for (const id of [endpoint.id, elsewhere.id]) await rest(owner, 'DELETE', `/api/webhooks/${id}`);
  });

  it('a claim started at the tRPC door is posted too: the service emits, not the router', async () => {
    const endpoint = await register('/ok', ['claim.created']);
    const before = receiver.hitsTo('/ok').length;
    const started = await trpc(owner, 'mutation', 'escalation.startClaim', {
      propertyId,
      incident_type: 'burst_geyser',
      incident_date: '2026-11-01',
      description: 'A burst geyser flooded the kitchen',
      document_ids: [],
    });
    expect(started.statusCode, started.body).toBe(200);
    await deliverUntil(() => receiver.hitsTo('/ok').length > before);
    const hit = receiver.hitsTo('/ok').at(-1) as Hit;
    const payload = new Webhook(endpoint.secret).verify(hit.body, hit.headers) as {
      type: string;
      data: Record<string, unknown>;
    };
    expect(payload).toMatchObject({
      type: 'claim.created',
      data: { propertyId, incidentType: 'burst_geyser' },
    });
    await rest(owner, 'DELETE', `/api/webhooks/${endpoint.id}`);
  });

  it("a property's compliance status changing is posted with the status before and after", async () => {
    const endpoint = await register('/ok', ['compliance.changed']);
    const stored = await t.db.db
      .selectFrom('compliance_checks')
      .select('compliance_status')
      .where('property_id', '=', propertyId)
      .executeTakeFirstOrThrow();
    const other = stored.compliance_status === 'critical' ? 'good' : 'critical';
    // As if it had been another status until now: Run Full Compliance Check puts it back.
    await t.db.db
      .updateTable('compliance_checks')
      .set({ compliance_status: other })
      .where('property_id', '=', propertyId)
      .execute();
    const before = receiver.hitsTo('/ok').length;
    const run = await rest(owner, 'POST', `/api/properties/${propertyId}/policy-check`);
    expect(run.statusCode, run.body).toBe(200);
    await deliverUntil(() => receiver.hitsTo('/ok').length > before);
    const hit = receiver.hitsTo('/ok').at(-1) as Hit;
    expect(new Webhook(endpoint.secret).verify(hit.body, hit.headers)).toMatchObject({
      type: 'compliance.changed',
      data: { propertyId, complianceStatus: stored.compliance_status, previousComplianceStatus: other },
    });
    // Run again: nothing changed, nothing sent.
    await rest(owner, 'POST', `/api/properties/${propertyId}/policy-check`);
    expect(await deliveries(endpoint.id)).toHaveLength(1);
    await rest(owner, 'DELETE', `/api/webhooks/${endpoint.id}`);
  });

  it('a 500 is retried with the same webhook-id until it is delivered; "Resend" sends the message again', async () => {
    const endpoint = await register('/flaky', ['reminder.created']);
    const test = await rest(owner, 'POST', `/api/webhooks/${endpoint.id}/test`);
    expect(test.statusCode, test.body).toBe(202);
    expect(test.json()).toMatchObject({ event: 'webhook.test', status: 'pending', attempts: 0 });
    await deliverUntil(async () => (await deliveries(endpoint.id))[0]?.status === 'delivered');
    const hits = receiver.hitsTo('/flaky');
    expect(hits.length).toBe(2);
    expect(hits[0]?.headers['webhook-id']).toBe(hits[1]?.headers['webhook-id']);
    for (const hit of hits)
      expect(() => new Webhook(endpoint.secret).verify(hit.body, hit.headers)).not.toThrow();
    const [delivered] = await deliveries(endpoint.id);
    expect(delivered).toMatchObject({ status: 'delivered', attempts: 2, responseStatus: 200 });

    const resent = await trpc(owner, 'mutation', 'webhooks.resend', {
      id: endpoint.id,
      deliveryId: delivered?.id,
    });
    expect(resent.statusCode, resent.body).toBe(200);
    await deliverUntil(() => receiver.hitsTo('/flaky').length === 3);
    const again = receiver.hitsTo('/flaky')[2] as Hit;
    expect(again.headers['webhook-id']).toBe(hits[0]?.headers['webhook-id']);
    expect(again.body).toBe(hits[0]?.body);
    await rest(owner, 'DELETE', `/api/webhooks/${endpoint.id}`);
  });

  it('a redirect is not followed: it is a failed attempt like any other non-2xx', async () => {
    const endpoint = await register('/redirect', ['claim.created']);
    const okBefore = receiver.hitsTo('/ok').length;
    await rest(owner, 'POST', `/api/webhooks/${endpoint.id}/test`);
    await deliverUntil(async () => (await deliveries(endpoint.id))[0]?.status === 'failed');
    expect(receiver.hitsTo('/ok').length).toBe(okBefore);
    expect((await deliveries(endpoint.id))[0]).toMatchObject({ attempts: 3, responseStatus: 302 });
    // A test event that fails does not disable the endpoint.
    expect((await rest(owner, 'GET', `/api/webhooks/${endpoint.id}`)).json().enabled).toBe(true);
    await rest(owner, 'DELETE', `/api/webhooks/${endpoint.id}`);
  });

  it('an event that fails every attempt disables its endpoint and mails the owner; enabling it turns it back on', async () => {
    const endpoint = await register('/fail', ['reminder.created']);
    const added = await rest(owner, 'POST', `/api/properties/${propertyId}/reminders`, {
      title: 'Clean the gutters',
      due_date: '2030-02-28',
      priority: 'low',
    });
    expect(added.statusCode, added.body).toBe(201);
    await deliverUntil(async () => (await deliveries(endpoint.id))[0]?.status === 'failed');
    expect((await deliveries(endpoint.id))[0]).toMatchObject({
      attempts: 3,
      responseStatus: 500,
      error: 'HTTP 500',
    });
    const after = (await rest(owner, 'GET', `/api/webhooks/${endpoint.id}`)).json();
    expect(after).toMatchObject({ enabled: false });
    expect(after.disabledReason).toContain('3 failed attempts');
    const mails = await mailsTo(t, owner.email);
    const notice = mails.find((mail) => mail.subject === 'A PropertyDNA webhook endpoint was disabled');
    expect(notice?.text).toContain(`${receiver.base}/fail`);
    // Disabled: nothing more is sent; test and resend say why.
    const test = await rest(owner, 'POST', `/api/webhooks/${endpoint.id}/test`);
    expect(test.statusCode).toBe(409);
    expect(test.json().error).toBe(WEBHOOK_MESSAGES.disabled);
    const enabled = await rest(owner, 'PATCH', `/api/webhooks/${endpoint.id}`, { enabled: true });
    expect(enabled.statusCode, enabled.body).toBe(200);
    expect(enabled.json()).toMatchObject({ enabled: true, disabledAt: null, disabledReason: null });
    await rest(owner, 'DELETE', `/api/webhooks/${endpoint.id}`);
  });

  it('a rotated secret: both sign for 24 hours, then only the new one', async () => {
    const endpoint = await register('/ok', ['claim.created']);
    const rotated = await rest(owner, 'POST', `/api/webhooks/${endpoint.id}/rotate-secret`);
    expect(rotated.statusCode, rotated.body).toBe(200);
    const { secret } = rotated.json();
    expect(secret).not.toBe(endpoint.secret);
    expect(Date.parse(rotated.json().previousSecretValidUntil) - Date.now()).toBeGreaterThan(23 * 3_600_000);

    let before = receiver.hitsTo('/ok').length;
    await rest(owner, 'POST', `/api/webhooks/${endpoint.id}/test`);
    await deliverUntil(() => receiver.hitsTo('/ok').length > before);
    const during = receiver.hitsTo('/ok').at(-1) as Hit;
    expect(during.headers['webhook-signature']?.split(' ')).toHaveLength(2);
    expect(() => new Webhook(endpoint.secret).verify(during.body, during.headers)).not.toThrow();
    expect(() => new Webhook(secret).verify(during.body, during.headers)).not.toThrow();

    // A day later (the window's end moved to the past): the old secret no longer verifies.
    await t.db.db
      .updateTable('webhook_endpoints')
      .set({ previous_secret_expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', endpoint.id)
      .execute();
    before = receiver.hitsTo('/ok').length;
    await rest(owner, 'POST', `/api/webhooks/${endpoint.id}/test`);
    await deliverUntil(() => receiver.hitsTo('/ok').length > before);
    const later = receiver.hitsTo('/ok').at(-1) as Hit;
    expect(later.headers['webhook-signature']?.split(' ')).toHaveLength(1);
    expect(() => new Webhook(endpoint.secret).verify(later.body, later.headers)).toThrow();
    expect(() => new Webhook(secret).verify(later.body, later.headers)).not.toThrow();
    await rest(owner, 'DELETE', `/api/webhooks/${endpoint.id}`);
  });

  it('the daily round sends document.expiring (60/30/7 days) and maintenance.task_due once each', async () => {
    const endpoint = await register('/ok', ['document.expiring', 'maintenance.task_due']);
    const now = new Date();
    const inDays = (days: number) => new Date(now.getTime() + days * 86_400_000);
    await t.db.db
      .insertInto('stored_objects')
      .values({ storage_key: 'wh/wh000000000000000000000000000001' })
      .execute();
    const document = await t.db.db
      .insertInto('documents')
      .values({
        organization_id: owner.organizationId,
        property_id: propertyId,
        job_id: null,
        kind: 'certificate',
        name: 'Electrical COC',
        storage_key: 'wh/wh000000000000000000000000000001',
        sha256: 'a'.repeat(64),
        bytes: 10,
        content_type: 'application/pdf',
        source: 'owner_upload',
        expires_at: inDays(25),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const task = await t.db.db
      .insertInto('maintenance_tasks')
      .values({
        organization_id: owner.organizationId,
        property_id: propertyId,
        title: 'Service the geyser',
        frequency: 'annually',
        priority: 'medium',
        next_due: sql<string>`(now() at time zone 'Africa/Johannesburg')::date`,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(await queueScheduledWebhookEvents(t.services, now)).toBe(2);
    // The round again (a retry, another replica): nothing twice.
    expect(await queueScheduledWebhookEvents(t.services, now)).toBe(0);
    await deliverUntil(async () => (await deliveries(endpoint.id)).every((d) => d.status === 'delivered'));
    const bodies = receiver
      .hitsTo('/ok')
      .slice(-2)
      .map(
        (hit) =>
          new Webhook(endpoint.secret).verify(hit.body, hit.headers) as {
            type: string;
            data: Record<string, unknown>;
          },
      );
    expect(bodies).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          type: 'document.expiring',
          data: expect.objectContaining({ documentId: document.id, within: 30, propertyId }),
        }),
        expect.objectContaining({
          type: 'maintenance.task_due',
          data: expect.objectContaining({ taskId: task.id, propertyId, title: 'Service the geyser' }),
        }),
      ]),
    );
    // Five days on, inside 7 days: the next step, once.
    expect(await queueScheduledWebhookEvents(t.services, inDays(19))).toBe(1);
    await rest(owner, 'DELETE', `/api/webhooks/${endpoint.id}`);
  });

  it("another organisation's endpoint ids answer 404 at both doors and nothing changes", async () => {
    const endpoint = await register('/ok', ['claim.created']);
    const deliveryId = (await rest(owner, 'POST', `/api/webhooks/${endpoint.id}/test`)).json().id;
    const snapshot = async () =>
      JSON.stringify([
        (await sql`select * from webhook_endpoints order by id`.execute(t.db.db)).rows,
        (await sql`select * from webhook_deliveries order by id`.execute(t.db.db)).rows,
      ]);
    const before = await snapshot();
    const calls = [
      rest(outsider, 'GET', `/api/webhooks/${endpoint.id}`),
      rest(outsider, 'PATCH', `/api/webhooks/${endpoint.id}`, { description: 'mine now' }),
      rest(outsider, 'DELETE', `/api/webhooks/${endpoint.id}`),
      rest(outsider, 'POST', `/api/webhooks/${endpoint.id}/rotate-secret`),
      rest(outsider, 'GET', `/api/webhooks/${endpoint.id}/deliveries`),
      rest(outsider, 'POST', `/api/webhooks/${endpoint.id}/test`),
      rest(outsider, 'POST', `/api/webhooks/${endpoint.id}/deliveries/${deliveryId}/resend`),
      trpc(outsider, 'query', 'webhooks.deliveries', { id: endpoint.id }),
      trpc(outsider, 'mutation', 'webhooks.rotateSecret', { id: endpoint.id }),
    ];
    for (const res of await Promise.all(calls)) expect(res.statusCode, res.body).toBe(404);
    expect((await rest(outsider, 'GET', '/api/webhooks')).json()).toEqual([]);
    expect(await snapshot()).toBe(before);
    await t.services.jobs.runQueued(webhookDeliveryJob);
    await rest(owner, 'DELETE', `/api/webhooks/${endpoint.id}`);
  });

  it("posts to the address it was given (the checked one), with the URL's host name, and gives up after the timeout", async () => {
    const port = new URL(receiver.base).port;
    // A name nothing resolves: the connection goes to the address handed over, never to a lookup of the name.
    const answer = await postWebhook(
      new URL(`http://hooks.invalid:${port}/ok`),
      { address: '127.0.0.1', family: 4 },
      { 'webhook-id': 'msg_direct' },
      '{}',
      10_000,
    );
    expect(answer).toEqual({ status: 204, error: null });
    const hit = receiver.hits.find((h) => h.headers['webhook-id'] === 'msg_direct');
    expect(hit?.headers.host).toBe(`hooks.invalid:${port}`);
    const slow = await postWebhook(
      new URL(`${receiver.base}/slow`),
      { address: '127.0.0.1', family: 4 },
      {},
      '{}',
      200,
    );
    expect(slow).toEqual({ status: null, error: 'No answer within 200 ms' });
  });

  it('the hourly housekeeping forgets settled deliveries after 30 days, never one still being retried', async () => {
    const endpoint = await register('/ok', ['claim.created']);
    await rest(owner, 'POST', `/api/webhooks/${endpoint.id}/test`);
    await deliverUntil(async () => (await deliveries(endpoint.id))[0]?.status === 'delivered');
    const monthAgo = new Date(Date.now() - 31 * 86_400_000);
    await t.db.db
      .insertInto('webhook_deliveries')
      .values({
        endpoint_id: endpoint.id,
        organization_id: owner.organizationId,
        message_id: 'msg_still_retrying',
        event: 'claim.created',
        body: '{}',
        status: 'retrying',
        attempts: 3,
        created_at: monthAgo,
      })
      .execute();
    expect((await houseKeep(t.db.db, t.store)).webhookDeliveries).toBe(0);
    // A month on (the settled delivery made 31 days ago): it goes, the one still being retried stays.
    await t.db.db
      .updateTable('webhook_deliveries')
      .set({ created_at: monthAgo })
      .where('endpoint_id', '=', endpoint.id)
      .where('status', '=', 'delivered')
      .execute();
    expect((await houseKeep(t.db.db, t.store)).webhookDeliveries).toBe(1);
    expect((await deliveries(endpoint.id)).map((delivery) => delivery.status)).toEqual(['retrying']);
    await rest(owner, 'DELETE', `/api/webhooks/${endpoint.id}`);
  });

  it('owners and admins manage webhooks; a member and a viewer are refused at both doors and change nothing', async () => {
    const endpoint = await register('/ok', ['claim.created'], members.admin);
    const listed = await trpc(members.admin, 'query', 'webhooks.list');
    expect(listed.statusCode).toBe(200);
    const count = async () =>
      (await sql`select count(*)::int as n from webhook_endpoints`.execute(t.db.db)).rows;
    const before = await count();
    for (const role of ['member', 'viewer'] as const) {
      const who = members[role];
      const calls = [
        ['REST', await rest(who, 'GET', '/api/webhooks')],
        [
          'REST',
          await rest(who, 'POST', '/api/webhooks', { url: `${receiver.base}/ok`, events: ['claim.created'] }),
        ],
        ['REST', await rest(who, 'DELETE', `/api/webhooks/${endpoint.id}`)],
        ['tRPC', await trpc(who, 'query', 'webhooks.list')],
        ['tRPC', await trpc(who, 'mutation', 'webhooks.rotateSecret', { id: endpoint.id })],
      ] as const;
      for (const [door, res] of calls) {
        expect(res.statusCode, `${role} ${door}: ${res.body}`).toBe(403);
        expect(door === 'REST' ? res.json().error : res.json().error.message).toBe(
          refusal(role, 'webhooks.manage'),
        );
      }
    }
    expect(await count()).toEqual(before);
    await rest(owner, 'DELETE', `/api/webhooks/${endpoint.id}`);
  });

  it('every change to an endpoint is in the audit trail, naming the person and the API token it came with, never the secret', async () => {
    const admin = members.admin;
    const made = await rest(admin, 'POST', '/api/account/tokens', {
      name: 'Deploy script',
      scope: 'read_write',
    });
    expect(made.statusCode, made.body).toBe(201);
    const token = made.json() as { id: string; secret: string };
    const viaToken = { headers: { authorization: `Bearer ${token.secret}` } };
    const firstId = Number(
      (await sql<{ n: string }>`select coalesce(max(id), 0) as n from audit_events`.execute(t.db.db)).rows[0]
        ?.n,
    );

    const created = await rest(viaToken, 'POST', '/api/webhooks', {
      url: `${receiver.base}/ok-audit`,
      events: ['claim.created'],
      description: 'Audited',
    });
    expect(created.statusCode, created.body).toBe(201);
    const endpoint = created.json() as { id: string; secret: string };
    const id = endpoint.id;
    const steps = [
      await rest(admin, 'PATCH', `/api/webhooks/${id}`, { description: 'Audited again' }),
      await rest(admin, 'PATCH', `/api/webhooks/${id}`, { enabled: false }),
      await rest(viaToken, 'PATCH', `/api/webhooks/${id}`, { enabled: true }),
      await trpc(admin, 'mutation', 'webhooks.rotateSecret', { id }),
      await rest(viaToken, 'POST', `/api/webhooks/${id}/test`),
    ];
    for (const res of steps) expect(res.statusCode, res.body).toBeLessThan(300);
    const rotatedSecret = steps[3]?.json().result.data.secret as string;
    const testDelivery = steps[4]?.json().id as string;
    const resent = await rest(admin, 'POST', `/api/webhooks/${id}/deliveries/${testDelivery}/resend`);
    expect(resent.statusCode, resent.body).toBe(202);
    const deleted = await rest(viaToken, 'DELETE', `/api/webhooks/${id}`);
    expect(deleted.statusCode, deleted.body).toBeLessThan(300);

    const rows = await t.db.db
      .selectFrom('audit_events')
      .select(['organization_id', 'user_id', 'action', 'document_id', 'details'])
      .where('id', '>', String(firstId))
      .where('action', 'like', 'webhook_%' as never)
      .orderBy('id')
      .execute();
    const byToken = { apiToken: { id: token.id, name: 'Deploy script' } };
    expect(rows.map((row) => [row.action, row.details])).toEqual([
      [
        'webhook_create',
        {
          endpointId: id,
          url: `${receiver.base}/ok-audit`,
          description: 'Audited',
          events: ['claim.created'],
          ...byToken,
        },
      ],
      ['webhook_update', { endpointId: id, changes: { description: 'Audited again' } }],
      ['webhook_update', { endpointId: id, changes: { enabled: false } }],
      ['webhook_update', { endpointId: id, changes: { enabled: true }, ...byToken }],
      ['webhook_rotate_secret', { endpointId: id }],
      [
        'webhook_test',
        {
          endpointId: id,
          deliveryId: testDelivery,
          messageId: expect.any(String),
          event: 'webhook.test',
          ...byToken,
        },
      ],
      [
        'webhook_resend',
        {
          endpointId: id,
          deliveryId: resent.json().id,
          messageId: expect.any(String),
          event: 'webhook.test',
          resentFrom: testDelivery,
        },
      ],
      [
        'webhook_delete',
        { endpointId: id, url: `${receiver.base}/ok-audit`, description: 'Audited again', ...byToken },
      ],
    ]);
    for (const row of rows) {
      expect(row).toMatchObject({
        organization_id: owner.organizationId,
        user_id: admin.userId,
        document_id: null,
      });
      const text = JSON.stringify(row.details);
      expect(text).not.toContain(endpoint.secret);
      expect(text).not.toContain(rotatedSecret);
      expect(text).not.toContain('whsec_');
    }
    // Refused changes write nothing: a read token's, and an outsider's.
    const reader = await rest(admin, 'POST', '/api/account/tokens', { name: 'Reader', scope: 'read' });
    const readOnly = { headers: { authorization: `Bearer ${reader.json().secret}` } };
    const before = rows.length;
    const refused = await rest(readOnly, 'POST', '/api/webhooks', {
      url: `${receiver.base}/ok-audit`,
      events: ['claim.created'],
    });
    expect(refused.statusCode).toBe(403);
    const after = await t.db.db
      .selectFrom('audit_events')
      .select('id')
      .where('id', '>', String(firstId))
      .where('action', 'like', 'webhook_%' as never)
      .execute();
    expect(after).toHaveLength(before);
  });
});

describe(`webhook outbound safety (issue 30 §2, ${databaseKind})`, () => {
  let t: TestApp;
  let owner: TestAccount;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;

  beforeAll(async () => {
    receiver = await startReceiver();
    // WEBHOOKS_ALLOW_PRIVATE is off, as in production.
    t = await createTestApp({ WEBHOOKS_RETRY_DELAYS_SECONDS: '0' });
    owner = await signUpAndLogIn(t);
  });
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
  });

  it('refuses a private, loopback or link-local address when the endpoint is registered', async () => {
    for (const url of [
      `${receiver.base}/ok`,
      'http://localhost:8080/hook',
      'https://10.1.2.3/hook',
      'https://192.168.1.10/hook',
      'https://169.254.169.254/latest/meta-data',
      'https://[::1]/hook',
      'https://[fe80::1]/hook',
      'https://[::ffff:127.0.0.1]/hook',
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/webhooks',
        headers: owner.headers,
        payload: { url, events: ['claim.created'] },
      });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(400);
      expect(res.json().error).toBe(WEBHOOK_MESSAGES.privateAddress);
    }
    expect((await sql`select * from webhook_endpoints`.execute(t.db.db)).rows).toEqual([]);
  });

  it('checks the address again on every delivery: an endpoint that now points to this machine is never reached', async () => {
    // As if its name had come to resolve to 127.0.0.1 since it was registered: the delivery checks what it connects to.
    const registered = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks',
      headers: owner.headers,
      payload: { url: 'https://hooks.example.co.za/in', events: ['claim.created'] },
    });
    expect(registered.statusCode, registered.body).toBe(201);
    const id = registered.json().id;
    await t.db.db
      .updateTable('webhook_endpoints')
      .set({ url: `${receiver.base}/ok` })
      .where('id', '=', id)
      .execute();
    const test = await t.app.inject({
      method: 'POST',
      url: `/api/webhooks/${id}/test`,
      headers: owner.headers,
    });
    expect(test.statusCode, test.body).toBe(202);
    await waitFor(async () => {
      await t.services.jobs.runQueued(webhookDeliveryJob);
      const row = await t.db.db
        .selectFrom('webhook_deliveries')
        .selectAll()
        .where('endpoint_id', '=', id)
        .executeTakeFirst();
      return row?.status === 'failed';
    });
    const row = await t.db.db
      .selectFrom('webhook_deliveries')
      .selectAll()
      .where('endpoint_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ attempts: 2, response_status: null, error: WEBHOOK_MESSAGES.privateAddress });
    expect(receiver.hits).toEqual([]);
  });

  it('checks every address a name resolves to, and connects to the one it checked', async () => {
    const policy = { allowPrivate: false, production: true };
    const url = new URL('https://hooks.example.co.za/in');
    await expect(
      resolveWebhookAddress(url, policy, async () => [
        { address: '93.184.216.34', family: 4 },
        { address: '10.0.0.5', family: 4 },
      ]),
    ).rejects.toThrow(WEBHOOK_MESSAGES.privateAddress);
    await expect(
      resolveWebhookAddress(url, policy, async () => [{ address: '::ffff:169.254.169.254', family: 6 }]),
    ).rejects.toThrow(WEBHOOK_MESSAGES.privateAddress);
    await expect(
      resolveWebhookAddress(url, policy, async () => [{ address: '93.184.216.34', family: 4 }]),
    ).resolves.toEqual({ address: '93.184.216.34', family: 4 });
    await expect(
      resolveWebhookAddress(url, { ...policy, allowPrivate: true }, async () => [
        { address: '127.0.0.1', family: 4 },
      ]),
    ).resolves.toEqual({ address: '127.0.0.1', family: 4 });
  });

  it('https only in production; private ranges in IPv4 and IPv6', () => {
    expect(() =>
      checkWebhookUrl('http://hooks.example.co.za/in', { allowPrivate: false, production: true }),
    ).toThrow(WEBHOOK_MESSAGES.httpsOnly);
    expect(
      checkWebhookUrl('http://hooks.example.co.za/in', { allowPrivate: false, production: false }).host,
    ).toBe('hooks.example.co.za');
    for (const address of [
      '127.0.0.1',
      '10.0.0.1',
      '172.31.255.255',
      '192.168.0.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      '::',
      'fd00::1',
      'fe80::1',
      '::ffff:10.0.0.1',
      '::ffff:7f00:1',
    ])
      expect(isPrivateAddress(address), address).toBe(true);
    for (const address of ['93.184.216.34', '8.8.8.8', '172.32.0.1', '2606:4700::1111'])
      expect(isPrivateAddress(address), address).toBe(false);
  });
});

describe(`webhook events of uploads and transfers (issue 30 §2, ${databaseKind})`, () => {
  let t: TestApp;
  let origin: string;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  const today = johannesburgToday(new Date());
  const pdf = (label: string) =>
    Buffer.concat([
      Buffer.from(`%PDF-1.7\n% ${label}\n`),
      Buffer.alloc(1200, 0x41),
      Buffer.from('\n%%EOF\n'),
    ]);

  beforeAll(async () => {
    receiver = await startReceiver();
    t = await createTestApp({ WEBHOOKS_ALLOW_PRIVATE: 'true', WEBHOOKS_RETRY_DELAYS_SECONDS: '0' });
    // The signed upload URLs are absolute: the app listens, as in production.
    origin = await t.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
  });

  /** The events posted to `path` so far, each verified with `secret` by the standardwebhooks package. */
  const eventsAt = (path: string, secret: string) =>
    receiver.hitsTo(path).map(
      (hit) =>
        new Webhook(secret).verify(hit.body, hit.headers) as {
          type: string;
          data: Record<string, unknown>;
        },
    );

  async function ownerWithEndpoint(path: string, events: string[]) {
    const owner = await httpOwner(t, origin, { plan: 'premium' });
    const property = await owner.call('POST', '/api/properties', {
      name: 'Kloof House',
      address: '8 Kloof Street, Gardens',
      municipality: 'CPT',
      parcel_id: `W${Math.random().toString(36).slice(2, 8)}`,
    });
    expect(property.statusCode, property.body).toBe(201);
    const endpoint = await owner.call('POST', '/api/webhooks', { url: `${receiver.base}${path}`, events });
    expect(endpoint.statusCode, endpoint.body).toBe(201);
    return { ...owner, propertyId: property.json().id as string, secret: endpoint.json().secret as string };
  }

  it("an owner's upload is document.created; a vendor's through their link is document.created and vendor.upload", async () => {
    const owner = await ownerWithEndpoint('/ok', ['document.created', 'vendor.upload']);
    const uploaded = await owner.upload(pdf('deed'), 'application/pdf', {
      property_id: owner.propertyId,
      kind: 'deed',
      name: 'Title deed.pdf',
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const invited = await owner.call('POST', '/api/vendors/invite', {
      name: 'Sipho Dlamini',
      email: 'sipho.webhooks@sparks.co.za',
      company: 'Sparks Electrical',
      propertyId: owner.propertyId,
    });
    expect(invited.statusCode, invited.body).toBe(201);
    const token = new URL(invited.json().invite.url).pathname.replace('/invite/', '');
    const content = pdf('coc');
    const signed = await fetch(`${origin}/api/invites/${token}/sign`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        contentType: 'application/pdf',
        sha256: sha256Hex(content),
        bytes: content.length,
      }),
    });
    expect(signed.status).toBe(200);
    const { url, storageKey } = (await signed.json()) as { url: string; storageKey: string };
    expect(
      (await fetch(url, { method: 'PUT', body: content, headers: { 'content-type': 'application/pdf' } }))
        .status,
    ).toBe(200);
    const registered = await fetch(`${origin}/api/invites/${token}/documents`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        kind: 'certificate',
        name: 'Electrical CoC.pdf',
        storage_key: storageKey,
        sha256: sha256Hex(content),
        bytes: content.length,
        content_type: 'application/pdf',
        metadata: { certificate_type: 'electrical_coc', issued_on: today },
      }),
    });
    expect(registered.status).toBe(201);
    const vendorDocument = (await registered.json()) as { id: string };

    await waitFor(async () => {
      await t.services.jobs.runQueued(webhookDeliveryJob);
      return receiver.hitsTo('/ok').length >= 3;
    });
    const events = eventsAt('/ok', owner.secret);
    expect(events).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          type: 'document.created',
          data: expect.objectContaining({
            documentId: uploaded.json().id,
            propertyId: owner.propertyId,
            kind: 'deed',
          }),
        }),
        expect.objectContaining({
          type: 'document.created',
          data: expect.objectContaining({ documentId: vendorDocument.id, kind: 'certificate' }),
        }),
        expect.objectContaining({
          type: 'vendor.upload',
          data: expect.objectContaining({
            documentId: vendorDocument.id,
            vendorId: invited.json().vendor.id,
            propertyId: owner.propertyId,
          }),
        }),
      ]),
    );
    expect(events).toHaveLength(3);
  });

  it('an accepted transfer is posted to the seller and to the buyer', async () => {
    const seller = await ownerWithEndpoint('/ok-seller', ['transfer.accepted']);
    const buyer = await httpOwner(t, origin, { plan: 'premium' });
    const buyerEndpoint = await buyer.call('POST', '/api/webhooks', {
      url: `${receiver.base}/ok-buyer`,
      events: ['transfer.accepted'],
    });
    expect(buyerEndpoint.statusCode, buyerEndpoint.body).toBe(201);
    const started = await seller.call('POST', `/api/properties/${seller.propertyId}/transfer`, {
      email: buyer.email,
    });
    expect(started.statusCode, started.body).toBe(201);
    const accepted = await buyer.call('POST', `/api/transfers/${started.json().id}/accept`);
    expect(accepted.statusCode, accepted.body).toBe(200);
    await waitFor(async () => {
      await t.services.jobs.runQueued(webhookDeliveryJob);
      return receiver.hitsTo('/ok-seller').length === 1 && receiver.hitsTo('/ok-buyer').length === 1;
    });
    const expected = { transferId: started.json().id, propertyId: seller.propertyId };
    expect(eventsAt('/ok-seller', seller.secret)).toEqual([
      expect.objectContaining({
        type: 'transfer.accepted',
        data: expect.objectContaining({ ...expected, side: 'seller' }),
      }),
    ]);
    expect(eventsAt('/ok-buyer', buyerEndpoint.json().secret)).toEqual([
      expect.objectContaining({
        type: 'transfer.accepted',
        data: expect.objectContaining({ ...expected, side: 'buyer' }),
      }),
    ]);
  });
});
