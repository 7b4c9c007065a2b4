import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hasLoneSurrogates } from './schemas/common.js';
import { truncateText } from './text.js';

describe('truncateText', () => {
  it('never splits a character and never exceeds the bound', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), fc.nat(300), (text, max) => {
        const cut = truncateText(text, max);
        expect(cut.length).toBeLessThanOrEqual(max);
        expect(text.startsWith(cut)).toBe(true);
        expect(hasLoneSurrogates(cut)).toBe(false);
      }),
    );
  });

  it('keeps a character that ends exactly on the bound and drops one that would cross it', () => {
    expect(truncateText('ab😀', 4)).toBe('ab😀');
    expect(truncateText('ab😀', 3)).toBe('ab');
  });
});
