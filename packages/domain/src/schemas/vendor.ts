import { z } from 'zod';
import { VENDOR_ACCESS_KINDS } from '../documents.js';
import { emailSchema, MAX_LENGTHS, optionalText, requiredText, uuidSchema } from './common.js';

/** Messages of the vendor invite (spec §5 names the required fields; the wording is ours). */
export const VENDOR_MESSAGES = {
  nameRequired: 'Name is required',
  propertyRequired: 'Property is required',
  kindsRequired: 'Choose at least one document kind',
  kindUnknown: 'Vendors can only be given certificate or inspection access',
} as const;

/**
 * Invite Vendor / Invite Service Provider (spec §2, §5, §7 POST /api/vendors/invite): name, email (email
 * format) and property required; company optional. allowedKinds are the document kinds the vendor may
 * upload: certificate and/or inspection (spec §6, §9), both by default; duplicates are dropped.
 */
export const vendorInviteSchema = z.object({
  name: requiredText(VENDOR_MESSAGES.nameRequired, MAX_LENGTHS.name, 'Name'),
  email: emailSchema,
  company: optionalText(MAX_LENGTHS.name, 'Company'),
  propertyId: uuidSchema(VENDOR_MESSAGES.propertyRequired),
  allowedKinds: z
    .array(z.enum(VENDOR_ACCESS_KINDS, { error: VENDOR_MESSAGES.kindUnknown }), {
      error: VENDOR_MESSAGES.kindsRequired,
    })
    .min(1, VENDOR_MESSAGES.kindsRequired)
    .transform((kinds) => [...new Set(kinds)])
    .default(() => [...VENDOR_ACCESS_KINDS]),
});
export type VendorInviteInput = z.input<typeof vendorInviteSchema>;
export type VendorInvite = z.output<typeof vendorInviteSchema>;
