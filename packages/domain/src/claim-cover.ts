import { formatDate } from './format.js';

/**
 * Whether the property's insurance policy covered the day of a claim's incident, as far as the vault's
 * dates can say (issue 26 §5). Start Claim, the claim's card and the claim pack all read this one answer,
 * so none of them can present a lapsed policy as cover.
 *
 * Decisions:
 * - A policy runs from its start (the document's issue date, `issued_on`; unknown when not given) up to
 *   its expiry date. It is expired from its expiry date on, as everywhere else in the product (the vault,
 *   the reminders, the compliance check), so an incident on the expiry date itself is not covered by it.
 * - `in_force` is true only when a policy's dates show it: started on or before the incident (or start
 *   unknown) and expiring after it. It is false when the dates show the opposite: every policy had
 *   expired on or before the incident (`lapsed`), or starts after it (`not_started`). It is null when the
 *   vault cannot tell: a policy without an expiry date (`unknown`), or no policy at all (`no_policy`: the
 *   owner may well be insured; the vault just holds no policy). Null is never read as covered.
 * - Which policy answers, in this order: one in force (the one ending last); one without a known expiry;
 *   the one that expired last (lapsed); the one starting first after the incident (not started).
 */

export const COVER_STATUSES = ['in_force', 'lapsed', 'not_started', 'unknown', 'no_policy'] as const;
export type CoverStatus = (typeof COVER_STATUSES)[number];

/** A policy document of the property, with its dates as calendar days ('YYYY-MM-DD'). */
export interface CoverPolicy {
  id: string;
  name: string;
  /** When the cover starts (the document's issue date); null: not known. */
  starts_on: string | null;
  /** The expiry date (expired from that day on); null: not known. */
  expires_on: string | null;
}

export interface ClaimCover {
  status: CoverStatus;
  /** The policy this answer is about; null: no policy in the vault. */
  policy_document_id: string | null;
  policy_name: string | null;
  /** The day asked about: the incident's date. */
  in_force_on: string;
  /** True: the policy's dates show cover that day; false: they show none; null: the vault cannot tell. */
  in_force: boolean | null;
  /** The lapsed policy's expiry date ('YYYY-MM-DD'); null unless lapsed. */
  expired_on: string | null;
  /** When the policy's cover starts, if after the incident; null otherwise. */
  starts_on: string | null;
  /** What it means and what to do, in plain words. */
  message: string;
}

/** What to do when the vault shows no cover on the incident's day. */
export const COVER_ADVICE =
  'Contact your insurer or broker before you claim: ask whether you were covered on that date, and upload the policy that was in force to the vault if you have it.';

export const COVER_TITLES = {
  in_force: 'Policy in force on the incident date',
  lapsed: 'Your policy had lapsed before the incident',
  not_started: 'Your policy had not started on the incident date',
  unknown: 'Cover on the incident date not known',
  no_policy: 'No insurance policy in the vault',
} as const satisfies Record<CoverStatus, string>;

/** A policy that answers, and the date its status is about (its expiry, or its start). */
type Found =
  | { status: 'in_force' | 'lapsed'; policy: CoverPolicy; date: string }
  | { status: 'not_started'; policy: CoverPolicy; date: string }
  | { status: 'unknown'; policy: CoverPolicy; date: null };

/** What a policy's status means for the incident, and what to do. */
function policyMessage(found: Found, incidentDate: string) {
  const { status, policy } = found;
  const incident = formatDate(incidentDate);
  const date = found.date === null ? '' : formatDate(found.date);
  switch (status) {
    case 'in_force':
      return `${policy.name} was in force on ${incident}: it runs until ${date}.`;
    case 'lapsed':
      return `${policy.name} expired on ${date}, before the incident on ${incident}, and no policy in the vault covers that date. ${COVER_ADVICE}`;
    case 'not_started':
      return `${policy.name} starts on ${date}, after the incident on ${incident}. ${COVER_ADVICE}`;
    case 'unknown':
      return `${policy.name} has no expiry date in the vault, so we cannot tell whether it was in force on ${incident}. Add its expiry date on the Vault tab, or check the schedule with your insurer or broker.`;
  }
}

