import {
  createPropertyInputSchema,
  propertyFilterSchema,
  propertyPageInputSchema,
} from '@propertydna/domain';
import { authedProcedure, router } from '../../trpc/init.js';
import { okSchema } from '../auth/auth.schemas.js';
import { getNextActions } from './next-actions.service.js';
import {
  dashboardStatsSchema,
  nextActionsOutSchema,
  propertyIdParams,
  propertySchema,
  updatePropertyInput,
} from './properties.schemas.js';
import {
  archiveProperty,
  createProperty,
  dashboardStats,
  getProperties,
  getProperty,
  getPropertyPage,
  updateProperty,
} from './properties.service.js';

export const propertiesRouter = router({
  // The list and the page have no `.output()`: checking every row cost more than reading it. The
  // database writes each property as JSON with exactly propertySchema's keys (the repository's
  // card), the REST door sends that text as it is (or writes a page with a serializer compiled from
  // the schema), and tests check real answers of both doors against the strict schema.
  list: authedProcedure
    .meta({ requires: 'read' })
    .input(propertyFilterSchema.optional())
    .query(({ ctx, input }) => getProperties(ctx.db, ctx.actor.organizationId, input)),

  /** The screens' list: one page (cursor, 50 by default), searched by name/address/DNA code/ERF, by status. */
  page: authedProcedure
    .meta({ requires: 'read' })
    .input(propertyPageInputSchema)
    .query(({ ctx, input }) => getPropertyPage(ctx.db, ctx.actor.organizationId, input)),

  byId: authedProcedure
    .meta({ requires: 'read' })
    .input(propertyIdParams)
    .output(propertySchema)
    .query(({ ctx, input }) => getProperty(ctx.db, ctx.actor.organizationId, input.id)),

  /** Both create payloads of the spec (the dialog's and the add-property form's) land here. */
  create: authedProcedure
    .meta({ requires: 'properties.write' })
    .input(createPropertyInputSchema)
    .output(propertySchema)
    .mutation(({ ctx, input }) => createProperty(ctx.db, ctx.actor.organizationId, input)),

  update: authedProcedure
    .meta({ requires: 'properties.write' })
    .input(updatePropertyInput)
    .output(propertySchema)
    .mutation(({ ctx, input }) => updateProperty(ctx.deps, ctx.who, input.id, input.patch)),

  archive: authedProcedure
    .meta({ requires: 'properties.write' })
    .input(propertyIdParams)
    .output(okSchema)
    .mutation(async ({ ctx, input }) => {
      await archiveProperty(ctx.db, ctx.actor.organizationId, input.id);
      return { ok: true as const };
    }),

  stats: authedProcedure
    .meta({ requires: 'read' })
    .output(dashboardStatsSchema)
    .query(({ ctx }) => dashboardStats(ctx.db, ctx.actor.organizationId)),

  /** The dashboard's "what to do next": one ranked list across the portfolio (issue 32). */
  nextActions: authedProcedure
    .meta({ requires: 'read' })
    .output(nextActionsOutSchema)
    .query(({ ctx }) => getNextActions(ctx.db, ctx.actor.organizationId)),
});
