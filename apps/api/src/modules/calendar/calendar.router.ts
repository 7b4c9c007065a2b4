import { appUrl } from '../../env.js';
import type { Context } from '../../trpc/context.js';
import { authedProcedure, router } from '../../trpc/init.js';
import { calendarFeedSchema } from './calendar.schemas.js';
import { feedToken, rotateFeed } from './calendar.service.js';

/** The feed's address, on APP_URL as every link (never the request's Host, which the sender chooses). */
export const feedUrl = (ctx: Pick<Context, 'deps'>, token: string) =>
  `${appUrl(ctx.deps.env)}/api/calendar/${token}.ics`;

export const calendarRouter = router({
  /** The caller's private ICS feed URL: created on the first call, the same URL after that. */
  feed: authedProcedure
    .meta({ requires: 'account.self' })
    .output(calendarFeedSchema)
    .query(async ({ ctx }) => ({
      url: feedUrl(ctx, await feedToken(ctx.db, ctx.deps.secret, ctx.actor)),
    })),

  /** Revokes the caller's feed (the old URL answers 404 from now on) and answers a new one. */
  rotate: authedProcedure
    .meta({ requires: 'account.self' })
    .output(calendarFeedSchema)
    .mutation(async ({ ctx }) => ({
      url: feedUrl(ctx, await rotateFeed(ctx.db, ctx.deps.secret, ctx.actor)),
    })),
});
