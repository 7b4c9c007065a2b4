import { databaseOverloaded } from '../../limits/overload.js';
import { publicProcedure, router } from '../../trpc/init.js';
import { healthSchema, infoSchema } from './system.schemas.js';
import { APP_VERSION, checkHealth } from './system.service.js';

export const systemRouter = router({
  health: publicProcedure
    .output(healthSchema)
    .query(({ ctx }) =>
      checkHealth(
        ctx.db,
        ctx.deps.store,
        (part, error) => ctx.log.error({ err: error, part }, 'health check failed'),
        databaseOverloaded(ctx.deps.db.kind, ctx.deps.db.load(), ctx.deps.env),
      ),
    ),
  info: publicProcedure
    .output(infoSchema)
    .query(() => ({ name: 'PropertyDNA' as const, version: APP_VERSION })),
});
