import {
  answeredDateSchema,
  answeredDateTimeSchema,
  DOCUMENT_KINDS,
  DOCUMENT_MESSAGES,
  DOCUMENT_SOURCES,
  documentListSchema,
  ISSUE_DATE_STATES,
  idParamsSchema,
  idSchema,
  MAX_FILES_PER_BATCH,
  signUploadSchema,
  updateDocumentSchema,
} from '@propertydna/domain';
import { z } from 'zod';
import { provenanceSchema, trustBadgeSchema } from './provenance.js';

/** What a document's dates say (packages/domain document-dates.ts), on every document answer. */
export const documentDatesShape = {
  issued_on: answeredDateSchema
    .nullable()
    .meta({ description: 'The issue date as recorded (YYYY-MM-DD); see issue_date for whether it counts' }),
  issue_date: z.enum(ISSUE_DATE_STATES).nullable().meta({
    description:
      'known: given by the owner, the issuer or the document; unconfirmed: the upload day an old form filled in, to be confirmed by the owner (counts as unknown until then); unknown: "date unknown". Null for kinds without an issue date.',
  }),
  expires_on: answeredDateSchema.nullable().meta({
    description:
      "The Johannesburg date it stops being valid: its own expiry, else its certificate type's validity after a known issue date",
  }),
  expired: z.boolean().meta({ description: 'From its expiry date on, in Johannesburg today' }),
  expires_in_days: z.number().int().nullable().meta({ description: 'Days left while not expired' }),
  expiry_notice: z
    .string()
    .nullable()
    .meta({ description: "'Expired', or 'Expires in N days' within 60 days" }),
};

/** A document as the API answers it (spec §3), with its derived status and, in lists, its property's name. */
export const documentSchema = z
  .object({
    id: z.string(),
    kind: z.enum(DOCUMENT_KINDS),
    name: z.string(),
    storage_key: z.string(),
    sha256: z.string(),
    bytes: z.number().int(),
    content_type: z.string(),
    source: z.enum(DOCUMENT_SOURCES),
    created_at: answeredDateTimeSchema,
    expires_at: answeredDateTimeSchema.nullable().meta({
      description:
        'When it expires: the start of its expiry day in Africa/Johannesburg (expires_on is that day)',
    }),
    /** Who verified it; null unless the badge is Verified. */
    verified_by: z.string().nullable(),
    /** True only when the badge is Verified: a checked issuer issued it. */
    verified: z.boolean(),
    /** The checked issuer's name (null unless Verified; the issuer of any document is in provenance). */
    verified_by_organization: z.string().nullable(),
    /** The job it was issued on (an adopted copy: the original's job), if any. */
    job_ref: z.string().nullable(),
    /** Spec §4, following the badge: Verified only when the badge is. */
    status: z.enum(['Pending', 'Verified']),
    /** Who put it there, who issued it and the issuer's verification level at the time. */
    provenance: provenanceSchema,
    /** The one badge every screen, pack and /verify shows for this document. */
    badge: trustBadgeSchema,
    property_id: z.string().nullable(),
    property_name: z.string().nullable(),
    job_id: z.string().nullable(),
    metadata: z.record(z.string(), z.unknown()),
    ...documentDatesShape,
    owner_notes: z
      .string()
      .nullable()
      .meta({ description: "The owner's own notes, apart from what the issuer said" }),
    issued_name: z.string().nullable().meta({
      description:
        'The name its issuer gave it, when its owner has renamed it (name is then the owner’s); null otherwise. Renaming changes no verified fact: the file, its SHA-256 and its provenance stay as issued',
    }),
  })
  .meta({ id: 'Document' });
export type DocumentOut = z.infer<typeof documentSchema>;

export const signedUploadSchema = z
  .object({
    url: z.string(),
    storageKey: z.string(),
    method: z.literal('PUT'),
    headers: z.record(z.string(), z.string()),
    expiresAt: answeredDateTimeSchema,
  })
  .meta({ id: 'SignedUpload' });

/** One document: the REST `/:id` parameters and the input of remove (and the file routes' parameters). */
export const documentIdParams = idParamsSchema;

/** Changing a document: its id and the patch (REST: the id from the path, the patch as the body). */
export const updateDocumentInput = documentIdParams.extend({ patch: updateDocumentSchema });

/** The vault's search, filters and sort as a query string (GET /api/documents, GET /api/properties/:id/documents). */
export const documentListQuery = documentListSchema.extend({
  q: documentListSchema.shape.q.meta({
    description:
      "Search, case-insensitive, anywhere in the text: the document's name, its kind or certificate type, its metadata values (confirmed fields), the owner's notes and the text read from it (OCR included). Trimmed, at most 100 characters; blank is no search.",
  }),
  kind: documentListSchema.shape.kind.meta({
    description: `Only documents of this kind: ${DOCUMENT_KINDS.join(', ')}. Blank or absent: every kind.`,
  }),
  status: documentListSchema.shape.status.meta({
    description:
      "Only documents showing this status: expired (from its expiry day on, in Johannesburg), expiring (not expired and expiring within 60 days: the 'Expires in N days' badge), verified (the Verified trust badge: a checked issuer issued it) or self_declared (any other). Blank or absent: any status.",
  }),
  propertyId: documentListSchema.shape.propertyId.meta({
    description:
      "Only this property's documents (GET /api/documents only; a foreign, unknown or archived property is 404). Blank or absent: every property's and the organisation's own.",
  }),
  sort: documentListSchema.shape.sort.meta({
    description:
      'newest (default) or oldest upload first; name (as people read it: case and accents aside, numbers by value); expiry (soonest first, the expired leading, those without an expiry last).',
  }),
});

/** The same for one property's documents (the property from the path). */
export const propertyDocumentsQuery = documentListQuery.omit({ propertyId: true });

/** One property's documents (REST: the property's id from the path), searched, filtered and sorted. */
export const propertyDocumentsInput = documentListSchema
  .omit({ propertyId: true })
  .extend({ propertyId: idSchema });

/** Spec §5: at most 5 files per batch, each declared like a single upload. */
export const signUploadBatchSchema = z.object({
  files: z
    .array(signUploadSchema)
    .min(1, DOCUMENT_MESSAGES.noFiles)
    .max(MAX_FILES_PER_BATCH, DOCUMENT_MESSAGES.tooManyFiles),
});

/** What a bulk delete answers: how many documents went. */
export const deletedDocumentsSchema = z
  .object({ ok: z.literal(true), deleted: z.number().int() })
  .meta({ id: 'DeletedDocuments' });
