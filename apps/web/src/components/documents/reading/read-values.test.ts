import { describe, expect, it } from 'vitest';
import { readExtraction, readField } from './extraction.fixture';
import {
  confidenceWord,
  currentValue,
  fieldsToConfirm,
  formatReadValue,
  isReading,
  normaliseAmountInput,
  readFieldInput,
  readingProgress,
  readValueError,
  uploadReadingText,
  vaultReadingText,
} from './read-values';

describe('formatReadValue', () => {
  it('shows dates in the app format, amounts in rand and a certificate type by its label', () => {
    expect(formatReadValue('issue_date', '2025-03-14')).toBe('Mar 14, 2025');
    expect(formatReadValue('cover_to', '2026-02-28')).toBe('Feb 28, 2026');
    expect(formatReadValue('total', '1234.56')).toBe('R 1 234.56');
    expect(formatReadValue('sum_insured_buildings', '2500000')).toBe('R 2 500 000.00');
    expect(formatReadValue('certificate_type', 'electrical_coc')).toBe(
      'Electrical Certificate of Compliance',
    );
    expect(formatReadValue('certificate_number', 'E 123456')).toBe('E 123456');
  });

  it('shows a value its format does not fit as given', () => {
    expect(formatReadValue('issue_date', '14 Mrt 2025')).toBe('14 Mrt 2025');
    expect(formatReadValue('excess', 'five hundred')).toBe('five hundred');
    expect(formatReadValue('excess', '')).toBe('');
    expect(formatReadValue('certificate_type', 'boiler')).toBe('boiler');
  });
});

describe('the inputs and rules of an edit', () => {
  it('edits each field with its kind of input', () => {
    expect(readFieldInput('expiry_date')).toBe('date');
    expect(readFieldInput('vat')).toBe('amount');
    expect(readFieldInput('certificate_type')).toBe('certificate_type');
    expect(readFieldInput('insurer')).toBe('text');
  });

  it("refuses a value with the field's own message and accepts a good one", () => {
    expect(readValueError('issue_date', '2025-02-30')).not.toBeNull();
    expect(readValueError('issue_date', '2025-02-28')).toBeNull();
    expect(readValueError('certificate_number', '')).toBe('Enter the certificate number');
    expect(readValueError('total', '12,50')).toBe('Enter an amount in rand, such as 1234.56');
    expect(readValueError('total', '12.50')).toBeNull();
  });

  it('reads amounts typed in South African forms', () => {
    expect(normaliseAmountInput('R 1 234,56')).toBe('1234.56');
    expect(normaliseAmountInput('R1,234.56')).toBe('1234.56');
    expect(normaliseAmountInput('1.234,56')).toBe('1234.56');
    expect(normaliseAmountInput('1234.5')).toBe('1234.50');
    expect(normaliseAmountInput('12,5')).toBe('12.50');
    expect(normaliseAmountInput('2 500 000')).toBe('2500000');
    expect(normaliseAmountInput(' about R50 ')).toBe('about R50');
  });
});

describe('confidence and state', () => {
  it('says high at 0.9 and above, check below', () => {
    expect(confidenceWord(0.9)).toBe('high');
    expect(confidenceWord(1)).toBe('high');
    expect(confidenceWord(0.899)).toBe('check');
  });

  it('stands at the edited value once a person changed it', () => {
    expect(currentValue({ value: 'E 12345', confirmed_value: null })).toBe('E 12345');
    expect(currentValue({ value: 'E 12345', confirmed_value: 'E 123456' })).toBe('E 123456');
  });
});

describe('where a reading stands', () => {
  it('counts pages while running and knows nothing while queued', () => {
    expect(readingProgress(readExtraction({ status: 'queued', pages: null, pages_read: 0 }))).toEqual({
      text: 'Reading the document…',
      percent: null,
    });
    expect(readingProgress(readExtraction({ status: 'running', pages: 10, pages_read: 2 }))).toEqual({
      text: 'Reading the document… page 3 of 10',
      percent: 20,
    });
    expect(readingProgress(readExtraction({ status: 'running', pages: 4, pages_read: 4 })).text).toBe(
      'Reading the document… page 4 of 4',
    );
    expect(isReading(readExtraction({ status: 'running' }))).toBe(true);
    expect(isReading(readExtraction())).toBe(false);
    expect(isReading(undefined)).toBe(false);
  });

  it('says on the upload row what the reading found', () => {
    expect(uploadReadingText(readExtraction({ status: 'queued' }))).toBe('Reading…');
    expect(uploadReadingText(readExtraction())).toBe('Read: 4 fields to confirm');
    const one = readExtraction();
    one.fields = one.fields.map((field, index) => ({
      ...field,
      state: index === 0 ? 'proposed' : 'confirmed',
    }));
    expect(uploadReadingText(one)).toBe('Read: 1 field to confirm');
    const auto = readExtraction({
      fields: [readField({ name: 'certificate_type', state: 'auto_accepted' })],
    });
    expect(uploadReadingText(auto)).toBe('Read: 1 field accepted automatically');
    const settled = readExtraction({ fields: [readField({ name: 'erf', state: 'rejected' })] });
    expect(uploadReadingText(settled)).toBe('Read and confirmed');
    expect(uploadReadingText(readExtraction({ fields: [] }))).toBe('Read: nothing to confirm');
    expect(uploadReadingText(readExtraction({ status: 'unreadable' }))).toBe('Could not be read');
    expect(uploadReadingText(readExtraction({ status: 'failed' }))).toBe('Could not be read this time');
  });

  it('says on the vault row only what waits: the reading, or fields to confirm', () => {
    expect(vaultReadingText(undefined)).toBeNull();
    expect(vaultReadingText(readExtraction({ status: 'running' }))).toBe('Reading…');
    expect(vaultReadingText(readExtraction())).toBe('Fields to confirm');
    expect(vaultReadingText(readExtraction({ fields: [] }))).toBeNull();
    expect(vaultReadingText(readExtraction({ status: 'unreadable' }))).toBeNull();
    expect(fieldsToConfirm(readExtraction())).toHaveLength(4);
  });
});
