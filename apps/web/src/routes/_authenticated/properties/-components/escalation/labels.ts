import {
  CALLBACK_TIME_LABELS,
  CALLBACK_TIMES,
  type CallbackStatus,
  type ClaimStatus,
  INCIDENT_EVIDENCE,
  INCIDENT_TYPE_LABELS,
  INCIDENT_TYPES,
  type IncidentType,
  reportFileName,
} from '@propertydna/domain';
import type { RouterOutputs } from '../../../../../lib/trpc';

/** A claim as a property's claims list answers it. */
export type ClaimSummary = RouterOutputs['escalation']['propertyClaims'][number];
/** One claim in full: its photos and the evidence its incident type asks for, found or missing. */
export type ClaimDetail = RouterOutputs['escalation']['claim'];
export type ClaimEvidenceItem = ClaimDetail['evidence'][number];
/** Find Provider's answer on a property: the owner's own vendors first, then the providers. */
export type ProviderSearchResult = RouterOutputs['escalation']['findProviders'];
/** A registered supplier as Find Provider lists it. */
export type Provider = ProviderSearchResult['providers'][number];
/** One of the owner's own vendors (their vendor directory) as Find Provider lists it, first. */
export type OwnVendor = ProviderSearchResult['vendors'][number];
/** A callback request and where it stands. */
export type CallbackRequest = RouterOutputs['escalation']['callbacks'][number];

/** The Escalation tab's words (issue 16; the spec's action names are ESCALATION_ACTIONS). */
export const ESCALATION_TAB_MESSAGES = {
  intro: 'Need help with a claim, a repair or your cover? Choose what you need.',
  claimsTitle: 'Claims',
  noClaims: 'No claims yet',
  noClaimsHint:
    'Use Start Claim when something happens to the property: we list the evidence your insurer will ask for and build a claim pack from your vault.',
  claimsLoading: 'Loading claims…',
  claimsLoadFailed: 'Unable to load the claims',
  callsTitle: 'Call requests',
  noCalls: 'No calls requested yet',
  noCallsHint: 'Schedule Call asks an advisor to phone you about a claim, a repair or your cover.',
  callsLoading: 'Loading call requests…',
  callsLoadFailed: 'Unable to load the call requests',
  close: 'Close',
} as const;

export const CLAIM_MESSAGES = {
  started: 'Claim started',
  startFailed: 'Unable to start the claim',
  submitting: 'Starting…',
  photosFailed:
    'Some photos could not be uploaded. Remove them or press Start Claim again: the photos already uploaded are kept.',
  photosLabel: 'Photos (optional)',
  photosHint: `Photos of the damage or PDFs (invoices, reports). They are saved in this property's vault.`,
  onlyPhotosOrPdf: 'Only photos (JPEG, PNG, WebP, HEIC) and PDFs can be attached',
  evidenceTitle: 'Evidence for your insurer',
  evidenceLoading: 'Checking the evidence…',
  evidenceLoadFailed: 'Unable to check the evidence',
  missing: 'Missing',
  found: 'Found',
  /** Everything found for the item has expired: it is not current evidence. */
  expired: 'Expired',
  dateUnknown: 'date unknown',
  /** The policy item of a claim whose policy's dates deny cover on the incident's day. */
  notCover: { lapsed: 'Lapsed', not_started: 'Not started' },
  downloadPack: 'Download claim pack',
  packFailed: 'Claim pack download failed',
} as const;

