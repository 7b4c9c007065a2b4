import { describe, expect, it } from 'vitest';
import { daysIn, limitInRands } from './rules.js';

describe('limitInRands', () => {
  it.each([
    ['limited to R12 500 per geyser', 12500],
    ['up to R1 000 000 a year', 1000000],
    ['no more than R15,000 for the geyser', 15000],
    ['not more than R18 000 per event', 18000],
    ['a maximum of R7500', 7500],
    ['limit R15 000 per event', 15000],
  ])('%s is %i', (text, rands) => {
    expect(limitInRands(text)).toBe(rands);
  });

  it('is undefined where no amount follows a word of limit', () => {
    expect(limitInRands('Excess: R1 000.')).toBeUndefined();
    expect(limitInRands('up to the limit shown in the schedule')).toBeUndefined();
  });
});

describe('daysIn', () => {
  it.each([
    ['for more than 60 days in a row', 60],
    ['thirty (30) consecutive days', 30],
    ['sixty consecutive days', 60],
    ['Forty-five days', 45],
    ['for 90 calendar days', 90],
  ])('%s is %i', (text, days) => {
    expect(daysIn(text)).toBe(days);
  });

  it('is undefined where no days are named', () => {
    expect(daysIn('for a long time')).toBeUndefined();
  });
});
