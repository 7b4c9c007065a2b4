import { plainPunctuation } from './clauses.js';

/** What a policy's text says about which policy it is: its number and its insurer, when it names them. */
export interface FoundPolicyIdentity {
  policy_number: string | null;
  insurer: string | null;
}

/**
 * South African short-term insurers and underwriters a homeowner's policy names, each as the name it is
 * reported by and the ways a schedule writes it (a former name answers the insurer's name today).
 */
const INSURERS: readonly { name: string; patterns: readonly string[] }[] = [
  { name: 'Santam', patterns: ['santam'] },
  { name: 'OUTsurance', patterns: ['outsurance'] },
  { name: 'Old Mutual Insure', patterns: ['old\\s+mutual\\s+insure', 'mutual\\s*(?:&|and)\\s*federal'] },
  { name: 'Discovery Insure', patterns: ['discovery\\s+insure'] },
  { name: 'Hollard', patterns: ['hollard'] },
  { name: 'King Price', patterns: ['king\\s+price'] },
  { name: 'MiWay', patterns: ['miway'] },
  { name: 'Momentum Insure', patterns: ['momentum\\s+insure', 'momentum\\s+short[\\s-]?term\\s+insurance'] },
  { name: 'Absa Insurance', patterns: ['absa\\s+insurance'] },
  { name: 'FNB Insurance', patterns: ['fnb\\s+insurance'] },
  {
    name: 'Standard Bank Insurance',
    patterns: ['standard\\s+bank\\s+insurance', 'standard\\s+insurance\\s+limited'],
  },
  { name: 'Auto & General', patterns: ['auto\\s*(?:&|and)\\s*general'] },
  { name: 'Budget Insurance', patterns: ['budget\\s+insurance'] },
  { name: '1st for Women', patterns: ['(?:1st|first)\\s+for\\s+women'] },
  { name: 'Dial Direct', patterns: ['dial\\s+direct'] },
  { name: 'Virseker', patterns: ['virseker'] },
  { name: 'Bryte', patterns: ['bryte'] },
  { name: 'Guardrisk', patterns: ['guardrisk'] },
  { name: 'Telesure', patterns: ['telesure'] },
  { name: 'Sanlam', patterns: ['sanlam'] },
  { name: 'Lombard', patterns: ['lombard'] },
  { name: 'Infiniti', patterns: ['infiniti'] },
  { name: 'Renasa', patterns: ['renasa'] },
  { name: 'Western National', patterns: ['western\\s+national'] },
];

/** The insurers extractPolicyIdentity knows, by the name it reports. */
export const POLICY_INSURERS: readonly string[] = INSURERS.map((insurer) => insurer.name);

/** Any known insurer's name as a whole word, in any case; the group that matched says which. */
const INSURER_NAMES = new RegExp(
  `(?<![\\p{L}\\p{N}])(?:${INSURERS.map((insurer) => `(${insurer.patterns.join('|')})`).join('|')})(?![\\p{L}\\p{N}])`,
  'giu',
);

/** 'Insurer:', 'The insurer is', 'Underwriter:', 'Underwritten by', 'Versekeraar:'. */
const INSURER_LABEL =
  /(?<![\p{L}])(?:(?:insurers?|underwriters?|versekeraar)(?:[ \t]+name)?[ \t]*(?:[:-]|is(?![\p{L}]))|underwritten[ \t]+by(?![\p{L}]))/giu;

