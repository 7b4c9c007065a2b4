import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { houseKeepingJob, orphanSweepJob } from '../src/modules/housekeeping/housekeeping.jobs.js';
import { sweepOrphans } from '../src/modules/housekeeping/housekeeping.service.js';
import { signUpAndLogIn, type TestAccount } from './support/accounts.js';
import { createTestApp, type TestApp } from './support/app.js';
import { databaseKind } from './support/database.js';

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');
const pdfOf = (label: string) =>
  Buffer.concat([Buffer.from(`%PDF-1.7\n${label}\n`), randomBytes(2000), Buffer.from('\n%%EOF\n')]);
const HOUR = 60 * 60 * 1000;

describe(`housekeeping and the orphan sweep (${databaseKind})`, { timeout: 90_000 }, () => {
  let t: TestApp;
  let origin: string;
  let owner: TestAccount & { propertyId: string };

  beforeAll(async () => {
    // The rounds run when the test queues them (services.jobs.runQueued: the worker's own path).
    t = await createTestApp();
    origin = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const account = await signUpAndLogIn(t);
    const property = await call(account, 'POST', '/api/properties', {
      name: 'Home',
      address: '1 Long Street',
      country: 'ZA',
      municipality: 'CPT',
      parcel_id: 'HK1',
    });
    owner = { ...account, propertyId: property.id };
  });
  afterAll(async () => {
    await t.close();
  });

  async function call(who: TestAccount, method: string, url: string, payload?: unknown) {
    const res = await fetch(`${origin}${url}`, {
      method,
      headers: { ...who.headers, ...(payload === undefined ? {} : { 'content-type': 'application/json' }) },
      body: payload === undefined ? undefined : JSON.stringify(payload),
    });
    const text = await res.text();
    if (res.status >= 400)
      throw Object.assign(new Error(`${method} ${url}: ${res.status} ${text}`), { status: res.status });
    return JSON.parse(text);
  }

  /** Signs and PUTs a file; answers its key (uploaded, not registered). */
  async function uploadOnly(content: Buffer): Promise<string> {
    const signed = await call(owner, 'POST', '/api/documents/sign', {
      contentType: 'application/pdf',
      sha256: sha256(content),
      bytes: content.length,
    });
    const put = await fetch(signed.url, {
      method: 'PUT',
      body: content,
      headers: { 'content-type': 'application/pdf' },
    });
    expect(put.status).toBe(200);
    return signed.storageKey;
  }

  const register = (key: string, content: Buffer) =>
    call(owner, 'POST', '/api/documents', {
      property_id: owner.propertyId,
      kind: 'certificate',
      name: `${key.slice(3, 9)}.pdf`,
      storage_key: key,
      sha256: sha256(content),
      bytes: content.length,
      content_type: 'application/pdf',
    });

  const exists = async (key: string) => (await t.store.stat(key)) !== null;
  const age = async (key: string, ms: number) => {
    const when = new Date(Date.now() - ms);
    await fs.utimes(path.join(t.filesDir, key), when, when);
  };

  it('schedules its rounds in South African time when the worker runs', async () => {
    const withWorker = await createTestApp({ JOBS_WORKER: 'true' });
    const schedules = await withWorker.services.jobs.schedules();
    await withWorker.close();
    expect(schedules).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          name: 'housekeeping.hourly',
          cron: '5 * * * *',
          timezone: 'Africa/Johannesburg',
        }),
        expect.objectContaining({
          name: 'housekeeping.orphans',
          cron: '30 2 * * *',
          timezone: 'Africa/Johannesburg',
        }),
      ]),
    );
  });

  it('removes an expired, never-registered upload with its object, a dead session and a stale partial file; keeps the rest', async () => {
    const content = pdfOf('expired');
    const expiredKey = await uploadOnly(content);
    const liveKey = await uploadOnly(pdfOf('live'));
    const keptContent = pdfOf('kept');
    const keptKey = await uploadOnly(keptContent);
    const document = await register(keptKey, keptContent);
    await t.db.db
      .updateTable('uploads')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('storage_key', 'in', [expiredKey, keptKey])
      .execute();
    const dead = await signUpAndLogIn(t);
    await t.db.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('user_id', '=', dead.userId)
      .execute();
    const incoming = path.join(t.filesDir, '.incoming');
    await fs.writeFile(path.join(incoming, 'stale-partial'), 'half an upload');
    await fs.writeFile(path.join(incoming, 'running-partial'), 'an upload in progress');
    const twoHoursAgo = new Date(Date.now() - 2 * HOUR);
    await fs.utimes(path.join(incoming, 'stale-partial'), twoHoursAgo, twoHoursAgo);
    // The fs store's verified records: one left without its object (a crash between the two writes).
    const records = path.join(t.filesDir, '.verified');
    const orphanRecord = 'ab'.repeat(16);
    await fs.writeFile(path.join(records, orphanRecord), '{}');
    await fs.utimes(path.join(records, orphanRecord), twoHoursAgo, twoHoursAgo);

    const id = await t.services.jobs.send(houseKeepingJob, {});
    expect(await t.services.jobs.runQueued(houseKeepingJob)).toBe(1);
    expect((await t.services.jobs.jobState(houseKeepingJob, id))?.state).toBe('completed');

    expect(await exists(expiredKey)).toBe(false);
    expect(
      await t.db.db
        .selectFrom('uploads')
        .select('storage_key')
        .where('storage_key', '=', expiredKey)
        .execute(),
    ).toEqual([]);
    expect(await exists(liveKey)).toBe(true);
    expect(await exists(keptKey)).toBe(true);
    expect(
      await t.db.db.selectFrom('documents').select('id').where('id', '=', document.id).execute(),
    ).toHaveLength(1);
    expect(
      await t.db.db.selectFrom('sessions').select('id').where('user_id', '=', dead.userId).execute(),
    ).toEqual([]);
    expect(await fs.readdir(incoming)).toEqual(expect.arrayContaining(['running-partial']));
    expect(await fs.readdir(incoming)).not.toContain('stale-partial');
    // A record goes with its object or once it is an idle orphan; the live upload's stays.
    expect(await fs.readdir(records)).toContain(liveKey.slice(3));
    expect(await fs.readdir(records)).not.toContain(expiredKey.slice(3));
    expect(await fs.readdir(records)).not.toContain(orphanRecord);
  });

  it('sweeps objects nothing refers to, after an hour, and never a document’s', async () => {
    const orphan = await t.store.putObject(pdfOf('orphan'), 'application/pdf');
    const fresh = await t.store.putObject(pdfOf('fresh orphan'), 'application/pdf');
    const namedContent = pdfOf('named');
    const named = await uploadOnly(namedContent);
    await register(named, namedContent);
    await age(orphan.key, 2 * HOUR);
    await age(named, 2 * HOUR);

    const id = await t.services.jobs.send(orphanSweepJob, {});
    expect(await t.services.jobs.runQueued(orphanSweepJob)).toBe(1);
    expect((await t.services.jobs.jobState(orphanSweepJob, id))?.state).toBe('completed');

    expect(await exists(orphan.key)).toBe(false);
    expect(await exists(fresh.key)).toBe(true);
    expect(await exists(named)).toBe(true);
  });

  it('never removes an object a document registered while the sweep runs names', async () => {
    const contents = Array.from({ length: 8 }, (_, i) => pdfOf(`race ${i}`));
    const keys: string[] = [];
    for (const content of contents) keys.push(await uploadOnly(content));
    // The sweep believes it is two hours later: every upload looks expired and every object old.
    const later = new Date(Date.now() + 2 * HOUR);
    const [sweep, ...registrations] = await Promise.allSettled([
      sweepOrphans(t.db.db, t.store, later),
      ...keys.map((key, i) => register(key, contents[i] as Buffer)),
    ]);
    expect(sweep.status).toBe('fulfilled');
    const documents = await t.db.db
      .selectFrom('documents')
      .select('storage_key')
      .where('storage_key', 'in', keys)
      .execute();
    // Every registration either made a document whose object is there, or was refused (400) and left none.
    for (const [i, registration] of registrations.entries()) {
      const key = keys[i] as string;
      const document = documents.find((d) => d.storage_key === key);
      if (registration.status === 'fulfilled') {
        expect(document).toBeDefined();
        expect(await exists(key)).toBe(true);
      } else {
        expect((registration.reason as { status?: number }).status, String(registration.reason)).toBe(400);
        expect(document).toBeUndefined();
      }
    }
    for (const { storage_key } of documents) expect(await exists(storage_key)).toBe(true);
  });
});
