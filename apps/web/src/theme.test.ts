import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_THEME } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { contrastRatio, TEXT_CONTRAST, theme } from './theme';

const WHITE = '#ffffff';
const AA = 4.5;

/** The value a CSS variable is given in theme.css. */
function themeCssVariable(name: string): string {
  const css = readFileSync(path.join(import.meta.dirname, 'theme.css'), 'utf8');
  const match = new RegExp(`${name}:\\s*([^;]+);`).exec(css);
  if (!match?.[1]) throw new Error(`theme.css does not set ${name}`);
  return match[1].trim();
}

describe('theme contrast (WCAG 2.1 AA)', () => {
  it('puts white text on the primary colour at 4.5:1 or more', () => {
    expect(theme.primaryShade).toEqual({ light: 8, dark: 8 });
    const blue = theme.colors?.blue;
    expect(blue).toBeDefined();
    expect(contrastRatio(WHITE, blue?.[8] ?? '')).toBeGreaterThanOrEqual(AA);
  });

  it('makes every palette readable where Mantine uses it for text', () => {
    for (const [name, palette] of Object.entries(theme.colors ?? {})) {
      if (!palette) continue;
      const label = (what: string) => `${name}: ${what}`;
      // Filled (white text on shade 8), text and links (shade 8 on white and on shade 0).
      expect(contrastRatio(WHITE, palette[8]), label('white on 8')).toBeGreaterThanOrEqual(AA);
      expect(contrastRatio(palette[8], palette[0]), label('8 on 0')).toBeGreaterThanOrEqual(AA);
      // Light variants (badges, alerts, subtle buttons): shade 9 on shade 1 and on its hover, shade 2.
      expect(contrastRatio(palette[9], palette[1]), label('9 on 1')).toBeGreaterThanOrEqual(AA);
      expect(contrastRatio(palette[9], palette[2]), label('9 on 2')).toBeGreaterThanOrEqual(AA);
      // An explicit darker text (c="blue.7").
      expect(contrastRatio(palette[7], WHITE), label('7 on white')).toBeGreaterThanOrEqual(AA);
    }
  });

  it('keeps the light shades (backgrounds, borders) as Mantine has them', () => {
    for (const [name, palette] of Object.entries(DEFAULT_THEME.colors)) {
      expect(theme.colors?.[name]?.slice(0, 7)).toEqual(palette.slice(0, 7));
    }
  });

  it('reads dimmed text, placeholders and field errors at AA on the page backgrounds', () => {
    const gray = DEFAULT_THEME.colors.gray;
    const dimmed = themeCssVariable('--mantine-color-dimmed');
    for (const background of [WHITE, gray[0], gray[1], gray[2], DEFAULT_THEME.colors.blue[1]]) {
      expect(contrastRatio(dimmed, background)).toBeGreaterThanOrEqual(AA);
    }
    expect(contrastRatio(themeCssVariable('--mantine-color-placeholder'), WHITE)).toBeGreaterThanOrEqual(AA);
    expect(themeCssVariable('--mantine-color-error')).toBe('var(--mantine-color-red-8)');
    expect(contrastRatio(theme.colors?.red?.[8] ?? '', WHITE)).toBeGreaterThanOrEqual(TEXT_CONTRAST);
  });
});
