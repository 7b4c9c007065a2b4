import { describe, expect, it } from 'vitest';
import { EXTRACTED_FIELD_LABELS, EXTRACTED_FIELD_NAMES, FIELDS_OF_KIND } from '../extraction/types.js';
import { confirmExtractionSchema, EXTRACTION_MESSAGES, extractionSchema } from './extraction.js';
import { dataOf, errorsOf } from './test-helpers.js';

describe('confirmExtractionSchema', () => {
  it('takes each value by its field’s rule, trims it, and null as a rejection', () => {
    expect(
      dataOf(confirmExtractionSchema, {
        fields: {
          certificate_type: 'electrical_coc',
          issue_date: ' 2025-03-14 ',
          total: '1234.56',
          certificate_number: ' ECOC 2025/0412 ',
          erf: null,
        },
      }),
    ).toEqual({
      fields: {
        certificate_type: 'electrical_coc',
        issue_date: '2025-03-14',
        total: '1234.56',
        certificate_number: 'ECOC 2025/0412',
        erf: null,
      },
    });
  });

  it('refuses unknown names, bad values and an empty confirmation, one message per field', () => {
    expect(errorsOf(confirmExtractionSchema, { fields: {} })).toEqual({
      fields: EXTRACTION_MESSAGES.nothingToConfirm,
    });
    expect(
      errorsOf(confirmExtractionSchema, {
        fields: { colour: 'red', issue_date: '14 March', total: 'R 12', certificate_type: 'x' },
      }),
    ).toEqual({
      'fields.colour': EXTRACTION_MESSAGES.unknownField,
      'fields.issue_date': 'Enter a valid date',
      'fields.total': EXTRACTION_MESSAGES.amount,
      'fields.certificate_type': expect.stringContaining('Unknown certificate type'),
    });
    expect(errorsOf(confirmExtractionSchema, { fields: 'all' })).toEqual({
      fields: 'Fields must be an object',
    });
  });
});

describe('the field vocabulary', () => {
  it('labels every field, and every kind’s fields are among them', () => {
    expect(Object.keys(EXTRACTED_FIELD_LABELS).sort()).toEqual([...EXTRACTED_FIELD_NAMES].sort());
    for (const fields of Object.values(FIELDS_OF_KIND)) {
      for (const name of fields) expect(EXTRACTED_FIELD_NAMES).toContain(name);
    }
  });

  it('describes a reading as the API answers it', () => {
    const reading = {
      document_id: 'd',
      status: 'done',
      kind: 'certificate',
      pages: 1,
      pages_read: 1,
      page_limit_reached: false,
      message: null,
      fields: [
        {
          name: 'issue_date',
          label: 'Issue date',
          value: '2025-03-14',
          confidence: 0.93,
          page: 1,
          text: 'Date of issue: 14 March 2025',
          box: { x: 0.1, y: 0.2, w: 0.5, h: 0.02 },
          state: 'proposed',
          confirmed_value: null,
        },
      ],
      text_available: true,
      address_mismatch: null,
      confirmed_at: null,
      confirmed_by: null,
      auto_accept_threshold: 0.9,
    };
    expect(dataOf(extractionSchema, reading)).toEqual(reading);
  });
});
