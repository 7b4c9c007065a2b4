import { initTRPC, TRPCError } from '@trpc/server';
import { ZodError, z } from 'zod';
import { isSameOrigin, type RequestActor } from '../auth/actor.js';
import { isStaff } from '../auth/staff.js';
import { AppError, appErrorCodes, describeIssues } from '../errors.js';
import type { Context } from './context.js';

const t = initTRPC.context<Context>().create({
  errorFormatter({ shape, error }) {
    const zodError = error.cause instanceof ZodError ? error.cause : null;
    const appError = error.cause instanceof AppError ? error.cause : null;
    return {
      ...shape,
      // Never leak internals: an unexpected error answers a fixed message; a refused input answers its
      // schema's own messages (as the REST door does), not the serialised list of issues.
      message: zodError
        ? describeIssues(zodError)
        : error.code === 'INTERNAL_SERVER_ERROR' && !appError
          ? 'Internal server error'
          : shape.message,
      data: {
        code: shape.data.code,
        httpStatus: shape.data.httpStatus,
        path: shape.data.path,
        ...(zodError ? { issues: z.flattenError(zodError) } : {}),
        ...(appError?.details ? { details: appError.details } : {}),
      },
    };
  },
});

/** Turns a service's AppError into the TRPCError of the one shared code table. */
const appErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok && result.error.cause instanceof AppError) {
    const cause = result.error.cause;
    throw new TRPCError({ code: appErrorCodes[cause.code].trpc, message: cause.message, cause });
  }
  return result;
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
export const publicProcedure = t.procedure.use(appErrors);

/**
 * Requires a signed-in caller and narrows ctx.actor; a cookie-borne mutation must come from our origin.
 * Adds ctx.who, the caller as the services record them (the actor and the client's address), built once
 * here rather than in each procedure.
 */
export const authedProcedure = publicProcedure.use(({ ctx, type, next }) => {
  const { actor } = ctx;
  if (!actor) throw new AppError('UNAUTHORIZED', 'Not signed in');
  if (type === 'mutation' && actor.via === 'cookie' && !isSameOrigin(ctx.req, ctx.deps.env.APP_URL)) {
    throw new AppError('FORBIDDEN', 'Cross-site request refused');
  }
  const who: RequestActor = { actor, ip: ctx.req.ip };
  return next({ ctx: { ...ctx, actor, who } });
});

/** Supplier procedures: the role comes from the session, never from the client. */
export const supplierProcedure = authedProcedure.use(({ ctx, next }) => {
  if (ctx.actor.userType !== 'supplier') throw new AppError('FORBIDDEN', 'Only suppliers can do this');
  return next();
});

export const STAFF_ONLY = 'Only PropertyDNA staff can do this';

/**
 * Back-office procedures: the caller must be staff (staff_members, written only by the
 * admin:create-staff command), checked on the server on every call; anyone else gets 403.
 */
export const staffProcedure = authedProcedure.use(async ({ ctx, next }) => {
  if (!(await isStaff(ctx.db, ctx.actor.userId))) throw new AppError('FORBIDDEN', STAFF_ONLY);
  return next();
});
