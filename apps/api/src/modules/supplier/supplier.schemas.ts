import { templateDraftSchema } from '@propertydna/domain';
import { z } from 'zod';

/** The supplier profile (spec §3): specialties answered as a list. */
export const supplierProfileOutSchema = z
  .object({
    company_name: z.string(),
    registration_number: z.string().nullable(),
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
    created_at: z.string(),
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
  })
  .meta({ id: 'Template' });
export type TemplateOut = z.infer<typeof templateOutSchema>;

/** A new or edited template: the domain's draft (the template without its id). */
export const templateInputSchema = templateDraftSchema;

export const jobIdParams = z.object({ id: z.string() });

export const reportInputSchema = z.object({
  templateId: z.string().min(1),
  answers: z.record(z.string(), z.unknown()),
});

export const insuranceSchema = z
  .object({
    insurer: z.string(),
    policy_number: z.string(),
    expires_at: z.string(),
    insured: z.boolean(),
    certificate: z
      .object({
        id: z.string(),
        name: z.string(),
        bytes: z.number().int(),
        content_type: z.string(),
        uploaded_at: z.string(),
      })
      .nullable(),
  })
  .meta({ id: 'SupplierInsurance' });
