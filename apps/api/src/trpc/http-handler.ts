import {
  type AnyTRPCProcedure,
  type AnyTRPCRouter,
  getTRPCErrorFromUnknown,
  getTRPCErrorShape,
  type inferRouterContext,
  TRPCError,
  type TRPCProcedureType,
  transformTRPCResponse,
} from '@trpc/server';
import { getHTTPStatusCode } from '@trpc/server/http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, appErrorCodes } from '../errors.js';
import { stringifyTrpcAnswer } from '../json-text.js';

/**
 * tRPC's HTTP protocol spoken directly on Fastify's request and reply: what the stock
 * `@trpc/server/adapters/fastify` answers, without turning every request into a Fetch `Request`
 * (URL, Headers, an AbortController whose abort builds a DOMException after every answer) and every
 * answer into a streamed `Response` (a chunked body). Procedures, context, errorFormatter, the
 * transformer and the status rules are tRPC's own; only that adaptation is replaced.
 *
 * Served: queries (GET, `?input=` JSON), mutations (POST, JSON body), batches of either (`?batch=1`,
 * comma-separated paths, inputs keyed by index) and HEAD (204), with tRPC's answers for an unknown
 * procedure, a method that does not fit the procedure, a malformed input and mixed batches.
 * Not served, because the app has none and the web client uses none: subscriptions, lazy routers,
 * FormData or binary inputs, and streamed batches (httpBatchStreamLink); each is refused clearly.
 */
export interface TrpcHttpOptions<TRouter extends AnyTRPCRouter> {
  router: TRouter;
  createContext: (req: FastifyRequest, res: FastifyReply) => Promise<inferRouterContext<TRouter>>;
  onError?: (opts: {
    error: TRPCError;
    type: TRPCProcedureType | 'unknown';
    path: string | undefined;
    input: unknown;
    ctx: inferRouterContext<TRouter> | undefined;
    req: FastifyRequest;
  }) => void;
}

type ProcedureType = TRPCProcedureType | 'unknown';
type Outcome = { error: TRPCError; data?: undefined } | { error?: undefined; data: unknown };

/** The one method each procedure type accepts (tRPC's map without method override). */
const METHOD: Record<TRPCProcedureType, string> = { query: 'GET', mutation: 'POST', subscription: 'GET' };

/** A Fastify plugin: register it with `{ prefix: '/trpc', router, createContext, onError }`. */
export async function trpcHttpHandler<TRouter extends AnyTRPCRouter>(
  app: FastifyInstance,
  options: TrpcHttpOptions<TRouter>,
) {
  const { router } = options;
  assertServable(router);

  // As in the stock adapter, a JSON body reaches the handler as text, so a malformed one is answered
  // in tRPC's shape (and only when a procedure reads its input). Any other body is left unread and
  // refused below with 415, instead of Fastify's own error shape.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => done(null, body));
  app.addContentTypeParser('*', (_req, _payload, done) => done(null, undefined));

  app.all<{ Params: { path: string } }>('/:path', async (request, reply) => {
    // tRPC answers HEAD (a health check of the endpoint) with an empty 204.
    if (request.method === 'HEAD') return reply.code(204).send();
    const { status, body } = await respond(options, request, reply);
    return (
      reply
        .code(status)
        .header('vary', 'trpc-accept, accept')
        // Fastify names the charset of every JSON answer (the stock adapter's has none; clients ignore it).
        .header('content-type', 'application/json; charset=utf-8')
        .send(body)
    );
  });
}

/** Refuses, at start-up, a router with what this handler does not serve. */
function assertServable(router: AnyTRPCRouter) {
  if (Object.keys(router._def.lazy).length > 0)
    throw new Error('trpcHttpHandler does not serve lazy routers');
  for (const [path, procedure] of Object.entries(
    router._def.procedures as Record<string, AnyTRPCProcedure>,
  )) {
    if (procedure._def.type === 'subscription')
      throw new Error(`trpcHttpHandler does not serve subscriptions (${path})`);
  }
}

