import { normaliseVatNumber } from '../../business-numbers.js';

/**
 * Registration and licence numbers printed on certificates and invoices, found by their label or their
 * scheme's prefix, with the scheme they belong to:
 *
 * - `electrical`: a registered person under the Electrical Installation Regulations 2009 (Department of
 *   Employment and Labour): electrical tester for single phase (ETSP), installation electrician (IE),
 *   master installation electrician (MIE); registers also print ER/MI/ME prefixes;
 * - `plumbing`: a PIRB licensed plumber (`PIRB L-20931`);
 * - `lp_gas`: an LP gas installer (SAQCC Gas, LPGSASA);
 * - `fire`: SAQCC Fire;
 * - `electric_fence`: an electric fence installer (Electrical Machinery Regulations 2011, EFI);
 * - `pest_control`: a pest control operator (Fertilizers, Farm Feeds, Agricultural Remedies and Stock
 *   Remedies Act 36 of 1947: P-numbers, `P 07/1234`);
 * - `security`, `lightning`, `roofing`: a PSIRA (alarm installer), ELPA or SARA member's number;
 * - `vat`: a VAT number (SARS: 10 digits starting with 4), given compact;
 * - `company`: a CIPC company registration number (YYYY/NNNNNN/NN);
 * - `other`: a registration number whose scheme the line does not say.
 *
 * The electrical, electric fence and gas laws are those the shared compliance reference
 * (shared/domain/sa-compliance.md) names; it gives no number formats (nor PIRB's or SAQCC's), so the shapes here are only what the printed numbers have in common: an optional letter
 * prefix (`IE`, `PIRB`, `L-`, `P`) and digits (with `/` or `-` inside). The value is as printed without
 * its label (`Reg No: IE 12345` → `IE 12345`), except a VAT number, given as its 10 digits. A scheme's
 * prefix printed against the number is part of it (`PIRB L-20931`); followed by a label word it is the
 * label (`PIRB No: L-20931` → `L-20931`).
 *
 * Every pattern has bounded repetition only, so a line is read in time linear in its length.
 */

export const REGISTRATION_SCHEMES = [
  'electrical',
  'plumbing',
  'lp_gas',
  'fire',
  'electric_fence',
  'pest_control',
  'security',
  'lightning',
  'roofing',
  'vat',
  'company',
  'other',
] as const;
export type RegistrationScheme = (typeof REGISTRATION_SCHEMES)[number];

/** A registration number found in a line: its scheme, value, where the value is, and its label (if any). */
export interface FoundRegistration {
  scheme: RegistrationScheme;
  value: string;
  index: number;
  length: number;
  /** The label as printed (`Reg No:`), or null when only the prefix (`IE 12345`) said what it is. */
  label: string | null;
}

const NUMBER_WORD = '(?:(?:No|Nr|Number|Nommer)(?![a-z])|#)\\.?';
const REG_WORD = '(?:(?:Registration|Reg|Licen[cs]e)(?![a-z])\\.?|Lic\\.)';
const MEMBER_WORD = `(?:Member(?:ship)?(?![a-z])|${REG_WORD})`;
/** What may stand between a label and its value: a short aside (`(Act 36 of 1947)`), dot leaders, a colon. */
const AFTER_LABEL = '(?:\\s{0,3}\\([^()]{1,40}\\))?[\\s.]{0,40}[:#-]?\\s{0,3}';

