import { z } from 'zod';
import { PLAN_NAMES, PLANS, type Plan, PREMIUM_PRICE_ZAR, TRIAL_DAYS } from './plan-terms.js';

/** A plan's name, as the API takes and answers it. */
export const planSchema = z.enum(PLAN_NAMES);

/** Why a free account cannot add a second property (spec §6, §9). */
export const FREE_PLAN_LIMIT_MESSAGE = `The Free plan includes ${PLANS.free.maxProperties} property. Upgrade to Premium (R${PREMIUM_PRICE_ZAR} per year) to add more properties.`;

/** Why a Free account gets no email alerts (spec §9: maintenance alerts are a Premium feature). */
export const EMAIL_ALERTS_UPGRADE_MESSAGE = `Email alerts are not included in the Free plan. Upgrade to Premium (R${PREMIUM_PRICE_ZAR} per year) to get maintenance alerts by email.`;

const DAY_MS = 24 * 60 * 60 * 1000;

function assertValidDate(value: Date, name: string): void {
  if (Number.isNaN(value.getTime())) throw new RangeError(`${name} is an invalid Date`);
}

/**
 * When a trial started at `start` ends: 14 days (14 × 24 hours) later, to the millisecond. South
 * Africa has no daylight saving, so that is also 14 calendar days at the same wall-clock time.
 */
export function trialEndsAt(start: Date): Date {
  assertValidDate(start, 'Trial start');
  return new Date(start.getTime() + TRIAL_DAYS * DAY_MS);
}

/** Whether a trial ending at `trialEndsAt` (null: never had one) still runs at `now`; it ends at that instant. */
export function isTrialActive(trialEndsAt: Date | null, now: Date): boolean {
  assertValidDate(now, 'now');
  if (trialEndsAt === null) return false;
  assertValidDate(trialEndsAt, 'Trial end');
  return now.getTime() < trialEndsAt.getTime();
}

/** The plan whose features apply at `now`: Premium for a paying account or during a trial, else Free. */
export function effectivePlan(plan: Plan, trialEndsAt: Date | null, now: Date): Plan {
  const trial = isTrialActive(trialEndsAt, now);
  return plan === 'premium' || trial ? 'premium' : 'free';
}

export type CanAddProperty = { ok: true } | { ok: false; reason: string };

/**
 * Whether an account that owns `propertyCount` properties may add one more at `now` (spec §6): on the
 * effective plan the count must stay within maxProperties. Throws a RangeError for a count that is not
 * a whole, non-negative number.
 */
export function canAddProperty(
  plan: Plan,
  trialEndsAt: Date | null,
  propertyCount: number,
  now: Date,
): CanAddProperty {
  if (!Number.isSafeInteger(propertyCount) || propertyCount < 0) {
    throw new RangeError(`A property count must be a whole, non-negative number, not ${propertyCount}`);
  }
  return propertyCount < PLANS[effectivePlan(plan, trialEndsAt, now)].maxProperties
    ? { ok: true }
    : { ok: false, reason: FREE_PLAN_LIMIT_MESSAGE };
}

/** Whether an account gets email alerts at `now`: on Premium and during the trial, not on Free (spec §9). */
export function hasEmailAlerts(plan: Plan, trialEndsAt: Date | null, now: Date): boolean {
  return effectivePlan(plan, trialEndsAt, now) === 'premium';
}
