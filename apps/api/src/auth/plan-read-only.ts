import { AsyncLocalStorage } from 'node:async_hooks';
import {
  type Capability,
  effectivePlan,
  PLAN_LIMITED_WRITES,
  PLANS,
  READ_ONLY_PROPERTY_MESSAGE,
} from '@propertydna/domain';
import { sql } from 'kysely';
import type { DbOrTrx } from '../db/database.js';
import { AppError } from '../errors.js';

/**
 * Issue 31 §5: after Premium lapses, the properties beyond the Free limit are read-only. A request that
 * writes what belongs to a property (a mutation requiring one of PLAN_LIMITED_WRITES) carries that
 * intent here, set once where the caller is authenticated (trpc/init.ts, so both doors); requireOwned
 * (owned.ts), where every write finds its property, asks assertPropertyWritable. Reads, background jobs
 * and the other capabilities are never narrowed. Nothing is deleted: upgrading again makes them writable.
 */
const writing = new AsyncLocalStorage<true>();

const limited = new Set<string>(PLAN_LIMITED_WRITES);

/** Runs `fn` as a write of a property's records when the procedure is a mutation of a limited capability. */
export function withPlanWriteCheck<T>(
  requires: Capability | 'anyone' | 'staff' | undefined,
  type: string,
  fn: () => T,
): T {
  return type === 'mutation' && requires !== undefined && limited.has(requires)
    ? writing.run(true, fn)
    : fn();
}

/** Runs `fn` (a background job) outside any request's write check. */
export function outsidePlanWriteCheck<T>(fn: () => T): T {
  return writing.exit(fn);
}

/** Where each owned kind keeps its property (a kind not listed belongs to none, or is not limited). */
const PROPERTY_OF = {
  document: 'documents',
  task: 'maintenance_tasks',
  reminder: 'reminders',
  claim: 'claims',
  finding: 'policy_findings',
} as const;

/**
 * The ids of the organisation's live properties that are read-only at `now`: none on Premium (paid or
 * trial); on Free, all but the oldest `PLANS.free.maxProperties` (by creation, then id).
 */
export async function readOnlyPropertyIds(
  db: DbOrTrx,
  organizationId: string,
  now = new Date(),
): Promise<string[]> {
  const organization = await db
    .selectFrom('organizations')
    .select(['plan', 'trial_ends_at'])
    .where('id', '=', organizationId)
    .executeTakeFirst();
  if (!organization || effectivePlan(organization.plan, organization.trial_ends_at, now) === 'premium') {
    return [];
  }
  const rows = await db
    .selectFrom('properties')
    .select('id')
    .where('organization_id', '=', organizationId)
    .where('archived_at', 'is', null)
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .offset(PLANS.free.maxProperties)
    .execute();
  return rows.map((row) => row.id);
}

/**
 * Refuses (403, READ_ONLY_PROPERTY_MESSAGE) a write of a read-only property's records, when the
 * current request writes (withPlanWriteCheck). `kind` and `id` are requireOwned's, already found.
 */
export async function assertPropertyWritable(
  db: DbOrTrx,
  organizationId: string,
  kind: string,
  id: string,
): Promise<void> {
  if (!writing.getStore()) return;
  let propertyId: string | null = null;
  if (kind === 'property') propertyId = id;
  else if (kind in PROPERTY_OF) {
    const table = PROPERTY_OF[kind as keyof typeof PROPERTY_OF];
    const row = await db
      .selectFrom(table)
      .select(sql<string | null>`property_id`.as('property_id'))
      .where('id', '=', id)
      .executeTakeFirst();
    propertyId = row?.property_id ?? null;
  }
  if (propertyId === null) return;
  if ((await readOnlyPropertyIds(db, organizationId)).includes(propertyId)) {
    throw new AppError('FORBIDDEN', READ_ONLY_PROPERTY_MESSAGE);
  }
}
