import { supplierInsuranceSchema, supplierJobSchema, supplierProfileSchema } from '@propertydna/domain';
import { z } from 'zod';
import { router, supplierProcedure } from '../../trpc/init.js';
import { documentSchema } from '../documents/documents.schemas.js';
import {
  createReportInput,
  insuranceSchema,
  jobIdParams,
  jobSchema,
  supplierProfileOutSchema,
  templateInputSchema,
  templateOutSchema,
  updateTemplateInput,
} from './supplier.schemas.js';
import {
  createJob,
  createJobReport,
  getInsurance,
  getJob,
  getSupplierProfile,
  listJobDocuments,
  listJobs,
  listTemplates,
  saveInsurance,
  saveTemplate,
  updateSupplierProfile,
} from './supplier.service.js';

/** Every supplier procedure requires the supplier role, taken from the session (an owner gets 403). */
export const supplierRouter = router({
  profile: supplierProcedure
    .meta({ requires: 'read' })
    .output(supplierProfileOutSchema)
    .query(({ ctx }) => getSupplierProfile(ctx.db, ctx.actor.organizationId)),
  updateProfile: supplierProcedure
    .meta({ requires: 'organization.settings' })
    .input(supplierProfileSchema)
    .output(supplierProfileOutSchema)
    .mutation(({ ctx, input }) => updateSupplierProfile(ctx.db, ctx.actor.organizationId, input)),

  insurance: supplierProcedure
    .meta({ requires: 'read' })
    .output(insuranceSchema.nullable())
    .query(({ ctx }) => getInsurance(ctx.db, ctx.actor.organizationId)),
  updateInsurance: supplierProcedure
    .meta({ requires: 'organization.settings' })
    .input(supplierInsuranceSchema)
    .output(insuranceSchema)
    .mutation(({ ctx, input }) => saveInsurance(ctx.deps, ctx.who, input)),

  templates: supplierProcedure
    .meta({ requires: 'read' })
    .output(z.array(templateOutSchema))
    .query(({ ctx }) => listTemplates(ctx.db, ctx.actor.organizationId)),
  createTemplate: supplierProcedure
    .meta({ requires: 'supplier.work' })
    .input(templateInputSchema)
    .output(templateOutSchema)
    .mutation(({ ctx, input }) => saveTemplate(ctx.db, ctx.actor.organizationId, input)),
  updateTemplate: supplierProcedure
    .meta({ requires: 'supplier.work' })
    .input(updateTemplateInput)
    .output(templateOutSchema)
    .mutation(({ ctx, input }) => saveTemplate(ctx.db, ctx.actor.organizationId, input.template, input.id)),

  jobs: supplierProcedure
    .meta({ requires: 'read' })
    .output(z.array(jobSchema))
    .query(({ ctx }) => listJobs(ctx.db, ctx.actor.organizationId)),
  job: supplierProcedure
    .meta({ requires: 'read' })
    .input(jobIdParams)
    .output(jobSchema)
    .query(({ ctx, input }) => getJob(ctx.db, ctx.actor.organizationId, input.id)),
  createJob: supplierProcedure
    .meta({ requires: 'supplier.work' })
    .input(supplierJobSchema)
    .output(jobSchema)
    .mutation(({ ctx, input }) => createJob(ctx.db, ctx.who, input)),
  jobDocuments: supplierProcedure
    .meta({ requires: 'read' })
    .input(jobIdParams)
    .output(z.array(documentSchema))
    .query(({ ctx, input }) => listJobDocuments(ctx.db, ctx.actor.organizationId, input.id)),
  createReport: supplierProcedure
    .meta({ requires: 'supplier.work' })
    .input(createReportInput)
    .output(documentSchema)
    .mutation(({ ctx, input }) =>
      createJobReport(
        ctx.db,
        ctx.deps.store,
        ctx.who,
        input.id,
        input.templateId,
        input.answers,
        new Date(),
        ctx.deps.issuerLevel,
        ctx.deps.queueReadingWithin,
      ),
    ),
});
