import { adoptShareSchema, createPropertyInputSchema, SHARE_MESSAGES } from '@propertydna/domain';
import { z } from 'zod';
import { setUnlockCookie } from '../../capabilities/capabilities.js';
import { appUrl } from '../../env.js';
import { AppError } from '../../errors.js';
import type { Context } from '../../trpc/context.js';
import { authedProcedure, publicProcedure, router, supplierProcedure } from '../../trpc/init.js';
import { okSchema } from '../auth/auth.schemas.js';
import { openShare } from './open-share.js';
import {
  adoptInput,
  adoptResultSchema,
  shareCreatedSchema,
  shareEventSchema,
  shareIdParams,
  shareJobInput,
  shareLinkSchema,
  shareLinksInput,
  sharePropertyInput,
  shareTokenParams,
  shareUnlockInput,
  shareViewSchema,
  verifyParams,
  verifyResultSchema,
} from './shares.schemas.js';
import {
  adoptShare,
  listShares,
  revokeShare,
  shareEvents,
  shareJob,
  shareProperty,
  unlockShare,
  verifyHash,
  viewShare,
} from './shares.service.js';

/** The web page of a link, on APP_URL (as mails link; never the request's Host, which the sender chooses). */
const shareUrl = (ctx: Pick<Context, 'deps'>, token: string) => `${appUrl(ctx.deps.env)}/share/${token}`;

export const sharesRouter = router({
  /** Supplier: share a job by link (spec §2, §7). */
  shareJob: supplierProcedure
    .meta({ requires: 'supplier.work' })
    .input(shareJobInput)
    .output(shareCreatedSchema)
    .mutation(async ({ ctx, input }) => {
      const { id, token, expiresAt } = await shareJob(ctx.db, ctx.actor, input.jobId, input);
      return { id, token, url: shareUrl(ctx, token), expires_at: expiresAt.toISOString() };
    }),
  /** Owner: share chosen documents of a property (the Vault's share modal). */
  shareProperty: authedProcedure
    .meta({ requires: 'shares.write' })
    .input(sharePropertyInput)
    .output(shareCreatedSchema)
    .mutation(async ({ ctx, input }) => {
      const { id, token, expiresAt } = await shareProperty(ctx.db, ctx.actor, input.propertyId, input);
      return { id, token, url: shareUrl(ctx, token), expires_at: expiresAt.toISOString() };
    }),
  links: authedProcedure
    .meta({ requires: 'read' })
    .input(shareLinksInput)
    .output(z.array(shareLinkSchema))
    .query(({ ctx, input }) =>
      listShares(
        ctx.db,
        ctx.actor,
        'jobId' in input ? { job_id: input.jobId } : { property_id: input.propertyId },
      ),
    ),
  revoke: authedProcedure
    .meta({ requires: 'shares.write' })
    .input(shareIdParams)
    .output(okSchema)
    .mutation(async ({ ctx, input }) => {
      await revokeShare(ctx.db, ctx.actor, input.id);
      return { ok: true as const };
    }),
  events: authedProcedure
    .meta({ requires: 'read' })
    .input(shareIdParams)
    .output(z.array(shareEventSchema))
    .query(({ ctx, input }) => shareEvents(ctx.db, ctx.actor, input.id)),

  /** Public: what a link shares; 401 with passwordRequired while it is locked. */
  view: publicProcedure
    .input(shareTokenParams)
    .output(shareViewSchema)
    .query(async ({ ctx, input }) =>
      viewShare(
        ctx.db,
        await openShare(ctx.deps, ctx.req, input.token),
        ctx.req.ip,
        ctx.actor?.userId ?? null,
      ),
    ),
  /** Public: the right password sets a short-lived HttpOnly cookie bound to this link. */
  unlock: publicProcedure
    .input(shareUnlockInput)
    .output(z.object({ ok: z.literal(true), message: z.string() }))
    .mutation(async ({ ctx, input }) => {
      const share = await unlockShare(ctx.deps, input.token, input.password, {
        ip: ctx.req.ip,
        userId: ctx.actor?.userId ?? null,
      });
      setUnlockCookie(ctx.req, ctx.res, ctx.deps.secret, share.id);
      return { ok: true as const, message: SHARE_MESSAGES.accessGranted };
    }),
  /** Signed-in owners copy the shared documents into a property of theirs (or a new one). */
  adopt: authedProcedure
    .meta({ requires: 'documents.write' })
    .input(adoptInput)
    .output(adoptResultSchema)
    .mutation(async ({ ctx, input }) => {
      const share = await openShare(ctx.deps, ctx.req, input.token);
      const choice = adoptShareSchema.safeParse(input);
      if (!choice.success)
        throw new AppError('BAD_REQUEST', choice.error.issues[0]?.message ?? 'Choose a property');
      let target: Parameters<typeof adoptShare>[3];
      if (choice.data.create_property) {
        const property = createPropertyInputSchema.safeParse(input.property ?? {});
        if (!property.success) {
          throw new AppError(
            'BAD_REQUEST',
            [...new Set(property.error.issues.map((issue) => issue.message))].join('; '),
          );
        }
        target = { create_property: true, property: property.data };
      } else {
        target = choice.data;
      }
      const result = await adoptShare(ctx.deps, share, ctx.who, target);
      return { ...result, message: SHARE_MESSAGES.adopted };
    }),

  /** Public verification of a file by its SHA-256. */
  verify: publicProcedure
    .input(verifyParams)
    .output(verifyResultSchema)
    .query(async ({ ctx, input }) => {
      const matches = await verifyHash(ctx.db, input.sha256);
      return { verified: matches.some((match) => match.verified), registered: matches.length > 0, matches };
    }),
});
