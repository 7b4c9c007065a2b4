import {
  answeredDateSchema,
  answeredDateTimeSchema,
  CALLBACK_STATUSES,
  CALLBACK_TIMES,
  CLAIM_STATUSES,
  COVER_STATUSES,
  callbackInputSchema,
  claimInputSchema,
  DOCUMENT_KINDS,
  INCIDENT_TYPES,
  idParamsSchema,
  idSchema,
  packChoiceSchema,
  propertyProviderSearchSchema,
  supplierVerificationSchema,
} from '@propertydna/domain';
import { z } from 'zod';
import { vendorSchema } from '../vendors/vendors.schemas.js';

/** One claim: the REST `/:id` parameters and the input of escalation.claim. */
export const claimIdParams = idParamsSchema;
/** GET /api/claims/{id}/pack: what the owner puts in, or leaves out of, the claim pack. */
export const claimPackQuery = packChoiceSchema('claim_pack');
/** The property whose claims or callbacks are asked for (tRPC). */
export const propertyScopeInput = z.object({ propertyId: idSchema });
/** Start Claim (tRPC): the property beside the claim's fields. */
export const startClaimInput = propertyScopeInput.extend(claimInputSchema.shape);
/** Schedule Call (tRPC): the property beside the request's fields. */
export const requestCallbackInput = propertyScopeInput.extend(callbackInputSchema.shape);

// Outputs.

/** A claim as lists show it. */
export const claimSchema = z
  .object({
    id: z.string(),
    property_id: z.string(),
    property_name: z.string(),
    incident_type: z.enum(INCIDENT_TYPES),
    incident_type_label: z.string().meta({ example: 'Burst geyser' }),
    incident_date: answeredDateSchema.meta({ description: 'YYYY-MM-DD' }),
    description: z.string(),
    status: z.enum(CLAIM_STATUSES),
    created_by: z
      .string()
      .nullable()
      .meta({ description: "The name of the member who started it, or 'A former member'" }),
    created_at: answeredDateTimeSchema,
    documents_count: z.number().int(),
  })
  .meta({ id: 'Claim' });
export type ClaimOut = z.infer<typeof claimSchema>;

/** A document attached to a claim (its photos). */
export const claimDocumentSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    kind: z.enum(DOCUMENT_KINDS),
    content_type: z.string(),
    bytes: z.number().int(),
    uploaded_at: answeredDateTimeSchema,
  })
  .meta({ id: 'ClaimDocument' });

/** One thing the vault or the service history holds for a piece of expected evidence. */
export const evidenceFoundSchema = z
  .object({
    source: z.enum(['document', 'maintenance']),
    name: z.string().meta({ description: "The document's name, or the maintenance task's title" }),
    date: answeredDateSchema.nullable().meta({
      description:
        "YYYY-MM-DD: the document's issue date, or when the service was done; null when nobody gave one (date unknown: the upload day is no issue date)",
    }),
    expires_on: answeredDateSchema.nullable().meta({
      description: "YYYY-MM-DD: the document's expiry as the vault shows it; null when none is known",
    }),
    expired: z.boolean().meta({ description: 'The document has expired (the vault says Expired)' }),
    document_id: z.string().nullable().meta({
      description: "The vault document (a service record's evidence document, if one was recorded)",
    }),
    task_id: z.string().nullable().meta({ description: 'The maintenance task of a service record' }),
  })
  .meta({ id: 'ClaimEvidenceFound' });

/** A piece of evidence an insurer asks for with the claim's incident type, and whether the vault has it. */
export const evidenceItemSchema = z
  .object({
    key: z.string().meta({ example: 'geyser_certificate' }),
    label: z.string(),
    why: z.string(),
    found: z.array(evidenceFoundSchema).meta({ description: 'Newest first' }),
    missing: z.boolean().meta({ description: 'Nothing was found for it' }),
  })
  .meta({ id: 'ClaimEvidence' });

/** Whether the property's policy covered the incident's day, as far as the vault's dates say. */
export const claimCoverSchema = z
  .object({
    status: z.enum(COVER_STATUSES).meta({
      description:
        'in_force: a policy started on or before the incident and expires after it; lapsed: every policy had expired on or before it; not_started: the policy starts after it; unknown: the policy has no expiry date in the vault; no_policy: no policy in the vault',
    }),
    policy_document_id: z.string().nullable().meta({ description: 'The policy this answer is about' }),
    policy_name: z.string().nullable(),
    in_force_on: answeredDateSchema.meta({ description: "YYYY-MM-DD: the incident's date" }),
    in_force: z.boolean().nullable().meta({
      description:
        "true: the policy's dates show cover that day; false: they show none (lapsed, not started); null: the vault cannot tell (no expiry date, no policy). null is never cover.",
    }),
    expired_on: answeredDateSchema
      .nullable()
      .meta({ description: "YYYY-MM-DD: the lapsed policy's expiry date (expired from that day on)" }),
    starts_on: answeredDateSchema
      .nullable()
      .meta({ description: 'YYYY-MM-DD: when a policy not yet started starts' }),
    message: z.string().meta({ description: 'What it means and what to do, in plain words' }),
  })
  .meta({ id: 'ClaimCover' });

