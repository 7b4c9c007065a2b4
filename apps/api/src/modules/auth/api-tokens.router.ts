import { z } from 'zod';
import { createApiToken, listApiTokens, revokeApiToken } from '../../auth/api-tokens.js';
import { authedProcedure, router } from '../../trpc/init.js';
import {
  apiTokenIdSchema,
  apiTokenSchema,
  createApiTokenSchema,
  createdApiTokenSchema,
} from './api-tokens.schemas.js';
import { okSchema } from './auth.schemas.js';

/** Issue 30 §1: the caller's own API tokens. Creating and revoking need a session, never a token. */
export const apiTokensRouter = router({
  list: authedProcedure
    .meta({ requires: 'account.self' })
    .output(z.array(apiTokenSchema))
    .query(({ ctx }) => listApiTokens(ctx.db, ctx.actor)),

  create: authedProcedure
    .meta({ requires: 'account.self' })
    .input(createApiTokenSchema)
    .output(createdApiTokenSchema)
    .mutation(({ ctx, input }) => createApiToken(ctx.db, ctx.actor, input)),

  revoke: authedProcedure
    .meta({ requires: 'account.self' })
    .input(apiTokenIdSchema)
    .output(okSchema)
    .mutation(async ({ ctx, input }) => {
      await revokeApiToken(ctx.db, ctx.actor, input.id);
      return { ok: true as const };
    }),
});