/** One call of a request: a batch has several. */
interface Call {
  path: string;
  procedure: AnyTRPCProcedure | undefined;
}

async function respond<TRouter extends AnyTRPCRouter>(
  options: TrpcHttpOptions<TRouter>,
  request: FastifyRequest<{ Params: { path: string } }>,
  reply: FastifyReply,
): Promise<{ status: number; body: string }> {
  const { router, onError } = options;
  const config = router._def._config;
  const query = request.query as Record<string, string | string[] | undefined>;
  const isBatch = first(query.batch) === '1';
  let ctx: inferRouterContext<TRouter> | undefined;
  let type: ProcedureType = 'unknown';
  try {
    checkContentType(request);
    const path = decodePath(request.params.path);
    const procedures = router._def.procedures as Record<string, AnyTRPCProcedure>;
    const calls: Call[] = (isBatch ? path.split(',') : [path]).map((p) => ({
      path: p,
      procedure: procedures[p],
    }));
    type = callType(calls);
    if (isStreamCall(request))
      throw new TRPCError({
        code: 'BAD_REQUEST',
        message: isBatch
          ? 'Streamed batches are not served: use httpBatchLink'
          : 'Streaming requests must be batched (you can do a batch of 1)',
      });

    let contextError: TRPCError | undefined;
    try {
      ctx = await options.createContext(request, reply);
    } catch (cause) {
      // A refusal while the caller is resolved (an API token past its rate limit: 429) keeps its status,
      // as a procedure's AppError does.
      contextError =
        cause instanceof AppError
          ? new TRPCError({ code: appErrorCodes[cause.code].trpc, message: cause.message, cause })
          : getTRPCErrorFromUnknown(cause);
    }
    const inputs = lazyInputs(request, isBatch, calls.length, config.transformer.input.deserialize);

    const outcomes = await Promise.all(
      calls.map(async ({ path: callPath, procedure }, index): Promise<Outcome> => {
        try {
          if (!procedure)
            throw new TRPCError({ code: 'NOT_FOUND', message: `No procedure found on path "${callPath}"` });
          const procedureType = procedure._def.type;
          if (METHOD[procedureType] !== request.method)
            throw new TRPCError({
              code: 'METHOD_NOT_SUPPORTED',
              message: `Unsupported ${request.method}-request to ${procedureType} procedure at path "${callPath}"`,
            });
          if (contextError) throw contextError;
          const data = await procedure({
            path: callPath,
            getRawInput: async () => (await inputs.read())[index],
            ctx,
            type: procedureType,
            // No procedure reads an abort signal, so none is built: the stock adapter's per-request
            // AbortController, aborted after every answer, cost more than the procedure itself.
            signal: undefined,
            batchIndex: index,
          });
          return { data };
        } catch (cause) {
          const error = getTRPCErrorFromUnknown(cause);
          const callType = procedure?._def.type ?? 'unknown';
          onError?.({
            error,
            type: callType,
            path: callPath,
            input: inputs.result(index),
            ctx,
            req: request,
          });
          return { error };
        }
      }),
    );

    const answers = outcomes.map(({ error, data }, index) => {
      if (!error) return { result: { data } };
      const call = calls[index] as Call;
      const callType = isBatch ? (call.procedure?._def.type ?? 'unknown') : type;
      return {
        error: getTRPCErrorShape({
          config,
          error,
          type: callType,
          path: call.path,
          input: inputs.result(index),
          ctx,
        }),
      };
    });
    const untransformed = isBatch ? answers : answers[0];
    // Status rules are tRPC's: the error's status, 200, or 207 for a batch with mixed statuses.
    const status = getHTTPStatusCode(untransformed as Parameters<typeof getHTTPStatusCode>[0]);
    return { status, body: stringifyTrpcAnswer(transformTRPCResponse(config, untransformed as never)) };
  } catch (cause) {
    // A request tRPC refuses as a whole (media type, mixed procedure types, an unserialisable answer):
    // one error, even for a batch, as the stock adapter answers.
    const error = getTRPCErrorFromUnknown(cause);
    onError?.({ error, type, path: undefined, input: undefined, ctx, req: request });
    const shape = getTRPCErrorShape({ config, error, type, path: undefined, input: undefined, ctx });
    const untransformed = { error: shape };
    return {
      status: getHTTPStatusCode(untransformed),
      body: JSON.stringify(transformTRPCResponse(config, untransformed)),
    };
  }
}

