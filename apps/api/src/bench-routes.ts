import { randomUUID } from 'node:crypto';
import { type FastifyTRPCPluginOptions, fastifyTRPCPlugin } from '@trpc/server/adapters/fastify';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import { signedIn } from './auth/signed-in.js';
import { defineJob } from './jobs/job-queue.js';
import { type MailLane, queueMailsWithin } from './mail/mail-job.js';
import { emailAlertsJob } from './modules/notifications/notifications.jobs.js';
import type { AppServices } from './trpc/context.js';
import type { TrpcHttpOptions } from './trpc/http-handler.js';
import type { AppRouter } from './trpc/router.js';

/** The one object every bench-seeded document names (never stored: the bench lists, it does not download). */
const BENCH_OBJECT_KEY = 'ab/ab000000000000000000000000000000';

/** How many bench no-op jobs this process has run (GET /__bench/jobs/noop). */
let noopsDone = 0;

/**
 * A job that does nothing (registered with BENCH_ROUTES only): `pnpm bench` measures what one queue
 * moves, fetch to settle, without work of its own. Settings of an ordinary queue of short jobs.
 */
export const benchNoopJob = defineJob<{ n: number }, AppServices>({
  name: 'bench.noop',
  data: z.object({ n: z.number().int() }),
  concurrency: 8,
  batchSize: 4,
  retryLimit: 0,
  deleteAfterSeconds: 3600,
  run: async () => {
    noopsDone += 1;
  },
});
export const benchJobs = [benchNoopJob];

/** Rows written per transaction when the bench queues jobs in bulk. */
const QUEUE_CHUNK = 500;

/**
 * Benchmark-only routes (registered with BENCH_ROUTES=true, never otherwise): fills the caller's
 * organisation with many properties and documents in two statements, so `pnpm bench` can measure
 * the portfolio list at scale without hours of API calls; and serves the same procedures through
 * tRPC's stock Fastify adapter at /__bench/trpc-stock, so the bench (and the wire test) can set the
 * app's own tRPC handler beside it.
 */
