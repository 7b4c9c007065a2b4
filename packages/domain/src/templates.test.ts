import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jobRef } from './job-ref.js';
import { errorsOf } from './schemas/test-helpers.js';
import {
  issuedCertificateFacts,
  ROOFING_SERVICE_REPORT_V1,
  TEMPLATE_FIELD_TYPES,
  TEMPLATE_MESSAGES,
  type Template,
  templateDraftSchema,
  templateFieldSchema,
  templateSchema,
  templateVersionSchema,
  validateTemplateAnswers,
} from './templates.js';

describe('TEMPLATE_FIELD_TYPES', () => {
  it('has the spec field types', () => {
    expect(TEMPLATE_FIELD_TYPES).toEqual(['text', 'date', 'select', 'number', 'textarea']);
  });
});

describe('templateFieldSchema', () => {
  it('accepts a text field, defaulting required to false', () => {
    expect(
      templateFieldSchema.parse({ name: 'technician_name', type: 'text', label: ' Technician ' }),
    ).toEqual({
      name: 'technician_name',
      type: 'text',
      required: false,
      label: 'Technician',
    });
  });

  it('accepts a select field with trimmed options', () => {
    expect(
      templateFieldSchema.parse({
        name: 'condition',
        type: 'select',
        required: true,
        label: 'Condition',
        options: [' Good ', 'Poor'],
      }),
    ).toEqual({
      name: 'condition',
      type: 'select',
      required: true,
      label: 'Condition',
      options: ['Good', 'Poor'],
    });
  });

  it('drops an empty option list on other types', () => {
    expect(
      templateFieldSchema.parse({ name: 'notes', type: 'textarea', label: 'Notes', options: [] }),
    ).not.toHaveProperty('options');
  });

  it.each([
    [{ options: undefined }, 'Select fields need at least one option'],
    [{ options: [] }, 'Select fields need at least one option'],
    [{ options: ['Good', 'Good'] }, 'Options must be unique'],
    [{ options: ['Good', ' Good'] }, 'Options must be unique'],
  ])('checks select options: %j', (change, message) => {
    expect(
      errorsOf(templateFieldSchema, { name: 'condition', type: 'select', label: 'Condition', ...change }),
    ).toEqual({
      options: message,
    });
  });

  it.each(TEMPLATE_FIELD_TYPES.filter((type) => type !== 'select'))(
    'refuses options on a %s field',
    (type) => {
      expect(errorsOf(templateFieldSchema, { name: 'x', type, label: 'X', options: ['a'] })).toEqual({
        options: 'Only select fields have options',
      });
    },
  );

  it('refuses a blank option', () => {
    expect(
      errorsOf(templateFieldSchema, { name: 'c', type: 'select', label: 'C', options: ['a', ' '] }),
    ).toEqual({
      'options.1': 'Options cannot be empty',
    });
  });

  it.each([['Roof type'], ['roofType'], ['_roof'], ['roof__type'], ['roof_'], ['2roof'], ['']])(
    'refuses the field name %j',
    (name) => {
      expect(errorsOf(templateFieldSchema, { name, type: 'text', label: 'L' })).toEqual({
        name: 'Field names must be snake_case, such as roof_type',
      });
    },
  );

  it('refuses a missing label or type', () => {
    expect(errorsOf(templateFieldSchema, { name: 'a', type: 'checkbox', label: ' ' })).toEqual({
      type: 'Choose a field type',
      label: 'Label is required',
    });
  });
});

describe('templateVersionSchema', () => {
  it.each([
    [1, 1],
    [12, 12],
    ['1', 1],
    ['v1', 1],
    [' V2 ', 2],
  ])('reads %j as %d', (value, expected) => {
    expect(templateVersionSchema.parse(value)).toBe(expected);
  });

  it.each([[0], [-1], [1.5], ['v0'], ['x'], ['v1.1'], [''], [true], [null]])('refuses %j', (value) => {
    expect(errorsOf(templateVersionSchema, value)).toEqual({ '': TEMPLATE_MESSAGES.version });
  });
});

describe('templateSchema', () => {
  it('accepts the built-in roofing template unchanged', () => {
    const parsed: Template = templateSchema.parse(ROOFING_SERVICE_REPORT_V1);
    expect(parsed).toEqual(ROOFING_SERVICE_REPORT_V1);
  });

  it('reads a string version', () => {
    expect(templateSchema.parse({ ...ROOFING_SERVICE_REPORT_V1, version: 'v1' }).version).toBe(1);
  });

  it('needs at least one field, with unique names', () => {
    const plain = { ...ROOFING_SERVICE_REPORT_V1, certificate_type: null, issue_date_field: null };
    expect(errorsOf(templateSchema, { ...plain, fields: [] })).toEqual({
      fields: 'A template needs at least one field',
    });
    const [first, second] = ROOFING_SERVICE_REPORT_V1.fields;
    expect(
      errorsOf(templateSchema, { ...ROOFING_SERVICE_REPORT_V1, fields: [first, second, first] }),
    ).toEqual({
      'fields.2.name': 'Field names must be unique',
    });
  });

  it('needs an id, name and category', () => {
    expect(
      errorsOf(templateSchema, { id: '', name: ' ', version: 1, fields: ROOFING_SERVICE_REPORT_V1.fields }),
    ).toEqual({
      id: 'Template id is required',
      name: 'Template name is required',
      category: 'Category is required',
    });
  });
});

