import { z } from 'zod';
import { emailSchema, optionalText } from './common.js';

/** Issue 17: the buyer's link (and the offer) lasts 30 days. */
export const TRANSFER_VALID_DAYS = 30;
/** The seller's note to the buyer. */
export const MAX_TRANSFER_MESSAGE = 2000;

/** Messages of ownership transfers (the wording is ours: the spec is silent). */
export const TRANSFER_MESSAGES = {
  notFound: 'Transfer not found',
  pendingExists: 'This property already has a pending transfer. Cancel it before starting another.',
  ownOrganization: 'This address belongs to your own organisation: enter the buyer’s email address',
  notPending: 'This transfer is no longer pending',
  parcelTaken: 'A property on this parcel is already in your portfolio',
  notAccepted: 'The receipt is available once the buyer has accepted the transfer',
  /** The mailed link's page, for an unknown, expired, cancelled, declined or accepted transfer alike. */
  linkNotFound: 'This transfer link is not valid any more. Ask the seller for a new one.',
  /** An account made after the offer accepts only with the mailed link (nobody verified the address). */
  linkRequired:
    'Open the link in the email to accept this transfer: your account is newer than the offer, so the link shows the address is yours.',
} as const;

/**
 * Transfer ownership (POST /api/properties/{id}/transfer): the buyer's email address (they sign up or log
 * in with it to accept) and an optional message, at most 2,000 characters.
 */
export const transferStartSchema = z.object({
  email: emailSchema,
  message: optionalText(MAX_TRANSFER_MESSAGE, 'Message'),
});
export type TransferStartInput = z.input<typeof transferStartSchema>;
export type TransferStart = z.output<typeof transferStartSchema>;