export async function benchRoutes(
  app: FastifyInstance,
  { services, trpc }: { services: AppServices; trpc: TrpcHttpOptions<AppRouter> },
) {
  await app.register(fastifyTRPCPlugin, {
    prefix: '/__bench/trpc-stock',
    trpcOptions: {
      router: trpc.router,
      createContext: ({ req, res }) => trpc.createContext(req, res),
      onError: (opts) => trpc.onError?.(opts),
    },
  } satisfies FastifyTRPCPluginOptions<AppRouter>);

  app.withTypeProvider<ZodTypeProvider>().post(
    '/__bench/seed-portfolio',
    {
      schema: {
        hide: true,
        body: z.object({
          properties: z.number().int().min(1).max(10_000),
          documentsPerProperty: z.number().int().min(0).max(100),
        }),
      },
    },
    async (request, reply) => {
      const { actor } = await signedIn(services, request, reply);
      const { properties, documentsPerProperty } = request.body;
      const db = services.db.db;
      await sql`
        insert into properties (organization_id, dna_code, parcel_key, name, address, municipality, parcel_id, township)
        select ${actor.organizationId}, 'BENCH-' || ${actor.organizationId} || '-' || g, 'BENCH-' || g,
               'Bench property ' || g, g || ' Long Street, Cape Town', 'City of Cape Town', 'B' || g, 'City Bowl'
        from generate_series(1, ${properties}::int) g`.execute(db);
      // The documents all name one (absent) object, which their foreign key needs a row for.
      await sql`insert into stored_objects (storage_key) values (${BENCH_OBJECT_KEY}) on conflict do nothing`.execute(
        db,
      );
      await sql`
        insert into documents (organization_id, property_id, kind, name, storage_key, sha256, bytes, content_type,
                               source, expires_at, created_at)
        select p.organization_id, p.id, (array['deed','certificate','policy','inspection'])[1 + d % 4],
               'Document ' || d || '.pdf', ${BENCH_OBJECT_KEY}, repeat('a', 64), 1024 * d,
               'application/pdf', 'owner_upload',
               case when d % 4 in (1, 2) then now() + (d * 7 || ' days')::interval end,
               now() - (d || ' hours')::interval
        from properties p cross join generate_series(1, ${documentsPerProperty}::int) d
        where p.organization_id = ${actor.organizationId} and p.dna_code like 'BENCH-%'`.execute(db);
      // As after any bulk load: statistics for the planner; and the property rows' dead versions
      // (the triggers updated each property's figures once per document) cleared, as autovacuum would.
      await sql`vacuum analyze properties, organizations`.execute(db);
      await sql`analyze documents`.execute(db);
      return { ok: true };
    },
  );

  const jobs = app.withTypeProvider<ZodTypeProvider>();
  const db = services.db.db;

  /** Queues `count` messages on a mail lane (to example.co.za addresses), 500 to a transaction. */
  jobs.post(
    '/__bench/mail',
    {
      schema: {
        hide: true,
        body: z.object({ count: z.number().int().min(1).max(100_000), lane: z.enum(['urgent', 'bulk']) }),
      },
    },
    async (request) => {
      const { count, lane } = request.body;
      for (let from = 0; from < count; from += QUEUE_CHUNK) {
        const chunk = Array.from({ length: Math.min(QUEUE_CHUNK, count - from) }, (_, i) => ({
          jobId: randomUUID(),
          message: {
            to: `bench-${from + i}@example.co.za`,
            subject: `Bench ${lane} ${from + i}`,
            text: 'A bench message.',
            html: '<p>A bench message.</p>',
          },
        }));
        await db.transaction().execute((trx) => queueMailsWithin(services, trx, lane as MailLane, chunk));
      }
      return { queued: count };
    },
  );

  /** Queues `count` no-op jobs; GET answers how many this process has run so far. */
  jobs.post(
    '/__bench/jobs/noop',
    { schema: { hide: true, body: z.object({ count: z.number().int().min(1).max(100_000) }) } },
    async (request) => {
      const { count } = request.body;
      for (let from = 0; from < count; from += QUEUE_CHUNK) {
        const chunk = Array.from({ length: Math.min(QUEUE_CHUNK, count - from) }, (_, i) => ({
          id: randomUUID(),
          data: { n: from + i },
        }));
        await db.transaction().execute((trx) => services.jobs.sendManyWithin(trx, benchNoopJob, chunk));
      }
      return { queued: count };
    },
  );
  jobs.get('/__bench/jobs/noop', { schema: { hide: true } }, async () => ({ done: noopsDone }));

  /**
   * `users` Premium owners with alerts on, each in an organisation of their own with one property whose
   * task was due yesterday: every one of them gets a digest in the next daily round.
   */
  jobs.post(
    '/__bench/seed-alert-users',
    { schema: { hide: true, body: z.object({ users: z.number().int().min(1).max(100_000) }) } },
    async (request) => {
      const { users } = request.body;
      await sql`
        insert into organizations (name, account_type, plan)
        select 'Bench alerts ' || g, 'individual', 'premium' from generate_series(1, ${users}::int) g`.execute(
        db,
      );
      await sql`
        insert into users (organization_id, email, password_hash, first_name, last_name, user_type, email_verified_at)
        select o.id, 'alerts-' || substr(o.name, 14) || '@example.co.za', 'bench-no-login', 'Bench', 'Owner', 'homeowner', now()
        from organizations o where o.name like 'Bench alerts %'`.execute(db);
      await sql`
        insert into properties (organization_id, dna_code, parcel_key, name, address, municipality, parcel_id)
        select o.id, 'ALERT-' || o.id, 'ALERT-' || o.id, 'Alert house ' || substr(o.name, 14),
               '1 Bench Road, Cape Town', 'City of Cape Town', 'A' || substr(o.name, 14)
        from organizations o where o.name like 'Bench alerts %'`.execute(db);
      await sql`
        insert into maintenance_tasks (organization_id, property_id, title, frequency, priority, next_due)
        select p.organization_id, p.id, 'Service the geyser', 'annually', 'medium', current_date - 1
        from properties p where p.dna_code like 'ALERT-%'`.execute(db);
      await sql`analyze organizations, users, properties, maintenance_tasks`.execute(db);
      return { ok: true };
    },
  );

  /** Queues the daily alert round now (as its schedule does); GET …/{id} answers the round job's state. */
  jobs.post('/__bench/jobs/daily-alerts', { schema: { hide: true } }, async () => ({
    id: await services.jobs.send(emailAlertsJob, {}),
  }));
  jobs.get(
    '/__bench/jobs/daily-alerts/:id',
    { schema: { hide: true, params: z.object({ id: z.uuid() }) } },
    async (request) => ({ state: (await services.jobs.jobState(emailAlertsJob, request.params.id))?.state }),
  );
}
