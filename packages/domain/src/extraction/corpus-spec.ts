import { z } from 'zod';
import { CERTIFICATE_VALIDITY_MONTHS, type CertificateType } from '../certificates.js';
import { DOCUMENT_KINDS, type DocumentKind } from '../documents.js';
import { EXTRACTED_FIELD_VALUE_SCHEMAS } from '../schemas/extraction.js';
import { EXTRACTED_FIELD_NAMES, type ExtractedFieldName, FIELDS_OF_KIND } from './types.js';

/**
 * The format of a document of the extraction corpus (corpus/README.md): what is drawn on each page
 * and the fields the document truly states. The generator (apps/api corpus:make) draws it; the
 * evaluation (evaluation.ts) scores the field rules against its truth.
 */

/** Page sizes in PDF points (width, height). */
export const CORPUS_PAGE_SIZES = { A4: [595.28, 841.89], Letter: [612, 792] } as const;
export const CORPUS_FONTS = ['Helvetica', 'Helvetica-Bold', 'Times-Roman', 'Times-Bold', 'Courier'] as const;
export type CorpusFont = (typeof CORPUS_FONTS)[number];
export const CORPUS_DOCUMENT_KINDS = ['certificate', 'policy', 'invoice'] as const;
export type CorpusDocumentKind = (typeof CORPUS_DOCUMENT_KINDS)[number];
/** The kinds of source made from each spec, in the order they are reported. */
export const CORPUS_SOURCES = ['clean', 'scan', 'photo'] as const;
export type CorpusSource = (typeof CORPUS_SOURCES)[number];

/** What the PDF standard fonts can draw (WinAnsi): printable ASCII, Latin-1 and the 0x80–0x9F extras. */
const WIN_ANSI = /^[\x20-\x7E\u00A0-\u00FF€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ]*$/;

const coordinate = z.number().min(0).max(1000);

const textItemSchema = z.strictObject({
  text: z
    .string()
    .min(1)
    .regex(WIN_ANSI, 'Only characters the standard PDF fonts can draw (WinAnsi), on one line'),
  x: coordinate,
  y: coordinate,
  size: z.number().min(6).max(40),
  font: z.enum(CORPUS_FONTS).default('Helvetica'),
  align: z.enum(['left', 'right', 'center']).default('left'),
});
const lineItemSchema = z.strictObject({
  line: z.tuple([coordinate, coordinate, coordinate, coordinate]),
  width: z.number().positive().max(10).default(0.75),
});
const boxItemSchema = z.strictObject({
  box: z.tuple([coordinate, coordinate, z.number().positive().max(1000), z.number().positive().max(1000)]),
  width: z.number().min(0).max(10).default(0.75),
  fill: z.number().min(0).max(1).optional(),
});
export const corpusItemSchema = z.union([textItemSchema, lineItemSchema, boxItemSchema]);
export type CorpusItem = z.output<typeof corpusItemSchema>;
export type CorpusTextItem = z.output<typeof textItemSchema>;

export const corpusPageSchema = z.strictObject({
  size: z.enum(['A4', 'Letter']),
  items: z.array(corpusItemSchema).min(1),
});
export type CorpusPage = z.output<typeof corpusPageSchema>;

/** A truth value must be valid for its field (EXTRACTED_FIELD_VALUE_SCHEMAS) and already canonical. */
const truthSchema = z.partialRecord(z.enum(EXTRACTED_FIELD_NAMES), z.string()).superRefine((truth, ctx) => {
  for (const [name, value] of Object.entries(truth)) {
    const parsed = EXTRACTED_FIELD_VALUE_SCHEMAS[name as ExtractedFieldName].safeParse(value);
    for (const issue of parsed.error?.issues.slice(0, 1) ?? []) {
      ctx.addIssue({ code: 'custom', path: [name], message: issue.message });
    }
    if (parsed.success && parsed.data !== value) {
      ctx.addIssue({ code: 'custom', path: [name], message: `Not canonical: write ${parsed.data}` });
    }
  }
});

export const corpusSpecSchema = z
  .strictObject({
    id: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'An id is lower case letters, digits and dashes'),
    kind: z.enum(CORPUS_DOCUMENT_KINDS),
    layout: z.string().min(1),
    vault_kind: z.enum(DOCUMENT_KINDS).optional(),
    notes: z.string().optional(),
    pages: z.array(corpusPageSchema).min(1),
    truth: truthSchema,
  })
  .superRefine((spec, ctx) => {
    const fields = FIELDS_OF_KIND[spec.kind];
    for (const name of Object.keys(spec.truth)) {
      if (!fields.includes(name as ExtractedFieldName)) {
        ctx.addIssue({ code: 'custom', path: ['truth', name], message: `A ${spec.kind} has no ${name}` });
      }
    }
    if (spec.kind === 'certificate' && spec.truth.certificate_type === undefined) {
      ctx.addIssue({ code: 'custom', path: ['truth'], message: 'A certificate states its certificate_type' });
    }
    const expiry = missingDerivedExpiry(spec.truth);
    if (expiry) ctx.addIssue({ code: 'custom', path: ['truth', 'expiry_date'], message: expiry });
  });
export type CorpusSpec = z.output<typeof corpusSpecSchema>;

/** The vault kind an owner would register a document as: the hint the field rules are given. */
export function corpusVaultKind(spec: Pick<CorpusSpec, 'kind' | 'vault_kind' | 'truth'>): DocumentKind {
  if (spec.vault_kind) return spec.vault_kind;
  if (spec.kind === 'policy') return 'policy';
  if (spec.kind === 'invoice') return 'maintenance';
  return spec.truth.certificate_type === 'roof_inspection' ? 'inspection' : 'certificate';
}

/**
 * Whether a certificate's truth holds the expiry the README asks for: a type with a validity and an
 * issue date has an expiry (printed, or derived by certificateExpiryFor). Returns a message, or null.
 */
export function missingDerivedExpiry(truth: CorpusSpec['truth']): string | null {
  const type = truth.certificate_type as CertificateType | undefined;
  const months = type === undefined ? undefined : CERTIFICATE_VALIDITY_MONTHS[type];
  if (months === undefined || truth.issue_date === undefined || truth.expiry_date !== undefined) return null;
  return `A ${type} issued ${truth.issue_date} expires ${months} months later: truth needs expiry_date`;
}
