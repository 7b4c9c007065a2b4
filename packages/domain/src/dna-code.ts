/**
 * DNA codes: the permanent identifier of a property (spec §3), its live preview in the Add Property dialog
 * (spec §5) and the legacy client-side code of the add-property form (spec §9).
 *
 * Issued code: `PDNA-{COUNTRY}-{MUNICIPALITY}-{PARCEL}[-{UNIT}]-{YYYY}-{SUFFIX6}`.
 *
 * SUFFIX6 is 5 random characters from {@link DNA_CODE_ALPHABET} followed by one check character.
 *
 * Check scheme (a weighted sum modulo the prime 37):
 * - every character of the code maps to a value in a 37-symbol table: '0'-'9' → 0–9, 'A'-'Z' → 10–35,
 *   '-' → 36;
 * - position i (0-based, over the whole code including the check character) has weight (i mod 36) + 1;
 * - a code is valid iff Σ value(c_i)·weight(i) ≡ 0 (mod 37).
 *
 * Why it catches every single substitution: replacing value a by b ≠ a at position i changes the sum by
 * weight(i)·(b − a); both factors are non-zero and lie in −36..36, and 37 is prime, so the product is not
 * ≡ 0 (mod 37). Why it catches every swap of two different adjacent characters a, b at i, i+1: the sum
 * changes by (weight(i) − weight(i+1))·(b − a), and adjacent weights differ by 1 or by 35 (36 → 1), again
 * non-zero factors modulo the prime 37. A single check character from the 31-symbol alphabet could not
 * protect positions that admit 36 symbols on its own; the 37-value table with a prime modulus can, and the
 * issuer makes the check character land on the alphabet by adjusting the last random character (see
 * {@link issueDnaCode}).
 */

/** The unambiguous suffix alphabet: digits and capitals without 0/O and 1/I/L (31 characters). */
export const DNA_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

/** Spec §5: the preview always shows this year and the literal suffix XXXXXX. */
export const DNA_PREVIEW_YEAR = 2024;

/** Maximum lengths of the normalised parts (spec §3). The country is exactly 2 letters. */
export const DNA_PART_MAX_LENGTH = { country: 2, municipality: 10, parcelId: 20, unit: 10 } as const;

/** The parts a DNA code is made of, as typed by the user (normalised by {@link normalizeDnaPart}). */
export type DnaCodeParts = {
  country: string;
  municipality: string;
  parcelId: string;
  unit?: string | null;
};

/** The 37-symbol value table of the check scheme: index = value. */
const CHECK_SYMBOLS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ-';
const CHECK_MODULUS = 37;
const SUFFIX_RANDOM_LENGTH = 5;
const PREVIEW_SUFFIX = 'XXXXXX';

const COUNTRY_PATTERN = /^[A-Z]{2}$/;
const DNA_CODE_PATTERN = new RegExp(
  `^PDNA-[A-Z]{2}-[A-Z0-9]{1,10}-[A-Z0-9]{1,20}(?:-[A-Z0-9]{1,10})?-\\d{4}-[${DNA_CODE_ALPHABET}]{6}$`,
);
const LEGACY_DNA_CODE_PATTERN = /^RES-[1-9]\d{3}-CT$/;

/**
 * Normalises one part of a DNA code (spec §3): trim, upper-case, drop every character outside A-Z0-9, then
 * truncate to `maxLength`. `null`/`undefined` normalise to ''.
 */
export function normalizeDnaPart(value: string | null | undefined, maxLength: number): string {
  return (value ?? '')
    .trim()
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '')
    .slice(0, maxLength);
}

/** Normalises user input of a lookup form before {@link isValidDnaCode}: trims and upper-cases. */
export function normalizeDnaCodeInput(value: string): string {
  return value.trim().toUpperCase();
}

type NormalisedParts = { country: string; municipality: string; parcelId: string; unit: string };

function normaliseParts(parts: DnaCodeParts): NormalisedParts {
  return {
    country: normalizeDnaPart(parts.country, DNA_PART_MAX_LENGTH.country),
    municipality: normalizeDnaPart(parts.municipality, DNA_PART_MAX_LENGTH.municipality),
    parcelId: normalizeDnaPart(parts.parcelId, DNA_PART_MAX_LENGTH.parcelId),
    unit: normalizeDnaPart(parts.unit, DNA_PART_MAX_LENGTH.unit),
  };
}

/** `PDNA-{COUNTRY}-{MUNICIPALITY}-{PARCEL}[-{UNIT}]`: the part that preview and issued code share. */
function codeHead(parts: NormalisedParts): string {
  const unit = parts.unit === '' ? '' : `-${parts.unit}`;
  return `PDNA-${parts.country}-${parts.municipality}-${parts.parcelId}${unit}`;
}

/**
 * Spec §5: the live preview of the Add Property dialog,
 * `PDNA-{COUNTRY}-{MUNICIPALITY}-{PARCEL}[-{UNIT}]-2024-XXXXXX`. Parts are normalised exactly like
 * {@link issueDnaCode} does, so preview and issued code agree on everything but year and suffix. A part
 * that is empty after normalisation shows its placeholder (`{COUNTRY}`, `{MUNICIPALITY}`, `{PARCEL}`); a
 * blank unit is left out.
 */
export function dnaPreview(parts: DnaCodeParts): string {
  const normalised = normaliseParts(parts);
  const head = codeHead({
    country: normalised.country || '{COUNTRY}',
    municipality: normalised.municipality || '{MUNICIPALITY}',
    parcelId: normalised.parcelId || '{PARCEL}',
    unit: normalised.unit,
  });
  return `${head}-${DNA_PREVIEW_YEAR}-${PREVIEW_SUFFIX}`;
}

