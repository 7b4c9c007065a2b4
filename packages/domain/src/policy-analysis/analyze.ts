import {
  POLICY_EXCERPT_MAX_CHARS,
  POLICY_OTHER_KEY,
  type PolicyClauseFinding,
  type PolicyClauseFindingType,
  type PolicyClauseKey,
  type PolicyClauseSeverity,
  policyClauseEntry,
} from './catalogue.js';
import { type ClauseReading, classifyClause, PROVISO_LEAD } from './classify.js';
import { type ClauseModel, type ClauseModelData, clauseModelOf, readWithModel } from './clause-model.js';
import CLAUSE_MODEL_DATA from './clause-model.json' with { type: 'json' };
import {
  BULLET_MARKS,
  listPrefix,
  type PolicyClause,
  plainPunctuation,
  splitPolicyClauses,
} from './clauses.js';
import { daysIn, limitInRands, RULES } from './rules.js';
import { topicsOf } from './topics.js';

/** Findings less sure than this are left out. */
export const POLICY_MIN_CONFIDENCE = 0.55;

/** Fewer letters than this in a whole wording: it has no text layer (a scanned policy). */
export const POLICY_MIN_LETTERS = 200;

/**
 * Whether the pages carry a text layer worth analysing: at least POLICY_MIN_LETTERS letters in all,
 * and on average at least 40 a page (a scan with a printed page number on each page has no text).
 */
export function hasTextLayer(pages: readonly string[]): boolean {
  const letters = pages.reduce((count, page) => count + (page.match(/\p{L}/gu)?.length ?? 0), 0);
  return letters >= Math.max(POLICY_MIN_LETTERS, 40 * pages.length);
}

/** The catalogued key a clause of a class is about: the first rule of that class naming its topic. */
function keyOf(type: PolicyClauseFindingType, text: string): PolicyClauseKey {
  let weak: PolicyClauseKey | null = null;
  for (const rule of RULES) {
    if (rule.type !== type) continue;
    if (rule.also && !rule.also.test(text)) continue;
    if (rule.veto?.some((pattern) => pattern.test(text))) continue;
    if (rule.strong.some((pattern) => pattern.test(text))) return rule.key;
    if (weak === null && rule.weak?.some((pattern) => pattern.test(text))) weak = rule.key;
  }
  return weak ?? POLICY_OTHER_KEY;
}

/** The clause as quoted: its first POLICY_EXCERPT_MAX_CHARS characters, cut at a word boundary. */
export function excerptOf(text: string): string {
  if (text.length <= POLICY_EXCERPT_MAX_CHARS) return text;
  const cut = text.lastIndexOf(' ', POLICY_EXCERPT_MAX_CHARS);
  return text.slice(0, cut > 0 ? cut : POLICY_EXCERPT_MAX_CHARS);
}

/** A bullet before a clause's first words ('•', '»', '+', '-' …), and the spaces after it. */
const BULLET_MARK = new RegExp(`^[${BULLET_MARKS}»«+-]\\s*`);

/** A clause's own words for its title: its inline title, its topic heading, or its first words. */
function titleOf(clause: PolicyClause): string {
  if (clause.title !== '') return clause.title;
  if (clause.heading !== '' && clause.heading !== clause.sectionHeading) return clause.heading;
  const words = clause.text
    .slice(clause.ref === null ? 0 : listPrefix(clause.text).length)
    .replace(BULLET_MARK, '')
    .split(' ');
  const first = words
    .slice(0, 8)
    .join(' ')
    .replace(/[;:,.]$/, '');
  const title = words.length > 8 ? `${first}…` : first;
  return title.charAt(0).toUpperCase() + title.slice(1);
}