describe('ROOFING_SERVICE_REPORT_V1', () => {
  it('is "Roofing Service Report v1" with 10 fields, exactly 5 of them required', () => {
    expect(`${ROOFING_SERVICE_REPORT_V1.name} v${ROOFING_SERVICE_REPORT_V1.version}`).toBe(
      'Roofing Service Report v1',
    );
    expect(ROOFING_SERVICE_REPORT_V1.fields).toHaveLength(10);
    expect(
      ROOFING_SERVICE_REPORT_V1.fields
        .filter((field) => field.required)
        .map((field) => field.name)
        .sort(),
    ).toEqual(['condition', 'inspection_date', 'job_ref', 'roof_type', 'work_performed']);
  });

  it('has selects for roof type and condition', () => {
    const byName = new Map(ROOFING_SERVICE_REPORT_V1.fields.map((field) => [field.name, field]));
    expect(byName.get('roof_type')?.options).toContain('IBR / corrugated iron');
    expect(byName.get('condition')?.options).toEqual(['Good', 'Fair', 'Poor', 'Critical']);
  });
});

describe('validateTemplateAnswers', () => {
  const answers = {
    job_ref: jobRef(new Date('2026-01-05T08:00:00Z'), () => 0.25),
    inspection_date: '2026-01-05',
    technician_name: ' Sipho Dlamini ',
    roof_type: 'Clay tile',
    roof_area_m2: '142,5',
    condition: 'Fair',
    work_performed: 'Replaced 14 cracked tiles and resealed the ridge.',
    materials_used: '',
    recommendations: null,
  };

  it('accepts a completed report, trimming text, reading numbers and leaving out blanks', () => {
    expect(validateTemplateAnswers(ROOFING_SERVICE_REPORT_V1, answers)).toEqual({
      ok: true,
      values: {
        job_ref: answers.job_ref,
        inspection_date: '2026-01-05',
        technician_name: 'Sipho Dlamini',
        roof_type: 'Clay tile',
        roof_area_m2: 142.5,
        condition: 'Fair',
        work_performed: 'Replaced 14 cracked tiles and resealed the ridge.',
      },
    });
  });

  it('names every missing required field by its label', () => {
    expect(validateTemplateAnswers(ROOFING_SERVICE_REPORT_V1, { job_ref: '  ', condition: null })).toEqual({
      ok: false,
      errors: {
        job_ref: 'Job reference is required',
        inspection_date: 'Inspection date is required',
        roof_type: 'Roof type is required',
        condition: 'Roof condition is required',
        work_performed: 'Work performed is required',
      },
    });
  });

  it('refuses unknown fields, also ones named like prototype keys', () => {
    const extra = JSON.parse('{"__proto__": "x", "colour": "red"}') as Record<string, unknown>;
    const result = validateTemplateAnswers(ROOFING_SERVICE_REPORT_V1, { ...answers, ...extra });
    expect(result.ok).toBe(false);
    const errors = result.ok ? {} : result.errors;
    expect(Object.entries(errors)).toEqual([
      ['__proto__', 'Unknown field'],
      ['colour', 'Unknown field'],
    ]);
    expect(Object.getPrototypeOf(errors)).toBe(Object.prototype);
  });

  it.each([
    [{ roof_area_m2: 'lots' }, { roof_area_m2: 'Roof area (m²) must be a number' }],
    [{ roof_area_m2: Number.POSITIVE_INFINITY }, { roof_area_m2: 'Roof area (m²) must be a number' }],
    [{ roof_area_m2: true }, { roof_area_m2: 'Roof area (m²) must be a number' }],
    [
      { inspection_date: '2026-02-30' },
      { inspection_date: 'Inspection date must be a valid date (YYYY-MM-DD)' },
    ],
    [{ inspection_date: 20260105 }, { inspection_date: 'Inspection date must be a valid date (YYYY-MM-DD)' }],
    [{ roof_type: 'Straw' }, { roof_type: 'Roof type must be one of the listed options' }],
    [{ condition: 1 }, { condition: 'Roof condition must be one of the listed options' }],
    [
      { technician_name: 't'.repeat(501) },
      { technician_name: 'Technician name must be at most 500 characters' },
    ],
    [
      { work_performed: 'w'.repeat(5001) },
      { work_performed: 'Work performed must be at most 5000 characters' },
    ],
    [{ technician_name: 42 }, { technician_name: 'Technician name must be text' }],
  ])('refuses %j', (change, errors) => {
    expect(validateTemplateAnswers(ROOFING_SERVICE_REPORT_V1, { ...answers, ...change })).toEqual({
      ok: false,
      errors,
    });
  });

  it('takes numbers as numbers and text up to the limits', () => {
    const result = validateTemplateAnswers(ROOFING_SERVICE_REPORT_V1, {
      ...answers,
      roof_area_m2: 90,
      technician_name: 't'.repeat(500),
      materials_used: 'm'.repeat(5000),
    });
    expect(result.ok && result.values.roof_area_m2).toBe(90);
    expect(result.ok && result.values.materials_used).toHaveLength(5000);
  });

  it('reads any decimal as typed', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1e6, max: 1e6 }),
        fc.integer({ min: 0, max: 99 }),
        fc.boolean(),
        (whole, fraction, comma) => {
          const text = `${whole}${comma ? ',' : '.'}${String(fraction).padStart(2, '0')}`;
          const result = validateTemplateAnswers(ROOFING_SERVICE_REPORT_V1, {
            ...answers,
            roof_area_m2: text,
          });
          expect(result.ok && result.values.roof_area_m2).toBe(Number(text.replace(',', '.')));
        },
      ),
    );
  });

  it('does not read answers from the prototype', () => {
    const template: Template = {
      id: 't',
      name: 'T',
      category: 'c',
      version: 1,
      fields: [{ name: 'constructor', type: 'text', required: true, label: 'Constructor' }],
    };
    expect(validateTemplateAnswers(template, {})).toEqual({
      ok: false,
      errors: { constructor: 'Constructor is required' },
    });
  });

  it('refuses every answer to a select without options', () => {
    const template: Template = {
      id: 't',
      name: 'T',
      category: 'c',
      version: 1,
      fields: [{ name: 'pick', type: 'select', required: false, label: 'Pick' }],
    };
    expect(validateTemplateAnswers(template, { pick: 'a' })).toEqual({
      ok: false,
      errors: { pick: 'Pick must be one of the listed options' },
    });
  });
});

