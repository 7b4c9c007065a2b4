import { POLICY_TOPICS, type PolicyTopic, policyClausePlace } from '@propertydna/domain';
import { documentViewUrl } from '../../../../components/documents/labels';
import type { RouterOutputs } from '../../../../lib/trpc';

/** A clause of a policy, or the vault document proving one of its conditions (spec §3 Finding). */
export type PolicyFinding = RouterOutputs['policies']['findings'][number];
/** Where the analysis of one policy stands. */
export type PolicyAnalysis = RouterOutputs['policies']['analyses'][number];
export type FindingType = PolicyFinding['finding_type'];
export type AnalysisState = PolicyAnalysis['state'];

/** The tabs of the Policy Analysis screen (spec §2), each with the finding type it shows. */
export const FINDING_TABS = [
  { value: 'all', label: 'All' },
  { value: 'evidence', label: 'Evidence' },
  { value: 'exclusion', label: 'Exclusions' },
  { value: 'maintenance', label: 'Maintenance' },
  { value: 'endorsement', label: 'Endorsements' },
] as const satisfies readonly { value: 'all' | FindingType; label: string }[];
export type FindingTab = (typeof FINDING_TABS)[number]['value'];

/** What a tab says when it has nothing to show (the search aside). */
export const EMPTY_TAB_MESSAGES: Record<FindingTab, string> = {
  all: 'No findings',
  evidence: 'No document in your vault proves a condition of your policies yet',
  exclusion: 'No exclusions found',
  maintenance: 'No maintenance conditions found',
  endorsement: 'No endorsements found',
};

/** A finding's type as its badge shows it. */
export const FINDING_TYPE_BADGES: Record<FindingType, { label: string; color: string }> = {
  evidence: { label: 'Evidence', color: 'green' },
  exclusion: { label: 'Exclusion', color: 'grape' },
  maintenance: { label: 'Maintenance', color: 'blue' },
  endorsement: { label: 'Endorsement', color: 'cyan' },
};

/**
 * A finding's severity (low to critical) as its badge shows it: the colours of the Policy Check tab's
 * severities (high red, medium orange, low gray), critical a filled red.
 */
export const SEVERITY_BADGES: Record<
  PolicyFinding['severity'],
  { label: string; color: string; variant: 'filled' | 'outline' }
> = {
  critical: { label: 'Critical severity', color: 'red', variant: 'filled' },
  high: { label: 'High severity', color: 'red', variant: 'outline' },
  medium: { label: 'Medium severity', color: 'orange', variant: 'outline' },
  low: { label: 'Low severity', color: 'gray', variant: 'outline' },
};

/** Where a policy's analysis stands, as the progress list shows it. */
export const ANALYSIS_STATE_BADGES: Record<AnalysisState, { label: string; color: string }> = {
  not_analysed: { label: 'Not analysed', color: 'gray' },
  queued: { label: 'Queued', color: 'gray' },
  running: { label: 'Running', color: 'blue' },
  done: { label: 'Done', color: 'green' },
  no_text: { label: 'No text', color: 'orange' },
  failed: { label: 'Failed', color: 'red' },
};

export const POLICY_ANALYSIS_MESSAGES = {
  searchPlaceholder: 'Search findings...',
  empty:
    "No policy analysed yet: upload your insurance policy wording (PDF) to a property's vault as a Policy, then Analyze Policies",
  noneFound:
    'Your policies were analysed, and no exclusions, maintenance conditions or endorsements were found in them',
  noPolicies:
    'You have no insurance policy in your vault yet: upload the policy wording to a property as a Policy',
  loadFailed: 'Unable to load the findings',
  analyzeFailed: 'Unable to analyse the policies',
} as const;

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** How a topic tag reads on the screen; a tag without its own words reads as itself ('fire_brigade' → 'Fire brigade'). */
const TOPIC_LABELS: Partial<Record<PolicyTopic, string>> = {
  solar: 'Solar PV',
  power_surge: 'Power surge',
  wear_and_tear: 'Wear and tear',
  consequential_loss: 'Consequential loss',
  rent: 'Loss of rent',
  debris: 'Debris removal',
  municipal: 'Municipal requirements',
  locks_keys: 'Locks and keys',
  accidental_damage: 'Accidental damage',
  building_works: 'Building works',
  unoccupancy: 'Unoccupied home',
  drains: 'Drains and gutters',
  walls: 'Walls and fences',
  riot: 'Riot and SASRIA',
};

export function topicLabel(topic: string): string {
  const label = TOPIC_LABELS[topic as PolicyTopic];
  if (label) return label;
  const words = topic.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * The findings whose title, description, clause (its words, number and reason), topics or policy name
 * hold every word of the search (in any case, in any order); all of them for an empty search.
 */
export function searchFindings(findings: readonly PolicyFinding[], search: string): PolicyFinding[] {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...findings];
  return findings.filter((finding) => {
    const text = [
      finding.title,
      finding.description,
      finding.excerpt,
      finding.document_name,
      finding.clause_ref ?? '',
      finding.reason ?? '',
      ...finding.topics.flatMap((topic) => [topic, topicLabel(topic)]),
    ]
      .join('\n')
      .toLowerCase();
    return words.every((word) => text.includes(word));
  });
}

/** The topic filter's value for every topic at once. */
export const ALL_TOPICS = 'all';

