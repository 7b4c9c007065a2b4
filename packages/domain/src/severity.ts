import { z } from 'zod';
import type { FindingSeverity } from './compliance.js';

/**
 * One severity scale (issue 32 §2): which situation is how serious, and why, written once. The compliance
 * check's findings take their severity from it (so the property cards, the dashboard counts and the packs,
 * which read the stored check, agree with it), and the dashboard's "what to do next" list ranks by it.
 *
 * The scale has four steps, most serious first. A finding of the compliance check is stored with three
 * (spec §3: low, medium, high): a critical situation is a 'high' finding, and any high finding makes its
 * property Critical on the dashboard (complianceStatus); medium and low ones make it Warning.
 */
export const SEVERITY_LEVELS = ['critical', 'high', 'medium', 'low'] as const;
export type SeverityLevel = (typeof SEVERITY_LEVELS)[number];
export const severityLevelSchema = z.enum(SEVERITY_LEVELS);

export interface SeverityEntry {
  level: SeverityLevel;
  why: string;
}

/**
 * The table. No insurance policy at all is as severe as an expired one: either way no claim is paid.
 *
 * | situation                    | level    | why (short) |
 * |------------------------------|----------|-------------|
 * | insurance_missing            | critical | no cover: no claim is paid |
 * | insurance_expired            | critical | no cover since the expiry date |
 * | sale_certificate_missing     | critical | the law blocks a transfer without it (electrical CoC, Cape Town plumbing) |
 * | sale_certificate_stale       | critical | the same certificate too old for the transfer |
 * | sale_certificate_customary   | high     | a sale needs it by custom or the buyer's right (gas) |
 * | sale_certificate_optional    | medium   | the buyer may insist, it does not block the transfer |
 * | task_overdue                 | high     | maintenance an insurer can hold against a claim |
 * | task_due_soon                | medium   | maintenance due within a week |
 * | task_coming_up               | low      | maintenance due within a month |
 * | certificate_expired          | high     | an expired certificate proves nothing |
 * | certificate_missing          | medium   | a certificate the property must hold |
 * | insurer_condition_unproven   | medium   | a claim that turns on it can be rejected |
 * | cannot_tell                  | medium   | a date or wording the check cannot read |
 * | insurer_advice               | low      | an insurer's advice, not a condition |
 * | expiring_within_7_days       | high     | a document expires within a week |
 * | expiring_within_30_days      | medium   | within a month: book the renewal |
 * | expiring_within_60_days      | low      | within two months: plan it |
 * | in_order                     | low      | nothing to do |
 */
export const SEVERITY_SCALE = {
  insurance_missing: {
    level: 'critical',
    why: 'There is no insurance policy in the vault: without cover no claim is paid, as with an expired one.',
  },
  insurance_expired: {
    level: 'critical',
    why: 'The cover ended on its expiry date: no claim is paid after it.',
  },
  sale_certificate_missing: {
    level: 'critical',
    why: 'The law does not allow the transfer without it.',
  },
  sale_certificate_stale: {
    level: 'critical',
    why: 'It is too old for the transfer, which the law does not allow without a current one.',
  },
  sale_certificate_customary: {
    level: 'high',
    why: 'Offers to purchase customarily ask for it, and the buyer can hold the sale up without it.',
  },
  sale_certificate_optional: {
    level: 'medium',
    why: 'The buyer can insist on it, but it does not block the transfer.',
  },
  task_overdue: {
    level: 'high',
    why: 'Maintenance past its due date: an insurer can hold neglect against a claim.',
  },
  task_due_soon: {
    level: 'medium',
    why: 'Maintenance due within a week.',
  },
  task_coming_up: {
    level: 'low',
    why: 'Maintenance due within a month: plan it.',
  },
  certificate_expired: {
    level: 'high',
    why: 'An expired certificate no longer proves what it certified.',
  },
  certificate_missing: {
    level: 'medium',
    why: 'The property must hold this certificate; it is needed again at a sale.',
  },
  insurer_condition_unproven: {
    level: 'medium',
    why: 'A condition of the policy without proof: a claim that turns on it can be rejected.',
  },
  cannot_tell: {
    level: 'medium',
    why: 'A date or wording the check cannot read may hide a gap.',
  },
  insurer_advice: {
    level: 'low',
    why: "An insurer's advice, not a condition of the cover.",
  },
  expiring_within_7_days: {
    level: 'high',
    why: 'It expires within a week: renew it now.',
  },
  expiring_within_30_days: {
    level: 'medium',
    why: 'It expires within a month: book the renewal.',
  },
  expiring_within_60_days: {
    level: 'low',
    why: 'It expires within two months: plan the renewal.',
  },
  in_order: {
    level: 'low',
    why: 'In order: nothing to do.',
  },
} as const satisfies Record<string, SeverityEntry>;
export type SeveritySituation = keyof typeof SEVERITY_SCALE;

