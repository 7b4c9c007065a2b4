import { z } from 'zod';
import { appUrl } from '../../env.js';
import { authedProcedure, publicProcedure, router } from '../../trpc/init.js';
import { acceptTransfer } from './accept-transfer.js';
import { createPackLink, viewTransferLink } from './transfer-links.js';
import {
  acceptTransferInput,
  ownershipInput,
  ownershipPeriodSchema,
  packLinkSchema,
  startTransferInput,
  transferIdParams,
  transferLinkViewSchema,
  transferListSchema,
  transferSchema,
  transferStartedSchema,
  transferTokenParams,
} from './transfers.schemas.js';
import {
  cancelTransfer,
  declineTransfer,
  listTransfers,
  ownershipHistory,
  startTransfer,
} from './transfers.service.js';

/** Issue 17: ownership transfer. The seller's side by organisation, the buyer's by their email address. */
export const transfersRouter = router({
  list: authedProcedure
    .meta({ requires: 'read' })
    .output(transferListSchema)
    .query(({ ctx }) => listTransfers(ctx.db, ctx.who)),

  start: authedProcedure
    .meta({ requires: 'properties.transfer' })
    .input(startTransferInput)
    .output(transferStartedSchema)
    // The mailed link is on the app's configured origin (APP_URL), like every link the app mails.
    .mutation(({ ctx, input }) => {
      const { propertyId, ...offer } = input;
      return startTransfer(ctx.deps, ctx.who, propertyId, offer, appUrl(ctx.deps.env));
    }),

  cancel: authedProcedure
    .meta({ requires: 'properties.transfer' })
    .input(transferIdParams)
    .output(transferSchema)
    .mutation(({ ctx, input }) => cancelTransfer(ctx.db, ctx.who, input.id)),

  accept: authedProcedure
    .meta({ requires: 'properties.transfer' })
    .input(acceptTransferInput)
    .output(transferSchema)
    .mutation(({ ctx, input }) =>
      acceptTransfer(ctx.deps, ctx.who, input.id, appUrl(ctx.deps.env), input.token),
    ),

  decline: authedProcedure
    .meta({ requires: 'properties.transfer' })
    .input(transferIdParams)
    .output(transferSchema)
    .mutation(({ ctx, input }) => declineTransfer(ctx.deps, ctx.who, input.id, appUrl(ctx.deps.env))),

  packLink: authedProcedure
    .meta({ requires: 'shares.write' })
    .input(transferIdParams)
    .output(packLinkSchema)
    .mutation(({ ctx, input }) => createPackLink(ctx.db, ctx.who, input.id, appUrl(ctx.deps.env))),

  ownership: authedProcedure
    .meta({ requires: 'read' })
    .input(ownershipInput)
    .output(z.array(ownershipPeriodSchema))
    .query(({ ctx, input }) => ownershipHistory(ctx.db, ctx.actor.organizationId, input.propertyId)),
});

/** The mailed link's side: what the offer is, for whoever holds the link (accepting needs the addressee). */
export const transferLinksRouter = router({
  view: publicProcedure
    .input(transferTokenParams)
    .output(transferLinkViewSchema)
    .query(({ ctx, input }) => viewTransferLink(ctx.db, input.token, ctx.req.ip)),
});
