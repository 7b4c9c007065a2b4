import { TRPCClientError } from '@trpc/client';

/**
 * A non-OK answer of a plain (REST) call, raised by `throwIfNotOk`. `body` is the parsed JSON body, when
 * there was one.
 */
export class ResponseError extends Error {
  override readonly name = 'ResponseError';
  constructor(
    readonly status: number,
    readonly statusText: string,
    readonly body: unknown,
  ) {
    super(`HTTP ${status}`);
  }
}

/** Raises a `ResponseError` for any non-OK response (spec §8: any non-OK HTTP response raises an error). */
export async function throwIfNotOk(response: Response): Promise<Response> {
  if (response.ok) return response;
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = undefined;
  }
  throw new ResponseError(response.status, response.statusText, body);
}

function nonEmpty(value: unknown): value is string {
  return typeof value === 'string' && value.trim() !== '';
}

/** The first message of a flattened zod error ({ formErrors, fieldErrors }), as the API sends it. */
function firstIssueMessage(issues: unknown): string | undefined {
  if (typeof issues !== 'object' || issues === null) return undefined;
  const { formErrors, fieldErrors } = issues as { formErrors?: unknown; fieldErrors?: unknown };
  if (Array.isArray(formErrors) && nonEmpty(formErrors[0])) return formErrors[0];
  if (typeof fieldErrors === 'object' && fieldErrors !== null) {
    for (const messages of Object.values(fieldErrors)) {
      if (Array.isArray(messages) && nonEmpty(messages[0])) return messages[0];
    }
  }
  return undefined;
}

function statusMessage(status: unknown, statusText: unknown): string | undefined {
  if (nonEmpty(statusText)) return statusText;
  if (typeof status === 'number' && status > 0) return `HTTP ${status}`;
  return undefined;
}

/**
 * What a toast says about a failed call (spec §8): the server's message (a tRPC error's message, or the
 * `error` field of a REST answer), else the response's status text, else 'HTTP {status}', else
 * `fallback`. An error that never reached the server (the network failed) gives `fallback`: its text is
 * the browser's, not the server's.
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof TRPCClientError) {
    // `shape` is set only when the server answered with a tRPC error.
    if (error.shape !== undefined) {
      const data = error.data as { issues?: unknown; httpStatus?: unknown } | undefined;
      // An input the schema refused: its own message rather than the serialised issue list.
      const issue = firstIssueMessage(data?.issues);
      if (issue) return issue;
      if (nonEmpty(error.message)) return error.message;
      return statusMessage(data?.httpStatus, undefined) ?? fallback;
    }
    const response = (error.meta as { response?: unknown } | undefined)?.response;
    if (response instanceof Response) return statusMessage(response.status, response.statusText) ?? fallback;
    return fallback;
  }
  if (error instanceof ResponseError) {
    const body = error.body as { error?: unknown } | undefined;
    if (nonEmpty(body?.error)) return body.error;
    return statusMessage(error.status, error.statusText) ?? fallback;
  }
  return fallback;
}
