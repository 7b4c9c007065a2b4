import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/connect.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { migrations } from '../src/db/migrations/index.js';
import { createTestDatabase, databaseKind } from './support/database.js';

describe(`database and migrations (${databaseKind})`, () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase();
  });
  afterAll(async () => {
    await handle.close();
  });

  it('names migrations with a date prefix, in order', () => {
    const names = Object.keys(migrations);
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) expect(name).toMatch(/^\d{4}-\d{2}-\d{2}T\d{4}-[a-z0-9-]+$/);
    expect([...names].sort()).toEqual(names);
  });

  it('creates organisations, users and sessions', async () => {
    const tables = await handle.db.introspection.getTables();
    expect(tables.map((table) => table.name)).toEqual(
      expect.arrayContaining(['organizations', 'users', 'sessions']),
    );
  });

  it.runIf(databaseKind === 'pglite')(
    'has PGlite skip zero-filling new WAL segments (synchronous writes in the server thread)',
    async () => {
      const { rows } = await sql<{ wal_init_zero: string }>`show wal_init_zero`.execute(handle.db);
      expect(rows[0]?.wal_init_zero).toBe('off');
    },
  );

  it('is idempotent: running the migrations again applies nothing', async () => {
    const again = await migrateToLatest(handle.db);
    expect(again.results).toEqual([]);
  });

  it('keeps emails unique case-insensitively and cascades from organisation to sessions', async () => {
    const org = await handle.db
      .insertInto('organizations')
      .values({ name: 'Acme Roofing', account_type: 'company' })
      .returning(['id', 'plan'])
      .executeTakeFirstOrThrow();
    expect(org.plan).toBe('free');
    const user = await handle.db
      .insertInto('users')
      .values({
        organization_id: org.id,
        email: 'Thandi@Example.co.za',
        password_hash: 'x',
        first_name: 'Thandi',
        last_name: 'Nkosi',
        user_type: 'supplier',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await expect(
      handle.db
        .insertInto('users')
        .values({
          organization_id: org.id,
          email: 'thandi@example.CO.ZA',
          password_hash: 'y',
          first_name: 'T',
          last_name: 'N',
          user_type: 'homeowner',
        })
        .execute(),
    ).rejects.toMatchObject({ code: '23505' });

    await handle.db
      .insertInto('sessions')
      .values({ id: 'a'.repeat(64), user_id: user.id, expires_at: new Date(Date.now() + 86_400_000) })
      .execute();
    await handle.db.deleteFrom('organizations').where('id', '=', org.id).execute();
    const left = await handle.db
      .selectFrom('sessions')
      .select(sql<number>`count(*)`.as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(left.n)).toBe(0);
  });

  it('rejects values outside the allowed sets', async () => {
    await expect(
      handle.db
        .insertInto('organizations')
        // @ts-expect-error an account type the schema does not allow
        .values({ name: 'X', account_type: 'galactic' })
        .execute(),
    ).rejects.toMatchObject({ code: '23514' });
  });
});

describe(`migration: share links onto capabilities (${databaseKind})`, () => {
  it('keeps every existing link working: same id, secret, password, expiry, revocation and log', async () => {
    const handle = await createTestDatabase({ migrateTo: '2026-11-23T0009-attempts-and-capabilities' });
    try {
      // biome-ignore lint/suspicious/noExplicitAny: the old schema is not the app's types
      const db = handle.db as unknown as import('kysely').Kysely<any>;
      const org = await db
        .insertInto('organizations')
        .values({ name: 'Old Links', account_type: 'company' })
        .returning('id')
        .executeTakeFirstOrThrow();
      const job = await db
        .insertInto('jobs')
        .values({
          organization_id: org.id,
          job_ref: 'JOB-2026-0001',
          property_address: '1 Main Rd',
          client_name: 'A',
          description: 'Roof',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const expires = new Date('2027-01-01T00:00:00Z');
      const share = await db
        .insertInto('shares')
        .values({
          organization_id: org.id,
          job_id: job.id,
          token_hash: 'f'.repeat(64),
          password_hash: '$argon2id$old',
          expires_at: expires,
          revoked_at: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('share_events')
        .values([
          { share_id: share.id, action: 'view', ip: '10.0.0.1' },
          { share_id: share.id, action: 'unlock_failed', ip: '10.0.0.2' },
        ])
        .execute();

      await migrateToLatest(handle.db);

      const capability = await db
        .selectFrom('capabilities')
        .selectAll()
        .where('id', '=', share.id)
        .executeTakeFirstOrThrow();
      expect(capability).toMatchObject({
        purpose: 'share',
        organization_id: org.id,
        token_hash: 'f'.repeat(64),
        password_hash: '$argon2id$old',
        revoked_at: null,
      });
      expect(new Date(capability.expires_at).toISOString()).toBe(expires.toISOString());
      const events = await db
        .selectFrom('capability_events')
        .select(['action', 'ip'])
        .where('capability_id', '=', share.id)
        .orderBy('id')
        .execute();
      expect(events).toEqual([
        { action: 'view', ip: '10.0.0.1' },
        { action: 'unlock_failed', ip: '10.0.0.2' },
      ]);
      // The share row is the capability's: deleting the capability takes it along.
      await db.deleteFrom('capabilities').where('id', '=', share.id).execute();
      expect(await db.selectFrom('shares').select('id').where('id', '=', share.id).execute()).toEqual([]);
    } finally {
      await handle.close();
    }
  });
});
