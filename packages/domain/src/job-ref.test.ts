import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isJobRef, jobRef } from './job-ref.js';

describe('jobRef', () => {
  it('is JOB-{base36 timestamp}-{4 chars}, upper case', () => {
    const draws = [0, 0.5, 0.999999, 0.1];
    const ref = jobRef(new Date('2026-11-22T07:00:00Z'), () => draws.shift() ?? 0);
    expect(ref).toBe(`JOB-${Date.parse('2026-11-22T07:00:00Z').toString(36).toUpperCase()}-0IZ3`);
    expect(isJobRef(ref)).toBe(true);
  });

  it('accepts the time as a number of milliseconds', () => {
    expect(jobRef(35, () => 0)).toBe('JOB-Z-0000');
  });

  it('always makes a valid reference', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 8.64e15 }),
        fc.array(fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), {
          minLength: 4,
          maxLength: 4,
        }),
        (time, draws) => {
          const queue = [...draws];
          expect(isJobRef(jobRef(time, () => queue.shift() ?? 0))).toBe(true);
        },
      ),
    );
  });
});

describe('isJobRef', () => {
  it.each([
    '',
    'JOB--ABCD',
    'JOB-LX2K-ABC',
    'JOB-LX2K-ABCDE',
    'job-lx2k-abcd',
    'JOB-LX2K-AB_D',
    'XJOB-LX2K-ABCD',
    'JOB-123456789012-ABCD',
  ])('rejects %j', (value) => {
    expect(isJobRef(value)).toBe(false);
  });
});
