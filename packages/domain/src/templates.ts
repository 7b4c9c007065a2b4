import { z } from 'zod';
import { type CertificateType, certificateTypeSchema } from './certificates.js';
import { DATE_YEARS, isoDateProblem, noControlCharacters, textCharactersProblem } from './schemas/common.js';

/** Field types of a supplier report template (spec §3 Template). */
export const TEMPLATE_FIELD_TYPES = ['text', 'date', 'select', 'number', 'textarea'] as const;
export type TemplateFieldType = (typeof TEMPLATE_FIELD_TYPES)[number];

/** Answer length caps by field type. */
export const TEMPLATE_TEXT_MAX = 500;
export const TEMPLATE_TEXTAREA_MAX = 5000;

/** Messages of the template schemas. */
export const TEMPLATE_MESSAGES = {
  fieldName: 'Field names must be snake_case, such as roof_type',
  fieldType: 'Choose a field type',
  labelRequired: 'Label is required',
  optionEmpty: 'Options cannot be empty',
  optionsUnique: 'Options must be unique',
  selectNeedsOptions: 'Select fields need at least one option',
  onlySelectHasOptions: 'Only select fields have options',
  idRequired: 'Template id is required',
  nameRequired: 'Template name is required',
  categoryRequired: 'Category is required',
  version: 'Version must be a positive whole number, such as 1 or v1',
  noFields: 'A template needs at least one field',
  fieldNamesUnique: 'Field names must be unique',
  unknownField: 'Unknown field',
  issueDateField: "The issue date field must be one of the template's required date fields",
  issuesBoth: 'A template that issues a certificate names both its certificate type and its issue date field',
} as const;

const FIELD_NAME_PATTERN = /^[a-z][a-z0-9]*(?:_[a-z0-9]+)*$/;

/**
 * One field of a template (spec §3): a snake_case name, a type, whether it is required, a label, and for
 * select fields (only) at least one option. Options are trimmed, non-empty and unique; an empty list on
 * another type is dropped.
 */
export const templateFieldSchema = z
  .object({
    name: z
      .string({ error: TEMPLATE_MESSAGES.fieldName })
      .regex(FIELD_NAME_PATTERN, TEMPLATE_MESSAGES.fieldName),
    type: z.enum(TEMPLATE_FIELD_TYPES, { error: TEMPLATE_MESSAGES.fieldType }),
    required: z.boolean().default(false),
    label: z
      .string({ error: TEMPLATE_MESSAGES.labelRequired })
      .trim()
      .check(noControlCharacters('Label'))
      .min(1, TEMPLATE_MESSAGES.labelRequired)
      .max(100, 'Label must be at most 100 characters'),
    options: z
      .array(
        z
          .string()
          .trim()
          .check(noControlCharacters('Options'))
          .min(1, TEMPLATE_MESSAGES.optionEmpty)
          .max(100, 'Options must be at most 100 characters'),
      )
      .optional(),
  })
  .superRefine((field, ctx) => {
    const options = field.options ?? [];
    if (field.type === 'select' && options.length === 0) {
      ctx.addIssue({ code: 'custom', message: TEMPLATE_MESSAGES.selectNeedsOptions, path: ['options'] });
    } else if (field.type !== 'select' && options.length > 0) {
      ctx.addIssue({ code: 'custom', message: TEMPLATE_MESSAGES.onlySelectHasOptions, path: ['options'] });
    } else if (new Set(options).size !== options.length) {
      ctx.addIssue({ code: 'custom', message: TEMPLATE_MESSAGES.optionsUnique, path: ['options'] });
    }
  })
  .transform(({ options, ...field }) => (field.type === 'select' ? { ...field, options } : field));
export type TemplateFieldInput = z.input<typeof templateFieldSchema>;
export type TemplateField = {
  name: string;
  type: TemplateFieldType;
  required: boolean;
  label: string;
  options?: string[] | undefined;
};

/**
 * A template's version: a positive integer, or the same written as text ('1', 'v1', 'V2'), as in
 * "Roofing Service Report v1" (spec §2). Always a number after parsing; shown as `v${version}`.
 */
export const templateVersionSchema = z
  .union([z.number(), z.string()], { error: TEMPLATE_MESSAGES.version })
  .transform((value, ctx) => {
    const version =
      typeof value === 'number' ? value : Number(/^v?(\d{1,9})$/i.exec(value.trim())?.[1] ?? NaN);
    if (!Number.isInteger(version) || version < 1) {
      ctx.addIssue({ code: 'custom', message: TEMPLATE_MESSAGES.version });
      return z.NEVER;
    }
    return version;
  });

