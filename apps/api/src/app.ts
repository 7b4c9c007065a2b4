import { randomUUID } from 'node:crypto';
import os from 'node:os';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransformObject, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { createLucia } from './auth/lucia.js';
import { backgroundJobs } from './background-jobs.js';
import { benchJobs, benchRoutes } from './bench-routes.js';
import { dataPaths, type Env } from './env.js';
import { JobQueue } from './jobs/job-queue.js';
import { overloadPlugin } from './limits/overload.js';
import { bulkMailJob } from './mail/mail-job.js';
import { createMailer } from './mail/mailer.js';
import { accountExportFileRoutes } from './modules/account/export.files.js';
import { calendarFeedRoutes } from './modules/calendar/calendar.feed.js';
import { complianceDailyJob } from './modules/compliance/compliance.jobs.js';
import { documentFileRoutes } from './modules/documents/documents.files.js';
import { escalationFileRoutes } from './modules/escalation/escalation.files.js';
import { queueDemoTemplateReadings } from './modules/extraction/extraction.budget.js';
import { extractionFileRoutes } from './modules/extraction/extraction.files.js';
import { queueExtractionWithin } from './modules/extraction/extraction.jobs.js';
import { createDocumentReader, defaultOcrWorkers } from './modules/extraction/reader/index.js';
import { grantFileRoutes } from './modules/grants/grants.files.js';
import { payfastRoutes } from './modules/plan/payfast.routes.js';
import { payfastFormOrigins } from './modules/plan/payfast.service.js';
import { storeMunicipalityCodes } from './modules/properties/properties.service.js';
import { reportRoutes } from './modules/reports/reports.files.js';
import { shareFileRoutes } from './modules/shares/shares.files.js';
import { APP_VERSION } from './modules/system/system.service.js';
import { transferFileRoutes } from './modules/transfers/transfers.files.js';
import { verificationFileRoutes } from './modules/verification/verification.files.js';
import { supplierVerificationLevel } from './modules/verification/verification.js';
import { attachWebhookQueue } from './modules/webhooks/webhook-delivery.js';
import { signedInSecurity } from './rest/define-route.js';
import { errorReply } from './rest/error-reply.js';
import {
  completeOpenApiDocument,
  type OpenApiDocument,
  securitySchemes,
  transformWithExamples,
} from './rest/openapi-answers.js';
import { restPlugin } from './rest/plugin.js';
import { fsStorageRoutes } from './storage/fs-routes.js';
import { FsFileStore } from './storage/fs-store.js';
import { type AppDeps, type AppServices, createContext } from './trpc/context.js';
import { type TrpcHttpOptions, trpcHttpHandler } from './trpc/http-handler.js';
import { type AppRouter, appRouter } from './trpc/router.js';
import { addCacheControl } from './web/cache-control.js';
import {
  defaultWebDistDir,
  isApiPath,
  registerWebApp,
  sendIndexHtml,
  servesIndexHtml,
} from './web/web-app.js';

export interface BuildAppOptions {
  logger?: FastifyServerOptions['logger'];
  /**
   * Called with the bare app before any plugin or route is added, so the hooks it adds see every request
   * (tests check every REST answer against the OpenAPI document this way: test/support/conformance.ts).
   */
  beforeRoutes?: (app: FastifyInstance) => void;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** What procedures and jobs receive; for tools and tests that work beside the HTTP doors. */
    services: AppServices;
  }
}

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/** Origins outside our own that the browser must reach: the S3 endpoint for presigned PUT/GET. */
function storageOrigins(env: Env): string[] {
  const endpoint = env.STORAGE_DRIVER === 's3' ? (env.S3_PUBLIC_ENDPOINT ?? env.S3_ENDPOINT) : undefined;
  return endpoint ? [new URL(endpoint).origin] : [];
}

