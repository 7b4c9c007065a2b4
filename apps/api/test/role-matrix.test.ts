import {
  CAPABILITIES,
  type Capability,
  can,
  ORGANIZATION_ROLES,
  type OrganizationRole,
  refusal,
} from '@propertydna/domain';
import type { AnyProcedure } from '@trpc/server';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RequestActor } from '../src/auth/actor.js';
import type { Requirement } from '../src/auth/permission.js';
import { NOT_SIGNED_IN } from '../src/auth/permission.js';
import { addMember } from '../src/modules/organizations/members.service.js';
import { createStaff } from '../src/modules/verification/staff.service.js';
import type { AnyRestRoute } from '../src/rest/define-route.js';
import { restRoutes } from '../src/rest/plugin.js';
import { isSupplierProcedure, STAFF_ONLY } from '../src/trpc/init.js';
import { appRouter } from '../src/trpc/router.js';
import { signUpAndLogIn, type TestAccount } from './support/accounts.js';
import { createTestApp, type TestApp } from './support/app.js';
import { databaseKind } from './support/database.js';
import { doors } from './support/doors.js';
import { buildExamples, type Examples, type RouteExample } from './support/examples.js';
import { queuedMailsTo } from './support/outbox.js';

/**
 * The role matrix (issue 29): every tRPC procedure and REST route, generated from the router and the
 * route table (a new one is in it by itself), asked by each of {owner, admin, member, viewer} of an
 * organisation, a grantee of one of its properties, another organisation and no one.
 *
 * - No one: 401 'Not signed in' on every door but those open to anyone, with a valid input.
 * - Each role: a capability the role lacks is 403 with the refusal naming the role, for a valid input
 *   (support/examples.ts) on both doors; a capability it has is not refused: a tRPC call with an input
 *   its schema refuses answers 400 (the role check comes first, so the role passed), a query without
 *   input answers 200, and the mutations without input are made last (signing out the very last).
 *   A supplier's procedures are asked of a supplier organisation's four members, the others of a
 *   homeowner organisation's; the back office's answer every member 403 and staff only.
 * - A grantee (read-only access to the organisation's property, accepted) and another organisation
 *   send every input the organisation's owner (or supplier) may send, naming its property, document,
 *   task, vendor, claim, transfer, job, template and share link, at both doors: no answer carries any
 *   of those ids, and every row the two organisations own is as it was. The grantee then reads exactly
 *   the granted property, and another organisation cannot open the grant.
 *
 * Every refused call leaves each organisation's rows (every table with an organisation, property,
 * document, job or user column, scoped to it) exactly as they were.
 */

const procedures = Object.entries(appRouter._def.procedures as unknown as Record<string, AnyProcedure>);
const routes = restRoutes as AnyRestRoute[];
const requirementOf = (procedure: AnyProcedure): Requirement | undefined =>
  (procedure._def.meta as { requires?: Requirement } | undefined)?.requires;
const isCapability = (requires: Requirement | undefined): requires is Capability =>
  (CAPABILITIES as readonly string[]).includes(requires ?? '');
const hasInput = (procedure: AnyProcedure) => (procedure._def as { inputs: unknown[] }).inputs.length > 0;
const routeName = (route: AnyRestRoute) => `${route.method} ${route.url}`;

/**
 * Examples the foreign callers do not send, each for its reason: they act on the caller's own account
 * only (closing it, its password, its email address) and would end the caller's session for the rest of
 * the matrix; or they redeem a capability link, which anyone holding it may (a shared job report adopted
 * into one's own vault: shares.test.ts), so the supplier's link records the visit.
 */
const NOT_SENT_BY_OTHERS = new Set([
  'closing.close',
  'POST /api/account/close',
  'auth.changePassword',
  'POST /api/auth/password',
  'PUT /api/auth/password',
  'auth.changeEmail',
  'POST /api/auth/email',
  'shares.adopt',
  'POST /api/share/:token/adopt',
]);

/** An input no procedure's schema accepts: every input is an object. */
const NOT_AN_INPUT = 'not an input';

type Org = Record<OrganizationRole, TestAccount>;

