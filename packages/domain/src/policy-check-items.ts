import { CERTIFICATE_TYPES, type CertificateType, MAINTENANCE_CONDITIONS } from './certificates.js';
import { COMPLIANCE_CONTEXTS, type ComplianceContext, type ComplianceFinding } from './compliance-rules.js';
import { formatDate } from './format.js';
import { compareSeverity, findingLevel, SEVERITY_LABELS, type SeverityLevel } from './severity.js';

/**
 * The Policy Check as a list of what the owner must do (issue 32 §2): the check's gaps and the findings it
 * cannot decide, grouped so that one thing to do is one item, however many contexts ask for it. A
 * certificate missing for the owner, for a sale and for the insurer (the electric fence certificate) is one
 * item naming the three contexts, not three findings.
 *
 * What is one item:
 * - the findings about one certificate type (its rule in each context, and a policy's condition that only
 *   that certificate proves) of the same type: its gaps are one item (get a current certificate), the
 *   findings it cannot decide another (tell the vault what it needs: an issue date);
 * - any other finding (the insurance policy, the untyped certificates, a policy's own condition, surge
 *   protection) is an item by itself.
 * Compliant findings are not items: nothing is to be done.
 *
 * An item's level is the highest of its findings' (the one scale, severity.ts), its due date the earliest
 * of theirs; its title and action are those of its lead finding (the most severe, then the earliest due,
 * then the first in the check's order). Items are ordered by level (critical first), then due date (the
 * earliest first, undated after dated), then gaps before what the check cannot tell, then where their lead
 * finding stands in the check. The Policy Check tab, the API's answer, the reports and the daily alert all
 * list these items, so they say the same thing in the same order.
 */

/** What an item reads of a finding: the check's stored finding (level and due date absent before issue 32). */
export type PolicyCheckItemFinding = Pick<
  ComplianceFinding,
  'id' | 'type' | 'title' | 'severity' | 'rule' | 'context' | 'action'
> & {
  level?: SeverityLevel | undefined;
  due_date?: string | null | undefined;
};

export interface PolicyCheckItem<F extends PolicyCheckItemFinding = PolicyCheckItemFinding> {
  /** Stable within one check: the certificate type and the kind of item, or the lone finding's id. */
  id: string;
  /** 'gap': something is missing or stale; 'unknown': the vault cannot tell (say what it needs). */
  type: 'gap' | 'unknown';
  /** The highest level of its findings. */
  level: SeverityLevel;
  /** What it is, in a few words (its lead finding's title). */
  title: string;
  /** What to do, in words (its lead finding's action). */
  action: string;
  /** YYYY-MM-DD: the earliest due date of its findings; null when none has one. */
  due_date: string | null;
  /** The contexts that ask for it, in the check's order (ongoing, transfer, insurance). */
  contexts: ComplianceContext[];
  /** The findings behind it, the lead first, then in the check's order. */
  findings: F[];
}

/** The context words, as the Policy Check tab heads its sections. */
export const COMPLIANCE_CONTEXT_LABELS = {
  ongoing: 'Ongoing',
  transfer: 'Transfer',
  insurance: 'Insurance',
} as const satisfies Record<ComplianceContext, string>;

const CERTIFICATE_RULE = /^([a-z_]+)\.(ongoing|transfer|insurance)$/;
const CONDITION_RULE = /^policy_condition\.([a-z_]+)$/;

const isCertificateType = (value: string): value is CertificateType =>
  (CERTIFICATE_TYPES as readonly string[]).includes(value);

/** The certificate a finding is about: its rule's type, or the only certificate that proves its condition. */
function certificateOf(rule: string): CertificateType | null {
  const certificate = CERTIFICATE_RULE.exec(rule)?.[1];
  if (certificate !== undefined && isCertificateType(certificate)) return certificate;
  const condition = CONDITION_RULE.exec(rule)?.[1];
  const proofs: readonly CertificateType[] =
    condition !== undefined && Object.hasOwn(MAINTENANCE_CONDITIONS, condition)
      ? MAINTENANCE_CONDITIONS[condition as keyof typeof MAINTENANCE_CONDITIONS].evidencedBy
      : [];
  return proofs.length === 1 ? (proofs[0] as CertificateType) : null;
}

