import { formatDate } from '@propertydna/domain';
import type { RouterOutputs } from '../../lib/trpc';

/** A transfer as either side sees it (issue 17). */
export type Transfer = RouterOutputs['transfers']['list']['incoming'][number];
/** What a mailed transfer link offers whoever opens it. */
export type TransferLinkView = RouterOutputs['transferLinks']['view'];
/** One ownership period of a property. */
export type OwnershipPeriod = RouterOutputs['transfers']['ownership'][number];

/** The words of the transfer screens (the spec is silent; the issue names the actions). */
export const TRANSFER_UI = {
  withheld: (count: number) =>
    count === 1
      ? 'A property transfer is waiting for you'
      : `${count} property transfers are waiting for you`,
  transferOwnership: 'Transfer ownership',
  start: 'Start transfer',
  starting: 'Starting transfer...',
  started: 'Transfer started',
  startFailed: 'The transfer could not be started',
  cancel: 'Cancel transfer',
  cancelled: 'Transfer cancelled',
  cancelFailed: 'The transfer could not be cancelled',
  keep: 'Keep transfer',
  accept: 'Accept',
  accepted: 'Property transferred',
  acceptFailed: 'The transfer could not be accepted',
  decline: 'Decline',
  declined: 'Transfer declined',
  declineFailed: 'The transfer could not be declined',
  receipt: 'Download receipt',
  receiptFailed: 'Receipt download failed',
  pack: 'Download transfer pack',
  packFailed: 'Transfer pack download failed',
  packLink: 'Share the pack with your conveyancer',
  packLinkReady: 'Link for your conveyancer',
  packLinkFailed: 'The link could not be created',
  history: 'Ownership history',
  historyFailed: 'The ownership history could not be loaded',
  listFailed: 'Transfers could not be loaded',
  readinessFailed: 'The transfer readiness could not be loaded',
  findProvider: 'Find a provider',
  inviteVendor: 'Invite as vendor',
} as const;

/** 'Ready for transfer: 3 of 5 certificates'. */
export function readinessText({ ready, required }: { ready: number; required: number }): string {
  return `Ready for transfer: ${ready} of ${required} ${required === 1 ? 'certificate' : 'certificates'}`;
}

/** '12 documents' / '1 document'. */
export function documentsText(count: number): string {
  return `${count} ${count === 1 ? 'document' : 'documents'}`;
}

/** 'Nov 22, 2026' (Johannesburg days, like every date of the app). */
export const transferDate = (value: string) => formatDate(value);

/** Where a transfer stands, in words for its badge. */
export const TRANSFER_STATUS_LABELS: Record<Transfer['status'], { label: string; color: string }> = {
  pending: { label: 'Pending', color: 'yellow' },
  accepted: { label: 'Accepted', color: 'green' },
  declined: { label: 'Declined', color: 'gray' },
  cancelled: { label: 'Cancelled', color: 'gray' },
  expired: { label: 'Expired', color: 'gray' },
};

/** The receipt (PDF) of an accepted transfer, for the seller. */
export const receiptUrl = (id: string) => `/api/transfers/${encodeURIComponent(id)}/receipt`;
/** The transfer pack (ZIP). */
export const packUrl = (id: string) => `/api/transfers/${encodeURIComponent(id)}/pack`;
