import {
  addPropertyFormSchema,
  answeredDateSchema,
  answeredDateTimeSchema,
  CERTIFICATE_TYPES,
  createShareSchema,
  idParamsSchema,
  idSchema,
  noControlCharacters,
  noControlCharactersInJson,
  propertyDialogSchema,
  sha256HexSchema,
  shareUnlockSchema,
  supplierVerificationSchema,
} from '@propertydna/domain';
import { z } from 'zod';
import { documentDatesShape } from '../documents/documents.schemas.js';
import { provenanceSchema, trustBadgeSchema } from '../documents/provenance.js';

// Inputs: each declared once, for the procedure and for its REST route (which takes ids and the token
// from the path and the rest from the body).

/** A link's token as it arrives in a URL: 1 to 200 characters; an unknown one answers 404. */
export const shareTokenSchema = z.string().check(noControlCharacters('Share link')).min(1).max(200);

/** `{ token }`: the input of view, and the REST `/:token` parameters. */
export const shareTokenParams = z.object({ token: shareTokenSchema });

/** One share link (revoke, events). */
export const shareIdParams = idParamsSchema;

/** Supplier: share a job by link. */
export const shareJobInput = createShareSchema.extend({ jobId: idSchema });

/** Owner: share chosen documents of a property (REST: the body, the property's id from the path). */
export const sharePropertyBody = createShareSchema.extend({ documentIds: z.array(idSchema).max(100) });
export const sharePropertyInput = sharePropertyBody.extend({ propertyId: idSchema });

/** The links of a job or of a property. */
export const shareLinksInput = z.union([z.object({ jobId: idSchema }), z.object({ propertyId: idSchema })]);

/** The password gate of a link. */
export const shareUnlockInput = shareTokenParams.extend(shareUnlockSchema.shape);

/**
 * The OpenAPI description of the adopt call's new property: either payload of POST /api/properties
 * (the dialog's or the add-property form's), as JSON Schema of their input.
 */
function newPropertyDoc(): Record<string, unknown> {
  const jsonSchemaOf = (schema: z.ZodType) => {
    const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
    return rest;
  };
  return {
    description:
      'The new property when create_property is true: the Add New Property dialog payload or the add-property form payload, as for POST /api/properties',
    anyOf: [jsonSchemaOf(propertyDialogSchema), jsonSchemaOf(addPropertyFormSchema)],
  };
}

/**
 * Adopting shared documents (REST: the body, the token from the path): the procedure reads the choice
 * with the domain's `adoptShareSchema` and a new property with `createPropertyInputSchema`; no text
 * in the new property may hold a control character or a lone surrogate, whichever choice is made.
 */
export const adoptBody = z.object({
  property_id: idSchema.nullish(),
  create_property: z.boolean().default(false),
  property: z
    .unknown()
    .check(noControlCharactersInJson('Property'))
    .optional()
    // Read by the procedure (which picks the shape and answers its messages), described here in full.
    .meta(newPropertyDoc()),
});
export const adoptInput = shareTokenParams.extend(adoptBody.shape);

/** Public verification of a file by its SHA-256. */
export const verifyParams = z.object({ sha256: sha256HexSchema });

// Outputs.

export const shareCreatedSchema = z
  .object({
    /** The link's id (as in the list of links): the creating browser may remember the URL under it. */
    id: z.string(),
    token: z.string(),
    url: z.string(),
    expires_at: answeredDateTimeSchema,
  })
  .meta({ id: 'ShareCreated' });

export const shareLinkSchema = z
  .object({
    id: z.string(),
    created_at: answeredDateTimeSchema,
    expires_at: answeredDateTimeSchema,
    status: z.enum(['active', 'expired', 'revoked']),
    password_protected: z.boolean(),
    /** What it shares: a job's link names the job's reference… */
    job_ref: z.string().nullable(),
    /** …a property's link the documents chosen for it (those still there), by name. */
    document_names: z.array(z.string()),
    views: z.number().int(),
    downloads: z.number().int(),
  })
  .meta({ id: 'ShareLink' });

export const shareEventSchema = z
  .object({
    action: z.enum(['view', 'unlock_ok', 'unlock_failed', 'download', 'adopt']),
    ip: z.string(),
    user_id: z.string().nullable(),
    /** The signed-in visitor's name, if any. */
    user_name: z.string().nullable(),
    document_id: z.string().nullable(),
    /** The downloaded or adopted document's name, while it exists. */
    document_name: z.string().nullable(),
    created_at: answeredDateTimeSchema,
  })
  .meta({ id: 'ShareEvent' });

export const shareViewSchema = z
  .object({
    kind: z.enum(['job', 'property']),
    job: z.object({ job_ref: z.string(), property_address: z.string(), client_name: z.string() }).nullable(),
    supplier: z
      .object({
        company_name: z.string(),
        insured_until: answeredDateSchema.nullable().meta({
          description:
            'Until when its liability insurance is current, from a reviewed insurance certificate only',
        }),
        verification: supplierVerificationSchema,
      })
      .nullable(),
    property: z.object({ name: z.string(), address: z.string(), dna_code: z.string() }).nullable(),
    owner: z.object({ name: z.string() }).nullable(),
    expires_at: answeredDateTimeSchema,
    documents: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        kind: z.string(),
        bytes: z.number().int(),
        sha256: z.string(),
        content_type: z.string(),
        created_at: answeredDateTimeSchema,
        status: z.enum(['Pending', 'Verified']),
        verified: z.boolean(),
        certificate_type: z.enum(CERTIFICATE_TYPES).nullable(),
        ...documentDatesShape,
        provenance: provenanceSchema,
        badge: trustBadgeSchema,
        /** The job it was issued on, as the vault names it. */
        job_ref: z.string().nullable(),
      }),
    ),
  })
  .meta({ id: 'Share' });

export const adoptResultSchema = z
  .object({ property_id: z.string(), adopted: z.number().int(), message: z.string() })
  .meta({ id: 'AdoptResult' });

export const verifyResultSchema = z
  .object({
    /** True when a match's badge is Verified: a checked issuer issued these bytes. */
    verified: z.boolean(),
    /** True when any document with these bytes is registered (verified or self-declared). */
    registered: z.boolean(),
    matches: z.array(
      z.object({
        provenance: provenanceSchema,
        badge: trustBadgeSchema,
        verified: z.boolean(),
        /** The issuer's name (null for an owner's own upload). */
        company_name: z.string().nullable(),
        /** When it was registered on PropertyDNA. */
        issued_at: answeredDateTimeSchema,
        job_ref: z.string().nullable(),
        /** The adopting property's DNA code, for a Verified document only. */
        dna_code: z.string().nullable(),
        /** The document's name, when an issuer named it (null for an owner's own upload). */
        name: z.string().nullable(),
      }),
    ),
  })
  .meta({ id: 'Verification' });
