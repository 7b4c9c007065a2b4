import type { ReadDocumentKind } from '../types.js';

/**
 * Whether the address a document names is another property's: "This certificate names 14 Kloof St;
 * this property is 12 Kloof St". Only the street address counts (its number and street name): case,
 * punctuation, the street type's spelling (St, Str, Street), unit numbers, erf numbers and the suburb
 * or city after it are set aside. A mismatch is only said when the number or the street's name clearly
 * differs; when either address has no street address to compare, nothing is said.
 */

/** Street types in their short and long spellings (and Afrikaans), each to one word. */
const STREET_TYPES: Readonly<Record<string, string>> = {
  st: 'street',
  str: 'street',
  street: 'street',
  straat: 'street',
  rd: 'road',
  road: 'road',
  weg: 'road',
  ave: 'avenue',
  av: 'avenue',
  avenue: 'avenue',
  laan: 'avenue',
  dr: 'drive',
  drive: 'drive',
  cres: 'crescent',
  crescent: 'crescent',
  ln: 'lane',
  lane: 'lane',
  cl: 'close',
  close: 'close',
  pl: 'place',
  place: 'place',
  blvd: 'boulevard',
  boulevard: 'boulevard',
  way: 'way',
  ter: 'terrace',
  terrace: 'terrace',
  cct: 'circuit',
  circuit: 'circuit',
  hwy: 'highway',
  highway: 'highway',
  sq: 'square',
  square: 'square',
};

/** Parts of an address that are not its street: unit, erf, portion, stand, post box. */
const NOT_STREET =
  /^(?:unit|flat|apartment|apt|erf|portion|stand|ptn|p\.?o\.?|box|private|suite|section|door|no\.?)$/i;

/** A street address read from a longer one. */
interface Street {
  number: string;
  /** The street's name, lower-cased, its words without punctuation (the type left out). */
  name: string[];
  /** The number and street as printed ("14 Kloof St"). */
  printed: string;
}

const wordOf = (token: string) => token.toLowerCase().replace(/[^a-z0-9]/g, '');

/** The first "number name… [type]" in an address, else null. */
export function streetOf(address: string): Street | null {
  for (const segment of address.split(/[,;\n]/)) {
    const tokens = segment.trim().split(/\s+/);
    for (const [index, token] of tokens.entries()) {
      const number = /^(\d{1,5})[a-z]?$/i.exec(token.replace(/[.,]$/, ''));
      if (number === null || NOT_STREET.test(tokens[index - 1] ?? '')) continue;
      const name: string[] = [];
      let last = index;
      for (const token of tokens.slice(index + 1)) {
        const word = wordOf(token);
        if (word === '' || /^\d/.test(word)) break;
        last += 1;
        if (STREET_TYPES[word] !== undefined && name.length > 0) break;
        name.push(word);
      }
      if (name.length === 0) continue;
      const printed = tokens
        .slice(index, last + 1)
        .join(' ')
        .replace(/[.,;:]+$/, '');
      return { number: number[1] as string, name, printed };
    }
  }
  return null;
}

/** Whether two words differ by at most one letter changed, added or dropped. */
function nearlySame(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && a[i] === b[i]) i += 1;
  return a.slice(i + 1) === b.slice(i + 1) || a.slice(i) === b.slice(i + 1) || a.slice(i + 1) === b.slice(i);
}

/** Whether two street names are the same street (one may carry a suburb after it; one letter may be misread). */
function sameName(a: readonly string[], b: readonly string[]): boolean {
  const shorter = a.length <= b.length ? a : b;
  const longer = shorter === a ? b : a;
  return shorter.every((word, index) => {
    const other = longer[index] as string;
    return word === other || (Math.min(word.length, other.length) >= 5 && nearlySame(word, other));
  });
}

const NOUNS: Readonly<Record<string, string>> = {
  certificate: 'This certificate',
  policy: 'This policy',
  invoice: 'This invoice',
};

export function addressMismatch({
  kind,
  read,
  property,
}: {
  kind: ReadDocumentKind | string;
  read: string | null;
  property: string | null;
}): string | null {
  const named = read === null ? null : streetOf(read);
  const own = property === null ? null : streetOf(property);
  if (named === null || own === null) return null;
  if (named.number === own.number && sameName(named.name, own.name)) return null;
  return `${NOUNS[kind] ?? 'This document'} names ${named.printed}; this property is ${own.printed}`;
}