/** The level of a situation. */
export function severityOf(situation: SeveritySituation): SeverityLevel {
  return SEVERITY_SCALE[situation].level;
}

/** A compliance finding's severity (spec §3's three steps): critical situations are high findings. */
export function findingSeverityOf(situation: SeveritySituation): FindingSeverity {
  const level = severityOf(situation);
  return level === 'critical' ? 'high' : level;
}

/** What a compliance finding stores of its situation: the spec's three-step severity and the scale's level. */
export interface FindingGrade {
  severity: FindingSeverity;
  level: SeverityLevel;
}

/** A situation as a finding stores it. */
export function findingGradeOf(situation: SeveritySituation): FindingGrade {
  return { severity: findingSeverityOf(situation), level: severityOf(situation) };
}

/**
 * A stored finding's level. A check stored before findings carried their level has only the three-step
 * severity: a high one there is critical when the scale's critical situations can have made it (the
 * insurance policy, a sale's certificate), as the dashboard read them then; the check is rerun each day.
 */
export function findingLevel(finding: {
  severity: FindingSeverity;
  level?: SeverityLevel | undefined;
  rule: string;
  context: string;
}): SeverityLevel {
  if (finding.level !== undefined) return finding.level;
  const critical =
    finding.severity === 'high' &&
    (finding.rule === 'insurance_policy.insurance' || finding.context === 'transfer');
  return critical ? 'critical' : finding.severity;
}

/** The scale's words, as every screen, mail and PDF labels a level (the dashboard's cards first used them). */
export const SEVERITY_LABELS = {
  critical: 'Critical',
  high: 'High',
  medium: 'Medium',
  low: 'Low',
} as const satisfies Record<SeverityLevel, string>;

/** A document (policy or certificate) by the days left until it expires: expired at 0 or fewer. */
export function expirySituation(daysLeft: number): SeveritySituation | null {
  if (daysLeft <= 0) return 'certificate_expired';
  if (daysLeft <= 7) return 'expiring_within_7_days';
  if (daysLeft <= 30) return 'expiring_within_30_days';
  return daysLeft <= 60 ? 'expiring_within_60_days' : null;
}

/**
 * A reminder of the Actions tab by its kind and when it is due: a maintenance task or the owner's own
 * reminder overdue, due within 7 days or later; a document (or a dated gap) by its days left; the plan's
 * reminders are about the account, not the property: null.
 */
export function reminderSituation(reminder: {
  source: { kind: string };
  overdue: boolean;
  days_until: number;
}): SeveritySituation | null {
  const { kind } = reminder.source;
  if (kind === 'document' || kind === 'gap') return expirySituation(reminder.days_until);
  if (kind !== 'task' && kind !== 'custom') return null;
  if (reminder.overdue) return 'task_overdue';
  return reminder.days_until <= 7 ? 'task_due_soon' : 'task_coming_up';
}

/** Orders levels most serious first (for sort). */
export function compareSeverity(a: SeverityLevel, b: SeverityLevel): number {
  return SEVERITY_LEVELS.indexOf(a) - SEVERITY_LEVELS.indexOf(b);
}
