import { z } from 'zod';
import { boundedInt, isUuid, MAX_LENGTHS, noControlCharacters } from './common.js';

/** Share page and share-link toasts (spec §2, §8). */
export const SHARE_MESSAGES = {
  invalidPassword: { title: 'Invalid password', message: 'The password you entered is incorrect.' },
  accessGranted: 'Access granted',
  notFound: 'Share not found or expired.',
  linkCopied: 'Share link copied',
  generateFailed: { title: 'Error', message: 'Failed to generate share link.' },
  adopted: 'Documents adopted',
  /** An adoption of a link whose documents are all gone (deleted by whoever shared them). */
  nothingToAdopt: 'This link has no documents to adopt any more.',
  downloadFailed: { title: 'Download failed', message: 'Unable to download the document.' },
  downloadStarted: 'Download started',
  linkCopiedPlain: 'Link copied',
} as const;

/** Field messages of the share schemas (spec §5 for the unlock; the others are ours). */
export const SHARE_FIELD_MESSAGES = {
  passwordRequired: 'Password is required',
  passwordTooLong: `Password must be at most ${MAX_LENGTHS.password} characters`,
  sharePasswordTooShort: 'Share password must be at least 4 characters',
  expiryType: 'Expiry must be a whole number of days',
  expiryTooShort: 'A share link must last at least 1 day',
  expiryTooLong: 'A share link can last at most 365 days',
  chooseProperty: 'Choose a property',
} as const;

/** The share page's password gate (spec §5: password required); taken as typed. */
export const shareUnlockSchema = z.object({
  password: z
    .string({ error: SHARE_FIELD_MESSAGES.passwordRequired })
    .check(noControlCharacters('Password'))
    .min(1, SHARE_FIELD_MESSAGES.passwordRequired)
    .max(MAX_LENGTHS.password, SHARE_FIELD_MESSAGES.passwordTooLong),
});
export type ShareUnlock = z.infer<typeof shareUnlockSchema>;

export const SHARE_PASSWORD_MIN_LENGTH = 4;
export const SHARE_DEFAULT_DAYS = 30;
export const SHARE_MAX_DAYS = 365;

/**
 * Creating a share link (spec §7 POST /api/supplier/jobs/{id}/share, which sends password null): a
 * missing, null or empty password means no password; a set one needs at least 4 characters (a share
 * password is a light gate the sender reads out to the recipient, so a short PIN is fine). The link
 * lasts 1 to 365 days, 30 by default.
 */
export const createShareSchema = z.object({
  password: z
    .string({ error: SHARE_FIELD_MESSAGES.sharePasswordTooShort })
    .check(noControlCharacters('Share password'))
    .refine(
      (value) => value === '' || value.length >= SHARE_PASSWORD_MIN_LENGTH,
      SHARE_FIELD_MESSAGES.sharePasswordTooShort,
    )
    .max(MAX_LENGTHS.password, SHARE_FIELD_MESSAGES.passwordTooLong)
    .nullish()
    .transform((value) => value || null),
  expiresInDays: boundedInt(
    {
      type: SHARE_FIELD_MESSAGES.expiryType,
      tooSmall: SHARE_FIELD_MESSAGES.expiryTooShort,
      tooBig: SHARE_FIELD_MESSAGES.expiryTooLong,
    },
    1,
    SHARE_MAX_DAYS,
  ).default(SHARE_DEFAULT_DAYS),
});
export type CreateShareInput = z.input<typeof createShareSchema>;
export type CreateShare = z.output<typeof createShareSchema>;

/**
 * Adopting shared documents (spec §2, §7 POST /api/share/{token}/adopt): into a new property
 * (create_property true; whatever property_id says, such as the select's 'new', is ignored) or into an
 * existing one, whose id is then required ('Choose a property').
 */
export const adoptShareSchema = z
  .object({
    property_id: z
      .string({ error: SHARE_FIELD_MESSAGES.chooseProperty })
      .trim()
      .check(noControlCharacters('Property'))
      .nullish(),
    create_property: z.boolean({ error: 'create_property must be true or false' }).default(false),
  })
  .transform((value, ctx): { create_property: true } | { create_property: false; property_id: string } => {
    if (value.create_property) return { create_property: true };
    const id = value.property_id?.toLowerCase();
    if (!isUuid(id)) {
      ctx.addIssue({ code: 'custom', message: SHARE_FIELD_MESSAGES.chooseProperty, path: ['property_id'] });
      return z.NEVER;
    }
    return { create_property: false, property_id: id };
  });
export type AdoptShareInput = z.input<typeof adoptShareSchema>;
export type AdoptShare = z.output<typeof adoptShareSchema>;
