import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PLAN_NAMES, PLANS, PREMIUM_PRICE_ZAR, TRIAL_DAYS } from './plan-terms.js';
import {
  canAddProperty,
  EMAIL_ALERTS_UPGRADE_MESSAGE,
  effectivePlan,
  FREE_PLAN_LIMIT_MESSAGE,
  hasEmailAlerts,
  isTrialActive,
  planSchema,
  trialEndsAt,
} from './plans.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const start = new Date('2026-11-22T07:00:00Z');
const end = new Date('2026-12-06T07:00:00Z');
const invalid = new Date(Number.NaN);

describe('plans', () => {
  it('are the constants of spec §9', () => {
    expect(PLAN_NAMES).toEqual(['free', 'premium']);
    expect(planSchema.parse('premium')).toBe('premium');
    expect(planSchema.safeParse('gold').success).toBe(false);
    expect(PLANS.free.maxProperties).toBe(1);
    expect(PLANS.premium).toEqual({ maxProperties: Number.POSITIVE_INFINITY, priceZarPerYear: 99 });
    expect(PREMIUM_PRICE_ZAR).toBe(99);
    expect(TRIAL_DAYS).toBe(14);
  });

  it('names the Free limit and the Premium upgrade', () => {
    expect(FREE_PLAN_LIMIT_MESSAGE).toBe(
      'The Free plan includes 1 property. Upgrade to Premium (R99 per year) to add more properties.',
    );
  });
});

describe('trial', () => {
  it('ends 14 days after it starts', () => {
    expect(trialEndsAt(start)).toEqual(end);
  });

  it('refuses an invalid start', () => {
    expect(() => trialEndsAt(invalid)).toThrow(new RangeError('Trial start is an invalid Date'));
  });

  it('is active until the instant it ends', () => {
    expect(isTrialActive(end, start)).toBe(true);
    expect(isTrialActive(end, new Date(end.getTime() - 1))).toBe(true);
    expect(isTrialActive(end, end)).toBe(false);
    expect(isTrialActive(end, new Date(end.getTime() + DAY_MS))).toBe(false);
    expect(isTrialActive(null, start)).toBe(false);
  });

  it('refuses invalid dates', () => {
    expect(() => isTrialActive(invalid, start)).toThrow(new RangeError('Trial end is an invalid Date'));
    expect(() => isTrialActive(null, invalid)).toThrow(new RangeError('now is an invalid Date'));
  });

  it('is active exactly within 14 days of its start', () => {
    fc.assert(
      fc.property(fc.integer({ min: -DAY_MS, max: 20 * DAY_MS }), (elapsed) => {
        const now = new Date(start.getTime() + elapsed);
        expect(isTrialActive(trialEndsAt(start), now)).toBe(elapsed < TRIAL_DAYS * DAY_MS);
      }),
    );
  });
});

describe('effectivePlan', () => {
  it.each([
    ['premium', null, 'premium'],
    ['premium', start, 'premium'],
    ['free', end, 'premium'],
    ['free', start, 'free'],
    ['free', null, 'free'],
  ] as const)('%s with a trial ending %s is %s', (plan, trialEnd, effective) => {
    expect(effectivePlan(plan, trialEnd, new Date('2026-11-30T00:00:00Z'))).toBe(effective);
  });
});

describe('canAddProperty', () => {
  const now = new Date('2026-11-30T00:00:00Z');

  it('lets a Free account add its first property only', () => {
    expect(canAddProperty('free', null, 0, now)).toEqual({ ok: true });
    expect(canAddProperty('free', null, 1, now)).toEqual({ ok: false, reason: FREE_PLAN_LIMIT_MESSAGE });
    expect(canAddProperty('free', start, 3, now)).toEqual({ ok: false, reason: FREE_PLAN_LIMIT_MESSAGE });
  });

  it('lets Premium and trial accounts add any number', () => {
    fc.assert(
      fc.property(fc.nat(), (count) => {
        expect(canAddProperty('premium', null, count, now)).toEqual({ ok: true });
        expect(canAddProperty('free', end, count, now)).toEqual({ ok: true });
      }),
    );
  });

  it.each([-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY])('refuses a count of %d', (count) => {
    expect(() => canAddProperty('free', null, count, now)).toThrow(
      new RangeError(`A property count must be a whole, non-negative number, not ${count}`),
    );
  });
});

describe('email alerts', () => {
  const now = new Date('2026-11-30T07:00:00Z');
  it('come with Premium and the trial, not with Free', () => {
    expect(hasEmailAlerts('premium', null, now)).toBe(true);
    expect(hasEmailAlerts('free', end, now)).toBe(true);
    expect(hasEmailAlerts('free', end, end)).toBe(false);
    expect(hasEmailAlerts('free', null, now)).toBe(false);
    expect(EMAIL_ALERTS_UPGRADE_MESSAGE).toBe(
      'Email alerts are not included in the Free plan. Upgrade to Premium (R99 per year) to get maintenance alerts by email.',
    );
  });
});
