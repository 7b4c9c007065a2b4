import {
  answeredDateSchema,
  answeredDateTimeSchema,
  CERTIFICATE_TYPES,
  idParamsSchema,
  idSchema,
  jsonObjectSchema,
  templateDraftSchema,
} from '@propertydna/domain';
import { z } from 'zod';

/** The supplier profile (spec §3): specialties answered as a list. */
export const supplierProfileOutSchema = z
  .object({
    company_name: z.string(),
    registration_number: z.string().nullable(),
    trade_registration_number: z.string().nullable(),
    description: z.string().nullable(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    website: z.string().nullable(),
    specialties: z.array(z.string()),
  })
  .meta({ id: 'SupplierProfile' });
export type SupplierProfileOut = z.infer<typeof supplierProfileOutSchema>;

/** A supplier job (spec §3) with its document count. */
export const jobSchema = z
  .object({
    id: z.string(),
    job_ref: z.string(),
    property_address: z.string(),
    client_name: z.string(),
    description: z.string(),
    created_at: answeredDateTimeSchema,
    document_count: z.number().int(),
  })
  .meta({ id: 'SupplierJob' });
export type JobOut = z.infer<typeof jobSchema>;

/** A template as answered: the built-in one and the supplier's own (spec §3). */
export const templateOutSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    category: z.string(),
    version: z.number().int(),
    builtIn: z.boolean(),
    fields: z.array(
      z.object({
        name: z.string(),
        type: z.enum(['text', 'date', 'select', 'number', 'textarea']),
        required: z.boolean(),
        label: z.string(),
        options: z.array(z.string()).optional(),
      }),
    ),
    certificate_type: z
      .enum(CERTIFICATE_TYPES)
      .nullable()
      .meta({ description: 'The certificate its reports are (their metadata.certificate_type), if any' }),
    issue_date_field: z.string().nullable().meta({
      description: "The required date field whose answer is a report's issue date (metadata.issued_on)",
    }),
  })
  .meta({ id: 'Template' });
export type TemplateOut = z.infer<typeof templateOutSchema>;

/** A new or edited template: the domain's draft (the template without its id). */
export const templateInputSchema = templateDraftSchema;

/** One job: the REST `/:id` parameters and the input of job and jobDocuments. */
export const jobIdParams = idParamsSchema;

/** One of the supplier's templates: the REST `/:id` parameters. */
export const templateIdParams = idParamsSchema;

/** Editing a template: its id and the draft (REST: the id from the path, the draft as the body). */
export const updateTemplateInput = templateIdParams.extend({ template: templateInputSchema });

/** A filled-in report: the template (built-in id or UUID) and the answers, checked against it. */
export const reportInputSchema = z.object({
  templateId: idSchema.min(1),
  answers: jsonObjectSchema('Report answers'),
});

/** Filling a template for a job (REST: the job's id from the path, the report as the body). */
export const createReportInput = jobIdParams.extend(reportInputSchema.shape);

export const insuranceSchema = z
  .object({
    insurer: z.string(),
    policy_number: z.string(),
    expires_at: answeredDateSchema,
    insured: z.boolean(),
    certificate: z
      .object({
        id: z.string(),
        name: z.string(),
        bytes: z.number().int(),
        content_type: z.string(),
        uploaded_at: answeredDateTimeSchema,
      })
      .nullable(),
  })
  .meta({ id: 'SupplierInsurance' });