describe('the certificate a template issues', () => {
  const { id: _id, ...draft } = ROOFING_SERVICE_REPORT_V1;

  it('the built-in roofing report issues a roof inspection report dated by its inspection date', () => {
    expect(templateSchema.parse(ROOFING_SERVICE_REPORT_V1)).toMatchObject({
      certificate_type: 'roof_inspection',
      issue_date_field: 'inspection_date',
    });
    expect(
      issuedCertificateFacts(ROOFING_SERVICE_REPORT_V1, { inspection_date: '2026-03-04', job_ref: 'J-1' }),
    ).toEqual({ certificate_type: 'roof_inspection', issued_on: '2026-03-04' });
  });

  it('a template that issues nothing, or a report without the date, carries no facts', () => {
    const plain = templateDraftSchema.parse({ ...draft, certificate_type: '', issue_date_field: '' });
    expect(plain).toMatchObject({ certificate_type: null, issue_date_field: null });
    expect(issuedCertificateFacts({ ...ROOFING_SERVICE_REPORT_V1, certificate_type: null }, {})).toEqual({});
    expect(issuedCertificateFacts(ROOFING_SERVICE_REPORT_V1, { inspection_date: 'soon' })).toEqual({
      certificate_type: 'roof_inspection',
    });
  });

  it('needs both the type and a required date field as its issue date', () => {
    expect(errorsOf(templateDraftSchema, { ...draft, issue_date_field: null })).toEqual({
      issue_date_field: TEMPLATE_MESSAGES.issuesBoth,
    });
    expect(errorsOf(templateDraftSchema, { ...draft, issue_date_field: 'next_inspection_date' })).toEqual({
      issue_date_field: TEMPLATE_MESSAGES.issueDateField,
    });
    expect(errorsOf(templateDraftSchema, { ...draft, issue_date_field: 'roof_type' })).toEqual({
      issue_date_field: TEMPLATE_MESSAGES.issueDateField,
    });
    expect(errorsOf(templateDraftSchema, { ...draft, issue_date_field: 'nowhere' })).toEqual({
      issue_date_field: TEMPLATE_MESSAGES.issueDateField,
    });
    expect(errorsOf(templateDraftSchema, { ...draft, certificate_type: 'roof' })).toHaveProperty(
      'certificate_type',
    );
  });
});
