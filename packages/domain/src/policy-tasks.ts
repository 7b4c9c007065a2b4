import { MAINTENANCE_CONDITIONS, type MaintenanceCondition } from './certificates.js';
import type { TaskPriority } from './compliance.js';
import type { KeyedTaskDraft } from './maintenance-schedule.js';
import type { PolicyClauseSeverity } from './policy-analysis/catalogue.js';
import { addMonths, type MaintenanceFrequency } from './recurrence.js';
import { truncateText } from './text.js';

/**
 * A policy's clauses connected to the rest (issue 28): a maintenance condition the analysis found is
 * offered to the owner as a candidate maintenance task (accepted with one click, never created
 * silently), and an endorsement says what the owner is covered for. Pure: the API stores and the
 * screens show what these work out.
 */

/** Where a clause stands in its policy: 'clause 4.12, page 3', 'page 3', 'clause (a)', or ''. */
export function policyClausePlace(clause: { clause_ref: string | null; page: number | null }): string {
  const parts = [
    ...(clause.clause_ref ? [`clause ${clause.clause_ref}`] : []),
    ...(clause.page === null ? [] : [`page ${clause.page}`]),
  ];
  return parts.join(', ');
}

/** A clause's text as one line of single spaces. */
const folded = (text: string) => text.replace(/\s+/g, ' ').trim();

/** FNV-1a (32 bits) of a text, as 8 hex digits: short, stable, the same in the browser and the server. */
function fnv1a(text: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, '0');
}

/** The prefix of the key of a maintenance task accepted from a policy's condition. */
export const POLICY_TASK_KEY_PREFIX = 'policy:';

/**
 * The key of the task a policy's condition becomes: the policy and the clause's words (case and white
 * space aside), so the same clause found again by a later analysis is the same task, accepted once.
 */
export function policyTaskKey(documentId: string, excerpt: string): string {
  return `${POLICY_TASK_KEY_PREFIX}${documentId}:${fnv1a(folded(excerpt).toLowerCase())}`;
}

/**
 * The standard task (Bootstrap Standards, STANDARD_TASKS) that does the work a catalogued condition asks
 * for: accepting such a condition adds that task (or answers it, when the schedule has it already), so a
 * subject is never in the schedule twice, once from the standards and once from the policy. A condition
 * no standard task covers (burglar bars) is a task of its own clause.
 */
export const CONDITION_STANDARD_TASK = {
  geyser_sans_10254: 'geyser_service',
  roof_maintained: 'roof_inspection',
  alarm_serviced: 'alarm_battery',
  thatch_treated: 'thatch_retardant',
  lightning_conductor: 'lightning_conductor',
  electric_fence: 'electric_fence',
  electrical_compliance: 'electrical_safety',
  gas_compliance: 'gas_installation',
  burglar_bars: null,
} as const satisfies Record<MaintenanceCondition, string | null>;

/**
 * The key of the task a condition becomes: the standard task of its subject for a catalogued condition
 * that has one (CONDITION_STANDARD_TASK), else its clause's (policyTaskKey).
 */
export function conditionTaskKey(clause: { document_id: string; key: string; excerpt: string }): string {
  const standard = Object.hasOwn(CONDITION_STANDARD_TASK, clause.key)
    ? CONDITION_STANDARD_TASK[clause.key as MaintenanceCondition]
    : null;
  return standard ?? policyTaskKey(clause.document_id, clause.excerpt);
}

/** How often the clause asks for the work, in the words wordings use; once a year when it does not say. */
export function policyTaskFrequency(excerpt: string): MaintenanceFrequency {
  const text = folded(excerpt).toLowerCase();
  if (/\b(six[- ]monthly|every (six|6) months|bi-?annual(ly)?|twice (a|per|every) year)\b/.test(text)) {
    return 'bi-annually';
  }
  if (/\b(quarterly|every (three|3) months)\b/.test(text)) return 'quarterly';
  if (/\b(monthly|every month|once a month)\b/.test(text)) return 'monthly';
  return 'annually';
}

/** A task's priority from the clause's severity (the same four words). */
const PRIORITY_OF: Record<PolicyClauseSeverity, TaskPriority> = {
  low: 'low',
  medium: 'medium',
  high: 'high',
  critical: 'critical',
};

/** A maintenance condition of a policy, as the API stores it. */
export interface PolicyConditionClause {
  document_id: string;
  document_name: string;
  key: string;
  title: string;
  severity: PolicyClauseSeverity;
  page: number | null;
  clause_ref: string | null;
  excerpt: string;
}

/** What accepting a policy's condition adds to the maintenance schedule (first due a month after). */
export type PolicyTaskDraft = KeyedTaskDraft;

/** A task's title at most (maintenanceTaskSchema). */
const MAX_TITLE = 200;
/** How much of the clause the task's description quotes. */
const MAX_QUOTE = 400;

/**
 * The candidate task of a policy's maintenance condition: its title (a catalogued condition's own, else
 * the clause's heading or first words), the clause's words with the policy, clause and page, how often
 * (as the clause says, else yearly), its priority from the clause's severity, first due a month from
 * `today`.
 */
export function policyTaskDraft(clause: PolicyConditionClause, today: string): PolicyTaskDraft {
  const catalogued = Object.hasOwn(MAINTENANCE_CONDITIONS, clause.key)
    ? MAINTENANCE_CONDITIONS[clause.key as MaintenanceCondition].title
    : clause.title;
  const place = policyClausePlace(clause);
  const words = folded(clause.excerpt);
  const quote = words.length > MAX_QUOTE ? `${truncateText(words, MAX_QUOTE - 1)}…` : words;
  return {
    key: conditionTaskKey(clause),
    title: truncateText(folded(catalogued), MAX_TITLE),
    description: `Your policy "${clause.document_name}"${place ? ` (${place})` : ''} requires: "${quote}"\n\nKeep proof that it is done (photos, an invoice or a certificate): a claim that turns on it can be refused without it.`,
    frequency: policyTaskFrequency(clause.excerpt),
    priority: PRIORITY_OF[clause.severity],
    next_due: addMonths(today, 1),
  };
}

/** An amount in whole rand as the analysis writes it: 'R150 000'. */
export function formatWholeRands(rands: number): string {
  return `R${String(Math.round(rands)).replace(/\B(?=(\d{3})+$)/g, ' ')}`;
}

/**
 * What an endorsement covers, in one line for the property's Policy Check: 'Solar panels: covered up
 * to R150 000 (clause 4.12, page 3)', or 'Accidental damage: covered (page 2)' when no limit is stated.
 */
export function policyCoverLine(endorsement: {
  title: string;
  limit_rands: number | null;
  clause_ref: string | null;
  page: number | null;
}): string {
  const place = policyClausePlace(endorsement);
  const limit = endorsement.limit_rands === null ? '' : ` up to ${formatWholeRands(endorsement.limit_rands)}`;
  return `${folded(endorsement.title)}: covered${limit}${place ? ` (${place})` : ''}`;
}