/** One draw of `random` picks one index in 0..size-1; a draw ≥ 1 (or < 0) is clamped into range. */
function drawIndex(random: () => number, size: number): number {
  return Math.min(size - 1, Math.max(0, Math.floor(random() * size)));
}

/** Σ value(c_i)·weight(i) mod 37 over `code` (every character must be in the 37-symbol table). */
function checkSum(code: string): number {
  let sum = 0;
  for (let i = 0; i < code.length; i++) {
    sum += CHECK_SYMBOLS.indexOf(code.charAt(i)) * ((i % 36) + 1);
  }
  return sum % CHECK_MODULUS;
}

/** The inverse of `w` (1..36) modulo the prime 37, by Fermat: w^35 ≡ w⁻¹. */
function inverseMod37(w: number): number {
  let result = 1;
  for (let k = 0; k < CHECK_MODULUS - 2; k++) result = (result * w) % CHECK_MODULUS;
  return result;
}

/**
 * Spec §3: issues the permanent DNA code `PDNA-{COUNTRY}-{MUNICIPALITY}-{PARCEL}[-{UNIT}]-{YYYY}-{SUFFIX6}`.
 * `random` returns numbers in [0, 1) like Math.random (the server passes a crypto-backed one); each of the
 * 5 random suffix characters takes one draw. The last character is the check character (see the module
 * doc). Deterministic for a given sequence of draws.
 *
 * @throws RangeError if country, municipality or parcel is empty after normalisation, the country is not two
 *   letters, or `year` is not an integer 1000–9999.
 */
export function issueDnaCode(parts: DnaCodeParts, year: number, random: () => number): string {
  const normalised = normaliseParts(parts);
  if (normalised.country === '') throw new RangeError('DNA code: country is empty after normalisation');
  if (!COUNTRY_PATTERN.test(normalised.country)) {
    throw new RangeError(`DNA code: country must be two letters, got "${normalised.country}"`);
  }
  if (normalised.municipality === '') {
    throw new RangeError('DNA code: municipality is empty after normalisation');
  }
  if (normalised.parcelId === '') throw new RangeError('DNA code: parcel is empty after normalisation');
  if (!Number.isInteger(year) || year < 1000 || year > 9999) {
    throw new RangeError(`DNA code: year must be an integer from 1000 to 9999, got ${year}`);
  }

  let randomPart = '';
  for (let i = 0; i < SUFFIX_RANDOM_LENGTH - 1; i++) {
    randomPart += DNA_CODE_ALPHABET.charAt(drawIndex(random, DNA_CODE_ALPHABET.length));
  }
  let fifth = drawIndex(random, DNA_CODE_ALPHABET.length);

  const head = `${codeHead(normalised)}-${year}-`;
  const checkPosition = head.length + SUFFIX_RANDOM_LENGTH;
  const inverseWeight = inverseMod37((checkPosition % 36) + 1);
  // Termination: only the 5th random character changes between rounds. Its value runs through the 31
  // distinct values of the alphabet (all in 0..35), its weight w5 is in 1..36, so w5·value — and with it the
  // check value v = −S·w⁻¹ mod 37 — runs through 31 distinct residues mod 37 (w5 and w⁻¹ are invertible
  // modulo the prime 37). Only 6 residues are unusable (the values of '0', '1', 'I', 'L', 'O' and '-'), so a
  // usable v comes within at most 7 rounds, and certainly within the 31 rounds of one full cycle.
  for (;;) {
    const body = `${head}${randomPart}${DNA_CODE_ALPHABET.charAt(fifth)}`;
    const value = ((CHECK_MODULUS - checkSum(body)) * inverseWeight) % CHECK_MODULUS;
    const check = CHECK_SYMBOLS.charAt(value);
    if (DNA_CODE_ALPHABET.includes(check)) return `${body}${check}`;
    fifth = (fifth + 1) % DNA_CODE_ALPHABET.length;
  }
}

/**
 * Spec §3: true iff `code` has the structure of an issued DNA code and its check sum is 0 mod 37. Upper case
 * only, no normalisation (use {@link normalizeDnaCodeInput} on user input first).
 */
export function isValidDnaCode(code: string): boolean {
  return typeof code === 'string' && DNA_CODE_PATTERN.test(code) && checkSum(code) === 0;
}

/**
 * Spec §9: the add-property form's legacy client code `RES-{1000..9999}-CT`; one draw of `random` ([0, 1),
 * like Math.random), clamped into range.
 */
export function legacyDnaCode(random: () => number): string {
  return `RES-${1000 + drawIndex(random, 9000)}-CT`;
}

/** Spec §9: true iff `value` is a legacy client code `RES-{1000..9999}-CT`. */
export function isLegacyDnaCode(value: string): boolean {
  return LEGACY_DNA_CODE_PATTERN.test(value);
}

/**
 * Country-municipality-parcel[-unit], normalised as in the DNA code: the same parcel twice is one key
 * (a portfolio holds a parcel once).
 */
export function parcelKey(input: {
  country: string;
  municipality: string;
  parcel_id: string;
  unit?: string | null | undefined;
}): string {
  return [
    normalizeDnaPart(input.country, DNA_PART_MAX_LENGTH.country),
    normalizeDnaPart(input.municipality, DNA_PART_MAX_LENGTH.municipality),
    normalizeDnaPart(input.parcel_id, DNA_PART_MAX_LENGTH.parcelId),
    normalizeDnaPart(input.unit, DNA_PART_MAX_LENGTH.unit),
  ].join('-');
}
