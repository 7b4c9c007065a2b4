// The plans' names, prices and limits as plain values, without zod: the landing page shows them, and
// must not load the schemas (plans.ts has the schema and the rules).

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