export const PROVIDER_MESSAGES = {
  title: 'Find Provider',
  search: 'Search',
  searching: 'Searching providers…',
  empty: 'No providers match',
  emptyHint: 'Try another specialty, a nearby town, or clear a field to widen the search.',
  loadFailed: 'Unable to search the providers',
  invite: 'Invite as vendor',
  inviteOwn: 'Invite to this property',
  noInsurance: 'No reviewed insurance certificate on file',
  /** The mark of one of the owner's own vendors. */
  yourVendor: 'Your vendor',
} as const;

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * The line above Find Provider's results: how many of the owner's vendors and how many providers, where,
 * and in which order ('1 of your vendors and 2 providers in Western Cape: your vendors first, then
 * checked suppliers'). The place is the province searched instead of the area, else the area. Only for
 * results that hold someone.
 */
export function providerResultsSummary(
  result: Pick<ProviderSearchResult, 'area' | 'province' | 'vendors' | 'providers'>,
): string {
  const place = result.province ?? result.area;
  const vendors = result.vendors.length;
  const providers =
    result.providers.length > 0
      ? `${count(result.providers.length, 'provider', 'providers')}${place ? ` in ${place}` : ''}`
      : null;
  const own = `${vendors} of your vendors`;
  if (vendors === 0) return `${providers}, checked suppliers first`;
  if (providers) return `${own} and ${providers}: your vendors first, then checked suppliers`;
  return `${own}${place ? `; no other providers in ${place}` : ''}`;
}

export const CALL_MESSAGES = {
  requested: 'Call requested',
  requestedMessage: (label: string) => `An advisor will call you in the ${label.toLowerCase()}.`,
  failed: 'Unable to request the call',
  submit: 'Request call',
  submitting: 'Sending…',
} as const;

/** Where a claim stands. */
export const CLAIM_STATUS_LABELS: Record<ClaimStatus, string> = {
  open: 'Open',
  submitted: 'Submitted',
  closed: 'Closed',
};

export const CLAIM_STATUS_COLORS: Record<ClaimStatus, string> = {
  open: 'blue',
  submitted: 'grape',
  closed: 'gray',
};

/** Where a callback request stands with the support team. */
export const CALLBACK_STATUS_LABELS: Record<CallbackStatus, string> = {
  requested: 'Requested',
  scheduled: 'Scheduled',
  done: 'Done',
};

export const CALLBACK_STATUS_COLORS: Record<CallbackStatus, string> = {
  requested: 'yellow',
  scheduled: 'blue',
  done: 'green',
};

export const INCIDENT_TYPE_OPTIONS = INCIDENT_TYPES.map((value) => ({
  value,
  label: INCIDENT_TYPE_LABELS[value],
}));

export const CALLBACK_TIME_OPTIONS = CALLBACK_TIMES.map((value) => ({
  value,
  label: CALLBACK_TIME_LABELS[value],
}));

/** '1 photo', '3 photos' (a claim's documents: photos of the damage, invoices, reports). */
export const photosCountLabel = (count: number) =>
  count === 0 ? 'No photos' : `${count} ${count === 1 ? 'photo' : 'photos'}`;

/** The file name a claim pack gets when the server names none: as the server names it. */
export const claimPackFallbackName = (property: { name: string }) =>
  reportFileName(property, 'claim-pack', 'zip', new Date());

/** GET /api/claims/{id}/pack: the ZIP an insurer is sent (authenticated by the session). */
export const claimPackUrl = (id: string, choice: Record<string, string> = {}) => {
  const query = new URLSearchParams(choice).toString();
  return `/api/claims/${encodeURIComponent(id)}/pack${query ? `?${query}` : ''}`;
};

/** The piece of evidence's requirement: what the hint for a missing item says depends on where it comes from. */
function requirementOf(incidentType: IncidentType, key: string) {
  return INCIDENT_EVIDENCE[incidentType].find((requirement) => requirement.key === key);
}

/**
 * What to do about a missing piece of evidence: photos and proof of ownership belong to the claim
 * itself (sent with the pack); a certificate can be uploaded to the vault or asked of a provider; a
 * service can also be recorded as done on the Actions tab.
 */
export function missingEvidenceHint(incidentType: IncidentType, key: string): string {
  const requirement = requirementOf(incidentType, key);
  if (requirement?.claimDocuments) {
    return 'This claim was started without them: keep them ready for your insurer, or start the claim again with them attached.';
  }
  if (requirement?.maintenanceTasks && !requirement.certificateTypes && !requirement.documentKinds) {
    return 'Record the service with Mark Complete on the Actions tab, or invite a provider to upload their report.';
  }
  if (requirement?.documentKinds && !requirement.certificateTypes) {
    return 'Upload it on the Vault tab.';
  }
  return 'Upload it on the Vault tab, or invite a provider to upload it for you.';
}

/** Whether a missing item is one a provider can supply (a certificate, an inspection, a service). */
export function providerCanSupply(incidentType: IncidentType, key: string): boolean {
  const requirement = requirementOf(incidentType, key);
  return Boolean(requirement?.certificateTypes || requirement?.maintenanceTasks);
}
