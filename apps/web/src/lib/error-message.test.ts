import { TRPCClientError } from '@trpc/client';
import { describe, expect, it } from 'vitest';
import { errorMessage, ResponseError, throwIfNotOk } from './error-message';

const FALLBACK = 'Failed to create account. Please try again.';

/** A tRPC error as the client builds it from the server's error answer. */
function trpcError(message: string, data: Record<string, unknown> = {}) {
  return TRPCClientError.from({ error: { message, code: -32600, data: { code: 'BAD_REQUEST', ...data } } });
}

describe('errorMessage', () => {
  it("uses a tRPC error's server message", () => {
    const error = trpcError('Too many sign-ups from your network. Try again in 12 minutes.', {
      httpStatus: 429,
    });
    expect(errorMessage(error, FALLBACK)).toBe(
      'Too many sign-ups from your network. Try again in 12 minutes.',
    );
  });

  it("prefers the schema's own message to the serialised issue list of a refused input", () => {
    const error = trpcError('[{"code":"custom","path":["email"]}]', {
      httpStatus: 400,
      issues: { formErrors: [], fieldErrors: { email: ['Enter a valid email address'] } },
    });
    expect(errorMessage(error, FALLBACK)).toBe('Enter a valid email address');
  });

  it('uses a form-level issue before the field issues', () => {
    const error = trpcError('x', {
      issues: { formErrors: ['Choose a demo account'], fieldErrors: { account: ['Other'] } },
    });
    expect(errorMessage(error, FALLBACK)).toBe('Choose a demo account');
  });

  it('says HTTP {status} when the server error has no message', () => {
    expect(errorMessage(trpcError('', { httpStatus: 502 }), FALLBACK)).toBe('HTTP 502');
  });

  it('falls back when the server error has neither message nor status', () => {
    expect(errorMessage(trpcError(''), FALLBACK)).toBe(FALLBACK);
  });

  it("uses the status text, else HTTP {status}, when the answer was not tRPC's", () => {
    const withText = TRPCClientError.from(new Error('Unable to transform response from server'), {
      meta: { response: new Response('<html>', { status: 502, statusText: 'Bad Gateway' }) },
    });
    expect(errorMessage(withText, FALLBACK)).toBe('Bad Gateway');
    const withoutText = TRPCClientError.from(new Error('Unable to transform response from server'), {
      meta: { response: new Response('', { status: 503 }) },
    });
    expect(errorMessage(withoutText, FALLBACK)).toBe('HTTP 503');
  });

  it("falls back when the request never reached the server (the browser's text is not the server's)", () => {
    expect(errorMessage(TRPCClientError.from(new TypeError('Failed to fetch')), FALLBACK)).toBe(FALLBACK);
  });

  it('uses the error field of a REST answer', () => {
    expect(
      errorMessage(new ResponseError(401, 'Unauthorized', { error: 'Invalid email or password' }), FALLBACK),
    ).toBe('Invalid email or password');
  });

  it('uses the status text of a REST answer without an error field, else HTTP {status}', () => {
    expect(errorMessage(new ResponseError(500, 'Internal Server Error', 'oops'), FALLBACK)).toBe(
      'Internal Server Error',
    );
    expect(errorMessage(new ResponseError(500, '', { error: '' }), FALLBACK)).toBe('HTTP 500');
  });

  it('falls back for anything else', () => {
    expect(errorMessage(new Error('boom'), FALLBACK)).toBe(FALLBACK);
    expect(errorMessage('boom', FALLBACK)).toBe(FALLBACK);
    expect(errorMessage(undefined, FALLBACK)).toBe(FALLBACK);
  });
});

describe('throwIfNotOk', () => {
  it('passes an OK response through', async () => {
    const response = new Response('{}', { status: 200 });
    await expect(throwIfNotOk(response)).resolves.toBe(response);
  });

  it('raises a ResponseError with the parsed body for a non-OK response', async () => {
    const response = new Response(JSON.stringify({ error: 'Share not found or expired.' }), {
      status: 404,
      statusText: 'Not Found',
    });
    const error = await throwIfNotOk(response).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ResponseError);
    expect(errorMessage(error, 'x')).toBe('Share not found or expired.');
  });

  it('keeps a body that is not JSON out of the message', async () => {
    const error = await throwIfNotOk(
      new Response('<h1>down</h1>', { status: 503, statusText: 'Service Unavailable' }),
    ).catch((caught: unknown) => caught);
    expect(errorMessage(error, 'x')).toBe('Service Unavailable');
  });
});