/** A supplier report template (spec §3 Template): id, name, category, version and at least one field. */
const templateObjectSchema = z.object({
  id: z
    .string({ error: TEMPLATE_MESSAGES.idRequired })
    .trim()
    .check(noControlCharacters('Template id'))
    .min(1, TEMPLATE_MESSAGES.idRequired)
    .max(100),
  name: z
    .string({ error: TEMPLATE_MESSAGES.nameRequired })
    .trim()
    .check(noControlCharacters('Template name'))
    .min(1, TEMPLATE_MESSAGES.nameRequired)
    .max(100, 'Template name must be at most 100 characters'),
  category: z
    .string({ error: TEMPLATE_MESSAGES.categoryRequired })
    .trim()
    .check(noControlCharacters('Category'))
    .min(1, TEMPLATE_MESSAGES.categoryRequired)
    .max(50, 'Category must be at most 50 characters'),
  version: templateVersionSchema,
  fields: z
    .array(templateFieldSchema, { error: TEMPLATE_MESSAGES.noFields })
    .min(1, TEMPLATE_MESSAGES.noFields)
    .superRefine((fields, ctx) => {
      const seen = new Set<string>();
      fields.forEach((field, index) => {
        if (seen.has(field.name)) {
          ctx.addIssue({
            code: 'custom',
            message: TEMPLATE_MESSAGES.fieldNamesUnique,
            path: [index, 'name'],
          });
        }
        seen.add(field.name);
      });
    }),
  /** The certificate a filled-in report is (a roof inspection report), or null when it is none. */
  certificate_type: z
    .union([z.literal(''), certificateTypeSchema])
    .nullish()
    .transform((value) => value || null),
  /** The field whose answer is the certificate's issue date: a required date field. */
  issue_date_field: z
    .string({ error: TEMPLATE_MESSAGES.issueDateField })
    .trim()
    .nullish()
    .transform((value) => value || null),
});

/**
 * A template declares the certificate it issues with both its type and its issue date field, a required
 * date field of its own (so every report it makes has its issue date).
 */
function checkIssues(
  template: { fields: TemplateField[]; certificate_type: string | null; issue_date_field: string | null },
  ctx: z.RefinementCtx,
): void {
  if ((template.certificate_type === null) !== (template.issue_date_field === null)) {
    ctx.addIssue({ code: 'custom', message: TEMPLATE_MESSAGES.issuesBoth, path: ['issue_date_field'] });
    return;
  }
  if (template.issue_date_field === null) return;
  const field = template.fields.find((candidate) => candidate.name === template.issue_date_field);
  if (field?.type !== 'date' || !field.required) {
    ctx.addIssue({ code: 'custom', message: TEMPLATE_MESSAGES.issueDateField, path: ['issue_date_field'] });
  }
}

/** A template, with the certificate it issues (if any) checked against its fields. */
export const templateSchema = templateObjectSchema.superRefine(checkIssues);
export type TemplateInput = z.input<typeof templateSchema>;

/** A supplier's new or edited template: the template without its id (the server makes it). */
export const templateDraftSchema = templateObjectSchema.omit({ id: true }).superRefine(checkIssues);
export type TemplateDraft = z.output<typeof templateDraftSchema>;
export type Template = {
  id: string;
  name: string;
  category: string;
  version: number;
  fields: TemplateField[];
  /** The certificate its reports are, or null (absent on templates saved before it could be declared). */
  certificate_type?: CertificateType | null;
  /** Which of its required date fields is the certificate's issue date. */
  issue_date_field?: string | null;
};

/**
 * What a report filled in on `template` says it is, as a document's metadata: its certificate type and
 * its issue date (the answer of the issue date field), when the template declares them and the answer
 * is a date. Empty otherwise.
 */
export function issuedCertificateFacts(
  template: Template,
  values: Record<string, TemplateAnswerValue>,
): { certificate_type?: CertificateType; issued_on?: string } {
  if (!template.certificate_type || !template.issue_date_field) return {};
  const issued = values[template.issue_date_field];
  return {
    certificate_type: template.certificate_type,
    ...(typeof issued === 'string' && isoDateProblem(issued) === null ? { issued_on: issued } : {}),
  };
}

/**
 * The built-in template (spec §2 supplier console: "Roofing Service Report v1 with 10 fields, of which 5
 * are required (job_ref, inspection_date, roof_type, condition, work_performed)"); GET
 * /api/supplier/templates falls back to it (spec §7). The optional fields are ours.
 */
