import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { ZodError, z } from 'zod';
import { AppError, describeIssues, refusedInput } from '../errors.js';

export interface ErrorReply {
  status: number;
  body: { error: string; issues?: unknown; details?: Record<string, unknown> };
}

/**
 * Maps anything a REST route can throw to `{ error }` with the right status: AppError by the
 * shared table, TRPCError by tRPC's own status map, validation failures to 400 with the issues,
 * and anything unexpected to a bare 500 (the cause is logged, never sent).
 */
export function errorReply(error: unknown): ErrorReply {
  if (error instanceof TRPCError) {
    const refused = refusedInput(error);
    if (refused) {
      return { status: 400, body: { error: describeIssues(refused), issues: z.flattenError(refused) } };
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
  if (Array.isArray(fastifyError.validation)) {
    // Request validation by the route's zod schemas: answer the schemas' own messages.
    const messages = (fastifyError.validation as { message?: string }[]).map((issue) => issue.message ?? '');
    const text =
      [...new Set(messages.filter(Boolean))].join('; ') || (fastifyError.message ?? 'Invalid request');
    return { status: 400, body: { error: text, issues: fastifyError.validation } };
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
