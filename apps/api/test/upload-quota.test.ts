import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadQuotaMessage } from '../src/modules/documents/documents.service.js';
import { signUpAndLogIn, type TestAccount } from './support/accounts.js';
import { createTestApp, type TestApp } from './support/app.js';
import { databaseKind } from './support/database.js';

const QUOTA = 10_000;

describe(`upload quota: bytes signed but not registered (${databaseKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ UPLOAD_QUOTA_BYTES: String(QUOTA) });
  });
  afterAll(async () => {
    await t.close();
  });

  const sign = (who: TestAccount, bytes: number) =>
    t.app.inject({
      method: 'POST',
      url: '/api/documents/sign',
      headers: who.headers,
      payload: { contentType: 'application/pdf', sha256: randomBytes(32).toString('hex'), bytes },
    });

  it('refuses a signature that would pass the quota, with a clear message, and counts per organisation', async () => {
    const owner = await signUpAndLogIn(t);
    expect((await sign(owner, 4000)).statusCode).toBe(200);
    expect((await sign(owner, 4000)).statusCode).toBe(200);
    const refused = await sign(owner, 4000);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toBe(uploadQuotaMessage(QUOTA));
    expect((await sign(owner, 2000)).statusCode).toBe(200);
    // Another organisation has its own quota.
    expect((await sign(await signUpAndLogIn(t), 4000)).statusCode).toBe(200);
  });

  it('lets parallel signatures pass only up to the quota', async () => {
    const owner = await signUpAndLogIn(t);
    const answers = await Promise.all(Array.from({ length: 5 }, () => sign(owner, 4000)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 429, 429, 429]);
    const rows = await t.db.db
      .selectFrom('uploads')
      .select('bytes')
      .where('organization_id', '=', owner.organizationId)
      .execute();
    expect(rows.reduce((sum, row) => sum + Number(row.bytes), 0)).toBe(8000);
  });

  it('frees the quota as uploads expire or are registered', async () => {
    const owner = await signUpAndLogIn(t);
    expect((await sign(owner, 9000)).statusCode).toBe(200);
    expect((await sign(owner, 2000)).statusCode).toBe(429);
    await t.db.db
      .updateTable('uploads')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('organization_id', '=', owner.organizationId)
      .execute();
    expect((await sign(owner, 9000)).statusCode).toBe(200);
    await t.db.db
      .updateTable('uploads')
      .set({ registered_at: new Date() })
      .where('organization_id', '=', owner.organizationId)
      .execute();
    expect((await sign(owner, 9000)).statusCode).toBe(200);
  });
});
