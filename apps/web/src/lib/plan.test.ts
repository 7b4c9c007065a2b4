import { FREE_PLAN_LIMIT_MESSAGE } from '@propertydna/domain';
import { TRPCClientError } from '@trpc/client';
import { describe, expect, it } from 'vitest';
import { isPlanLimitError, planStateOf } from './plan';

const NOW = new Date('2026-11-22T08:00:00.000Z');

describe('planStateOf', () => {
  it('offers a Free organisation that never trialled the trial', () => {
    expect(planStateOf({ plan: 'free', trialEndsAt: null }, NOW)).toEqual({
      plan: 'free',
      trialEndsAt: null,
      canStartTrial: true,
    });
  });

  it('is Premium with its end date while the trial runs', () => {
    expect(planStateOf({ plan: 'free', trialEndsAt: '2026-12-06T08:00:00.000Z' }, NOW)).toEqual({
      plan: 'premium',
      trialEndsAt: '2026-12-06T08:00:00.000Z',
      canStartTrial: false,
    });
  });

  it('is Free without a new trial once the trial has ended', () => {
    expect(planStateOf({ plan: 'free', trialEndsAt: '2026-11-01T08:00:00.000Z' }, NOW)).toEqual({
      plan: 'free',
      trialEndsAt: null,
      canStartTrial: false,
    });
  });

  it('is Premium without a trial for a paying organisation', () => {
    expect(planStateOf({ plan: 'premium', trialEndsAt: null }, NOW)).toEqual({
      plan: 'premium',
      trialEndsAt: null,
      canStartTrial: false,
    });
  });

  it('offers the trial to the owner only: the plan is theirs to change (issue 29 §1)', () => {
    const free = { plan: 'free' as const, trialEndsAt: null };
    expect(planStateOf(free, NOW, 'owner').canStartTrial).toBe(true);
    for (const role of ['admin', 'member', 'viewer'] as const) {
      expect(planStateOf(free, NOW, role).canStartTrial).toBe(false);
    }
  });
});

describe('isPlanLimitError', () => {
  const trpcError = (message: string, httpStatus: number) =>
    TRPCClientError.from({ error: { message, code: -32600, data: { code: 'FORBIDDEN', httpStatus } } });

  it("recognises the server's Free plan refusal", () => {
    expect(isPlanLimitError(trpcError(FREE_PLAN_LIMIT_MESSAGE, 403))).toBe(true);
  });

  it('leaves other refusals alone', () => {
    expect(isPlanLimitError(trpcError('This property is already registered in your portfolio', 409))).toBe(
      false,
    );
    expect(isPlanLimitError(new Error(FREE_PLAN_LIMIT_MESSAGE))).toBe(false);
  });
});
