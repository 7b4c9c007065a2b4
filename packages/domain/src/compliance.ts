import { z } from 'zod';

/** Spec §3, §4: a property's compliance status, as shown on its dashboard card. */
export const COMPLIANCE_STATUSES = ['good', 'warning', 'critical'] as const;
export type ComplianceStatus = (typeof COMPLIANCE_STATUSES)[number];
export const complianceStatusSchema = z.enum(COMPLIANCE_STATUSES);

/** Spec §3: the overall status of a policy check. */
export const POLICY_CHECK_STATUSES = ['compliant', 'gaps_detected', 'unknown'] as const;
export type PolicyCheckStatus = (typeof POLICY_CHECK_STATUSES)[number];
export const policyCheckStatusSchema = z.enum(POLICY_CHECK_STATUSES);

/** Spec §3: what a policy-check finding says. */
export const FINDING_TYPES = ['compliant', 'gap', 'unknown'] as const;
export type FindingType = (typeof FINDING_TYPES)[number];
export const findingTypeSchema = z.enum(FINDING_TYPES);

/** Spec §3: how serious a policy-check finding is. */
export const FINDING_SEVERITIES = ['low', 'medium', 'high'] as const;
export type FindingSeverity = (typeof FINDING_SEVERITIES)[number];
export const findingSeveritySchema = z.enum(FINDING_SEVERITIES);

/** The parts of a policy-check finding (spec §3) that decide the statuses; other fields may be present. */
export interface PolicyFindingLike {
  type: FindingType;
  severity: FindingSeverity;
}

/**
 * Spec §3: 'gaps_detected' when any finding is a gap; otherwise 'compliant' when there is at least
 * one finding and every finding is compliant; otherwise (no findings, or some unknown) 'unknown'.
 */
export function policyCheckStatus(findings: readonly PolicyFindingLike[]): PolicyCheckStatus {
  if (findings.some((finding) => finding.type === 'gap')) return 'gaps_detected';
  if (findings.length > 0 && findings.every((finding) => finding.type === 'compliant')) return 'compliant';
  return 'unknown';
}

/**
 * Spec §3, §4: a property's compliance status from its policy-check findings. Only gaps count, and
 * the worst gap wins:
 *
 * | gaps                        | status   |
 * |-----------------------------|----------|
 * | none                        | good     |
 * | worst severity low / medium | warning  |
 * | any of severity high        | critical |
 *
 * Compliant and unknown findings never change it, so a check with only unknown findings is 'good'
 * here while its policyCheckStatus is 'unknown'.
 */
export function complianceStatus(findings: readonly PolicyFindingLike[]): ComplianceStatus {
  const gaps = findings.filter((finding) => finding.type === 'gap');
  if (gaps.some((gap) => gap.severity === 'high')) return 'critical';
  return gaps.length > 0 ? 'warning' : 'good';
}

/**
 * Why a property is critical or warning, in one line for its card (issue 32): the title of its worst gap
 * (the first of the most severe, in the check's order), and how many more gaps there are; null when it
 * has none (good).
 */
export function complianceReason(
  findings: readonly (PolicyFindingLike & { title: string })[],
): string | null {
  const gaps = findings.filter((finding) => finding.type === 'gap');
  const rank = (finding: PolicyFindingLike) => FINDING_SEVERITIES.indexOf(finding.severity);
  const [worst] = [...gaps].sort((a, b) => rank(b) - rank(a));
  if (worst === undefined) return null;
  const more = gaps.length - 1;
  return more === 0 ? worst.title : `${worst.title} (and ${more} more)`;
}

/** Spec §4: how soon an expiring certificate or policy turns its property's status to warning. */
export const EXPIRY_WARNING_DAYS = 30;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The expiries that warn at `now`: later than `after` (now; at or before it they have expired) and
 * at or before `until` (EXPIRY_WARNING_DAYS later). complianceFromExpiry decides by it, and a
 * database query that counts warning expiries takes its bounds from it, so the rule is written once.
 */
export function expiryWarningWindow(now: Date): { after: Date; until: Date } {
  return { after: now, until: new Date(now.getTime() + EXPIRY_WARNING_DAYS * DAY_MS) };
}

/**
 * Spec §4: a property's compliance from the earliest expiry of its certificates and policies:
 *
 * | earliest expiry                         | status   |
 * |-----------------------------------------|----------|
 * | none                                    | good     |
 * | at or before now (one has expired)      | critical |
 * | within EXPIRY_WARNING_DAYS (30) of now  | warning  |
 * | later                                   | good     |
 */
export function complianceFromExpiry(earliestExpiry: Date | null, now: Date): ComplianceStatus {
  if (!earliestExpiry) return 'good';
  const window = expiryWarningWindow(now);
  if (earliestExpiry.getTime() <= window.after.getTime()) return 'critical';
  return earliestExpiry.getTime() <= window.until.getTime() ? 'warning' : 'good';
}

/**
 * The dashboard's compliance counts (spec §2) of `properties` properties, given the earliest
 * certificate or policy expiry of those that have one (the others are good): each decided by
 * complianceFromExpiry.
 */
export function complianceCounts(
  properties: number,
  earliestExpiries: readonly Date[],
  now: Date,
): Record<ComplianceStatus, number> {
  if (!Number.isSafeInteger(properties) || properties < earliestExpiries.length) {
    throw new RangeError(`${earliestExpiries.length} expiries cannot belong to ${properties} properties`);
  }
  const counts = { good: properties - earliestExpiries.length, warning: 0, critical: 0 };
  for (const expiry of earliestExpiries) counts[complianceFromExpiry(expiry, now)] += 1;
  return counts;
}

/** Spec §2: the dashboard card's compliance dot. */
export const COMPLIANCE_COLORS = {
  good: 'green',
  warning: 'yellow',
  critical: 'red',
} as const satisfies Record<ComplianceStatus, string>;
export type ComplianceColor = (typeof COMPLIANCE_COLORS)[ComplianceStatus];

/** Spec §2: good is green, warning yellow, critical red. */
export function complianceColor(status: ComplianceStatus): ComplianceColor {
  return COMPLIANCE_COLORS[status];
}

/** Spec §3, §9: reminder priorities, most urgent first. */
export const REMINDER_PRIORITIES = ['critical', 'high', 'medium', 'low'] as const;
export type ReminderPriority = (typeof REMINDER_PRIORITIES)[number];
export const reminderPrioritySchema = z.enum(REMINDER_PRIORITIES);

/** Spec §3: what a reminder is about. */
export const REMINDER_TYPES = ['certificate', 'payment', 'maintenance'] as const;
export type ReminderType = (typeof REMINDER_TYPES)[number];
export const reminderTypeSchema = z.enum(REMINDER_TYPES);

/** Spec §3: maintenance task priorities, least urgent first. */
export const TASK_PRIORITIES = ['low', 'medium', 'high', 'critical'] as const;
export type TaskPriority = (typeof TASK_PRIORITIES)[number];
export const taskPrioritySchema = z.enum(TASK_PRIORITIES);
