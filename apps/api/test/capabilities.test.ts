import type { FastifyReply, FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  capabilityStatus,
  checkLinkPassword,
  consumeCapability,
  findLiveCapability,
  hashLinkPassword,
  issueCapability,
  isUnlocked,
  logCapabilityEvent,
  MAX_LINK_FAILURES,
  MAX_UNLOCK_FAILURES,
  revokeCapabilitiesOf,
  revokeCapability,
  setUnlockCookie,
  tokenHash,
  unlockCookieName,
} from '../src/capabilities/capabilities.js';
import type { DatabaseHandle } from '../src/db/connect.js';
import { AppError } from '../src/errors.js';
import { createTestDatabase, databaseKind } from './support/database.js';

const SECRET = 'capability-test-secret-capability-test-secret';
const HOUR = 60 * 60 * 1000;

/** Every rule of secret links, once, against a real database. */
describe(`capabilities: secret links (${databaseKind})`, () => {
  let database: DatabaseHandle;
  let organizationId: string;
  const db = () => database.db;

  beforeAll(async () => {
    database = await createTestDatabase();
    organizationId = (
      await db()
        .insertInto('organizations')
        .values({ name: 'Links (Pty) Ltd', account_type: 'company', specialties: '[]' })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  });
  afterAll(async () => {
    await database.close();
  });

  const issue = (
    extra: Partial<Parameters<typeof issueCapability>[1]> = {},
    passwordHash: string | null = null,
  ) =>
    issueCapability(
      db(),
      { purpose: 'share', organizationId, expiresAt: new Date(Date.now() + HOUR), ...extra },
      passwordHash,
    );

  it('makes a token of 192 random bits and keeps only its SHA-256', async () => {
    const { id, token } = await issue();
    expect(Buffer.from(token, 'base64url')).toHaveLength(24);
    const row = await db()
      .selectFrom('capabilities')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.token_hash).toBe(tokenHash(token));
    expect(JSON.stringify(row)).not.toContain(token);
    const other = await issue();
    expect(other.token).not.toBe(token);
  });

  it('finds a live link by its token and purpose only; unknown, expired and revoked look alike', async () => {
    const live = await issue();
    expect((await findLiveCapability(db(), 'share', live.token))?.id).toBe(live.id);
    expect(await findLiveCapability(db(), 'password_reset', live.token)).toBeNull();
    expect(await findLiveCapability(db(), 'share', `${live.token}x`)).toBeNull();
    const expired = await issue({ expiresAt: new Date(Date.now() - 1000) });
    expect(await findLiveCapability(db(), 'share', expired.token)).toBeNull();
    const revoked = await issue();
    expect(await revokeCapability(db(), revoked.id, organizationId)).toBe(true);
    expect(await revokeCapability(db(), revoked.id, organizationId)).toBe(false);
    expect(await findLiveCapability(db(), 'share', revoked.token)).toBeNull();
  });

  it('revokes only within the organisation that made the link', async () => {
    const link = await issue();
    const stranger = (
      await db()
        .insertInto('organizations')
        .values({ name: 'Stranger', account_type: 'individual', specialties: '[]' })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    expect(await revokeCapability(db(), link.id, stranger)).toBe(false);
    expect(await findLiveCapability(db(), 'share', link.token)).not.toBeNull();
  });

  it('uses a single-use link once, even when two uses arrive together', async () => {
    const link = await issue({ purpose: 'password_reset', singleUse: true });
    const [a, b] = await Promise.all([
      consumeCapability(db(), 'password_reset', link.token),
      consumeCapability(db(), 'password_reset', link.token),
    ]);
    expect([a, b].filter((row) => row !== null)).toHaveLength(1);
    expect(await consumeCapability(db(), 'password_reset', link.token)).toBeNull();
    const row = await db()
      .selectFrom('capabilities')
      .selectAll()
      .where('id', '=', link.id)
      .executeTakeFirstOrThrow();
    expect(capabilityStatus(row)).toBe('used');
  });

  it('revokes the live links of a subject (earlier reset links of a user)', async () => {
    const subjectId = '00000000-0000-4000-8000-000000000001';
    const first = await issue({ purpose: 'password_reset', subjectId, singleUse: true });
    const second = await issue({ purpose: 'password_reset', subjectId, singleUse: true });
    await revokeCapabilitiesOf(db(), 'password_reset', subjectId);
    expect(await consumeCapability(db(), 'password_reset', first.token)).toBeNull();
    expect(await consumeCapability(db(), 'password_reset', second.token)).toBeNull();
  });

  it("keeps an invitation to join (member_invite, issue 29 §2) to its purpose: revoked, expired, used and another organisation's revoke all fail", async () => {
    const other = (
      await db()
        .insertInto('organizations')
        .values({ name: 'Rival (Pty) Ltd', account_type: 'company', specialties: '[]' })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    const invite = (extra: Partial<Parameters<typeof issueCapability>[1]> = {}) =>
      issue({ purpose: 'member_invite', singleUse: true, ...extra });
    const live = await invite();
    expect((await findLiveCapability(db(), 'member_invite', live.token))?.id).toBe(live.id);
    expect(await findLiveCapability(db(), 'share', live.token)).toBeNull();
    expect(await findLiveCapability(db(), 'transfer', live.token)).toBeNull();
    // Another organisation cannot revoke it; its own can, and then it is gone.
    expect(await revokeCapability(db(), live.id, other)).toBe(false);
    expect((await findLiveCapability(db(), 'member_invite', live.token))?.id).toBe(live.id);
    expect(await revokeCapability(db(), live.id, organizationId)).toBe(true);
    expect(await findLiveCapability(db(), 'member_invite', live.token)).toBeNull();
    expect(await consumeCapability(db(), 'member_invite', live.token)).toBeNull();
    const expired = await invite({ expiresAt: new Date(Date.now() - 1000) });
    expect(await findLiveCapability(db(), 'member_invite', expired.token)).toBeNull();
    expect(await consumeCapability(db(), 'member_invite', expired.token)).toBeNull();
    const used = await invite();
    expect((await consumeCapability(db(), 'member_invite', used.token))?.id).toBe(used.id);
    expect(await consumeCapability(db(), 'member_invite', used.token)).toBeNull();
    expect(await findLiveCapability(db(), 'member_invite', used.token)).toBeNull();
  });

  it('keeps an access link to one property (property_grant, issue 29 §3) to its purpose: a member invite or share cannot use it, and it works once', async () => {
    const grant = (extra: Partial<Parameters<typeof issueCapability>[1]> = {}) =>
      issue({ purpose: 'property_grant', singleUse: true, ...extra });
    const live = await grant();
    expect((await findLiveCapability(db(), 'property_grant', live.token))?.id).toBe(live.id);
    expect(await findLiveCapability(db(), 'member_invite', live.token)).toBeNull();
    expect(await consumeCapability(db(), 'share', live.token)).toBeNull();
    expect((await consumeCapability(db(), 'property_grant', live.token))?.id).toBe(live.id);
    expect(await consumeCapability(db(), 'property_grant', live.token)).toBeNull();
    const expired = await grant({ expiresAt: new Date(Date.now() - 1000) });
    expect(await findLiveCapability(db(), 'property_grant', expired.token)).toBeNull();
    const revoked = await grant();
    expect(await revokeCapability(db(), revoked.id, organizationId)).toBe(true);
    expect(await consumeCapability(db(), 'property_grant', revoked.token)).toBeNull();
  });

  it('tells the status of a link', () => {
    const now = new Date();
    const base = { revoked_at: null, used_at: null, expires_at: new Date(now.getTime() + 1000) };
    expect(capabilityStatus(base, now)).toBe('active');
    expect(capabilityStatus({ ...base, expires_at: now }, now)).toBe('expired');
    expect(capabilityStatus({ ...base, revoked_at: now }, now)).toBe('revoked');
    expect(capabilityStatus({ ...base, used_at: now }, now)).toBe('used');
  });

  describe('password gate', () => {
    it('hears a right and a wrong password and logs both', async () => {
      const link = await issue({}, await hashLinkPassword('open sesame'));
      const row = {
        id: link.id,
        password_hash: (await findLiveCapability(db(), 'share', link.token))?.password_hash ?? null,
      };
      expect(row.password_hash).toMatch(/^\$argon2id\$/);
      expect(await checkLinkPassword(db(), row, 'wrong', { ip: '10.0.0.1', userId: null })).toEqual({
        ok: false,
        failuresOnLink: 1,
      });
      expect(await checkLinkPassword(db(), row, 'open sesame', { ip: '10.0.0.1', userId: null })).toEqual({
        ok: true,
      });
      const events = await db()
        .selectFrom('capability_events')
        .select('action')
        .where('capability_id', '=', link.id)
        .orderBy('id')
        .execute();
      expect(events.map((e) => e.action)).toEqual(['unlock_failed', 'unlock_ok']);
    });

    it('refuses the 11th wrong password from one address before hashing, but not from another', async () => {
      const link = await issue({}, await hashLinkPassword('open sesame'));
      const row = {
        id: link.id,
        password_hash: (await findLiveCapability(db(), 'share', link.token))?.password_hash ?? null,
      };
      for (let i = 0; i < MAX_UNLOCK_FAILURES; i++) {
        expect((await checkLinkPassword(db(), row, `guess ${i}`, { ip: '10.0.0.2', userId: null })).ok).toBe(
          false,
        );
      }
      const refused = await checkLinkPassword(db(), row, 'open sesame', {
        ip: '10.0.0.2',
        userId: null,
      }).catch((e) => e);
      expect(refused).toBeInstanceOf(AppError);
      expect(refused.code).toBe('TOO_MANY_REQUESTS');
      expect(refused.message).toMatch(/^Too many wrong passwords\. Try again in \d+ minutes?\.$/);
      expect(refused.details.retryAfterSeconds).toBeGreaterThan(0);
      expect((await checkLinkPassword(db(), row, 'open sesame', { ip: '10.0.0.3', userId: null })).ok).toBe(
        true,
      );
    });

    it('locks the link for everyone after 100 wrong passwords from all addresses within an hour', async () => {
      const link = await issue({}, await hashLinkPassword('open sesame'));
      const row = {
        id: link.id,
        password_hash: (await findLiveCapability(db(), 'share', link.token))?.password_hash ?? null,
      };
      // Earlier failures, as the limiter records them (hashing 100 guesses would only slow the test).
      await db()
        .insertInto('attempts')
        .values(
          Array.from({ length: MAX_LINK_FAILURES - 1 }, (_, i) => ({
            rule: 'link-password:link',
            key: link.id,
            created_at: new Date(Date.now() - 1000 - i),
          })),
        )
        .execute();
      expect(await checkLinkPassword(db(), row, 'the 100th', { ip: '10.1.0.100', userId: null })).toEqual({
        ok: false,
        failuresOnLink: MAX_LINK_FAILURES,
      });
      const locked = await checkLinkPassword(db(), row, 'open sesame', {
        ip: '10.1.0.101',
        userId: null,
      }).catch((e) => e);
      expect(locked.code).toBe('TOO_MANY_REQUESTS');
      expect(locked.message).toMatch(/This link is locked after too many wrong passwords/);
    });

    it('unlocks with a cookie bound to that one link, signed and expiring', async () => {
      const cookies: Record<string, string> = {};
      const reply = {
        setCookie: (name: string, value: string) => {
          cookies[name] = value;
        },
      } as unknown as FastifyReply;
      const request = (jar: Record<string, string>) =>
        ({ protocol: 'http', cookies: jar }) as unknown as FastifyRequest;
      const a = await issue();
      const b = await issue();
      setUnlockCookie(request({}), reply, SECRET, a.id);
      expect(isUnlocked(request(cookies), SECRET, a.id)).toBe(true);
      // Not another link's, not with another secret, not forged, not after it expires.
      expect(
        isUnlocked(
          request({ [unlockCookieName(b.id)]: cookies[unlockCookieName(a.id)] ?? '' }),
          SECRET,
          b.id,
        ),
      ).toBe(false);
      expect(isUnlocked(request(cookies), `${SECRET}-other`, a.id)).toBe(false);
      const [expires] = (cookies[unlockCookieName(a.id)] ?? '').split('.');
      expect(isUnlocked(request({ [unlockCookieName(a.id)]: `${expires}.forged` }), SECRET, a.id)).toBe(
        false,
      );
      expect(isUnlocked(request(cookies), SECRET, a.id, new Date(Date.now() + 2 * HOUR))).toBe(false);
    });
  });

  it('keeps an access log per link', async () => {
    const link = await issue();
    await logCapabilityEvent(db(), link.id, 'view', { ip: '10.2.0.1', userId: null });
    const rows = await db()
      .selectFrom('capability_events')
      .selectAll()
      .where('capability_id', '=', link.id)
      .execute();
    expect(rows).toEqual([expect.objectContaining({ action: 'view', ip: '10.2.0.1', user_id: null })]);
  });

  it("answers a closed organisation's links as dead ones until it is reopened (issue 31 §2); links of no organisation are unaffected", async () => {
    const closing = (
      await db()
        .insertInto('organizations')
        .values({ name: 'Closing (Pty) Ltd', account_type: 'company', specialties: '[]' })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    const share = await issue({ organizationId: closing });
    const single = await issue({ organizationId: closing, singleUse: true });
    const personal = await issue({ organizationId: null, purpose: 'password_reset', singleUse: true });
    const setClosed = (at: Date | null) =>
      db().updateTable('organizations').set({ closed_at: at }).where('id', '=', closing).execute();
    await setClosed(new Date());
    expect(await findLiveCapability(db(), 'share', share.token)).toBeNull();
    expect(await consumeCapability(db(), 'share', single.token)).toBeNull();
    expect(await findLiveCapability(db(), 'password_reset', personal.token)).not.toBeNull();
    await setClosed(null);
    expect((await findLiveCapability(db(), 'share', share.token))?.id).toBe(share.id);
    expect((await consumeCapability(db(), 'share', single.token))?.id).toBe(single.id);
  });
});
