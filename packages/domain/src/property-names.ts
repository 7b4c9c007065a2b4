import { johannesburgToday } from './due-band.js';

/** At most this many characters of the property's name go into a download's file name. */
const NAME_CHARACTERS = 48;

/** Letters and digits of `text`, accents dropped, lower case, runs of anything else as one '-'. */
function slug(text: string, most: number): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, most)
    .replace(/^-+|-+$/g, '');
}

/**
 * The name a report or pack is downloaded under (issue 32): `<property>-<report>-<date>.<extension>`,
 * the property's name as letters and digits joined by '-' (accents dropped, at most 48 characters,
 * 'property' when none is left), the report's kind and the South African calendar day of `now`:
 * `12 Kloof Street` → `12-kloof-street-insurance-pack-2026-11-28.pdf`.
 */
export function reportFileName(
  property: { name: string },
  report: string,
  extension: string,
  now: Date,
): string {
  const name = slug(property.name, NAME_CHARACTERS) || 'property';
  return `${name}-${report}-${johannesburgToday(now)}.${extension}`;
}

/** Text compared as the same words: case, spaces and punctuation aside. */
const wordsOf = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/**
 * A property named and placed in one line, its name said once (issue 32): `Kloof House, 14 Kloof
 * Street`; a property whose name is its address (the add-property form names it so when no name is
 * given) is its address alone.
 */
export function propertyLine(property: { name: string; address: string }): string {
  return propertyAddressShown(property) ? `${property.name}, ${property.address}` : property.name;
}

/** Whether a property's address says more than its name (it is not the name itself). */
export function propertyAddressShown(property: { name: string; address: string }): boolean {
  return wordsOf(property.name) !== wordsOf(property.address);
}