describe(`the role matrix: every procedure × owner, admin, member, viewer, grantee, another organisation and no one (issue 29, ${databaseKind})`, {
  timeout: 180_000,
}, () => {
  let t: TestApp;
  const home = {} as Org;
  const trade = {} as Org;
  let staff: TestAccount;
  let grantee: TestAccount;
  let grantId: string;
  let otherHome: TestAccount;
  let otherTrade: TestAccount;
  let examples: Examples;
  // No session: doors() sends these headers as they are.
  const anonymous = { headers: {} } as Pick<TestAccount, 'headers'>;
  const { rest, trpc } = doors(() => t);

  const asOwner = (account: TestAccount, userType: 'homeowner' | 'supplier'): RequestActor => ({
    actor: {
      userId: account.userId,
      organizationId: account.organizationId,
      userType,
      role: 'owner',
      sessionId: 'test',
      via: 'bearer',
    },
    ip: '127.0.0.1',
  });

  /** Every row the organisations own, per table: each table with one of these columns, scoped to them. */
  const ownedRows = async (organizationIds: string[]) => {
    const { rows: columns } = await sql<{ table_name: string; column_name: string }>`
      select table_name, column_name from information_schema.columns
      where table_schema = 'public'
        and column_name in ('organization_id', 'property_id', 'document_id', 'job_id', 'user_id')`.execute(
      t.db.db,
    );
    const order = ['organization_id', 'property_id', 'document_id', 'job_id', 'user_id'];
    const owners: Record<string, string> = {
      property_id: 'properties',
      document_id: 'documents',
      job_id: 'jobs',
      user_id: 'users',
    };
    const keyOf = new Map<string, string>();
    for (const { table_name, column_name } of columns) {
      const known = keyOf.get(table_name);
      if (known === undefined || order.indexOf(column_name) < order.indexOf(known)) {
        keyOf.set(table_name, column_name);
      }
    }
    const ids = sql.join(organizationIds.map((id) => sql`${id}::uuid`));
    const digests: Record<string, string> = {};
    for (const [table, column] of [...keyOf].sort()) {
      const scope =
        column === 'organization_id'
          ? sql`t.organization_id in (${ids})`
          : sql`${sql.ref(`t.${column}`)} in (select id from ${sql.table(owners[column] ?? '')} where organization_id in (${ids}))`;
      const { rows } = await sql<{ digest: string }>`
        select count(*) || ':' || coalesce(md5(string_agg(t::text, '|' order by t::text)), '') as digest
        from ${sql.table(table)} t where ${scope}`.execute(t.db.db);
      digests[table] = rows[0]?.digest ?? '';
    }
    return digests;
  };
  const organizationsRows = () => ownedRows([home.owner.organizationId, trade.owner.organizationId]);

  /** The organisation whose members a procedure is asked of, and who of the examples speaks for it. */
  const sideOf = (supplier: boolean) =>
    supplier ? { org: trade, as: 'supplier' as const } : { org: home, as: 'owner' as const };

  const exampleInput = (path: string, as: 'owner' | 'supplier') => {
    const found = examples.trpc[path];
    return (found?.find((example) => example.as === as) ?? found?.[0])?.input;
  };

  /** A REST route's URL with its example's params and query filled in (a random UUID for any param left). */
  const urlOf = (route: AnyRestRoute, example: RouteExample | undefined) => {
    const path = route.url.replace(/:(\w+)/g, (_, name: string) =>
      encodeURIComponent(example?.params?.[name] ?? '00000000-0000-4000-8000-000000000029'),
    );
    const query = new URLSearchParams(
      Object.entries(example?.query ?? {}).map(([key, value]): [string, string] => [key, String(value)]),
    ).toString();
    return query ? `${path}?${query}` : path;
  };
  const restExample = (route: AnyRestRoute, as: 'owner' | 'supplier') => {
    const found = examples.rest[routeName(route)];
    return found?.find((example) => example.as === as) ?? found?.[0];
  };
  const isSupplierRoute = (route: AnyRestRoute) =>
    restExample(route, 'supplier')?.as === 'supplier' || route.url.startsWith('/api/supplier/');

  const errorOf = (door: 'tRPC' | 'REST', body: string): string | undefined => {
    const parsed = JSON.parse(body) as { error?: string | { message?: string } };
    return door === 'REST' ? (parsed.error as string) : (parsed.error as { message?: string })?.message;
  };

  beforeAll(async () => {
    t = await createTestApp();
    home.owner = await signUpAndLogIn(t);
    trade.owner = await signUpAndLogIn(t, 'supplier');
    staff = await signUpAndLogIn(t);
    await createStaff(t.db.db, staff.email);
    examples = await buildExamples(t, { owner: home.owner, supplier: trade.owner, staff });
    // Each colleague signs up on their own, then joins the organisation as the owner adds them.
    for (const [org, type] of [
      [home, 'homeowner'],
      [trade, 'supplier'],
    ] as const) {
      for (const role of ['admin', 'member', 'viewer'] as const) {
        const account = await signUpAndLogIn(t, type);
        await addMember(t.db.db, asOwner(org.owner, type), account.userId, role);
        org[role] = { ...account, organizationId: org.owner.organizationId };
      }
    }
    // A conveyancer outside the organisation, given read-only access to its property and accepted.
    grantee = await signUpAndLogIn(t);
    const granted = await rest(home.owner, 'POST', `/api/properties/${examples.ids.property}/access`, {
      email: grantee.email,
      role: 'conveyancer',
    });
    expect(granted.statusCode, granted.body).toBe(201);
    grantId = granted.json().id;
    const token = (await queuedMailsTo(t, grantee.email))
      .map((mail) => /\/access\/([A-Za-z0-9_-]+)/.exec(mail.text)?.[1])
      .find((found) => found !== undefined);
    const accepted = await rest(grantee, 'POST', `/api/access/${token}/accept`);
    expect(accepted.statusCode, accepted.body).toBe(200);
    // Another homeowner with a property of their own, and another supplier.
    otherHome = await signUpAndLogIn(t);
    const own = await rest(otherHome, 'POST', '/api/properties', {
      name: 'Elsewhere',
      address: '7 Other Road',
      country: 'ZA',
      municipality: 'CPT',
      parcel_id: 'ERF 7007',
    });
    expect(own.statusCode, own.body).toBe(201);
    otherTrade = await signUpAndLogIn(t, 'supplier');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('no one: 401 on every procedure and route but those open to anyone, for a valid input, and nothing changes', async () => {
    const before = await organizationsRows();
    const wrong: string[] = [];
    let asked = 0;
    for (const [path, procedure] of procedures) {
      if (requirementOf(procedure) === 'anyone') continue;
      const input = exampleInput(path, isSupplierProcedure(procedure) ? 'supplier' : 'owner');
      const res = await trpc(anonymous, procedure._def.type as 'query' | 'mutation', path, input);
      asked++;
      if (res.statusCode !== 401 || errorOf('tRPC', res.body) !== NOT_SIGNED_IN) {
        wrong.push(`tRPC ${path}: ${res.statusCode} ${res.body.slice(0, 120)}`);
      }
    }
    for (const route of routes) {
      if (route.capability === 'anyone') continue;
      const example = restExample(route, isSupplierRoute(route) ? 'supplier' : 'owner');
      const res = await rest(anonymous, route.method as never, urlOf(route, example), example?.body);
      asked++;
      if (res.statusCode !== 401 || errorOf('REST', res.body) !== NOT_SIGNED_IN) {
        wrong.push(`${routeName(route)}: ${res.statusCode} ${res.body.slice(0, 120)}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(asked).toBeGreaterThan(250);
    expect(await organizationsRows()).toEqual(before);
  });

  it('each role: a capability it lacks is 403 naming the role on both doors, one it has is not refused; the back office answers staff only; nothing changes', async () => {
    const before = await organizationsRows();
    const wrong: string[] = [];
    const counts = { refused: 0, passed: 0, staffOnly: 0 };
    // The reads without input a role may make, made after the rows are compared: some make what they show
    // on first use (a calendar feed's link, a property's compliance check), which is no refusal's doing.
    const reads: [TestAccount, string, string][] = [];
    for (const [path, procedure] of procedures) {
      const requires = requirementOf(procedure);
      const type = procedure._def.type as 'query' | 'mutation';
      const supplier = isSupplierProcedure(procedure);
      const { org, as } = sideOf(supplier);
      if (requires === 'staff') {
        for (const role of ORGANIZATION_ROLES) {
          const res = await trpc(org[role], type, path, exampleInput(path, 'owner'));
          counts.staffOnly++;
          if (res.statusCode !== 403 || errorOf('tRPC', res.body) !== STAFF_ONLY) {
            wrong.push(`${role} ${path}: ${res.statusCode} ${res.body.slice(0, 120)}`);
          }
        }
        if (!hasInput(procedure)) {
          reads.push([staff, 'staff', path]);
          continue;
        }
        const res = await trpc(staff, type, path, NOT_AN_INPUT);
        if (res.statusCode !== 400) wrong.push(`staff ${path}: ${res.statusCode} ${res.body.slice(0, 120)}`);
        continue;
      }
      if (!isCapability(requires)) continue;
      for (const role of ORGANIZATION_ROLES) {
        if (!can(role, requires)) {
          const res = await trpc(org[role], type, path, exampleInput(path, as));
          counts.refused++;
          if (res.statusCode !== 403 || errorOf('tRPC', res.body) !== refusal(role, requires)) {
            wrong.push(`${role} ${path}: ${res.statusCode} ${res.body.slice(0, 120)}`);
          }
        } else if (hasInput(procedure)) {
          const res = await trpc(org[role], type, path, NOT_AN_INPUT);
          counts.passed++;
          if (res.statusCode !== 400)
            wrong.push(`${role} ${path} (allowed): ${res.statusCode} ${res.body.slice(0, 120)}`);
        } else if (type === 'query') {
          reads.push([org[role], role, path]);
        }
      }
    }
    for (const route of routes) {
      const requires = route.capability;
      if (!isCapability(requires)) continue;
      const supplier = isSupplierRoute(route);
      const { org, as } = sideOf(supplier);
      const example = restExample(route, as);
      for (const role of ORGANIZATION_ROLES) {
        if (can(role, requires)) continue;
        const res = await rest(org[role], route.method as never, urlOf(route, example), example?.body);
        counts.refused++;
        if (res.statusCode !== 403 || errorOf('REST', res.body) !== refusal(role, requires)) {
          wrong.push(`${role} ${routeName(route)}: ${res.statusCode} ${res.body.slice(0, 120)}`);
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(counts.refused).toBeGreaterThan(200);
    expect(counts.passed).toBeGreaterThan(300);
    expect(counts.staffOnly).toBeGreaterThan(0);
    expect(await organizationsRows()).toEqual(before);
    for (const [account, who, path] of reads) {
      const res = await trpc(account, 'query', path);
      if (res.statusCode !== 200)
        wrong.push(`${who} ${path} (allowed): ${res.statusCode} ${res.body.slice(0, 120)}`);
    }
    expect(reads.length).toBeGreaterThan(40);
    expect(wrong).toEqual([]);
  });

  it("a grantee and another organisation, sending every input of the organisation's own, get none of its records and change none of its rows", async () => {
    const before = await organizationsRows();
    const theirs = Object.values(examples.ids);
    const wrong: string[] = [];
    let sent = 0;
    const check = (who: string, name: string, res: { statusCode: number; body: string }) => {
      sent++;
      if (res.statusCode === 401 || res.statusCode >= 500) {
        wrong.push(`${who} ${name}: ${res.statusCode} ${res.body.slice(0, 120)}`);
      } else if (res.statusCode < 300) {
        const named = theirs.filter((id) => res.body.includes(id));
        if (named.length > 0) wrong.push(`${who} ${name}: ${res.statusCode} names ${named.join(', ')}`);
      }
    };
    const callersFor = (as: string) =>
      as === 'owner'
        ? ([
            ['grantee', grantee],
            ['another homeowner', otherHome],
          ] as const)
        : as === 'supplier'
          ? ([
              ['grantee', grantee],
              ['another supplier', otherTrade],
            ] as const)
          : [];
    for (const [path, procedure] of procedures) {
      if (NOT_SENT_BY_OTHERS.has(path)) continue;
      for (const example of examples.trpc[path] ?? []) {
        for (const [who, caller] of callersFor(example.as)) {
          check(
            who,
            path,
            await trpc(caller, procedure._def.type as 'query' | 'mutation', path, example.input),
          );
        }
      }
    }
    for (const route of routes) {
      if (NOT_SENT_BY_OTHERS.has(routeName(route))) continue;
      for (const example of examples.rest[routeName(route)] ?? []) {
        for (const [who, caller] of callersFor(example.as)) {
          check(
            who,
            routeName(route),
            await rest(caller, route.method as never, urlOf(route, example), example.body),
          );
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(sent).toBeGreaterThan(400);
    expect(await organizationsRows()).toEqual(before);
  });

  it('the grantee reads exactly the granted property, read-only; another organisation cannot open the grant', async () => {
    const shared = await trpc(grantee, 'query', 'grants.sharedWithMe');
    expect(shared.statusCode, shared.body).toBe(200);
    const list = shared.json().result.data as { grantId: string; property: { id: string } }[];
    expect(list.map((item) => [item.grantId, item.property.id])).toEqual([[grantId, examples.ids.property]]);
    const view = await trpc(grantee, 'query', 'grants.sharedProperty', { grantId });
    expect(view.statusCode, view.body).toBe(200);
    expect(view.body).toContain(examples.ids.property);
    expect(view.body).toContain(examples.ids.document);
    // Through the organisation's own doors the property stays another organisation's: 404.
    for (const res of [
      await trpc(grantee, 'query', 'properties.byId', { id: examples.ids.property }),
      await rest(grantee, 'GET', `/api/properties/${examples.ids.property}/documents`),
      await trpc(otherHome, 'query', 'grants.sharedProperty', { grantId }),
      await rest(otherHome, 'GET', `/api/shared-with-me/${grantId}`),
    ]) {
      expect(res.statusCode, res.body).toBe(404);
    }
    const none = await trpc(otherHome, 'query', 'grants.sharedWithMe');
    expect(none.json().result.data).toEqual([]);
  });

  it('each role makes the writes without input its role allows (signing out last), and none is refused', async () => {
    const inputless = procedures.filter(
      ([, procedure]) =>
        procedure._def.type === 'mutation' && !hasInput(procedure) && isCapability(requirementOf(procedure)),
    );
    expect(inputless.length).toBeGreaterThan(3);
    const wrong: string[] = [];
    // Leaving the organisation ends the member's sessions: it goes last, and only the owner (who cannot
    // leave it without an owner) signs out after it.
    const last = inputless.filter(([path]) => path === 'closing.leave');
    const first = inputless.filter(([path]) => path !== 'closing.leave');
    for (const [path, procedure] of [...first, ...last]) {
      const requires = requirementOf(procedure) as Capability;
      const { org } = sideOf(isSupplierProcedure(procedure));
      for (const role of ORGANIZATION_ROLES) {
        if (!can(role, requires)) continue;
        const res = await trpc(org[role], 'mutation', path);
        // Past the role check; PayFast is not configured here (503 'Payments are not configured': payfast.test.ts).
        const unconfigured =
          res.statusCode === 503 && errorOf('tRPC', res.body) === 'Payments are not configured';
        if (res.statusCode === 401 || res.statusCode === 403 || (res.statusCode >= 500 && !unconfigured)) {
          wrong.push(`${role} ${path}: ${res.statusCode} ${res.body.slice(0, 120)}`);
        }
      }
    }
    expect(wrong).toEqual([]);
    const left = await trpc(home.viewer, 'query', 'grants.sharedWithMe');
    expect(left.statusCode, left.body).toBe(401);
    expect((await trpc(home.owner, 'mutation', 'auth.logout')).statusCode).toBe(200);
    expect((await trpc(home.owner, 'query', 'grants.sharedWithMe')).statusCode).toBe(401);
  });
});
