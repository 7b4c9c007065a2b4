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
