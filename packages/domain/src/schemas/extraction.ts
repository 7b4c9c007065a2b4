import { z } from 'zod';
import { certificateTypeSchema } from '../certificates.js';
import {
  AUTO_ACCEPT_CONFIDENCE,
  EXTRACTED_FIELD_NAMES,
  EXTRACTION_STATUSES,
  type ExtractedFieldName,
  READ_DOCUMENT_KINDS,
} from '../extraction/types.js';
import { isoDateSchema, jsonObjectSchema, requiredText } from './common.js';

/**
 * The wire shapes of a document's reading (issue 27): `GET /api/documents/{id}/extraction` answers
 * `extractionSchema`; `POST /api/documents/{id}/extraction/confirm` takes `confirmExtractionSchema`.
 */

export const EXTRACTION_MESSAGES = {
  unknownField: `Unknown field: choose among ${EXTRACTED_FIELD_NAMES.join(', ')}`,
  nothingToConfirm: 'Nothing to confirm: give at least one field',
  amount: 'Enter an amount in rand, such as 1234.56',
} as const;

const fraction = z.number().min(0).max(1);

export const textBoxSchema = z.object({ x: fraction, y: fraction, w: fraction, h: fraction });

/**
 * What a proposed field stands at: `proposed` waits for a person; `confirmed` a person accepted it (as
 * read, or edited); `rejected` a person turned it down; `auto_accepted` taken without a person because
 * the owner turned that on and its confidence was at least AUTO_ACCEPT_CONFIDENCE.
 */
export const EXTRACTED_FIELD_STATES = ['proposed', 'confirmed', 'rejected', 'auto_accepted'] as const;
export type ExtractedFieldState = (typeof EXTRACTED_FIELD_STATES)[number];

/** One proposed field with its evidence, as the API answers it. */
export const extractedFieldSchema = z.object({
  name: z.enum(EXTRACTED_FIELD_NAMES),
  label: z.string(),
  value: z.string(),
  confidence: fraction,
  page: z.number().int().min(1),
  text: z.string(),
  box: textBoxSchema,
  state: z.enum(EXTRACTED_FIELD_STATES),
  /** The value a person confirmed when it differs from the one read (an edit), else null. */
  confirmed_value: z.string().nullable(),
});
export type ExtractedFieldOut = z.infer<typeof extractedFieldSchema>;

/** `GET /api/documents/{id}/extraction`. */
export const extractionSchema = z.object({
  document_id: z.string(),
  status: z.enum(EXTRACTION_STATUSES),
  kind: z.enum(READ_DOCUMENT_KINDS).nullable(),
  /** Pages of the document (null until known) and how many were read so far. */
  pages: z.number().int().min(0).nullable(),
  pages_read: z.number().int().min(0),
  /** True when the document had more pages than are read (the page limit); `message` says so. */
  page_limit_reached: z.boolean(),
  /** Why a reading is `failed` or `unreadable`, or what limits applied; null otherwise. */
  message: z.string().nullable(),
  fields: z.array(extractedFieldSchema),
  /** Whether the document's text is stored (and searchable). */
  text_available: z.boolean(),
  /** "This certificate names 14 Kloof St; this property is 12 Kloof St", or null. */
  address_mismatch: z.string().nullable(),
  confirmed_at: z.string().nullable(),
  confirmed_by: z.string().nullable(),
  auto_accept_threshold: z.literal(AUTO_ACCEPT_CONFIDENCE),
});
export type ExtractionOut = z.infer<typeof extractionSchema>;

/** An amount in rand as the API takes it: digits with an optional two-decimal cents part. */
export const randAmountSchema = z
  .string({ error: EXTRACTION_MESSAGES.amount })
  .trim()
  .regex(/^\d{1,12}(\.\d{2})?$/, EXTRACTION_MESSAGES.amount);

/** The value each field may be confirmed with. */
export const EXTRACTED_FIELD_VALUE_SCHEMAS = {
  certificate_type: certificateTypeSchema,
  certificate_number: requiredText('Enter the certificate number', 100, 'Certificate number'),
  issue_date: isoDateSchema,
  expiry_date: isoDateSchema,
  address: requiredText('Enter the address', 300, 'Address'),
  erf: requiredText('Enter the erf number', 100, 'Erf'),
  issuer_name: requiredText('Enter the issuer', 200, 'Issuer'),
  issuer_registration: requiredText('Enter the registration number', 100, 'Issuer registration number'),
  insurer: requiredText('Enter the insurer', 200, 'Insurer'),
  policy_number: requiredText('Enter the policy number', 100, 'Policy number'),
  cover_from: isoDateSchema,
  cover_to: isoDateSchema,
  sum_insured_buildings: randAmountSchema,
  excess: randAmountSchema,
  supplier: requiredText('Enter the supplier', 200, 'Supplier'),
  invoice_date: isoDateSchema,
  total: randAmountSchema,
  vat: randAmountSchema,
  work_description: requiredText('Describe the work', 2000, 'Work described'),
} as const satisfies Record<ExtractedFieldName, z.ZodType<string>>;

/**
 * `POST /api/documents/{id}/extraction/confirm`: `{ fields: { name: value | null } }`. A value accepts
 * the field (as read, or edited); null rejects it. Fields not named stay as they are. Each value is
 * checked by its field's schema; unknown names are refused.
 */
export const confirmExtractionSchema = z.object({
  fields: jsonObjectSchema('Fields')
    .superRefine((fields, ctx) => {
      const names = Object.keys(fields);
      if (names.length === 0) ctx.addIssue({ code: 'custom', message: EXTRACTION_MESSAGES.nothingToConfirm });
      for (const name of names) {
        if (!(EXTRACTED_FIELD_NAMES as readonly string[]).includes(name)) {
          ctx.addIssue({ code: 'custom', path: [name], message: EXTRACTION_MESSAGES.unknownField });
          continue;
        }
        if (fields[name] === null) continue;
        const parsed = EXTRACTED_FIELD_VALUE_SCHEMAS[name as ExtractedFieldName].safeParse(fields[name]);
        // One message per field: the first the field's own rule gave.
        for (const issue of parsed.error?.issues.slice(0, 1) ?? []) {
          ctx.addIssue({ code: 'custom', path: [name], message: issue.message });
        }
      }
    })
    .transform((fields) => {
      const out: Partial<Record<ExtractedFieldName, string | null>> = {};
      for (const [name, value] of Object.entries(fields)) {
        const field = name as ExtractedFieldName;
        out[field] = value === null ? null : EXTRACTED_FIELD_VALUE_SCHEMAS[field].parse(value);
      }
      return out;
    }),
});
export type ConfirmExtraction = z.infer<typeof confirmExtractionSchema>;