export const NO_POLICY_MESSAGE =
  'No insurance policy is in the vault, so we cannot tell what covered the incident. Upload your policy schedule, or ask your insurer or broker for it.';

const startedBy = (policy: CoverPolicy, day: string) => policy.starts_on === null || policy.starts_on <= day;

/** The dated policy with the latest date (ties: the first given). */
function latest(dated: readonly { policy: CoverPolicy; date: string }[]) {
  return dated.reduce<{ policy: CoverPolicy; date: string } | undefined>(
    (best, entry) => (best === undefined || entry.date > best.date ? entry : best),
    undefined,
  );
}

/** The cover on the incident's day (see the module comment). Pure. */
export function claimCover(incidentDate: string, policies: readonly CoverPolicy[]): ClaimCover {
  const started = policies.filter((policy) => startedBy(policy, incidentDate));
  const ending = started.flatMap((policy) =>
    policy.expires_on === null ? [] : [{ policy, date: policy.expires_on }],
  );
  const inForce = latest(ending.filter(({ date }) => date > incidentDate));
  const undated = started.find((policy) => policy.expires_on === null);
  const lapsed = latest(ending.filter(({ date }) => date <= incidentDate));
  const later = policies
    .flatMap((policy) =>
      policy.starts_on !== null && policy.starts_on > incidentDate
        ? [{ policy, date: policy.starts_on }]
        : [],
    )
    .sort((a, b) => a.date.localeCompare(b.date))[0];
  const found: Found | null = inForce
    ? { status: 'in_force', ...inForce }
    : undated
      ? { status: 'unknown', policy: undated, date: null }
      : lapsed
        ? { status: 'lapsed', ...lapsed }
        : later
          ? { status: 'not_started', ...later }
          : null;
  if (found === null) {
    return {
      status: 'no_policy',
      policy_document_id: null,
      policy_name: null,
      in_force_on: incidentDate,
      in_force: null,
      expired_on: null,
      starts_on: null,
      message: NO_POLICY_MESSAGE,
    };
  }
  const { status, policy } = found;
  return {
    status,
    policy_document_id: policy.id,
    policy_name: policy.name,
    in_force_on: incidentDate,
    in_force: status === 'in_force' ? true : status === 'unknown' ? null : false,
    expired_on: status === 'lapsed' ? found.date : null,
    starts_on: status === 'not_started' ? found.date : null,
    message: policyMessage(found, incidentDate),
  };
}

/**
 * The policies that may be put forward as a claim's cover: those whose dates do not deny it (started on
 * or before the incident, or start unknown; expiring after it, or expiry unknown). A schedule without
 * dates beside a dated one stays: it may be the same policy's wording.
 */
export function policiesForClaim<P extends CoverPolicy>(incidentDate: string, policies: readonly P[]): P[] {
  return policies.filter(
    (policy) =>
      startedBy(policy, incidentDate) && (policy.expires_on === null || policy.expires_on > incidentDate),
  );
}

/** Whether a claim's cover lets a policy be presented as the claim's cover (in force, or not known to have ended). */
export const coverMayBeClaimed = (cover: Pick<ClaimCover, 'status'>) =>
  cover.status === 'in_force' || cover.status === 'unknown';

/** Said of a cover whose policy the owner left out of a claim pack. */
export const POLICY_NOT_ENCLOSED = 'The policy is not enclosed in this pack.';

/**
 * The cover as a pack says it when the owner left its policy out: the same status and dates, without
 * the policy's id or name (a pack never names a document it does not carry), and a note that it is not
 * enclosed. Pure.
 */
export function coverWithoutPolicy(cover: ClaimCover): ClaimCover {
  if (cover.policy_name === null) return cover;
  // Every message opens with the policy's name: it becomes "The policy".
  const message = cover.message.split(cover.policy_name).join('the policy');
  return {
    ...cover,
    policy_document_id: null,
    policy_name: null,
    message: `${message.charAt(0).toUpperCase()}${message.slice(1)} ${POLICY_NOT_ENCLOSED}`,
  };
}