/** The item a finding belongs to. */
function itemKey(finding: PolicyCheckItemFinding): string {
  const certificate = certificateOf(finding.rule);
  return certificate === null ? finding.id : `${certificate}:${finding.type}`;
}

const UNDATED = '9999-12-31';

/** The check's gaps and unknowns as items to do, grouped and ordered (see the module comment). Pure. */
export function policyCheckItems<F extends PolicyCheckItemFinding>(
  findings: readonly F[],
): PolicyCheckItem<F>[] {
  const ranked = findings
    .map((finding, index) => ({
      finding,
      index,
      level: findingLevel(finding),
      due: finding.due_date ?? UNDATED,
    }))
    .filter(({ finding }) => finding.type !== 'compliant');
  type Ranked = (typeof ranked)[number];
  const byLead = (a: Ranked, b: Ranked) =>
    compareSeverity(a.level, b.level) || a.due.localeCompare(b.due) || a.index - b.index;
  const groups = new Map<string, Ranked[]>();
  for (const entry of ranked) {
    const key = itemKey(entry.finding);
    groups.set(key, [...(groups.get(key) ?? []), entry]);
  }
  const items = [...groups].map(([id, entries]) => {
    const [lead, ...others] = [...entries].sort(byLead) as [Ranked, ...Ranked[]];
    const due = entries.map((entry) => entry.due).sort()[0] as string;
    return {
      lead,
      item: {
        id,
        type: lead.finding.type as PolicyCheckItem['type'],
        level: lead.level,
        title: lead.finding.title,
        action: lead.finding.action,
        due_date: due === UNDATED ? null : due,
        contexts: COMPLIANCE_CONTEXTS.filter((context) =>
          entries.some((entry) => entry.finding.context === context),
        ),
        findings: [lead, ...others.sort((a, b) => a.index - b.index)].map((entry) => entry.finding),
      },
    };
  });
  return items
    .sort(
      (a, b) =>
        compareSeverity(a.item.level, b.item.level) ||
        (a.item.due_date ?? UNDATED).localeCompare(b.item.due_date ?? UNDATED) ||
        Number(a.item.type === 'unknown') - Number(b.item.type === 'unknown') ||
        a.lead.index - b.lead.index,
    )
    .map(({ item }) => item);
}

/** 'Ongoing, Transfer and Insurance': the contexts an item names. */
export function contextsLabel(contexts: readonly ComplianceContext[]): string {
  const words = contexts.map((context) => COMPLIANCE_CONTEXT_LABELS[context]);
  return words.length <= 1 ? words.join('') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

/** 'Due Mar 01, 2027', or 'Overdue since Jan 05, 2026' when that day is before `today`; null undated. */
export function itemDueLabel(dueDate: string | null, today: string): string | null {
  if (dueDate === null) return null;
  return `${dueDate < today ? 'Overdue since' : 'Due'} ${formatDate(dueDate)}`;
}

/**
 * One item as a line of a mail or a report: 'Critical: No Electrical CoC (Ongoing and Transfer). Upload
 * your Electrical CoC, or ask … for one. Due Mar 01, 2027.'
 */
export function policyCheckItemLine(
  item: Pick<PolicyCheckItem, 'level' | 'title' | 'action' | 'due_date' | 'contexts'>,
  today: string,
): string {
  const due = itemDueLabel(item.due_date, today);
  return `${SEVERITY_LABELS[item.level]}: ${item.title} (${contextsLabel(item.contexts)}). ${item.action}.${due ? ` ${due}.` : ''}`;
}