const OTHER: Record<PolicyClauseFindingType, { severity: PolicyClauseSeverity; description: string }> = {
  exclusion: {
    severity: 'medium',
    description:
      'The policy does not pay for what this clause describes. Read it in the policy’s own words below.',
  },
  maintenance: {
    severity: 'high',
    description:
      'The policy asks you to do or keep this for your cover to hold; a claim can be refused without it. Keep proof that you did it.',
  },
  endorsement: {
    severity: 'low',
    description: 'The policy covers this, within the limits the clause states.',
  },
};

/**
 * Whether a clause only leads into the list after it ('We will not pay for:'). A grant that ends by
 * introducing its provisos ('…, the COMPANY shall pay for …, provided that:') is a clause of its own.
 */
const leadsIn = (clause: PolicyClause, next: PolicyClause | undefined) =>
  clause.text.endsWith(':') &&
  next !== undefined &&
  next.leadIn === clause.text &&
  !PROVISO_LEAD.test(plainPunctuation(clause.text));

function findingOf(
  clause: PolicyClause,
  type: PolicyClauseFindingType,
  confidence: number,
  reason: string,
): PolicyClauseFinding {
  const text = plainPunctuation(clause.text);
  const key = keyOf(type, text);
  const days = key === 'unoccupancy' ? daysIn(text) : undefined;
  const limit = type === 'endorsement' ? limitInRands(text) : undefined;
  const excerpt = excerptOf(clause.text);
  const entry = key === POLICY_OTHER_KEY ? null : policyClauseEntry(type, key);
  return {
    finding_type: type,
    key,
    title: entry ? entry.title : titleOf(clause),
    description: entry
      ? entry.describe({
          days,
          limit: limit === undefined ? undefined : `R${String(limit).replace(/\B(?=(\d{3})+$)/g, ' ')}`,
        })
      : OTHER[type].description,
    severity: entry ? entry.severity : OTHER[type].severity,
    confidence,
    page: clause.page,
    excerpt,
    ...(days === undefined ? {} : { days }),
    ...(limit === undefined ? {} : { limit_rands: limit }),
    clause_ref: clause.ref,
    topics: topicsOf(text),
    reason,
  };
}

/** The classifier shipped with the code (clause-model.ts), trained on the labelled wordings. */
export const CLAUSE_MODEL: ClauseModel = clauseModelOf(CLAUSE_MODEL_DATA as unknown as ClauseModelData);

/**
 * The clauses of a wording that can give a finding: not one that only leads into the list after it, nor
 * the rest of a clause carried over from the page before.
 */
export function findingClauses(pages: readonly string[]): PolicyClause[] {
  const clauses = splitPolicyClauses(pages);
  return clauses.filter((clause, index) => !clause.continued && !leadsIn(clause, clauses[index + 1]));
}

/** A clause's class by the cue grammar and, unless `model` is null, the classifier beside it. */
export function readClause(clause: PolicyClause, model: ClauseModel | null = CLAUSE_MODEL): ClauseReading {
  const rules = classifyClause(clause);
  return model === null ? rules : readWithModel(model, clause, rules);
}

/**
 * The exclusions, maintenance conditions and endorsements of an insurance policy wording, given as one
 * string per PDF page: every clause read and classed (the cue grammar of classify.ts with the classifier
 * of clause-model.ts beside it; `model: null` for the grammar alone), one finding per clause at least
 * POLICY_MIN_CONFIDENCE sure, in the order the clauses stand in the wording. A clause that only leads
 * into a list, and the rest of a clause carried over to the next page, give none of their own.
 */
export function analyzePolicyText(
  pages: readonly string[],
  { model = CLAUSE_MODEL }: { model?: ClauseModel | null } = {},
): PolicyClauseFinding[] {
  const findings: PolicyClauseFinding[] = [];
  for (const clause of findingClauses(pages)) {
    const reading = readClause(clause, model);
    if (reading.class === 'neither' || reading.confidence < POLICY_MIN_CONFIDENCE) continue;
    findings.push(findingOf(clause, reading.class, reading.confidence, reading.reason));
  }
  return findings;
}