/** One claim in full: the property, its photos, its cover and the expected evidence, found or missing. */
export const claimDetailSchema = claimSchema
  .extend({
    property: z.object({ id: z.string(), name: z.string(), address: z.string(), dna_code: z.string() }),
    documents: z.array(claimDocumentSchema),
    cover: claimCoverSchema,
    evidence: z.array(evidenceItemSchema),
  })
  .meta({ id: 'ClaimDetail' });
export type ClaimDetailOut = z.infer<typeof claimDetailSchema>;

/** A registered supplier as Find Provider shows it: public data only. */
export const providerSchema = z
  .object({
    id: z.string().meta({ description: "The supplier's organisation" }),
    company_name: z.string(),
    trading_as: z.string().nullable(),
    description: z.string().nullable(),
    specialties: z.array(z.string()),
    area: z.string().nullable().meta({
      description: "The place the supplier's business address names ('Cape Town'), never the street",
    }),
    email: z.string().nullable().meta({
      description: 'The contact e-mail the supplier published on its profile; null when it published none',
    }),
    phone: z.string().nullable().meta({
      description: 'The phone number the supplier published on its profile; null when it published none',
    }),
    website: z.string().nullable().meta({
      description: 'The website the supplier published on its profile; null when it published none',
    }),
    insured_until: answeredDateSchema.nullable().meta({
      description:
        'YYYY-MM-DD: until when its liability insurance is current, from a reviewed, unexpired insurance certificate only (null: none; typed insurance never counts)',
    }),
    verified: z.boolean().meta({
      description: 'Its verification level is documents_checked or register_matched (someone checked it)',
    }),
    verification: supplierVerificationSchema.meta({
      description: 'Its verification level and each check: kind, status, checked_at, valid_until, source',
    }),
  })
  .meta({ id: 'Provider' });
export type ProviderOut = z.infer<typeof providerSchema>;

/** Find Provider on a property (issue 32 §6): the owner's own vendors first, then the providers. */
export const providerSearchResultSchema = z
  .object({
    area: z.string().nullable().meta({
      description:
        "The area searched first, as it reads: the property's municipality ('City of Cape Town') unless another was asked; null: anywhere",
    }),
    province: z.string().nullable().meta({
      description:
        "Set when the area had no provider (of the specialty) and its province was searched instead: 'Western Cape'",
    }),
    message: z.string().nullable().meta({
      description: 'The widening in words, to show as it is',
      example: 'No Plumbing providers in City of Cape Town; showing providers in Western Cape',
    }),
    vendors: z.array(vendorSchema).meta({
      description:
        "The caller's own vendors (its vendor directory) matching the specialty and q, by name; listed first. The area does not narrow them (a vendor has none recorded).",
    }),
    providers: z.array(providerSchema).meta({
      description:
        'Registered suppliers of the area (or of its province, see province), checked suppliers first, at most 50; a supplier that is one of the listed vendors is not repeated here',
    }),
  })
  .meta({ id: 'ProviderSearchResult' });
export type ProviderSearchResultOut = z.infer<typeof providerSearchResultSchema>;

/** Find Provider on a property (tRPC): the property beside the search. */
export const findProvidersInput = propertyScopeInput.extend(propertyProviderSearchSchema.shape);

/** A callback request and where it stands. */
export const callbackSchema = z
  .object({
    id: z.string(),
    property_id: z.string(),
    phone: z.string(),
    preferred_time: z.enum(CALLBACK_TIMES),
    preferred_time_label: z.string().meta({ example: 'Morning (08:00–12:00)' }),
    topic: z.string(),
    status: z.enum(CALLBACK_STATUSES),
    requested_by: z
      .string()
      .nullable()
      .meta({ description: "The name of the member who asked, or 'A former member'" }),
    created_at: answeredDateTimeSchema,
  })
  .meta({ id: 'Callback' });
export type CallbackOut = z.infer<typeof callbackSchema>;
