import {
  AUTO_ACCEPT_CONFIDENCE,
  CERTIFICATE_TYPE_LABELS,
  certificateTypeSchema,
  EXTRACTED_FIELD_VALUE_SCHEMAS,
  type ExtractedFieldName,
  type ExtractedFieldOut,
  type ExtractedFieldState,
  type ExtractionOut,
  formatDate,
  isIsoDate,
} from '@propertydna/domain';
import { formatRand } from '../../../lib/maintenance';

/**
 * How the screens say what was read from a document (issue 27): a field's value in the app's formats,
 * its confidence in a word, its state, and where a reading stands (the details, the upload row, the
 * vault row).
 */

const DATE_FIELDS: readonly ExtractedFieldName[] = [
  'issue_date',
  'expiry_date',
  'cover_from',
  'cover_to',
  'invoice_date',
];
const AMOUNT_FIELDS: readonly ExtractedFieldName[] = ['sum_insured_buildings', 'excess', 'total', 'vat'];

/** Which input edits a field: a date, an amount in rand, a certificate type or text. */
export type ReadFieldInput = 'date' | 'amount' | 'certificate_type' | 'text';

export function readFieldInput(name: ExtractedFieldName): ReadFieldInput {
  if (DATE_FIELDS.includes(name)) return 'date';
  if (AMOUNT_FIELDS.includes(name)) return 'amount';
  if (name === 'certificate_type') return 'certificate_type';
  return 'text';
}

/**
 * A field's value as the screens show it: dates 'Mar 14, 2025', amounts 'R 1 234.56', a certificate
 * type by its label; anything the format does not fit (or other fields) as given.
 */
export function formatReadValue(name: ExtractedFieldName, value: string): string {
  switch (readFieldInput(name)) {
    case 'date':
      return isIsoDate(value) ? formatDate(value) : value;
    case 'amount': {
      const amount = Number(value);
      return value.trim() !== '' && Number.isFinite(amount) ? formatRand(amount) : value;
    }
    case 'certificate_type': {
      const type = certificateTypeSchema.safeParse(value);
      return type.success ? CERTIFICATE_TYPE_LABELS[type.data] : value;
    }
    case 'text':
      return value;
  }
}

/** The value a field stands at: the one a person typed when they edited it, else the one read. */
export function currentValue(field: Pick<ExtractedFieldOut, 'value' | 'confirmed_value'>): string {
  return field.confirmed_value ?? field.value;
}

/** A field's confidence in a word: 'high' at or above the auto-accept threshold (0.9), else 'check'. */
export function confidenceWord(confidence: number): 'high' | 'check' {
  return confidence >= AUTO_ACCEPT_CONFIDENCE ? 'high' : 'check';
}

/** What a field's state badge says (nothing while it waits for a person). */
export const FIELD_STATE_LABELS: Record<ExtractedFieldState, string | null> = {
  proposed: null,
  confirmed: 'Confirmed',
  rejected: 'Rejected',
  auto_accepted: 'Accepted automatically',
};

/** The message an edited value is refused with by its field's rule, or null when it is good. */
export function readValueError(name: ExtractedFieldName, value: string): string | null {
  const parsed = EXTRACTED_FIELD_VALUE_SCHEMAS[name].safeParse(value);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? 'Enter a valid value');
}

/**
 * An amount as typed ('R 1 234,56', '1,234.56', '1234.5') in the form the API takes ('1234.56'); what
 * does not read as an amount is returned trimmed, for the field's rule to refuse with its message.
 */
export function normaliseAmountInput(typed: string): string {
  const compact = typed.replace(/^\s*R\s*/i, '').replace(/[\s\u00a0]/g, '');
  // A comma followed by one or two digits at the end is the decimal comma; other commas group thousands.
  const decimal = /,(\d{1,2})$/.exec(compact);
  const joined = decimal
    ? `${compact.slice(0, decimal.index).replace(/[,.]/g, '')}.${decimal[1]}`
    : compact.replace(/,/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(joined)) return typed.trim();
  const [whole, cents = ''] = joined.split('.');
  return cents ? `${whole}.${cents.padEnd(2, '0')}` : `${whole}`;
}

/** The fields still waiting for a person. */
export function fieldsToConfirm(extraction: Pick<ExtractionOut, 'fields'>): ExtractedFieldOut[] {
  return extraction.fields.filter((field) => field.state === 'proposed');
}

/** Whether a reading is on its way (its answer is asked again until it is not). */
export function isReading(extraction: Pick<ExtractionOut, 'status'> | undefined): boolean {
  return extraction?.status === 'queued' || extraction?.status === 'running';
}

/** How far a reading is: 'Reading the document… page 3 of 10', and the bar's percentage (null: unknown). */
export function readingProgress(extraction: Pick<ExtractionOut, 'status' | 'pages' | 'pages_read'>): {
  text: string;
  percent: number | null;
} {
  const { pages, pages_read: read } = extraction;
  if (extraction.status === 'queued' || !pages) return { text: 'Reading the document…', percent: null };
  const current = Math.min(read + 1, pages);
  return {
    text: `Reading the document… page ${current} of ${pages}`,
    percent: Math.round((Math.min(read, pages) * 100) / pages),
  };
}

/** The upload row's line once its file is stored: 'Reading…', then 'Read: 5 fields to confirm', … */
export function uploadReadingText(extraction: ExtractionOut): string {
  switch (extraction.status) {
    case 'queued':
    case 'running':
      return 'Reading…';
    case 'failed':
      return 'Could not be read this time';
    case 'unreadable':
      return 'Could not be read';
    case 'done': {
      const waiting = fieldsToConfirm(extraction).length;
      if (waiting > 0) return `Read: ${waiting} ${waiting === 1 ? 'field' : 'fields'} to confirm`;
      const accepted = extraction.fields.filter((field) => field.state === 'auto_accepted').length;
      if (accepted > 0) {
        return `Read: ${accepted} ${accepted === 1 ? 'field' : 'fields'} accepted automatically`;
      }
      return extraction.fields.length > 0 ? 'Read and confirmed' : 'Read: nothing to confirm';
    }
  }
}

/** The vault row's short status: 'Reading…', 'Fields to confirm', or nothing (read, all settled). */
export function vaultReadingText(extraction: ExtractionOut | undefined): string | null {
  if (!extraction) return null;
  if (isReading(extraction)) return 'Reading…';
  if (extraction.status === 'done' && fieldsToConfirm(extraction).length > 0) return 'Fields to confirm';
  return null;
}
