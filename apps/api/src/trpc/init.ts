import { type AnyTRPCProcedure, initTRPC, TRPCError } from '@trpc/server';
import { z } from 'zod';
import { isSameOrigin, type RequestActor } from '../auth/actor.js';
import { assertTokenMay } from '../auth/api-tokens.js';
import { assertAllowed, NOT_SIGNED_IN, type Requirement } from '../auth/permission.js';
import { withPlanWriteCheck } from '../auth/plan-read-only.js';
import { withPropertyScope } from '../auth/property-scope.js';
import { isStaff } from '../auth/staff.js';
import { AppError, appErrorCodes, describeIssues, refusedInput } from '../errors.js';
import type { Context } from './context.js';

/**
 * What every procedure declares (issue 29 §1): the capability it needs. A procedure built on
 * authedProcedure or supplierProcedure must name one with `.meta({ requires })`, or every call to it is
 * refused (and trpc/procedure-requirements.test.ts fails); publicProcedure and staffProcedure declare
 * theirs ('anyone', 'staff') themselves.
 */
export interface ProcedureMeta {
  requires: Requirement;
}

const t = initTRPC
  .context<Context>()
  .meta<ProcedureMeta>()
  .create({
    errorFormatter({ shape, error }) {
      const zodError = refusedInput(error);
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
const baseProcedure = t.procedure.use(appErrors);

/** Open to anyone, signed in or not (sign-up, a share link, a vendor's or buyer's mailed link). */
export const publicProcedure = baseProcedure.meta({ requires: 'anyone' });

/**
 * Requires a signed-in caller and narrows ctx.actor; a cookie-borne mutation must come from our origin.
 * Adds ctx.who, the caller as the services record them (the actor and the client's address), built once
 * here rather than in each procedure.
 */
const requireSignIn = t.middleware(({ ctx, type, meta, next }) => {
  const { actor } = ctx;
  if (!actor) throw new AppError('UNAUTHORIZED', NOT_SIGNED_IN);
  assertTokenMay(actor, meta?.requires, type);
  if (type === 'mutation' && actor.via === 'cookie' && !isSameOrigin(ctx.req, ctx.deps.env.APP_URL)) {
    throw new AppError('FORBIDDEN', 'Cross-site request refused');
  }
  const who: RequestActor = { actor, ip: ctx.req.ip };
  // A token restricted to one property (issue 30 §1) narrows everything the procedure reads or changes.
  // A write of a property's records refuses a property that is read-only on the Free plan (issue 31 §5).
  return withPropertyScope(actor.token?.propertyId, () =>
    withPlanWriteCheck(meta?.requires, type, () => next({ ctx: { ...ctx, actor, who } })),
  );
});
const signedInProcedure = baseProcedure.use(requireSignIn);

/**
 * Whether a procedure runs only for a signed-in caller (it is built on the signed-in procedures, so 401
 * without a session and 403 when its role or origin is refused): what the REST layer documents as its
 * security.
 */
export function requiresSignIn(procedure: AnyTRPCProcedure): boolean {
  return builtWith(procedure, requireSignIn);
}

/** Whether the procedure's chain holds `middleware` (a procedure keeps the middlewares it was built with). */
function builtWith(procedure: AnyTRPCProcedure, middleware: { _middlewares: unknown[] }): boolean {
  const { middlewares } = procedure._def as unknown as { middlewares: unknown[] };
  return middlewares.some((used) => middleware._middlewares.includes(used));
}

export const UNDECLARED_CAPABILITY = 'This procedure declares no capability';

/**
 * The role check, before the input is read: the capability the procedure declared must be one the
 * caller's role has (the domain's permission table); a procedure that declared none is refused.
 */
const hasCapability = t.middleware(({ ctx, meta, next }) => {
  const requires = meta?.requires;
  if (requires === undefined || requires === 'anyone' || requires === 'staff') {
    throw new AppError('FORBIDDEN', UNDECLARED_CAPABILITY);
  }
  assertAllowed(ctx.actor, requires);
  return next();
});

/** A member's procedure: signed in, and the role has the capability of `.meta({ requires })`. */
export const authedProcedure = signedInProcedure.use(hasCapability);

/**
 * Supplier procedures: the user type comes from the session, never from the client; then the role's
 * capability as for any procedure (a supplier organisation's members have the same four roles).
 */
const requireSupplier = t.middleware(({ ctx, next }) => {
  if (ctx.actor?.userType !== 'supplier') throw new AppError('FORBIDDEN', 'Only suppliers can do this');
  return next();
});
export const supplierProcedure = signedInProcedure.use(requireSupplier).use(hasCapability);

/** Whether a procedure is a supplier's (built on supplierProcedure): the role matrix asks a supplier's members. */
export function isSupplierProcedure(procedure: AnyTRPCProcedure): boolean {
  return builtWith(procedure, requireSupplier);
}

export const STAFF_ONLY = 'Only PropertyDNA staff can do this';

/**
 * Back-office procedures: the caller must be staff (staff_members, written only by the
 * admin:create-staff command), checked on the server on every call; anyone else gets 403. The
 * organisation's role plays no part: staff review on PropertyDNA's behalf, not their organisation's.
 */
export const staffProcedure = signedInProcedure.meta({ requires: 'staff' }).use(async ({ ctx, next }) => {
  if (!(await isStaff(ctx.db, ctx.actor.userId))) throw new AppError('FORBIDDEN', STAFF_ONLY);
  return next();
});
