import { z } from 'zod';
import {
  CERTIFICATE_TYPE_MESSAGE,
  CERTIFICATE_VALIDITY_MONTHS,
  type CertificateType,
  certificateTypeSchema,
} from '../certificates.js';
import { DOCUMENT_SORTS, DOCUMENT_STATUS_FILTERS } from '../document-list.js';
import { DOCUMENT_KINDS, documentKindSchema, EXPIRING_DOCUMENT_KINDS } from '../documents.js';
import { sha256HexSchema } from '../hash.js';
import { addMonths } from '../recurrence.js';
import { truncateText } from '../text.js';
import {
  ALLOWED_CONTENT_TYPES,
  FILE_EXTENSIONS,
  isAllowedContentType,
  MAX_FILES_PER_BATCH,
  MAX_UPLOAD_BYTES,
} from '../uploads.js';
import {
  boundedInt,
  clearableIsoDateSchema,
  clearableText,
  controlCharactersMessage,
  DATE_YEARS,
  fileInfoSchema,
  idSchema,
  isIsoDate,
  isoDateProblem,
  isUuid,
  jsonObjectSchema,
  noControlCharacters,
  optionalIsoDateSchema,
  tooLongMessage,
} from './common.js';

/** Messages of the document schemas (spec §5 upload limits; the wording is ours). */
export const DOCUMENT_MESSAGES = {
  typeNotAllowed: 'This file type is not allowed',
  tooLarge: 'Files can be at most 50 MB',
  empty: 'The file is empty',
  bytesType: 'File size must be a whole number of bytes',
  tooManyFiles: `You can upload at most ${MAX_FILES_PER_BATCH} files at a time`,
  noFiles: 'Choose at least one file',
  propertyOrJob: 'Give exactly one of a property, a job or the organisation',
  invalidId: 'Invalid id',
  nameRequired: 'File name is required',
  nameTooLong: 'File name is too long',
  storageKeyRequired: 'Storage key is required',
  expiryNotAllowed: 'Only certificates and policies have an expiry date',
  certificateTypeKind: 'Only certificates and inspections have a certificate type',
  issuedOnInvalid: 'Issue date (metadata.issued_on) must be a date written YYYY-MM-DD',
  issuedOnOutOfRange: `Issue date (metadata.issued_on) must be between ${DATE_YEARS.min} and ${DATE_YEARS.max}`,
  expiryBeforeIssue: 'The expiry date must be after the issue date',
  uploaded: 'Document uploaded',
} as const;

/** A stored file name is at most this long. */
export const MAX_FILE_NAME_LENGTH = 255;
/** A longer original name is refused outright rather than cut down. */
const MAX_ORIGINAL_NAME_LENGTH = 1024;
/** The longest extension kept when a name is cut down to 255 characters. */
const MAX_KEPT_EXTENSION = 16;
const FALLBACK_FILE_NAME = 'document';

/** Control characters (C0, DEL, C1) and the bidirectional controls used to disguise extensions. */
const UNSAFE_CHARACTERS = /[\p{Cc}\p{Bidi_Control}]/gu;

/**
 * The base name of an uploaded file, safe to store and show: everything up to the last / or \ is
 * dropped (browsers on some systems send a path), control and bidirectional-override characters are
 * removed, the name is trimmed and cut to 255 characters (keeping an extension of up to 16). Never ''
 * and never '.' or '..': those become 'document'.
 */
export function sanitizeFileName(name: string): string {
  const cleaned = name.replace(UNSAFE_CHARACTERS, '');
  const base = cleaned.slice(Math.max(cleaned.lastIndexOf('/'), cleaned.lastIndexOf('\\')) + 1).trim();
  if (base === '' || base === '.' || base === '..') return FALLBACK_FILE_NAME;
  if (base.length <= MAX_FILE_NAME_LENGTH) return base;
  const dot = base.lastIndexOf('.');
  const extension = dot > 0 && base.length - dot <= MAX_KEPT_EXTENSION + 1 ? base.slice(dot) : '';
  return `${truncateText(base.slice(0, base.length - extension.length), MAX_FILE_NAME_LENGTH - extension.length).trimEnd()}${extension}`;
}

/** A declared content type (trimmed, lower case) from the allowed list. */
export const contentTypeSchema = z
  .string({ error: DOCUMENT_MESSAGES.typeNotAllowed })
  .trim()
  .toLowerCase()
  .pipe(z.enum(ALLOWED_CONTENT_TYPES, { error: DOCUMENT_MESSAGES.typeNotAllowed }));

