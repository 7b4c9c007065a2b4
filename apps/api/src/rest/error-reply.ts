import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { ZodError, z } from 'zod';
import { AppError } from '../errors.js';

export interface ErrorReply {
  status: number;
  body: { error: string; issues?: unknown; details?: Record<string, unknown> };
}

function describeIssues(error: ZodError): string {
  return error.issues
    .map((issue) => (issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message))
    .join('; ');
}

/**
 * Maps anything a REST route can throw to `{ error }` with the right status: AppError by the
 * shared table, TRPCError by tRPC's own status map, validation failures to 400 with the issues,
 * and anything unexpected to a bare 500 (the cause is logged, never sent).
 */
export function errorReply(error: unknown): ErrorReply {
  if (error instanceof TRPCError) {
    if (error.cause instanceof ZodError) {
      return {
        status: 400,
        body: { error: describeIssues(error.cause), issues: z.flattenError(error.cause) },
      };
    }
    if (error.cause instanceof AppError) return errorReply(error.cause);
    const status = getHTTPStatusCodeFromError(error);
    return { status, body: { error: status >= 500 ? 'Internal server error' : error.message } };
  }
  if (error instanceof AppError) {
    return {
      status: error.httpStatus,
      body: { error: error.message, ...(error.details ? { details: error.details } : {}) },
    };
  }
  if (error instanceof ZodError) {
    return { status: 400, body: { error: describeIssues(error), issues: z.flattenError(error) } };
  }
  const fastifyError = error as {
    statusCode?: number;
    message?: string;
    validation?: unknown;
    code?: string;
  };
  if (fastifyError.validation) {
    return {
      status: 400,
      body: { error: fastifyError.message ?? 'Invalid request', issues: fastifyError.validation },
    };
  }
  if (
    typeof fastifyError.statusCode === 'number' &&
    fastifyError.statusCode >= 400 &&
    fastifyError.statusCode < 500
  ) {
    return { status: fastifyError.statusCode, body: { error: fastifyError.message ?? 'Bad request' } };
  }
  return { status: 500, body: { error: 'Internal server error' } };
}
