// The plans' names, prices and limits as plain values, without zod: the landing page shows them, and
// must not load the schemas (plans.ts has the schema and the rules).

import type { Capability } from './permissions.js';

/** Spec §1, §6, §9: the plans. */
export const PLAN_NAMES = ['free', 'premium'] as const;
export type Plan = (typeof PLAN_NAMES)[number];

/** Spec §9: Premium costs R99 per year. */
export const PREMIUM_PRICE_ZAR = 99;
/** Spec §1, §9: the free trial (of Premium) lasts 14 days. */
export const TRIAL_DAYS = 14;

/** Spec §6, §9: the free plan allows 1 property; premium allows multiple (no limit). */
export const PLANS = {
  free: { maxProperties: 1 },
  premium: { maxProperties: Number.POSITIVE_INFINITY, priceZarPerYear: PREMIUM_PRICE_ZAR },
} as const satisfies Record<Plan, { maxProperties: number; priceZarPerYear?: number }>;

/**
 * Issue 31 §5: when Premium lapses, the properties beyond the Free limit (all but the oldest
 * `PLANS.free.maxProperties` live ones) become read-only: kept, readable, never deleted.
 */
export const READ_ONLY_PROPERTY_MESSAGE = `This property is read-only on the Free plan. Upgrade to Premium (R${PREMIUM_PRICE_ZAR} per year) to edit it.`;

/**
 * The capabilities whose writes a read-only property refuses: its details, documents, maintenance,
 * vendors invited to it and claims. Sharing and granting (read access, and revoking it) and transferring
 * the property away stay possible.
 */
export const PLAN_LIMITED_WRITES = [
  'properties.write',
  'documents.write',
  'maintenance.write',
  'vendors.write',
  'claims.write',
] as const satisfies readonly Capability[];