/** A file size in bytes: 1 to 50 MB (spec §5, §9). */
export const fileBytesSchema = boundedInt(
  {
    type: DOCUMENT_MESSAGES.bytesType,
    tooSmall: DOCUMENT_MESSAGES.empty,
    tooBig: DOCUMENT_MESSAGES.tooLarge,
  },
  1,
  MAX_UPLOAD_BYTES,
);

/** POST /api/documents/sign (spec §4 upload sequence, §7): the file's type, SHA-256 and size. */
export const signUploadSchema = z.object({
  contentType: contentTypeSchema,
  sha256: sha256HexSchema,
  bytes: fileBytesSchema,
});
export type SignUploadInput = z.input<typeof signUploadSchema>;
export type SignUpload = z.output<typeof signUploadSchema>;

const optionalIdSchema = z
  .string({ error: DOCUMENT_MESSAGES.invalidId })
  .trim()
  .toLowerCase()
  .refine((value) => value === '' || isUuid(value), DOCUMENT_MESSAGES.invalidId)
  .nullish()
  .transform((value) => value || null);

/**
 * The name of a document registered without one (spec §7's payload has none) and without
 * `metadata.name` or `metadata.filename`: its kind and the registration day, with the extension of its
 * type — 'Certificate 2026-11-23.pdf'. `day` is the calendar date (YYYY-MM-DD) it is registered on.
 */
export function documentNameFromKind(kind: string, day: string, contentType: string): string {
  const label = kind.charAt(0).toUpperCase() + kind.slice(1);
  const extension = isAllowedContentType(contentType) ? FILE_EXTENSIONS[contentType][0] : undefined;
  return sanitizeFileName(`${label} ${day}${extension ? `.${extension}` : ''}`);
}

/** A document's name: the original file name, trimmed, 1 to 1024 characters, stored sanitised. */
const documentNameSchema = z
  .string({ error: DOCUMENT_MESSAGES.nameRequired })
  .trim()
  .check(noControlCharacters('File name'))
  .min(1, DOCUMENT_MESSAGES.nameRequired)
  .max(MAX_ORIGINAL_NAME_LENGTH, DOCUMENT_MESSAGES.nameTooLong)
  .transform(sanitizeFileName);

/** metadata.name, else metadata.filename, when it is usable text (blank or too long ones are skipped). */
function nameFromMetadata(metadata: Record<string, unknown>): string | null {
  for (const key of ['name', 'filename']) {
    const parsed = documentNameSchema.safeParse(metadata[key]);
    if (parsed.success) return parsed.data;
  }
  return null;
}

/**
 * POST /api/documents (spec §3 Document, §7): registers an uploaded file for exactly one of a property
 * (property_id), a supplier job (job_id) or the organisation itself (organization: true — a supplier's
 * own insurance certificate). name is the original file name, stored as its sanitised base name (1 to 255
 * characters); spec §7's payload has no name, so when it is absent (or null) the name comes from
 * `metadata.name` or `metadata.filename`, else it is null here and the server makes one from the kind
 * and the day ({@link documentNameFromKind}). A name given blank is refused (a client bug, not a choice).
 * expires_at only for certificates and policies. A client-sent `source` is dropped: the server sets it
 * from who uploads (spec §6). Missing ids, expiry and metadata become null, null and {}. No text, nor
 * any key or string inside metadata, may hold a control character (the browser refuses such a file
 * name before uploading, see `fileInfoSchema`).
 */
/** The fields of a registration that describe the file and what it is (every door registers these). */
const documentFields = {
  kind: documentKindSchema,
  name: documentNameSchema.nullish(),
  storage_key: z
    .string({ error: DOCUMENT_MESSAGES.storageKeyRequired })
    .trim()
    .check(noControlCharacters('Storage key'))
    .min(1, DOCUMENT_MESSAGES.storageKeyRequired)
    .max(MAX_ORIGINAL_NAME_LENGTH, 'Storage key is too long'),
  sha256: sha256HexSchema,
  bytes: fileBytesSchema,
  content_type: contentTypeSchema,
  expires_at: optionalIsoDateSchema,
  metadata: jsonObjectSchema('Metadata')
    .nullish()
    .transform((value) => value ?? {}),
};

type DocumentFacts = {
  kind: string;
  expires_at: string | null;
  metadata: Record<string, unknown>;
};

