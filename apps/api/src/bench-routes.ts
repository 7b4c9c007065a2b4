import { type FastifyTRPCPluginOptions, fastifyTRPCPlugin } from '@trpc/server/adapters/fastify';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import { resolveActor } from './auth/actor.js';
import { AppError } from './errors.js';
import type { AppServices } from './trpc/context.js';
import type { TrpcHttpOptions } from './trpc/http-handler.js';
import type { AppRouter } from './trpc/router.js';

/** The one object every bench-seeded document names (never stored: the bench lists, it does not download). */
const BENCH_OBJECT_KEY = 'ab/ab000000000000000000000000000000';

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
      const actor = await resolveActor(services.lucia, request, reply);
      if (!actor) throw new AppError('UNAUTHORIZED', 'Not signed in');
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
}