/** The findings about a topic (all of them for ALL_TOPICS). */
export function findingsOfTopic(findings: readonly PolicyFinding[], topic: string): PolicyFinding[] {
  return topic === ALL_TOPICS
    ? [...findings]
    : findings.filter((finding) => finding.topics.includes(topic as PolicyTopic));
}

/** The topics these findings are about, in POLICY_TOPICS order, each with how many findings name it. */
export function topicCounts(findings: readonly PolicyFinding[]): { topic: PolicyTopic; count: number }[] {
  return POLICY_TOPICS.map((topic) => ({ topic, count: findingsOfTopic(findings, topic).length })).filter(
    ({ count }) => count > 0,
  );
}

/** Severity rank: critical first. */
const SEVERITY_RANK: Record<PolicyFinding['severity'], number> = { critical: 0, high: 1, medium: 2, low: 3 };

/**
 * The findings as the screen lists them: the most severe first (critical, high, medium, low), then in
 * the order of their clauses (the API answers each policy's clauses in the wording's order).
 */
export function sortFindings(findings: readonly PolicyFinding[]): PolicyFinding[] {
  return findings
    .map((finding, index) => ({ finding, index }))
    .sort(
      (a, b) => SEVERITY_RANK[a.finding.severity] - SEVERITY_RANK[b.finding.severity] || a.index - b.index,
    )
    .map(({ finding }) => finding);
}

/** 'Clause 4.12 · page 3', 'Page 3', 'Clause (a)', or null when the clause has neither. */
export function clauseLabel(finding: Pick<PolicyFinding, 'clause_ref' | 'page'>): string | null {
  const place = policyClausePlace(finding).replace(', ', ' · ');
  return place ? place.charAt(0).toUpperCase() + place.slice(1) : null;
}

/** The findings a tab shows. */
export function findingsOfTab(findings: readonly PolicyFinding[], tab: FindingTab): PolicyFinding[] {
  return tab === 'all' ? [...findings] : findings.filter((finding) => finding.finding_type === tab);
}

/** How many findings each tab shows. */
export function tabCounts(findings: readonly PolicyFinding[]): Record<FindingTab, number> {
  return Object.fromEntries(
    FINDING_TABS.map(({ value }) => [value, findingsOfTab(findings, value).length]),
  ) as Record<FindingTab, number>;
}

/** A confidence of 0 to 1 as the card shows it: 'Confidence 87%'. */
export function confidenceLabel(confidence: number): string {
  return `Confidence ${Math.round(Math.min(1, Math.max(0, confidence)) * 100)}%`;
}

/** The policy opened at the clause's page (a PDF viewer honours #page=N), or at its start. */
export function clauseHref(finding: Pick<PolicyFinding, 'document_id' | 'page'>): string {
  const url = documentViewUrl(finding.document_id);
  return finding.page ? `${url}#page=${finding.page}` : url;
}

/** 'Page 2 of Fynbos wording.pdf', or the policy's name alone when the page is not known. */
export function clauseSource(finding: Pick<PolicyFinding, 'document_name' | 'page'>): string {
  return finding.page ? `Page ${finding.page} of ${finding.document_name}` : finding.document_name;
}

/** An analysis that has not finished yet. */
export const isPending = (analysis: Pick<PolicyAnalysis, 'state'>) =>
  analysis.state === 'queued' || analysis.state === 'running';

/** Whether any of these policies is still waiting for, or in, its analysis. */
export function isAnalysing(analyses: readonly Pick<PolicyAnalysis, 'state'>[] | undefined): boolean {
  return analyses?.some(isPending) ?? false;
}

/** 'Analysing 3 policies: 1 done, 1 running, 1 queued' (the progress list's live line). */
export function progressSummary(analyses: readonly PolicyAnalysis[]): string {
  const count = (state: AnalysisState) => analyses.filter((analysis) => analysis.state === state).length;
  const finished = analyses.length - count('queued') - count('running') - count('not_analysed');
  const parts = (['done', 'no_text', 'failed', 'running', 'queued', 'not_analysed'] as const)
    .filter((state) => count(state) > 0)
    .map((state) => `${count(state)} ${ANALYSIS_STATE_BADGES[state].label.toLowerCase()}`);
  const head = isAnalysing(analyses)
    ? `Analysing ${plural(analyses.length, 'policy', 'policies')}`
    : `${finished} of ${plural(analyses.length, 'policy', 'policies')} analysed`;
  return parts.length > 0 ? `${head}: ${parts.join(', ')}` : head;
}

/**
 * The toast when an analysis has finished: 'Analysis complete: 12 findings in 2 policies' (the findings
 * of the policies read, evidence included, as the All tab counts them), and how many could not be read.
 */
export function completionMessage(
  analyses: readonly PolicyAnalysis[],
  findings: readonly PolicyFinding[],
): { message: string; complete: boolean } {
  const read = new Set(analyses.filter((analysis) => analysis.state === 'done').map((a) => a.document_id));
  const unread = analyses.filter((analysis) => analysis.state === 'no_text' || analysis.state === 'failed');
  const found = findings.filter((finding) => read.has(finding.document_id)).length;
  let message = `Analysis complete: ${plural(found, 'finding', 'findings')} in ${plural(read.size, 'policy', 'policies')}`;
  if (unread.length > 0) message += `; ${plural(unread.length, 'policy', 'policies')} could not be read`;
  return { message, complete: unread.length === 0 };
}
