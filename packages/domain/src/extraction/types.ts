import type { CertificateType } from '../certificates.js';

/**
 * The vocabulary of documents that read themselves (issue 27): what reading a document gives (pages of
 * lines with their boxes and confidences), what the field rules propose from it (fields with their
 * evidence), and the states a reading goes through. The server reads (apps/api extraction module: text
 * layers and OCR); the rules here are pure and see only ReadPage values.
 */

/** Where on its page a line or word sits, as fractions of the page's width and height (0–1, from the top left). */
export interface TextBox {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** One word as read, with the reader's confidence in it (0–1). */
export interface ReadWord {
  text: string;
  box: TextBox;
  confidence: number;
}

/** One line of a page as read: its text (words joined by single spaces), box and confidence (0–1). */
export interface ReadLine {
  text: string;
  box: TextBox;
  confidence: number;
  words: ReadWord[];
}

/**
 * One page as read. `source` says how: `text_layer` from the PDF's own text (confidence 1), `ocr`
 * from the picture of the page. `page` counts from 1; width and height are of the image the boxes
 * were measured on, in pixels (for a text layer, PDF points).
 */
export interface ReadPage {
  page: number;
  source: 'text_layer' | 'ocr';
  width: number;
  height: number;
  lines: ReadLine[];
}

/**
 * Where reading a document stands: `queued` and `running` on their way; `done` read (perhaps with no
 * field found); `failed` an error that may pass (retried by the queue); `unreadable` a file that cannot
 * be read at all (a decompression bomb, absurd dimensions, a damaged or encrypted file, no text found).
 */
export const EXTRACTION_STATUSES = ['queued', 'running', 'done', 'failed', 'unreadable'] as const;
export type ExtractionStatus = (typeof EXTRACTION_STATUSES)[number];

/** What the rules took the document to be, which decides the fields they look for. */
export const READ_DOCUMENT_KINDS = ['certificate', 'policy', 'invoice', 'unknown'] as const;
export type ReadDocumentKind = (typeof READ_DOCUMENT_KINDS)[number];

/** The fields the rules look for in a certificate of compliance (or a similar certificate). */
export const CERTIFICATE_FIELD_NAMES = [
  'certificate_type',
  'certificate_number',
  'issue_date',
  'expiry_date',
  'address',
  'erf',
  'issuer_name',
  'issuer_registration',
] as const;

/** The fields the rules look for in an insurance policy schedule. */
export const POLICY_FIELD_NAMES = [
  'insurer',
  'policy_number',
  'cover_from',
  'cover_to',
  'sum_insured_buildings',
  'excess',
  'address',
] as const;

/** The fields the rules look for in a service provider's invoice or quote. */
export const INVOICE_FIELD_NAMES = ['supplier', 'invoice_date', 'total', 'vat', 'work_description'] as const;

/** Every field any kind is read for, once each (`address` is both a certificate's and a policy's). */
export const EXTRACTED_FIELD_NAMES = [
  'certificate_type',
  'certificate_number',
  'issue_date',
  'expiry_date',
  'address',
  'erf',
  'issuer_name',
  'issuer_registration',
  'insurer',
  'policy_number',
  'cover_from',
  'cover_to',
  'sum_insured_buildings',
  'excess',
  'supplier',
  'invoice_date',
  'total',
  'vat',
  'work_description',
] as const satisfies readonly (
  | (typeof CERTIFICATE_FIELD_NAMES)[number]
  | (typeof POLICY_FIELD_NAMES)[number]
  | (typeof INVOICE_FIELD_NAMES)[number]
)[];
export type ExtractedFieldName = (typeof EXTRACTED_FIELD_NAMES)[number];

/** The fields each kind of document is read for (an `unknown` document: none). */
export const FIELDS_OF_KIND: Readonly<Record<ReadDocumentKind, readonly ExtractedFieldName[]>> = {
  certificate: CERTIFICATE_FIELD_NAMES,
  policy: POLICY_FIELD_NAMES,
  invoice: INVOICE_FIELD_NAMES,
  unknown: [],
};

/** How each field is named on screen ("Read from the document"). */
export const EXTRACTED_FIELD_LABELS: Readonly<Record<ExtractedFieldName, string>> = {
  certificate_type: 'Certificate type',
  certificate_number: 'Certificate number',
  issue_date: 'Issue date',
  expiry_date: 'Expiry date',
  address: 'Address',
  erf: 'Erf',
  issuer_name: 'Issuer',
  issuer_registration: 'Issuer registration number',
  insurer: 'Insurer',
  policy_number: 'Policy number',
  cover_from: 'Cover from',
  cover_to: 'Cover to',
  sum_insured_buildings: 'Sum insured (buildings)',
  excess: 'Excess',
  supplier: 'Supplier',
  invoice_date: 'Invoice date',
  total: 'Total (incl. VAT)',
  vat: 'VAT',
  work_description: 'Work described',
};

/**
 * A value the rules propose, with its evidence: the page, the line it came from (as read), that line's
 * box and a confidence 0–1 (how sure the rule is of the value, not only the reader of the line).
 * Values are text in one canonical form: dates `YYYY-MM-DD`, amounts in rand `1234.56`, a certificate
 * type one of CERTIFICATE_TYPES, everything else as printed (trimmed, spaces collapsed).
 */
export interface ProposedField {
  name: ExtractedFieldName;
  value: string;
  confidence: number;
  page: number;
  text: string;
  box: TextBox;
}

/** What the rules make of a document's pages: its kind and the fields found (at most one per name). */
export interface FieldProposal {
  kind: ReadDocumentKind;
  certificate_type: CertificateType | null;
  fields: ProposedField[];
}

/**
 * The confidence at or above which a field may be accepted without a person, where the owner turned
 * on "accept high-confidence fields automatically" (and only then; the provenance records it).
 */
export const AUTO_ACCEPT_CONFIDENCE = 0.9;
