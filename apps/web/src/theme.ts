import {
  type BadgeProps,
  createTheme,
  DEFAULT_THEME,
  darken,
  luminance,
  type MantineColorsTuple,
  type MantineThemeColors,
  type ModalProps,
  type NotificationProps,
  type TableScrollContainerProps,
} from '@mantine/core';
// The semantic text colours (dimmed, placeholder, error) and the focus ring: CSS variables.
import './theme.css';

/**
 * WCAG 2.1 AA asks 4.5:1 for text. Colours are chosen for a little more, so that rounding in a
 * checker (axe) or a renderer never tips a pair below the line.
 */
export const TEXT_CONTRAST = 4.6;

/** The WCAG contrast ratio of two colours (any CSS colour Mantine parses: hex, rgb(a)). */
export function contrastRatio(first: string, second: string): number {
  const [lighter, darker] = [luminance(first), luminance(second)].sort((a, b) => b - a) as [number, number];
  return (lighter + 0.05) / (darker + 0.05);
}

/** `color`, darkened in small steps until it reads at TEXT_CONTRAST on (or under) every one of `against`. */
export function darkenToContrast(color: string, against: readonly string[]): string {
  for (let amount = 0; amount < 1; amount += 0.02) {
    const candidate = amount === 0 ? color : darken(color, amount);
    if (against.every((other) => contrastRatio(candidate, other) >= TEXT_CONTRAST)) return candidate;
  }
  return '#000';
}

/**
 * Mantine's palettes, with the three darkest shades made readable; shades 0–6 (backgrounds, borders)
 * are kept. With `primaryShade` 8 Mantine uses, in the light scheme:
 * - shade 8 for filled backgrounds under white text (buttons, filled badges), for `-text` (a `Text`
 *   with `c="red"`), outlines and links: it reads on white and on shade 0;
 * - shade 9 for the text of light variants (badges, alerts, subtle buttons) on shade 1, hover 2:
 *   it reads on those and on white;
 * - shade 7, used by pages as an explicit darker text (`c="blue.7"`): it reads on white.
 * Each shade is at least as dark as the one before. Mantine's defaults miss by far for the bright
 * hues (yellow-9 on yellow-1, the Pending badge, is 2.69:1; white on green-8 3.45:1).
 */
export function readablePalette(palette: MantineColorsTuple): MantineColorsTuple {
  const white = '#ffffff';
  const shade7 = darkenToContrast(palette[7], [white]);
  const shade8 = darkenToContrast(darkerOf(palette[8], shade7), [white, palette[0]]);
  const shade9 = darkenToContrast(darkerOf(palette[9], shade8), [white, palette[1], palette[2]]);
  return [
    palette[0],
    palette[1],
    palette[2],
    palette[3],
    palette[4],
    palette[5],
    palette[6],
    shade7,
    shade8,
    shade9,
  ];
}

const darkerOf = (color: string, floor: string) => (luminance(color) <= luminance(floor) ? color : floor);

/** Every palette but the neutrals (gray and dark already read at 7–9), made readable. */
const readableColors = Object.fromEntries(
  Object.entries(DEFAULT_THEME.colors).map(([name, palette]) => [
    name,
    name === 'gray' || name === 'dark' ? palette : readablePalette(palette),
  ]),
) as MantineThemeColors;

export const theme = createTheme({
  primaryColor: 'blue',
  // Filled buttons and links in shade 8: white on blue-8 is 5.02:1 (on Mantine's default blue-6, 3.55:1).
  primaryShade: { light: 8, dark: 8 },
  colors: readableColors,
  defaultRadius: 'md',
  // The focus ring shows for keyboard focus (:focus-visible), on every Mantine control.
  focusRing: 'auto',
  // Plain objects rather than `Modal.extend(…)`: the theme is loaded by every page, and `.extend` would
  // bring each component (the modal with its focus trap, portal and transitions) to pages without one.
  components: {
    // The close buttons of toasts and dialogs are icons: each needs a name (axe button-name).
    Notification: {
      defaultProps: {
        closeButtonProps: { 'aria-label': 'Dismiss notification' },
      } satisfies Partial<NotificationProps>,
    },
    // A badge is never cut ('Pen…', 'DE…'): its label does not clip, so its text is its least
    // width in a table column or a grid, and it does not shrink in a row.
    Badge: {
      styles: { root: { flexShrink: 0 }, label: { overflow: 'visible' } } satisfies BadgeProps['styles'],
    },
    Modal: {
      defaultProps: { closeButtonProps: { 'aria-label': 'Close dialog' } } satisfies Partial<ModalProps>,
    },
    // Mantine draws a dialog's title row as <header>: a second banner landmark beside the page's
    // own (axe landmark-no-duplicate-banner). The dialog is already named by its title.
    ModalHeader: { defaultProps: { component: 'div' } },
    DrawerHeader: { defaultProps: { component: 'div' } },
    // A table wider than the screen scrolls inside its box, and says so: its scrollbar is always
    // shown (not only on hover, which a phone never has), so the columns beyond the edge are found.
    TableScrollContainer: {
      defaultProps: { scrollAreaProps: { type: 'always' } } satisfies Partial<TableScrollContainerProps>,
    },
  },
});
