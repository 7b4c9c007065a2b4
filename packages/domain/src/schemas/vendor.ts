import { z } from 'zod';
import { DOCUMENT_KINDS, type DocumentKind, VENDOR_ACCESS_KINDS } from '../documents.js';
import { formatDate } from '../format.js';
import {
  boundedInt,
  clearableText,
  emailSchema,
  MAX_LENGTHS,
  optionalPhoneSchema,
  optionalText,
  requiredText,
  specialtiesSchema,
  uuidSchema,
} from './common.js';

/** An upload invite lasts 14 days unless the owner chooses otherwise (1 to 90). */
export const INVITE_DEFAULT_DAYS = 14;
export const INVITE_MAX_DAYS = 90;
/** What one invite may bring in: files and bytes (registered and waiting together). */
export const INVITE_MAX_FILES = 20;
export const INVITE_MAX_BYTES = 250 * 1024 * 1024;
/** A vendor's notes (the owner's own, never shown to the vendor). */
export const MAX_VENDOR_NOTES = 2000;

/** Messages of the vendor invite (spec §5 names the required fields; the wording is ours). */
export const VENDOR_MESSAGES = {
  nameRequired: 'Name is required',
  propertyRequired: 'Property is required',
  kindsRequired: 'Choose at least one document kind',
  kindUnknown: 'Vendors can only be given certificate or inspection access',
  expiryDays: `The link must last between 1 and ${INVITE_MAX_DAYS} days`,
  nothingToUpdate: 'Nothing to update: give name, company, phone, specialties or notes',
  /** The invite page and its API, for an unknown, expired or revoked link alike. */
  inviteNotFound: 'This upload link is not valid any more. Ask the property owner for a new one.',
  kindNotAllowed: (allowed: readonly string[]) => `This link only accepts ${kindsPhrase(allowed)}`,
  tooManyFiles: `This link accepts at most ${INVITE_MAX_FILES} files. Ask the property owner for a new link.`,
  tooManyBytes: `This link accepts at most ${INVITE_MAX_BYTES / (1024 * 1024)} MB in all. Ask the property owner for a new link.`,
} as const;

/** What each document kind is called in an invite's sentence ('certificates and inspection reports'). */
const KIND_PLURALS: Record<DocumentKind, string> = {
  deed: 'title deeds',
  certificate: 'certificates',
  policy: 'insurance policies',
  inspection: 'inspection reports',
  contract: 'contracts',
  maintenance: 'maintenance records',
  other: 'other documents',
};

/** 'certificates', 'certificates and inspection reports', 'deeds, certificates and contracts'. */
export function kindsPhrase(kinds: readonly string[]): string {
  const words = DOCUMENT_KINDS.filter((kind) => kinds.includes(kind)).map((kind) => KIND_PLURALS[kind]);
  if (words.length <= 1) return words[0] ?? 'no documents';
  return `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

/** Spec §4's access level, said in full: 'May upload certificates and inspection reports until Dec 07, 2026'. */
export function inviteAccessSummary(allowedKinds: readonly string[], expiresAt: string | Date): string {
  return `May upload ${kindsPhrase(allowedKinds)} until ${formatDate(expiresAt)}`;
}

/**
 * The same once the link has ended: 'The link for certificates expired on Dec 07, 2026' or '… was
 * revoked on Nov 30, 2026' ('May upload … until' a past date would mislead).
 */
export function endedAccessSummary(
  allowedKinds: readonly string[],
  status: 'expired' | 'revoked',
  at: string | Date,
): string {
  return `The link for ${kindsPhrase(allowedKinds)} ${status === 'expired' ? 'expired' : 'was revoked'} on ${formatDate(at)}`;
}

/** Spec §3: a vendor's company is shown as 'Independent' when it is empty. */
export const vendorCompanyLabel = (company: string | null | undefined) => company || 'Independent';

/**
 * Who verified a document a vendor uploaded, as the vault shows it: a registered supplier with current
 * insurance by their company ('Acme Electrical (registered supplier)'), anyone else by name and company.
 */
export function vendorVerifierName(vendor: {
  name: string;
  company: string | null | undefined;
  verified: boolean;
}): string {
  if (vendor.verified) return `${vendor.company || vendor.name} (registered supplier)`;
  return vendor.company ? `${vendor.name}, ${vendor.company}` : vendor.name;
}

/** Spec §6, §9: an invited vendor may be given certificate and inspection access, no other kind. */
const allowedKindsSchema = z
  .array(z.enum(VENDOR_ACCESS_KINDS, { error: VENDOR_MESSAGES.kindUnknown }), {
    error: VENDOR_MESSAGES.kindsRequired,
  })
  .min(1, VENDOR_MESSAGES.kindsRequired)
  .transform((kinds) => VENDOR_ACCESS_KINDS.filter((kind) => kinds.includes(kind)));

/**
 * Invite Vendor / Invite Service Provider (spec §2, §5, §7 POST /api/vendors/invite): name, email (email
 * format) and property required; company and phone optional. allowedKinds are the document kinds the
 * vendor may upload: certificate and/or inspection, both by default (spec §6, §9); repeats are dropped.
 * expiresInDays: how long the upload link lasts, 14 days by default.
 */
export const vendorInviteSchema = z.object({
  name: requiredText(VENDOR_MESSAGES.nameRequired, MAX_LENGTHS.name, 'Name'),
  email: emailSchema,
  company: optionalText(MAX_LENGTHS.name, 'Company'),
  phone: optionalPhoneSchema,
  propertyId: uuidSchema(VENDOR_MESSAGES.propertyRequired),
  allowedKinds: allowedKindsSchema.default(() => [...VENDOR_ACCESS_KINDS]),
  expiresInDays: boundedInt(
    {
      type: VENDOR_MESSAGES.expiryDays,
      tooSmall: VENDOR_MESSAGES.expiryDays,
      tooBig: VENDOR_MESSAGES.expiryDays,
    },
    1,
    INVITE_MAX_DAYS,
  ).default(INVITE_DEFAULT_DAYS),
});
export type VendorInviteInput = z.input<typeof vendorInviteSchema>;
export type VendorInvite = z.output<typeof vendorInviteSchema>;

/**
 * PATCH /api/vendors/{id}: what an owner keeps about a provider. Absent keeps a field; null or blank
 * clears company, phone and notes; specialties are a list or comma-separated text. The e-mail address is
 * who the vendor is (an invite to another address is another vendor).
 */
export const updateVendorSchema = z
  .object({
    name: requiredText(VENDOR_MESSAGES.nameRequired, MAX_LENGTHS.name, 'Name').optional(),
    company: clearableText(MAX_LENGTHS.name, 'Company'),
    phone: optionalPhoneSchema.transform((value) => value ?? null).optional(),
    specialties: specialtiesSchema.optional(),
    notes: clearableText(MAX_VENDOR_NOTES, 'Notes'),
  })
  .refine(
    (value) => Object.values(value).some((field) => field !== undefined),
    VENDOR_MESSAGES.nothingToUpdate,
  );
export type UpdateVendorInput = z.input<typeof updateVendorSchema>;
export type UpdateVendor = z.output<typeof updateVendorSchema>;
