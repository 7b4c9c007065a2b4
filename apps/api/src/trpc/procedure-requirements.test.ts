import { CAPABILITIES, type Capability, can, ORGANIZATION_ROLES, refusal } from '@propertydna/domain';
import type { AnyProcedure } from '@trpc/server';
import { TRPCError } from '@trpc/server';
import { describe, expect, it } from 'vitest';
import type { Actor } from '../auth/actor.js';
import type { Requirement } from '../auth/permission.js';
import type { AnyRestRoute, Caller } from '../rest/define-route.js';
import { restRoutes } from '../rest/plugin.js';
import type { Context } from './context.js';
import { appRouter, createCaller } from './router.js';

const procedures = Object.entries(appRouter._def.procedures as unknown as Record<string, AnyProcedure>);
const requirementOf = (procedure: AnyProcedure): Requirement | undefined =>
  (procedure._def.meta as { requires?: Requirement } | undefined)?.requires;
const REQUIREMENTS: readonly string[] = [...CAPABILITIES, 'anyone', 'staff'];

/** A caller of the whole router as `actor`, with nothing behind it: enough to be refused, not to be served. */
function callAs(actor: Actor | null, path: string): Promise<unknown> {
  const caller = createCaller({ actor, req: { ip: '127.0.0.1', headers: {} } } as unknown as Context);
  const fn = path.split('.').reduce<unknown>((at, key) => (at as Record<string, unknown>)[key], caller);
  return (fn as (input: unknown) => Promise<unknown>)(undefined);
}

const actor = (role: Actor['role'], userType: Actor['userType']): Actor => ({
  userId: '00000000-0000-4000-8000-000000000001',
  organizationId: '00000000-0000-4000-8000-000000000002',
  userType,
  role,
  sessionId: 'x',
  via: 'bearer',
});

/** The procedures a REST route calls: its `call` run against a caller that records the paths asked for. */
async function proceduresCalledBy(route: AnyRestRoute): Promise<string[]> {
  const paths: string[] = [];
  const answer: unknown = new Proxy({}, { get: () => undefined });
  const recorder = (path: string[]): unknown =>
    new Proxy(() => {}, {
      get: (_target, key) => recorder([...path, String(key)]),
      apply: () => {
        paths.push(path.join('.'));
        return Promise.resolve(answer);
      },
    });
  const empty = new Proxy({}, { get: () => undefined });
  await Promise.resolve()
    .then(() =>
      route.call(recorder([]) as Caller, { params: empty, query: empty, body: empty, setHeader: () => {} }),
    )
    .catch(() => {});
  return [...new Set(paths)];
}

describe('every procedure declares what it requires (issue 29 §1)', () => {
  it('walks every registered tRPC procedure: each names a capability of the table, anyone or staff', () => {
    expect(procedures.length).toBeGreaterThan(100);
    const undeclared = procedures
      .filter(([, procedure]) => !REQUIREMENTS.includes(requirementOf(procedure) ?? ''))
      .map(([path]) => path);
    expect(undeclared).toEqual([]);
  });

  it('refuses an anonymous caller (401) on every procedure but those open to anyone, before reading input', async () => {
    for (const [path, procedure] of procedures) {
      if (requirementOf(procedure) === 'anyone') continue;
      const error = await callAs(null, path).catch((e: unknown) => e);
      expect(error, path).toBeInstanceOf(TRPCError);
      expect((error as TRPCError).code, path).toBe('UNAUTHORIZED');
    }
  });

  it('refuses each role every procedure whose capability it lacks (403, naming the role), before reading input', async () => {
    let refused = 0;
    for (const role of ORGANIZATION_ROLES) {
      for (const [path, procedure] of procedures) {
        const requires = requirementOf(procedure);
        if (requires === 'anyone' || requires === 'staff' || requires === undefined) continue;
        if (can(role, requires)) continue;
        // As a supplier, so that supplier procedures reach their role check too (the others ignore the type).
        const error = await callAs(actor(role, 'supplier'), path).catch((e: unknown) => e);
        expect(error, `${role} ${path}`).toBeInstanceOf(TRPCError);
        expect((error as TRPCError).code, `${role} ${path}`).toBe('FORBIDDEN');
        expect((error as TRPCError).message, `${role} ${path}`).toBe(refusal(role, requires as Capability));
        refused++;
      }
    }
    expect(refused).toBeGreaterThanOrEqual(50);
  });

  it("a viewer's only writes are to their own account: every other mutation needs a capability a viewer lacks", () => {
    const viewerWrites = procedures
      .filter(([, procedure]) => procedure._def.type === 'mutation')
      .filter(([, procedure]) => {
        const requires = requirementOf(procedure);
        return (
          requires !== 'anyone' && requires !== 'staff' && requires !== undefined && can('viewer', requires)
        );
      })
      .filter(([, procedure]) => requirementOf(procedure) !== 'account.self')
      .map(([path]) => path);
    expect(viewerWrites).toEqual([]);
  });

  it('a procedure built without a declaration is refused, not served', async () => {
    const { authedProcedure, router, createCallerFactory, UNDECLARED_CAPABILITY } = await import('./init.js');
    const bare = router({ open: authedProcedure.query(() => 'served') });
    const caller = createCallerFactory(bare)({
      actor: actor('owner', 'homeowner'),
      req: { ip: '127.0.0.1', headers: {} },
    } as unknown as Context);
    await expect(caller.open()).rejects.toThrow(UNDECLARED_CAPABILITY);
  });
});

describe('every REST route declares the capability of the procedure it calls', () => {
  it('walks every registered REST route', async () => {
    expect(restRoutes.length).toBeGreaterThan(100);
    const byPath = new Map(procedures);
    const mismatches: string[] = [];
    for (const route of restRoutes) {
      const name = `${route.method} ${route.url}`;
      if (!REQUIREMENTS.includes(route.capability)) mismatches.push(`${name}: declares no capability`);
      const called = await proceduresCalledBy(route);
      if (called.length === 0) mismatches.push(`${name}: calls no procedure`);
      for (const path of called) {
        const procedure = byPath.get(path);
        const requires = procedure && requirementOf(procedure);
        if (requires !== route.capability) {
          mismatches.push(`${name}: declares ${route.capability}, ${path} requires ${requires}`);
        }
      }
    }
    expect(mismatches).toEqual([]);
  });
});