/** 'Policy number', 'Policy No.', 'Policy Nr', 'Policy #', 'Polisnommer'. */
const NUMBER_LABEL =
  /(?<![\p{L}])(?:policy|polis)[ \t]*(?:numbers?|nommer|no\.?|nr\.?|num\.?|#)(?![\p{L}])/giu;
/** What may stand between the label and the number: 'is', a colon or dash, one line break. */
const NUMBER_LEAD = /[ \t]*(?:is(?![\p{L}])[ \t]*)?[:#=-]?[ \t]*(?:\r?\n[ \t]*)?/uy;
/** Capitals and digits in groups joined by one space, '-' or '/': 'HP 1234567', '12-345678-9'. */
const NUMBER_RUN = /[A-Z0-9]+(?![\p{L}\p{N}])(?:(?: ?[-/] ?| )[A-Z0-9]+(?![\p{L}\p{N}]))*/uy;
const DATE_INSIDE = /(?<!\d)(?:\d{1,2}[-/]\d{1,2}[-/](?:\d{4}|\d{2})|\d{4}[-/]\d{1,2}[-/]\d{1,2})(?!\d)/;
const SPACED_DATE = /^(?:\d{1,2} \d{1,2} (?:\d{4}|\d{2})|\d{4} \d{1,2} \d{1,2})$/;
/** A South African phone number: 0 and nine digits, or 27 and nine digits (+27). */
const PHONE = /^(?:0|27)[1-9]\d{8}$/;

/**
 * The number that follows a label: its leading letter groups ('HP', 'BGI-HO') and the groups from its
 * first digit on, ending before a word of capitals after them ('0012345678 DATE OF ISSUE'). Null when it
 * has no digit, is shorter than 5 or longer than 30 characters, or is a date or a phone number.
 */
function numberAt(text: string, at: number): string | null {
  NUMBER_LEAD.lastIndex = at;
  NUMBER_LEAD.exec(text);
  NUMBER_RUN.lastIndex = NUMBER_LEAD.lastIndex;
  const run = NUMBER_RUN.exec(text)?.[0] ?? '';
  const groups = run.split(/( ?[-/] ?| )/);
  let digits = false;
  let value = '';
  for (let index = 0; index < groups.length; index += 2) {
    const group = groups[index] as string;
    const hasDigit = /\d/.test(group);
    if (digits && !hasDigit) break;
    digits ||= hasDigit;
    value += (groups[index - 1] ?? '') + group;
  }
  if (!digits || value.length < 5 || value.length > 30) return null;
  if (DATE_INSIDE.test(value) || SPACED_DATE.test(value)) return null;
  return PHONE.test(value.replace(/[ /-]/g, '')) ? null : value;
}

const FIRST_INSURER_NAME = new RegExp(INSURER_NAMES.source, 'iu');

/** The first known insurer named in a text, by the name it is reported by. */
function firstInsurerIn(text: string): string | null {
  const match = FIRST_INSURER_NAME.exec(text);
  return match ? insurerOf(match) : null;
}

function insurerOf(match: RegExpExecArray): string {
  const index = match.findIndex((group, at) => at > 0 && group !== undefined);
  return (INSURERS[index - 1] as { name: string }).name;
}

/** The rest of a label's line, or the next line when the label ends its line ('Insurer:\nSantam Ltd'). */
function lineAfter(text: string, at: number): string {
  const end = text.indexOf('\n', at);
  const rest = end === -1 ? text.slice(at) : text.slice(at, end);
  if (rest.trim() !== '' || end === -1) return rest;
  const next = text.indexOf('\n', end + 1);
  return next === -1 ? text.slice(end + 1) : text.slice(end + 1, next);
}

/** The insurer a labelled line names, else the insurer named most often (the first named on a tie). */
function insurerIn(text: string): string | null {
  for (const label of text.matchAll(INSURER_LABEL)) {
    const named = firstInsurerIn(lineAfter(text, label.index + label[0].length));
    if (named) return named;
  }
  const counts = new Map<string, number>();
  for (const match of text.matchAll(INSURER_NAMES)) {
    const name = insurerOf(match);
    counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  let best: string | null = null;
  for (const [name, count] of counts) {
    if (best === null || count > (counts.get(best) as number)) best = name;
  }
  return best;
}

/**
 * The policy number and the insurer a South African policy schedule or wording names, or null for
 * either it does not name. The number is the first labelled one ('Policy number: HP 1234567', 'Policy
 * No. 12-345678-9', 'Your policy number is …'): capitals, digits, spaces, '-' and '/', 5–30 characters,
 * never a date or a phone number. The insurer is one of POLICY_INSURERS, matched as whole words in any
 * case: the one an 'Insurer:', 'Underwriter:' or 'Underwritten by' line names, else the most frequent.
 */
export function extractPolicyIdentity(text: string): FoundPolicyIdentity {
  const plain = plainPunctuation(text).replace(/[\u00a0\u2007\u202f]/g, ' ');
  let policyNumber: string | null = null;
  for (const label of plain.matchAll(NUMBER_LABEL)) {
    policyNumber = numberAt(plain, label.index + label[0].length);
    if (policyNumber) break;
  }
  return { policy_number: policyNumber, insurer: insurerIn(plain) };
}
