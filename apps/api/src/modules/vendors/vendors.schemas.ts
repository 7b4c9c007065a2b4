import {
  answeredDateTimeSchema,
  DOCUMENT_KINDS,
  idParamsSchema,
  idSchema,
  inviteDocumentSchema,
  noControlCharacters,
  signUploadSchema,
  updateVendorSchema,
  VERIFICATION_LEVELS,
} from '@propertydna/domain';
import { z } from 'zod';

/** An upload link's token, as the /invite/{token} page and the REST paths carry it. */
export const inviteTokenSchema = z.string().check(noControlCharacters('Upload link')).min(1).max(200);
export const inviteTokenParams = z.object({ token: inviteTokenSchema });
export const inviteSignInput = inviteTokenParams.extend(signUploadSchema.shape);
/** tRPC's input of the invite's registration: the token beside the document's fields. */
export const inviteRegisterInput = z.object({ token: inviteTokenSchema, document: inviteDocumentSchema });

export const vendorIdParams = idParamsSchema;
export const updateVendorInput = vendorIdParams.extend({ patch: updateVendorSchema });
/** Revoke: every live link of the vendor, or only the one for a property. */
export const revokeVendorBody = z.object({
  propertyId: idSchema.nullish().transform((value) => value ?? null),
});
export const revokeVendorInput = vendorIdParams.extend(revokeVendorBody.shape);
export const propertyVendorsInput = z.object({ propertyId: idSchema });

// Outputs.

/** One file that came in through an invite (its name and kind, never its content or the owner's view). */
export const inviteUploadSchema = z
  .object({ id: z.string(), name: z.string(), kind: z.enum(DOCUMENT_KINDS), created_at: z.string() })
  .meta({ id: 'VendorUpload' });

/** What an invite allows, until when, and whether it still does (spec §4's 'Active', 'Certificate Upload'). */
export const inviteAccessSchema = z
  .object({
    invite_id: z.string(),
    status: z.enum(['active', 'expired', 'revoked']),
    access_level: z.literal('Certificate Upload'),
    allowed_kinds: z.array(z.enum(DOCUMENT_KINDS)),
    summary: z
      .string()
      .meta({ example: 'May upload certificates and inspection reports until Dec 07, 2026' }),
    invited_at: answeredDateTimeSchema,
    expires_at: answeredDateTimeSchema,
    revoked_at: answeredDateTimeSchema.nullable(),
  })
  .meta({ id: 'VendorAccess' });
export type InviteAccessOut = z.infer<typeof inviteAccessSchema>;

/** Spec §3 Vendor, with the properties it serves and how many documents it brought in. */
export const vendorSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    company: z.string().nullable().meta({ description: "Shown as 'Independent' when empty" }),
    email: z.string(),
    phone: z.string().nullable(),
    specialties: z.array(z.string()),
    verified: z.boolean().meta({
      description:
        'A registered supplier (by e-mail address) whose verification level is documents checked or register matched; typed insurance never counts',
    }),
    verification_level: z.enum(VERIFICATION_LEVELS).nullable().meta({
      description:
        "The registered supplier's verification level (self_declared, documents_checked, register_matched); null when the address is no registered supplier's",
    }),
    registered_supplier: z
      .string()
      .nullable()
      .meta({ description: "The supplier organisation's name when verified" }),
    notes: z.string().nullable(),
    created_at: answeredDateTimeSchema,
    properties: z.array(
      z.object({ id: z.string(), name: z.string(), address: z.string(), access: inviteAccessSchema }),
    ),
    documents_count: z.number().int(),
  })
  .meta({ id: 'Vendor' });
export type VendorOut = z.infer<typeof vendorSchema>;

/** A vendor as the property's Vendors tab shows it: what its latest invite there allows and what it uploaded. */
export const propertyVendorSchema = vendorSchema
  .extend({
    access: inviteAccessSchema,
    uploads: z.array(inviteUploadSchema),
  })
  .meta({ id: 'PropertyVendor' });
export type PropertyVendorOut = z.infer<typeof propertyVendorSchema>;

export const inviteCreatedSchema = z
  .object({
    vendor: vendorSchema,
    invite: z.object({
      id: z.string(),
      url: z
        .string()
        .meta({ description: 'The app origin + /invite/ + the token (shown once, also e-mailed)' }),
      expires_at: answeredDateTimeSchema,
    }),
  })
  .meta({ id: 'VendorInviteCreated' });

export const revokeResultSchema = z.object({ revoked: z.number().int() }).meta({ id: 'VendorRevoked' });

/** What the holder of an upload link sees: never the owner's documents, only what came through this link. */
export const inviteViewSchema = z
  .object({
    vendor: z.object({ name: z.string(), company: z.string().nullable() }),
    property: z.object({ address: z.string(), dna_code: z.string() }),
    owner: z.object({ first_name: z.string() }),
    allowed_kinds: z.array(z.enum(DOCUMENT_KINDS)),
    expires_at: answeredDateTimeSchema,
    limits: z.object({ max_files: z.number().int(), max_bytes: z.number().int() }),
    used: z.object({ files: z.number().int(), bytes: z.number().int() }),
    uploading_as: z
      .string()
      .nullable()
      .meta({ description: "A signed-in supplier's organisation, which the uploads are verified as" }),
    uploads: z.array(inviteUploadSchema),
  })
  .meta({ id: 'VendorInviteView' });
export type InviteViewOut = z.infer<typeof inviteViewSchema>;