/** Paths whose next segment is a secret link's token: never written to the log. */
const TOKEN_PATHS = /(\/(?:api\/share|api\/invites|api\/calendar|share|invite)\/)[^/?#]+/g;

/**
 * A request as the log records it, without the secrets a URL can carry: the token of a share link, an
 * upload invite or a calendar feed, and tRPC's query input (which carries those tokens too).
 */
export function redactUrl(url: string): string {
  const [path = '', query] = url.split('?', 2);
  const safePath = path.replace(TOKEN_PATHS, '$1[token]');
  if (query === undefined) return safePath;
  return path.startsWith('/trpc/') ? `${safePath}?[input]` : `${safePath}?${query}`;
}

function requestForLog(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
  };
}

/**
 * Builds the whole HTTP application from its dependencies. main.ts and the tests both use it;
 * closing the app closes the database.
 */
export async function buildApp(deps: AppDeps, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const { env } = deps;
  const app = Fastify({
    // Whatever logger is asked for, requests are logged without the tokens their URLs can carry.
    logger:
      options.logger === false
        ? false
        : {
            level: env.LOG_LEVEL,
            ...(typeof options.logger === 'object' ? options.logger : {}),
            serializers: { req: requestForLog },
          },
    trustProxy: env.TRUST_PROXY,
    // tRPC batches put several procedure names in one path segment.
    routerOptions: { maxParamLength: 5000 },
    requestIdHeader: false,
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    bodyLimit: 1024 * 1024,
  });
  const mailer = createMailer({
    smtpUrl: env.SMTP_URL,
    from: env.MAIL_FROM,
    outboxDir: dataPaths(env).outbox,
    log: app.log,
  });
  const jobs = new JobQueue<AppServices>(deps.db, {
    log: app.log,
    worker: env.JOBS_WORKER,
    pollSeconds: env.JOBS_POLL_SECONDS,
    perSecond: { [bulkMailJob.name]: env.MAIL_BULK_PER_SECOND },
  });
  const services: AppServices = {
    ...deps,
    lucia: createLucia(deps.db.db),
    mailer,
    jobs,
    issuerLevel: supplierVerificationLevel,
    queueReadingWithin: (trx, organizationId, documentIds) =>
      queueExtractionWithin(services, trx, organizationId, documentIds),
    reader: createDocumentReader({
      workers: env.OCR_WORKERS ?? defaultOcrWorkers(os.availableParallelism()),
      pageLimit: env.OCR_PAGE_LIMIT,
      timeLimitSeconds: env.OCR_TIME_LIMIT_SECONDS,
      onWorkerError: (error) => app.log.error({ err: error }, 'OCR worker error'),
    }),
  };
  // Events reported where only the database is in hand (a compliance check) reach this app's queue.
  attachWebhookQueue(services);
  app.decorate('services', services);
  options.beforeRoutes?.(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  addCacheControl(app);
  await app.register(overloadPlugin, { db: deps.db, limits: env, isApiPath, errorReply });
  // Closing: stop taking jobs and let running ones finish (or be retried later), then the database.
  app.addHook('onClose', async () => {
    await jobs.stop(env.SHUTDOWN_TIMEOUT_MS);
    mailer.close();
    await services.reader.close();
    await deps.db.close();
  });

  const external = storageOrigins(env);
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        // WebAssembly (the browser's SHA-256 of an upload) needs 'wasm-unsafe-eval'; JS eval stays forbidden.
        scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
        // Mantine sets inline style attributes and injects <style> for CSS variables.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...external],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...external],
        // The SHA-256 of an upload is computed in a Web Worker.
        workerSrc: ["'self'", 'blob:'],
        frameSrc: ["'self'", ...external],
        frameAncestors: ["'self'"],
        objectSrc: ["'none'"],
        // Upgrade posts its signed form to PayFast's hosted page (issue 31 §5).
        formAction: ["'self'", ...payfastFormOrigins(env)],
      },
    },
    // Cross-origin isolation headers would block presigned S3 URLs and PDF previews.
    crossOriginEmbedderPolicy: false,
  });
  await app.register(fastifyCookie);

  app.setErrorHandler((error, request, reply) => {
    const { status, body } = errorReply(error);
    if (typeof body.details?.retryAfterSeconds === 'number')
      reply.header('retry-after', body.details.retryAfterSeconds);
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ status, error: body.error }, 'request refused');
    return reply.status(status).send(body);
  });

  const webAppServed = await registerWebApp(app, env.WEB_DIST_DIR ?? defaultWebDistDir());
  app.setNotFoundHandler(async (request, reply) => {
    if (
      servesIndexHtml(request.url) &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      webAppServed
    ) {
      return sendIndexHtml(reply);
    }
    return reply.status(404).send({ error: `Not found: ${request.method} ${request.url.split('?')[0]}` });
  });

  // OpenAPI from the REST table's zod schemas.
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'PropertyDNA API',
        version: APP_VERSION,
        description: 'REST compatibility layer. Every route calls the same procedure as the web app.',
      },
      servers: [{ url: '/', description: 'The server that serves this document' }],
      components: { securitySchemes },
      // Every operation needs a session unless it says otherwise (public procedures and links say []).
      security: signedInSecurity,
    },
    // Only the REST table's routes (all tagged) are documented; tRPC and file-store URLs are not.
    hideUntagged: true,
    transform: transformWithExamples,
    // The zod schemas as components, then what every operation answers (rest/openapi-answers.ts).
    transformObject: (document) =>
      completeOpenApiDocument(jsonSchemaTransformObject(document) as OpenApiDocument) as never,
  });
  // The docs UI loads only its own scripts, so the app's CSP (above) covers it. Past 100 operations it
  // draws only those in view (it virtualises the list): the filter box (by tag) and deep links
  // (/api/docs#/system/get_api_health) find one without scrolling.
  await app.register(fastifySwaggerUi, {
    routePrefix: '/api/docs',
    uiConfig: { deepLinking: true, filter: true },
  });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  await app.register(restPlugin, { services });
  await app.register(documentFileRoutes, { services });
  await app.register(extractionFileRoutes, { services });
  await app.register(shareFileRoutes, { services });
  await app.register(grantFileRoutes, { services });
  await app.register(calendarFeedRoutes, { services });
  await app.register(reportRoutes, { services });
  await app.register(escalationFileRoutes, { services });
  await app.register(transferFileRoutes, { services });
  await app.register(accountExportFileRoutes, { services });
  await app.register(verificationFileRoutes, { services });
  await app.register(payfastRoutes, { services });

  const trpc: TrpcHttpOptions<AppRouter> = {
    router: appRouter,
    createContext: (req, res) => createContext(services, req, res),
    onError: ({ error, path, ctx, req }) => {
      if (error.code === 'INTERNAL_SERVER_ERROR')
        (ctx?.log ?? req.log).error({ err: error.cause ?? error, path }, 'procedure failed');
    },
  };
  if (env.BENCH_ROUTES) {
    // The benchmark's baseline: a plain route in the same process, with the same hooks and headers.
    app.get('/__bench/bare', { schema: { hide: true } }, async () => ({ ok: true }));
    app.register(benchRoutes, { services, trpc });
  }

  await app.register(trpcHttpHandler, { prefix: '/trpc', ...trpc });

  if (deps.store instanceof FsFileStore) {
    await app.register(fsStorageRoutes, { store: deps.store });
  }

  await storeMunicipalityCodes(deps.db.db);
  await jobs.start(services, env.BENCH_ROUTES ? [...backgroundJobs, ...benchJobs] : backgroundJobs);
  // Properties checked on an earlier day (or never, e.g. before an upgrade) are checked again now.
  if (env.JOBS_WORKER) await jobs.send(complianceDailyJob, {});
  // The demo templates' documents, read once (private demos copy their readings).
  if (env.JOBS_WORKER) await queueDemoTemplateReadings(services);
  return app;
}