export const ROOFING_SERVICE_REPORT_V1: Template = {
  id: 'roofing-service-report-v1',
  name: 'Roofing Service Report',
  category: 'roofing',
  version: 1,
  certificate_type: 'roof_inspection',
  issue_date_field: 'inspection_date',
  fields: [
    { name: 'job_ref', type: 'text', required: true, label: 'Job reference' },
    { name: 'inspection_date', type: 'date', required: true, label: 'Inspection date' },
    { name: 'technician_name', type: 'text', required: false, label: 'Technician name' },
    {
      name: 'roof_type',
      type: 'select',
      required: true,
      label: 'Roof type',
      options: [
        'Concrete tile',
        'Clay tile',
        'IBR / corrugated iron',
        'Klip-Lok / standing seam',
        'Fibre cement',
        'Thatch',
        'Slate',
        'Flat concrete / waterproofed',
      ],
    },
    { name: 'roof_area_m2', type: 'number', required: false, label: 'Roof area (m²)' },
    {
      name: 'condition',
      type: 'select',
      required: true,
      label: 'Roof condition',
      options: ['Good', 'Fair', 'Poor', 'Critical'],
    },
    { name: 'work_performed', type: 'textarea', required: true, label: 'Work performed' },
    { name: 'materials_used', type: 'textarea', required: false, label: 'Materials used' },
    { name: 'recommendations', type: 'textarea', required: false, label: 'Recommendations' },
    { name: 'next_inspection_date', type: 'date', required: false, label: 'Next inspection date' },
  ],
};

export type TemplateAnswerValue = string | number;
export type TemplateAnswersResult =
  | { ok: true; values: Record<string, TemplateAnswerValue> }
  | { ok: false; errors: Record<string, string> };

/** A decimal as typed: digits with an optional '.' or ',' (the South African decimal comma) fraction. */
const NUMBER_PATTERN = /^-?\d+(?:[.,]\d+)?$/;

type Check = { value: TemplateAnswerValue } | { error: string };

function checkAnswer(field: TemplateField, raw: unknown): Check {
  const label = field.label;
  switch (field.type) {
    case 'number': {
      const value =
        typeof raw === 'number'
          ? raw
          : typeof raw === 'string' && NUMBER_PATTERN.test(raw)
            ? Number(raw.replace(',', '.'))
            : NaN;
      return Number.isFinite(value) ? { value } : { error: `${label} must be a number` };
    }
    case 'date': {
      const problem = typeof raw === 'string' ? isoDateProblem(raw) : 'invalid';
      if (problem === 'invalid') return { error: `${label} must be a valid date (YYYY-MM-DD)` };
      if (problem) return { error: `${label} must be between ${DATE_YEARS.min} and ${DATE_YEARS.max}` };
      return { value: String(raw) };
    }
    case 'select':
      return typeof raw === 'string' && (field.options ?? []).includes(raw)
        ? { value: raw }
        : { error: `${label} must be one of the listed options` };
    default: {
      const max = field.type === 'text' ? TEMPLATE_TEXT_MAX : TEMPLATE_TEXTAREA_MAX;
      if (typeof raw !== 'string') return { error: `${label} must be text` };
      const characters = textCharactersProblem(raw, label);
      if (characters) return { error: characters };
      return raw.length <= max ? { value: raw } : { error: `${label} must be at most ${max} characters` };
    }
  }
}

/**
 * Checks a filled-in report against its template: every answer's key must be a field of the template
 * ('Unknown field'); a required field needs an answer ('{label} is required'; missing, null and blank
 * text count as no answer); a number must be a number or numeric text; a date a real 'YYYY-MM-DD' of 1900–2200; a
 * select one of its options; text at most 500 characters, textarea at most 5000, neither holding a
 * control character ('{label} must not contain control characters') nor a lone surrogate ('{label} must
 * be well-formed Unicode text'). Text is trimmed and
 * numeric text becomes a number in `values`; unanswered optional fields are left out.
 */
export function validateTemplateAnswers(
  template: Template,
  answers: Record<string, unknown>,
): TemplateAnswersResult {
  const fields = new Map(template.fields.map((field) => [field.name, field]));
  const values: [string, TemplateAnswerValue][] = [];
  const errors: [string, string][] = [];
  for (const key of Object.keys(answers)) {
    if (!fields.has(key)) errors.push([key, TEMPLATE_MESSAGES.unknownField]);
  }
  for (const field of template.fields) {
    const raw = Object.hasOwn(answers, field.name) ? answers[field.name] : undefined;
    const answer = typeof raw === 'string' ? raw.trim() : raw;
    if (answer === undefined || answer === null || answer === '') {
      if (field.required) errors.push([field.name, `${field.label} is required`]);
      continue;
    }
    const check = checkAnswer(field, answer);
    if ('error' in check) errors.push([field.name, check.error]);
    else values.push([field.name, check.value]);
  }
  return errors.length > 0
    ? { ok: false, errors: Object.fromEntries(errors) }
    : { ok: true, values: Object.fromEntries(values) };
}