/** Labels, each with the scheme it names (null: the line's context decides). Case-insensitive. */
const LABELS: readonly { regex: RegExp; scheme: RegistrationScheme | null }[] = [
  { regex: new RegExp(`VAT(?:\\s{0,2}${REG_WORD})?(?:\\s{0,2}${NUMBER_WORD})?`, 'iy'), scheme: 'vat' },
  {
    regex: new RegExp(`PIRB\\s{0,2}(?:${REG_WORD}(?:\\s{0,2}${NUMBER_WORD})?|${NUMBER_WORD})`, 'iy'),
    scheme: 'plumbing',
  },
  {
    regex: new RegExp(`SAQCC\\s{0,2}Gas(?:\\s{0,2}${REG_WORD})?(?:\\s{0,2}${NUMBER_WORD})?`, 'iy'),
    scheme: 'lp_gas',
  },
  {
    regex: new RegExp(`LPG\\s{0,2}SA(?:SA)?(?:\\s{0,2}${REG_WORD})?(?:\\s{0,2}${NUMBER_WORD})?`, 'iy'),
    scheme: 'lp_gas',
  },
  {
    regex: new RegExp(`SAQCC\\s{0,2}Fire(?:\\s{0,2}${REG_WORD})?(?:\\s{0,2}${NUMBER_WORD})?`, 'iy'),
    scheme: 'fire',
  },
  ...(
    [
      ['PSIRA', 'security'],
      ['ELPA', 'lightning'],
      ['SARA', 'roofing'],
    ] as const
  ).map(([body, scheme]) => ({
    regex: new RegExp(`${body}\\s{0,2}(?:${MEMBER_WORD}(?:\\s{0,2}${NUMBER_WORD})?|${NUMBER_WORD})`, 'iy'),
    scheme,
  })),
  { regex: /P[- ](?:number|no)(?![a-z])\.?/iy, scheme: 'pest_control' },
  { regex: new RegExp(`${MEMBER_WORD}(?:\\s{0,2}${NUMBER_WORD})?`, 'iy'), scheme: null },
];

/** The value after a label (case-sensitive: a prefix is in capitals): `IE 12345`, `L-20931`, `P 07/1234`. */
const VALUE =
  /(?:[A-Z]{1,5}(?:[ ./-]{1,2}|(?=[0-9])))?(?:[A-Z]{1,2}[ -]?)?[0-9](?:[0-9/-]{0,14}[0-9])?(?![0-9A-Za-z])/y;
/** A VAT number after its label, perhaps in groups (`4123 456 789`). */
const VAT_VALUE = /4(?: ?[0-9]){9}(?![0-9A-Za-z])/y;
/** A number known by its prefix alone, with no label: `IE 12345`, `MIE/1234`, `EFI 0042`, `PIRB L-20931`. */
const PREFIXED =
  /(?<![A-Za-z0-9])(?:ETSP|MIE|IE|EFI|PIRB|PSIRA|ELPA|SARA)(?:[ ./-]{1,2}|(?=[0-9]))(?:[A-Z]{1,2}-?)?[0-9]{3}(?:[0-9/-]{0,12}[0-9])?(?![0-9A-Za-z])/g;

/** The scheme a value's own prefix names, if any. */
function schemeOfPrefix(value: string): RegistrationScheme | null {
  if (/^[0-9]{4}\/[0-9]{6}\/[0-9]{2}$/.test(value)) return 'company';
  const prefix = /^[A-Z]+/.exec(value)?.[0];
  switch (prefix) {
    case 'ETSP':
    case 'MIE':
    case 'IE':
    case 'ER':
    case 'MI':
    case 'ME':
      return 'electrical';
    case 'EFI':
      return 'electric_fence';
    case 'PIRB':
      return 'plumbing';
    case 'P':
      return 'pest_control';
    case 'PSIRA':
      return 'security';
    case 'ELPA':
      return 'lightning';
    case 'SARA':
      return 'roofing';
    default:
      return null;
  }
}

/** Words that say which register a number is from (order matters: an electric fence before electrical). */
const CONTEXT: readonly [RegExp, RegistrationScheme][] = [
  [/electric\s{0,2}fence|\bEFI\b/gi, 'electric_fence'],
  [/\bPIRB\b|plumb|loodgiet/gi, 'plumbing'],
  [/\bLPG|\bgas\b/gi, 'lp_gas'],
  [/\bfire\b|\bbrand/gi, 'fire'],
  [/\bpest|\bPCO\b|\bAct\s{0,2}36\b|fumigat|entomolog|beetle/gi, 'pest_control'],
  [/\bPSIRA\b|alarm|security/gi, 'security'],
  [/\bELPA\b|lightning/gi, 'lightning'],
  [/\bSARA\b|roof/gi, 'roofing'],
  [/electric|\bDoEL\b|Employment and Labour|registered person|\bETSP\b|\bMIE\b|\bIE\b/gi, 'electrical'],
];