function first(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/**
 * tRPC decodes the path segment once more than Fastify does; a segment that does not decode names no
 * procedure (answered NOT_FOUND rather than as a server error).
 */
function decodePath(path: string): string {
  if (!path.includes('%')) return path;
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/** A GET carries its input in the URL; anything else must send JSON. */
function checkContentType(request: FastifyRequest) {
  if (request.method === 'GET') return;
  const contentType = request.headers['content-type'];
  if (contentType?.startsWith('application/json')) return;
  throw new TRPCError({
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: contentType ? `Unsupported content-type "${contentType}` : 'Missing content-type header',
  });
}

/** The procedures of one request must be of one type (tRPC refuses a batch of queries and mutations). */
function callType(calls: Call[]): ProcedureType {
  const types = new Set(calls.flatMap((call) => (call.procedure ? [call.procedure._def.type] : [])));
  if (types.size > 1)
    throw new TRPCError({
      code: 'BAD_REQUEST',
      message: `Cannot mix procedure types in call: ${[...types].join(', ')}`,
    });
  return types.values().next().value ?? 'unknown';
}

/** What tRPC takes for a request for a streamed answer (httpBatchStreamLink). */
function isStreamCall(request: FastifyRequest): boolean {
  const { accept } = request.headers;
  return Boolean(
    request.headers['trpc-accept'] || accept?.split(',').some((type) => type.trim() === 'application/jsonl'),
  );
}

/**
 * The calls' inputs, parsed once and only when a procedure asks for its input (as tRPC does): a
 * malformed input fails the calls that read it with BAD_REQUEST.
 */
function lazyInputs(
  request: FastifyRequest,
  isBatch: boolean,
  count: number,
  deserialize: (input: unknown) => unknown,
) {
  let parsed: Record<number, unknown> | undefined;
  let failure: TRPCError | undefined;
  const parse = (): Record<number, unknown> => {
    const raw = readRaw(request);
    const inputs: Record<number, unknown> = Object.create(null);
    if (raw === undefined) return inputs;
    if (!isBatch) {
      inputs[0] = deserialize(raw);
      return inputs;
    }
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
      throw new TRPCError({
        code: 'BAD_REQUEST',
        message: '"input" needs to be an object when doing a batch call',
      });
    for (let index = 0; index < count; index++) {
      const input = (raw as Record<number, unknown>)[index];
      if (input !== undefined) inputs[index] = deserialize(input);
    }
    return inputs;
  };
  return {
    async read(): Promise<Record<number, unknown>> {
      if (parsed) return parsed;
      if (failure) throw failure;
      try {
        parsed = parse();
        return parsed;
      } catch (cause) {
        failure =
          cause instanceof TRPCError
            ? cause
            : new TRPCError({
                code: 'BAD_REQUEST',
                message: cause instanceof Error ? cause.message : 'Invalid input',
                cause,
              });
        throw failure;
      }
    },
    /** The parsed input of a call, if it was read (for onError and the errorFormatter). */
    result: (index: number): unknown => parsed?.[index],
  };
}

/** The request's raw input: `?input=` of a GET (absent → none), the JSON body of anything else. */
function readRaw(request: FastifyRequest): unknown {
  if (request.method === 'GET') {
    const input = first((request.query as Record<string, string | string[] | undefined>).input);
    return input ? JSON.parse(input) : undefined;
  }
  return JSON.parse(typeof request.body === 'string' ? request.body : '');
}
