import type { TRPC_ERROR_CODE_KEY } from '@trpc/server';
import { ZodError } from 'zod';

/**
 * The one error model. Services throw AppError; the tRPC middleware and the REST layer map it
 * through this table, so a code always means the same HTTP status on both doors.
 */
export const appErrorCodes = {
  BAD_REQUEST: { trpc: 'BAD_REQUEST', http: 400 },
  UNAUTHORIZED: { trpc: 'UNAUTHORIZED', http: 401 },
  FORBIDDEN: { trpc: 'FORBIDDEN', http: 403 },
  NOT_FOUND: { trpc: 'NOT_FOUND', http: 404 },
  CONFLICT: { trpc: 'CONFLICT', http: 409 },
  PAYLOAD_TOO_LARGE: { trpc: 'PAYLOAD_TOO_LARGE', http: 413 },
  UNSUPPORTED_MEDIA_TYPE: { trpc: 'UNSUPPORTED_MEDIA_TYPE', http: 415 },
  UNPROCESSABLE: { trpc: 'UNPROCESSABLE_CONTENT', http: 422 },
  TOO_MANY_REQUESTS: { trpc: 'TOO_MANY_REQUESTS', http: 429 },
  UNAVAILABLE: { trpc: 'SERVICE_UNAVAILABLE', http: 503 },
  INTERNAL: { trpc: 'INTERNAL_SERVER_ERROR', http: 500 },
} as const satisfies Record<string, { trpc: TRPC_ERROR_CODE_KEY; http: number }>;

export type AppErrorCode = keyof typeof appErrorCodes;

export class AppError extends Error {
  override readonly name = 'AppError';
  constructor(
    readonly code: AppErrorCode,
    message: string,
    /** Extra fields a client may rely on (e.g. retryAfterSeconds); never internal details. */
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }

  get httpStatus(): number {
    return appErrorCodes[this.code].http;
  }
}

export const httpStatusOf = (code: AppErrorCode): number => appErrorCodes[code].http;

/** The messages of a validation failure, each once (the domain's messages already name their field). */
export function describeIssues(error: ZodError): string {
  return [...new Set(error.issues.map((issue) => issue.message))].join('; ');
}

/**
 * The schema refusal a tRPC error carries when the caller's input was refused (400 on both doors): a ZodError
 * cause, unless it is the procedure's own answer that failed its output schema, which tRPC reports as
 * INTERNAL_SERVER_ERROR 'Output validation failed' (a server bug: a bare 500, its issues never sent).
 */
export function refusedInput(error: { code: string; message: string; cause?: unknown }): ZodError | null {
  if (!(error.cause instanceof ZodError)) return null;
  return error.code === 'INTERNAL_SERVER_ERROR' && error.message === 'Output validation failed'
    ? null
    : error.cause;
}
