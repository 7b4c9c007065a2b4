import {
  POLICY_EXCERPT_MAX_CHARS,
  type PolicyClauseFinding,
  type PolicyClauseFindingType,
  policyClauseEntry,
} from './catalogue.js';
import {
  type PolicyClause,
  type PolicySectionKind,
  plainPunctuation,
  splitPolicyClauses,
} from './clauses.js';
import {
  type ClauseRule,
  type ClauseStance,
  daysIn,
  EXCLUDING,
  GRANTING,
  limitInRands,
  NOT_GRANTED,
  NOT_REQUIRED,
  REQUIRING,
  RESTRICTING,
  RULES,
} from './rules.js';

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

interface Span {
  start: number;
  end: number;
}

/** Sentences of a clause: split after . ! ? before a capital, a digit, a quote, a bracket or a bullet. */
function spansOf(text: string, boundary: RegExp): Span[] {
  const spans: Span[] = [];
  let start = 0;
  for (const match of text.matchAll(boundary)) {
    spans.push({ start, end: match.index });
    start = match.index + match[0].length;
  }
  spans.push({ start, end: text.length });
  return spans.filter((span) => span.end > span.start);
}

const SENTENCE_END = /(?<=[.!?])\s+(?=["'(•\dA-Z])/g;
const SEGMENT_END = /;\s+|(?<=[.!?])\s+(?=["'(•\dA-Z])/g;

const anyOf = (patterns: readonly RegExp[], text: string) => patterns.some((pattern) => pattern.test(text));

type Evidence = 'segment' | 'lead-in' | 'section';

interface Judgement {
  evidence: Evidence;
  conflict: boolean;
}

/** Which section kinds agree with a stance. */
const SECTION_OF_STANCE: Record<ClauseStance, readonly PolicySectionKind[]> = {
  excludes: ['exclusions'],
  requires: ['conditions'],
  'excludes or requires': ['exclusions', 'conditions'],
  grants: ['extensions'],
  restricts: ['exclusions', 'conditions'],
};

/** A part of a clause as the rules read it: with its whole sentence and what leads into it. */
interface Reading {
  span: Span;
  segment: string;
  sentence: string;
  leadIn: string;
}

/**
 * Whether a segment of a clause says what the stance needs, and on what evidence. 'Not required' and
 * 'not a condition' count anywhere in the segment's sentence.
 */
function judge(stance: ClauseStance, reading: Reading, section: PolicySectionKind): Judgement | null {
  const { segment, leadIn } = reading;
  const excluding = anyOf(EXCLUDING, segment);
  const granting = anyOf(GRANTING, segment);
  const inSection = SECTION_OF_STANCE[stance].includes(section);
  switch (stance) {
    case 'excludes or requires':
      return judge('excludes', reading, section) ?? judge('requires', reading, section);
    case 'excludes':
      if (excluding) return { evidence: 'segment', conflict: granting };
      if (anyOf(EXCLUDING, leadIn)) return { evidence: 'lead-in', conflict: granting };
      return inSection && !granting ? { evidence: 'section', conflict: false } : null;
    case 'requires':
      if (anyOf(NOT_REQUIRED, reading.sentence)) return null;
      if (anyOf(REQUIRING, segment)) return { evidence: 'segment', conflict: false };
      if (anyOf(REQUIRING, leadIn)) return { evidence: 'lead-in', conflict: false };
      return inSection ? { evidence: 'section', conflict: false } : null;
    case 'grants':
      if (anyOf(NOT_GRANTED, segment)) return null;
      if (granting) return { evidence: 'segment', conflict: excluding || section === 'exclusions' };
      if (excluding) return null;
      if (anyOf(GRANTING, leadIn)) return { evidence: 'lead-in', conflict: false };
      return inSection ? { evidence: 'section', conflict: false } : null;
    default:
      if (excluding || anyOf(RESTRICTING, segment)) return { evidence: 'segment', conflict: false };
      if (anyOf(EXCLUDING, leadIn)) return { evidence: 'lead-in', conflict: false };
      return inSection ? { evidence: 'section', conflict: false } : null;
  }
}

const EVIDENCE_WEIGHT: Record<Evidence, number> = { segment: 0.25, 'lead-in': 0.2, section: 0.15 };

interface Candidate {
  rule: ClauseRule;
  clause: PolicyClause;
  order: number;
  text: string;
  segment: Span;
  match: number;
  confidence: number;
}

/** How sure a match is: what named the topic, what said the stance, the heading, the clause's length. */
function confidenceOf(
  strong: boolean,
  judgement: Judgement,
  titled: boolean,
  agreeingSection: boolean,
  length: number,
): number {
  let confidence = (strong ? 0.55 : 0.35) + EVIDENCE_WEIGHT[judgement.evidence];
  if (agreeingSection && judgement.evidence !== 'section') confidence += 0.05;
  if (titled) confidence += 0.15;
  if (judgement.conflict) confidence -= 0.1;
  if (length > 1200) confidence -= 0.2;
  else if (length > 600) confidence -= 0.1;
  return Math.round(Math.min(0.99, Math.max(0, confidence)) * 100) / 100;
}

/** The first place in a segment that names the rule's topic, and whether by a strong phrase. */
function topicIn(rule: ClauseRule, segment: string): { index: number; strong: boolean } | null {
  for (const [patterns, strong] of [
    [rule.strong, true],
    [rule.weak ?? [], false],
  ] as const) {
    for (const pattern of patterns) {
      const match = pattern.exec(segment);
      if (match) return { index: match.index, strong };
    }
  }
  return null;
}

/** The text before a clause's first colon, when short: 'Exclusions: wear and tear; …'. */
function innerLeadIn(text: string): string {
  const colon = text.indexOf(':');
  return colon > 0 && colon <= 60 ? text.slice(0, colon + 1) : '';
}

function candidatesOf(clause: PolicyClause, order: number): Candidate[] {
  const text = plainPunctuation(clause.text);
  const clauseLeadIn = `${plainPunctuation(clause.leadIn)} ${innerLeadIn(text)}`;
  const titles = plainPunctuation(`${clause.heading} ${clause.title}`);
  // A part of a sentence after a ';' reads on from the sentence's first part ('We will not pay for A; B').
  const sentences = spansOf(text, SENTENCE_END);
  let head = '';
  const readings = spansOf(text, SEGMENT_END).map((span): Reading => {
    const segment = text.slice(span.start, span.end);
    const sentence = sentences.find((candidate) => span.start < candidate.end) as Span;
    const first = sentence.start === span.start;
    if (first) head = segment;
    const leadIn = first ? clauseLeadIn : `${clauseLeadIn} ${head}`;
    return { span, segment, sentence: text.slice(sentence.start, sentence.end), leadIn };
  });
  const candidates: Candidate[] = [];
  for (const rule of RULES) {
    for (const reading of readings) {
      const { span, segment } = reading;
      const topic = topicIn(rule, segment);
      if (!topic) continue;
      if (rule.also && !rule.also.test(segment) && !rule.also.test(titles)) continue;
      if (rule.veto && anyOf(rule.veto, segment)) continue;
      const judgement = judge(rule.stance, reading, clause.section);
      if (!judgement) continue;
      const confidence = confidenceOf(
        topic.strong,
        judgement,
        rule.title.test(titles),
        SECTION_OF_STANCE[rule.stance].includes(clause.section),
        text.length,
      );
      candidates.push({
        rule,
        clause,
        order,
        text,
        segment: span,
        match: span.start + topic.index,
        confidence,
      });
    }
  }
  return candidates;
}

/** Cuts a span to at most `max` characters around `at`, at word boundaries. */
function window(text: string, span: Span, at: number, max: number): Span {
  if (span.end - span.start <= max) return span;
  let start = Math.max(span.start, Math.min(at - Math.floor(max / 4), span.end - max));
  if (start > span.start) start = text.indexOf(' ', start) + 1;
  let end = Math.min(span.end, start + max);
  if (end < span.end) end = text.lastIndexOf(' ', end);
  return { start, end };
}

/**
 * The sentence with the match: a short one with its neighbour (the next, else the one before), led by
 * the clause's title sentence ('T1 Fire retardant.') where that fits; a long one cut to its part.
 */
function excerptOf(candidate: Candidate): string {
  const { clause, match } = candidate;
  const text = clause.text;
  const max = POLICY_EXCERPT_MAX_CHARS;
  const sentences = spansOf(text, SENTENCE_END);
  const index = sentences.findIndex((span) => match < span.end);
  let span = sentences[index] as Span;
  if (span.end - span.start < 50) {
    const next = sentences[index + 1];
    const previous = sentences[index - 1];
    if (next && next.end - span.start <= max) span = { ...span, end: next.end };
    else if (previous && span.end - previous.start <= max) span = { ...span, start: previous.start };
  }
  const first = sentences[0] as Span;
  if (clause.title !== '' && span.start > 0 && first.end <= 60 && span.end <= max)
    span = { ...span, start: 0 };
  if (span.end - span.start > max) span = window(text, candidate.segment, match, max);
  return text.slice(span.start, span.end).trim();
}

function findingOf(candidate: Candidate): PolicyClauseFinding {
  const { rule, clause, confidence } = candidate;
  const excerpt = excerptOf(candidate);
  const segment = candidate.text.slice(candidate.segment.start, candidate.segment.end);
  const days = rule.key === 'unoccupancy' ? daysIn(segment) : undefined;
  const limit = rule.type === 'endorsement' ? limitInRands(plainPunctuation(excerpt)) : undefined;
  const entry = policyClauseEntry(rule.type, rule.key);
  return {
    finding_type: rule.type,
    key: rule.key,
    title: entry.title,
    description: entry.describe({
      days,
      limit: limit === undefined ? undefined : `R${String(limit).replace(/\B(?=(\d{3})+$)/g, ' ')}`,
    }),
    severity: entry.severity,
    confidence,
    page: clause.page,
    excerpt,
    ...(days === undefined ? {} : { days }),
    ...(limit === undefined ? {} : { limit_rands: limit }),
  };
}

const TYPE_ORDER: Record<PolicyClauseFindingType, number> = { exclusion: 0, maintenance: 1, endorsement: 2 };

/**
 * The exclusions, maintenance conditions and endorsements of an insurance policy wording, given as one
 * string per PDF page: one finding per key (its best match: the surest, then the first), at least
 * POLICY_MIN_CONFIDENCE sure, in the order they stand in the wording.
 */
export function analyzePolicyText(pages: readonly string[]): PolicyClauseFinding[] {
  const best = new Map<string, Candidate>();
  splitPolicyClauses(pages).forEach((clause, order) => {
    for (const candidate of candidatesOf(clause, order)) {
      const id = `${candidate.rule.type}:${candidate.rule.key}`;
      const held = best.get(id);
      if (!held || candidate.confidence > held.confidence) best.set(id, candidate);
    }
  });
  return [...best.values()]
    .filter((candidate) => candidate.confidence >= POLICY_MIN_CONFIDENCE)
    .sort(
      (a, b) => a.order - b.order || a.match - b.match || TYPE_ORDER[a.rule.type] - TYPE_ORDER[b.rule.type],
    )
    .map(findingOf);
}