/** Expiry only where the kind has one; a known certificate type on a certified kind; issue before expiry. */
function checkDocumentFacts(value: DocumentFacts, ctx: z.RefinementCtx): void {
  const expiryAllowed = (EXPIRING_DOCUMENT_KINDS as readonly string[]).includes(value.kind);
  if (value.expires_at !== null && !expiryAllowed) {
    ctx.addIssue({ code: 'custom', message: DOCUMENT_MESSAGES.expiryNotAllowed, path: ['expires_at'] });
  }
  const { certificate_type: type, issued_on: issuedOn } = value.metadata;
  if (type !== undefined && type !== null) {
    if (!certificateTypeSchema.safeParse(type).success) {
      ctx.addIssue({
        code: 'custom',
        message: CERTIFICATE_TYPE_MESSAGE,
        path: ['metadata', 'certificate_type'],
      });
    } else if (!(CERTIFIED_KINDS as readonly string[]).includes(value.kind)) {
      ctx.addIssue({
        code: 'custom',
        message: DOCUMENT_MESSAGES.certificateTypeKind,
        path: ['metadata', 'certificate_type'],
      });
    }
  }
  if (issuedOn !== undefined && issuedOn !== null) {
    const issued = typeof issuedOn === 'string' ? issuedOn : '';
    const problem = isoDateProblem(issued);
    if (problem) {
      ctx.addIssue({
        code: 'custom',
        message:
          problem === 'invalid' ? DOCUMENT_MESSAGES.issuedOnInvalid : DOCUMENT_MESSAGES.issuedOnOutOfRange,
        path: ['metadata', 'issued_on'],
      });
    } else if (expiryAllowed && value.expires_at !== null && value.expires_at <= issued) {
      ctx.addIssue({ code: 'custom', message: DOCUMENT_MESSAGES.expiryBeforeIssue, path: ['expires_at'] });
    }
  }
}

/** The name from metadata when none was given, and a certificate's expiry from its type and issue date. */
function withDefaults<T extends DocumentFacts & { name?: string | null }>(value: T) {
  return {
    ...value,
    name: value.name ?? nameFromMetadata(value.metadata),
    expires_at: value.expires_at ?? defaultCertificateExpiry(value.kind, value.metadata),
  };
}

export const registerDocumentSchema = z
  .object({
    property_id: optionalIdSchema,
    job_id: optionalIdSchema,
    organization: z.boolean({ error: 'organization must be true or false' }).default(false),
    ...documentFields,
  })
  .superRefine((value, ctx) => {
    const targets = [value.property_id !== null, value.job_id !== null, value.organization];
    if (targets.filter(Boolean).length !== 1) {
      ctx.addIssue({ code: 'custom', message: DOCUMENT_MESSAGES.propertyOrJob });
    }
    checkDocumentFacts(value, ctx);
  })
  .transform(withDefaults);

/**
 * POST /api/invites/{token}/documents (issue 15): what a vendor registers through an upload invite — the
 * same fields and checks as the vault's registration, without a target (the invite names the property).
 */
export const inviteDocumentSchema = z
  .object(documentFields)
  .superRefine(checkDocumentFacts)
  .transform(withDefaults);
export type InviteDocumentInput = z.input<typeof inviteDocumentSchema>;
export type InviteDocument = z.output<typeof inviteDocumentSchema>;

/** The kinds of document that can say which certificate they are (a roof inspection is an inspection). */
export const CERTIFIED_KINDS = ['certificate', 'inspection'] as const;

/**
 * When a certificate of this type issued on `issuedOn` ('YYYY-MM-DD') expires, where its type has a
 * validity of its own (a beetle certificate 3 months after issue): the server's default for a
 * certificate registered without an expiry, and the upload form's suggestion. Null otherwise.
 */
export function certificateExpiryFor(type: unknown, issuedOn: unknown): string | null {
  const months = CERTIFICATE_VALIDITY_MONTHS[type as CertificateType];
  return months && typeof issuedOn === 'string' && isIsoDate(issuedOn) ? addMonths(issuedOn, months) : null;
}

/** Only certificates carry an expiry (inspections, such as a roof inspection, are judged by their age). */
function defaultCertificateExpiry(kind: string, metadata: Record<string, unknown>): string | null {
  return kind === 'certificate' ? certificateExpiryFor(metadata.certificate_type, metadata.issued_on) : null;
}
export type RegisterDocumentInput = z.input<typeof registerDocumentSchema>;
export type RegisterDocument = z.output<typeof registerDocumentSchema>;

