import {
  createPropertyGrantInput,
  GRANT_MESSAGES,
  grantIdParamsSchema,
  grantTokenSchema,
  idParamsSchema,
  propertyGrantParamsSchema,
  reportIssueInput,
} from '@propertydna/domain';
import { z } from 'zod';
import { appUrl } from '../../env.js';
import { authedProcedure, publicProcedure, router } from '../../trpc/init.js';
import { okSchema } from '../auth/auth.schemas.js';
import {
  grantAcceptedSchema,
  grantOfferSchema,
  issueReportedSchema,
  propertyGrantSchema,
  sharedPropertyViewSchema,
  sharedWithMeSchema,
} from './grants.schemas.js';
import {
  acceptGrant,
  createGrant,
  listGrants,
  reportIssue,
  revokeGrant,
  sharedWithMe,
  viewGrantOffer,
  viewSharedProperty,
} from './grants.service.js';

/**
 * Issue 29 §3: read-only access to one property for people outside the organisation. The owner's side
 * (list, grant, revoke) is scoped to their organisation; the grantee's side (accept, shared with me, the
 * shared property) is the signed-in person's own, read through their live grants only.
 */
export const grantsRouter = router({
  /** Who has (or was offered) access to this property, with each grant's state. */
  list: authedProcedure
    .meta({ requires: 'read' })
    .input(idParamsSchema)
    .output(z.array(propertyGrantSchema))
    .query(({ ctx, input }) => listGrants(ctx.db, ctx.actor.organizationId, input.id)),

  // The mailed link is on the app's configured origin (APP_URL), like every link the app mails.
  create: authedProcedure
    .meta({ requires: 'grants.manage' })
    .input(createPropertyGrantInput)
    .output(propertyGrantSchema)
    .mutation(({ ctx, input: { propertyId, ...grant } }) =>
      createGrant(ctx.deps, ctx.who, propertyId, grant, appUrl(ctx.deps.env)),
    ),

  revoke: authedProcedure
    .meta({ requires: 'grants.manage' })
    .input(propertyGrantParamsSchema)
    .output(okSchema)
    .mutation(async ({ ctx, input }) => {
      await revokeGrant(ctx.db, ctx.who, input.id, input.grantId);
      return { ok: true as const };
    }),

  /** What the mailed link offers, to anyone holding it. */
  offer: publicProcedure
    .input(grantTokenSchema)
    .output(grantOfferSchema)
    .query(({ ctx, input }) => viewGrantOffer(ctx.db, input.token)),

  /** Accepting is the signed-in person's own step, whatever their role where they are a member. */
  accept: authedProcedure
    .meta({ requires: 'account.self' })
    .input(grantTokenSchema)
    .output(grantAcceptedSchema)
    .mutation(async ({ ctx, input }) => {
      const { grant, propertyName } = await acceptGrant(ctx.db, ctx.who, input.token);
      return { ok: true as const, message: GRANT_MESSAGES.accepted(propertyName), grant };
    }),

  /** "Shared with me": the caller's live grants. */
  sharedWithMe: authedProcedure
    .meta({ requires: 'account.self' })
    .output(z.array(sharedWithMeSchema))
    .query(({ ctx }) => sharedWithMe(ctx.db, ctx.who)),

  /** One granted property, read-only and current. */
  sharedProperty: authedProcedure
    .meta({ requires: 'account.self' })
    .input(grantIdParamsSchema)
    .output(sharedPropertyViewSchema)
    .query(({ ctx, input }) => viewSharedProperty(ctx.db, ctx.who, input.grantId)),

  /** A tenant's "Report an issue": a maintenance reminder on the owner's property, naming them. */
  reportIssue: authedProcedure
    .meta({ requires: 'account.self' })
    .input(reportIssueInput)
    .output(issueReportedSchema)
    .mutation(async ({ ctx, input: { grantId, ...report } }) => {
      const reminder = await reportIssue(ctx.db, ctx.who, grantId, report);
      return { ok: true as const, message: GRANT_MESSAGES.issueReported, reminder };
    }),
});
