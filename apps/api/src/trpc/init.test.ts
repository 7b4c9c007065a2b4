import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError, type AppErrorCode, appErrorCodes } from '../errors.js';
import { errorReply } from '../rest/error-reply.js';
import type { Context } from './context.js';
import { type TrpcHttpOptions, trpcHttpHandler } from './http-handler.js';
import { createCallerFactory, publicProcedure, router } from './init.js';

// A router of the app's own procedure builder, throwing what services throw.
const testRouter = router({
  fail: publicProcedure.input(z.object({ code: z.string() })).query(({ input }) => {
    throw new AppError(input.code as AppErrorCode, `failed with ${input.code}`, { retryAfterSeconds: 60 });
  }),
  crash: publicProcedure.query(() => {
    throw new Error('connection string postgres://secret@db leaked');
  }),
  strict: publicProcedure
    .input(z.object({ n: z.number().int().min(1, 'n must be at least 1') }))
    .query(({ input }) => input.n),
  // A server bug: the answer does not match its own schema (the caller's input was fine).
  badAnswer: publicProcedure
    .output(z.object({ count: z.number() }))
    .query(() => ({ count: 'many' }) as unknown as { count: number }),
});
const caller = createCallerFactory(testRouter)({} as Context);

describe('AppError → tRPC code → HTTP status (one table)', () => {
  for (const [code, { trpc, http }] of Object.entries(appErrorCodes)) {
    it(`${code} → ${trpc} → ${http}`, async () => {
      const error = await caller.fail({ code }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(TRPCError);
      expect((error as TRPCError).code).toBe(trpc);
      expect((error as TRPCError).message).toBe(`failed with ${code}`);
      expect(getHTTPStatusCodeFromError(error as TRPCError)).toBe(http);
      // The REST door answers the same status and message.
      expect(errorReply(error)).toEqual({
        status: http,
        body: { error: `failed with ${code}`, details: { retryAfterSeconds: 60 } },
      });
    });
  }
});

describe('tRPC error shape', () => {
  it('answers a refused input with its schema messages, not the serialised issues', async () => {
    const app = (await import('fastify')).default();
    await app.register(trpcHttpHandler, {
      prefix: '/trpc',
      router: testRouter,
      createContext: async () => ({}) as Context,
    });
    const res = await app.inject({
      method: 'GET',
      url: `/trpc/strict?input=${encodeURIComponent('{"n":0}')}`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('n must be at least 1');
    expect(res.json().error.data.issues).toEqual({
      formErrors: [],
      fieldErrors: { n: ['n must be at least 1'] },
    });
    await app.close();
  });

  it('answers an unexpected failure with a bare 500 and reports it to onError with its cause', async () => {
    const app = (await import('fastify')).default();
    const reported: unknown[] = [];
    const options: TrpcHttpOptions<typeof testRouter> = {
      router: testRouter,
      createContext: async () => ({}) as Context,
      onError: ({ error, path, type }) => reported.push({ code: error.code, cause: error.cause, path, type }),
    };
    await app.register(trpcHttpHandler, { prefix: '/trpc', ...options });
    const res = await app.inject({ method: 'GET', url: '/trpc/crash' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      error: {
        message: 'Internal server error',
        code: -32603,
        data: { code: 'INTERNAL_SERVER_ERROR', httpStatus: 500, path: 'crash' },
      },
    });
    expect(reported).toEqual([
      { code: 'INTERNAL_SERVER_ERROR', cause: expect.any(Error), path: 'crash', type: 'query' },
    ]);
    await app.close();
  });
});

describe("an answer that fails its own schema is the server's fault", () => {
  it('tRPC: a bare 500, no issues, reported with its cause', async () => {
    const app = (await import('fastify')).default();
    const reported: unknown[] = [];
    const options: TrpcHttpOptions<typeof testRouter> = {
      router: testRouter,
      createContext: async () => ({}) as Context,
      onError: ({ error }) => reported.push({ code: error.code, cause: error.cause }),
    };
    await app.register(trpcHttpHandler, { prefix: '/trpc', ...options });
    const res = await app.inject({ method: 'GET', url: '/trpc/badAnswer' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      error: {
        message: 'Internal server error',
        code: -32603,
        data: { code: 'INTERNAL_SERVER_ERROR', httpStatus: 500, path: 'badAnswer' },
      },
    });
    expect(reported).toEqual([{ code: 'INTERNAL_SERVER_ERROR', cause: expect.any(z.ZodError) }]);
    await app.close();
  });

  it("REST: a bare 500, never 400 with the schema's issues", async () => {
    const error = await caller.badAnswer().catch((e: unknown) => e);
    expect(errorReply(error)).toEqual({ status: 500, body: { error: 'Internal server error' } });
  });
});

describe('REST error replies', () => {
  it('hides unexpected errors behind a bare 500', async () => {
    const error = await caller.crash().catch((e: unknown) => e);
    expect(errorReply(error)).toEqual({ status: 500, body: { error: 'Internal server error' } });
  });

  it('answers input validation failures with 400, the message and the issues', async () => {
    const error = await caller.strict({ n: 0 }).catch((e: unknown) => e);
    const reply = errorReply(error);
    expect(reply.status).toBe(400);
    expect(reply.body.error).toBe('n must be at least 1');
    expect(reply.body.issues).toEqual({ formErrors: [], fieldErrors: { n: ['n must be at least 1'] } });
  });
});