export const DOCUMENT_NAME_MESSAGES = {
  text: 'Name must be text',
  required: 'Name is required',
  tooLong: tooLongMessage('Name', MAX_FILE_NAME_LENGTH),
  slash: 'Name must not contain / or \\',
  dots: "Name must not be '.' or '..'",
} as const;

/**
 * A document's new name (issue 32: rename): what the vault shows and a download is saved as. Trimmed,
 * 1 to 255 characters, no control characters, no / or \ (a name, not a path), not '.' or '..'. Only the
 * name changes: the stored file, its size and its SHA-256 stay as uploaded.
 */
export const documentRenameSchema = z
  .string({ error: DOCUMENT_NAME_MESSAGES.text })
  .trim()
  .check(noControlCharacters('Name'))
  // The bidirectional controls that disguise an extension ('Deed\u202efdp.exe') are control characters too.
  .refine((name) => !/\p{Bidi_Control}/u.test(name), controlCharactersMessage('Name'))
  .min(1, DOCUMENT_NAME_MESSAGES.required)
  .max(MAX_FILE_NAME_LENGTH, DOCUMENT_NAME_MESSAGES.tooLong)
  .refine((name) => !/[/\\]/.test(name), DOCUMENT_NAME_MESSAGES.slash)
  .refine((name) => name !== '.' && name !== '..', DOCUMENT_NAME_MESSAGES.dots);

/** The owner's own notes on a document, kept apart from what its issuer said. */
export const MAX_OWNER_NOTES = 2000;

/**
 * PATCH /api/documents/{id}: what an owner may change on a document of their own — the expiry of a
 * certificate or policy, what a certificate is and when it was issued (sending the issue date, even
 * unchanged, confirms it) — and their own notes, the one thing they may add to a document someone else
 * issued. Absent keeps a field, null (or blank notes) clears it; at least one must be given. Which kinds
 * may carry which is checked against the document.
 */
export const updateDocumentSchema = z
  .object({
    name: documentRenameSchema.optional(),
    expires_at: clearableIsoDateSchema,
    certificate_type: certificateTypeSchema.nullable().optional(),
    issued_on: clearableIsoDateSchema,
    owner_notes: clearableText(MAX_OWNER_NOTES, 'Notes'),
  })
  .refine(
    (value) => Object.values(value).some((field) => field !== undefined),
    'Nothing to update: give name, expires_at, certificate_type, issued_on or owner_notes',
  );
export type UpdateDocumentInput = z.input<typeof updateDocumentSchema>;
export type UpdateDocument = z.output<typeof updateDocumentSchema>;

/**
 * The browser-side check of a chosen batch before uploading (spec §5, §9): 1 to 5 files, each 1 byte to
 * 50 MB. A file's message is on its index; the type is checked when the upload is signed.
 */
export const documentUploadBatchSchema = z
  .array(
    fileInfoSchema.superRefine((file, ctx) => {
      if (file.size > MAX_UPLOAD_BYTES) ctx.addIssue({ code: 'custom', message: DOCUMENT_MESSAGES.tooLarge });
      else if (file.size === 0) ctx.addIssue({ code: 'custom', message: DOCUMENT_MESSAGES.empty });
    }),
    { error: DOCUMENT_MESSAGES.noFiles },
  )
  .min(1, DOCUMENT_MESSAGES.noFiles)
  .max(MAX_FILES_PER_BATCH, DOCUMENT_MESSAGES.tooManyFiles);
export type DocumentUploadBatch = z.infer<typeof documentUploadBatchSchema>;

/** The longest vault search (its text box holds no more). */
export const MAX_DOCUMENT_SEARCH = 100;

export const DOCUMENT_SEARCH_MESSAGES = {
  search: 'Search must be text',
  searchTooLong: tooLongMessage('Search', MAX_DOCUMENT_SEARCH),
} as const;

/**
 * The vault's search (`GET /api/documents?q=`, the tRPC lists' `q`): trimmed, at most 100 characters,
 * no control characters; blank or absent is no search. It finds documents by their name, kind and
 * certificate type labels, their metadata values and owner's notes, and the text read from them.
 */
