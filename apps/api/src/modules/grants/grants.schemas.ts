import {
  answeredDateSchema,
  answeredDateTimeSchema,
  DUE_BANDS,
  GRANT_ROLES,
  GRANT_SCOPES,
} from '@propertydna/domain';
import { z } from 'zod';
import { policyCheckSchema } from '../compliance/compliance.schemas.js';
import { documentSchema } from '../documents/documents.schemas.js';

const grantRole = z.enum(GRANT_ROLES);
const grantScope = z.enum(GRANT_SCOPES);

/** A grant as its property's owner sees it (GET /api/properties/{id}/access). */
export const propertyGrantSchema = z
  .object({
    id: z.string(),
    propertyId: z.string(),
    email: z.string(),
    role: grantRole,
    scope: grantScope,
    status: z.enum(['pending', 'active', 'expired', 'revoked']).meta({
      description:
        'pending: the link is mailed, not accepted yet; active: accepted, the person sees the property now; expired or revoked: they no longer do',
    }),
    granteeName: z.string().nullable().meta({ description: 'The person who accepted, by their name' }),
    grantedBy: z.string().nullable(),
    created_at: answeredDateTimeSchema,
    expires_at: answeredDateTimeSchema,
    accepted_at: answeredDateTimeSchema.nullable(),
    revoked_at: answeredDateTimeSchema.nullable(),
  })
  .meta({ id: 'PropertyGrant' });
export type PropertyGrantOut = z.infer<typeof propertyGrantSchema>;

/** The property a grant opens, as its grantee sees it named. */
const sharedPropertySchema = z.object({
  id: z.string(),
  name: z.string(),
  address: z.string(),
  dna_code: z.string(),
});

/** What the mailed link shows whoever holds it (no account needed). */
export const grantOfferSchema = z
  .object({
    organizationName: z.string(),
    granterName: z.string().nullable(),
    property: sharedPropertySchema,
    role: grantRole,
    scope: grantScope,
    email: z.string(),
    expires_at: answeredDateTimeSchema,
  })
  .meta({ id: 'PropertyGrantOffer' });

/** One live grant in the grantee's "Shared with me". */
export const sharedWithMeSchema = z
  .object({
    grantId: z.string(),
    organizationName: z.string(),
    property: sharedPropertySchema,
    role: grantRole,
    scope: grantScope,
    expires_at: answeredDateTimeSchema,
    accepted_at: answeredDateTimeSchema,
  })
  .meta({ id: 'SharedWithMe' });
export type SharedWithMeOut = z.infer<typeof sharedWithMeSchema>;

/** A document of a granted property: what the owner's vault shows of it, without the owner's own notes or storage key. */
export const sharedDocumentSchema = documentSchema
  .omit({ storage_key: true, owner_notes: true })
  .meta({ id: 'SharedDocument' });

/** One maintenance task of a granted property, as its tenant sees it (read-only): what, when, how soon. */
export const sharedTaskSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    next_due: answeredDateSchema,
    status: z
      .enum(DUE_BANDS)
      .meta({ description: 'Overdue, Due Soon (7 days), Upcoming (30 days) or Scheduled' }),
  })
  .meta({ id: 'SharedTask' });

/** The granted property, read-only and current: its documents, and its compliance check when the scope includes it. */
export const sharedPropertyViewSchema = z
  .object({
    grant: sharedWithMeSchema,
    documents: z.array(sharedDocumentSchema),
    compliance: policyCheckSchema
      .nullable()
      .meta({ description: "The property's compliance check; null when the scope is documents_only" }),
    maintenance: z.array(sharedTaskSchema).nullable().meta({
      description:
        "The property's maintenance tasks, soonest due first, for a tenant; null for every other role",
    }),
  })
  .meta({ id: 'SharedProperty' });

export const grantAcceptedSchema = z
  .object({ ok: z.literal(true), message: z.string(), grant: sharedWithMeSchema })
  .meta({ id: 'PropertyGrantAccepted' });

/** A tenant's report, as the owner's maintenance reminder it became. */
export const issueReportedSchema = z
  .object({
    ok: z.literal(true),
    message: z.string(),
    reminder: z.object({ id: z.string(), title: z.string(), due_date: answeredDateSchema }),
  })
  .meta({ id: 'IssueReported' });
