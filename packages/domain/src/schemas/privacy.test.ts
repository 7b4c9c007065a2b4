import { describe, expect, it } from 'vitest';
import { marketingConsentInput, RETENTION } from './privacy.js';

describe('marketing consent input', () => {
  it('takes true or false, and nothing else', () => {
    expect(marketingConsentInput.parse({ agree: true })).toEqual({ agree: true });
    expect(marketingConsentInput.parse({ agree: false })).toEqual({ agree: false });
    const refused = marketingConsentInput.safeParse({ agree: 'yes' });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe('agree must be true or false');
    expect(marketingConsentInput.safeParse({ agree: true, at: '2020-01-01' }).success).toBe(false);
  });

  it('keeps access logs two years and failed jobs 30 days, as the notice says', () => {
    expect(RETENTION.accessLogDays).toBe(730);
    expect(RETENTION.failedJobDays).toBe(30);
  });
});