export const documentSearchSchema = z.object({
  q: z
    .string({ error: DOCUMENT_SEARCH_MESSAGES.search })
    .trim()
    .check(noControlCharacters('Search'))
    .max(MAX_DOCUMENT_SEARCH, DOCUMENT_SEARCH_MESSAGES.searchTooLong)
    .transform((value) => value || undefined)
    .optional(),
});
export type DocumentSearchInput = z.input<typeof documentSearchSchema>;
export type DocumentSearch = z.output<typeof documentSearchSchema>;

export const DOCUMENT_LIST_MESSAGES = {
  kind: `Kind must be one of ${DOCUMENT_KINDS.join(', ')}`,
  status: `Status must be one of ${DOCUMENT_STATUS_FILTERS.join(', ')}`,
  sort: `Sort must be one of ${DOCUMENT_SORTS.join(', ')}`,
  propertyId: 'Property must be an id',
} as const;

/** '' (an empty query parameter, a cleared select) is no choice. */
const blankIsAbsent = (value: unknown) => (value === '' || value === null ? undefined : value);

/**
 * The vault's list (issue 32; `GET /api/documents`, the tRPC lists): the search `q`, and narrowed to one
 * `kind`, one `status` (expired, expiring within 60 days, verified, self-declared: see
 * documentHasStatus) and one property (`propertyId`, the organisation-wide list only), in the `sort`
 * order (newest by default: see sortDocuments). Absent or blank is no filter.
 */
export const documentListSchema = documentSearchSchema.extend({
  kind: z.preprocess(
    blankIsAbsent,
    z.enum(DOCUMENT_KINDS, { error: DOCUMENT_LIST_MESSAGES.kind }).optional(),
  ),
  status: z.preprocess(
    blankIsAbsent,
    z.enum(DOCUMENT_STATUS_FILTERS, { error: DOCUMENT_LIST_MESSAGES.status }).optional(),
  ),
  propertyId: z.preprocess(
    blankIsAbsent,
    z.string({ error: DOCUMENT_LIST_MESSAGES.propertyId }).check(noControlCharacters('Property')).optional(),
  ),
  sort: z.preprocess(
    blankIsAbsent,
    z.enum(DOCUMENT_SORTS, { error: DOCUMENT_LIST_MESSAGES.sort }).default('newest'),
  ),
});
export type DocumentListInput = z.input<typeof documentListSchema>;
export type DocumentList = z.output<typeof documentListSchema>;

/** The most documents one bulk action (download, move, delete) takes. */
export const MAX_DOCUMENT_BATCH = 100;

export const DOCUMENT_BATCH_MESSAGES = {
  ids: 'ids must be a list of document ids',
  none: 'Choose at least one document',
  tooMany: `Choose at most ${MAX_DOCUMENT_BATCH} documents at a time`,
  propertyId: 'Choose the property to move the documents to',
} as const;

/** The chosen documents' ids, each once (compared in lower case), 1 to MAX_DOCUMENT_BATCH of them. */
const documentIdsSchema = z
  .array(idSchema, { error: DOCUMENT_BATCH_MESSAGES.ids })
  .min(1, DOCUMENT_BATCH_MESSAGES.none)
  .max(MAX_DOCUMENT_BATCH, DOCUMENT_BATCH_MESSAGES.tooMany)
  .transform((ids) => [...new Set(ids.map((id) => id.trim().toLowerCase()))]);

/**
 * A bulk action's documents (issue 32: select several): `ids`, 1 to 100 of them. All or nothing: an id
 * that is not one of the caller's documents makes the whole action a 404 that changes nothing.
 */
export const documentBatchSchema = z.object({ ids: documentIdsSchema });
export type DocumentBatchInput = z.input<typeof documentBatchSchema>;

/** The same as a query string (a download link): `ids=<id>,<id>,…`. */
export const documentBatchQuerySchema = z.object({
  ids: z
    .string({ error: DOCUMENT_BATCH_MESSAGES.none })
    .transform((ids) => ids.split(',').filter((id) => id.trim() !== ''))
    .pipe(documentIdsSchema),
});

/** Move the chosen documents to another live property of the organisation. */
export const moveDocumentsSchema = documentBatchSchema.extend({
  propertyId: z
    .string({ error: DOCUMENT_BATCH_MESSAGES.propertyId })
    .trim()
    .check(noControlCharacters('Property'))
    .min(1, DOCUMENT_BATCH_MESSAGES.propertyId),
});
export type MoveDocumentsInput = z.input<typeof moveDocumentsSchema>;