/** Where each context word is in a line, in order (found once per line). */
type Context = readonly { at: number; scheme: RegistrationScheme }[];

function contextOf(line: string): Context {
  // Sorted by place, stable: of two words at one place (`Electric fence`, `Electric`) the first of
  // CONTEXT is kept.
  return CONTEXT.flatMap(([pattern, scheme]) =>
    Array.from(line.matchAll(pattern), (match) => ({ at: match.index, scheme })),
  )
    .sort((a, b) => a.at - b.at)
    .filter((word, index, words) => index === 0 || (words[index - 1] as Context[number]).at !== word.at);
}

/** The scheme the context word nearest before `index` names (else the first after it), or null. */
function schemeOfContext(context: Context, index: number): RegistrationScheme | null {
  let low = 0;
  let high = context.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((context[middle] as Context[number]).at < index) low = middle + 1;
    else high = middle;
  }
  return (context[low - 1] ?? context[low])?.scheme ?? null;
}

/** The registration a label at `at` introduces, or null when none follows it. */
function afterLabel(line: string, at: number, context: () => Context): FoundRegistration | null {
  for (const { regex, scheme } of LABELS) {
    regex.lastIndex = at;
    const label = regex.exec(line);
    if (label === null) continue;
    const gap = new RegExp(AFTER_LABEL, 'y');
    gap.lastIndex = at + label[0].length;
    gap.exec(line);
    const valueRegex = scheme === 'vat' ? VAT_VALUE : VALUE;
    valueRegex.lastIndex = gap.lastIndex;
    const value = valueRegex.exec(line);
    if (value === null) return null;
    const printed = value[0];
    const resolved = scheme ?? schemeOfPrefix(printed) ?? schemeOfContext(context(), at) ?? 'other';
    return {
      scheme: resolved,
      value: resolved === 'vat' ? (normaliseVatNumber(printed) as string) : printed,
      index: value.index,
      length: printed.length,
      label: line.slice(at, value.index).trim(),
    };
  }
  return null;
}

/** Where a label may start: a word starting with one of the labels' first letters. */
const LABEL_START = /(?<![A-Za-z0-9])(?=VAT|PIRB|SAQCC|LPG|PSIRA|ELPA|SARA|P[- ]N|Member|Reg|Lic)/gi;

/**
 * Every registration number in a line, in order: those after a label (`Reg No:`, `Registration
 * number`, `Licence No`, `PIRB No`, `VAT No`, `SAQCC Gas`…), and those known by their prefix alone
 * (`IE 12345`). See the module's note for the schemes and the values.
 */
export function findRegistrationNumbers(line: string): FoundRegistration[] {
  let context: Context | null = null;
  const contextOfLine = () => {
    context ??= contextOf(line);
    return context;
  };
  const labelled: FoundRegistration[] = [];
  let end = 0;
  for (const start of line.matchAll(LABEL_START)) {
    if (start.index < end) continue;
    const registration = afterLabel(line, start.index, contextOfLine);
    if (registration === null) continue;
    labelled.push(registration);
    end = registration.index + registration.length;
  }
  // Numbers known by their prefix, where no labelled one already covers them (both lists are in order).
  const found: FoundRegistration[] = [];
  let next = 0;
  for (const match of line.matchAll(PREFIXED)) {
    while (
      next < labelled.length &&
      (labelled[next] as FoundRegistration).index < match.index + match[0].length
    ) {
      found.push(labelled[next] as FoundRegistration);
      next += 1;
    }
    const last = found.at(-1);
    if (last !== undefined && last.index + last.length > match.index) continue;
    found.push({
      scheme: schemeOfPrefix(match[0]) as RegistrationScheme,
      value: match[0],
      index: match.index,
      length: match[0].length,
      label: null,
    });
  }
  return found.concat(labelled.slice(next));
}
