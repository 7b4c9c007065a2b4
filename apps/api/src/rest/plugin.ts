import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type AppServices, createContext } from '../trpc/context.js';
import { createCaller } from '../trpc/router.js';
import type { AnyRestRoute } from './define-route.js';
import { restRoutes } from './routes.js';

export const errorBodySchema = z
  .object({
    error: z.string(),
    issues: z.unknown().optional(),
    details: z.record(z.string(), z.unknown()).optional(),
  })
  .meta({ id: 'Error' });

/** Registers every route of the REST table; each parses with its zod schemas and calls its procedure. */
export async function restPlugin(app: FastifyInstance, { services }: { services: AppServices }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  for (const route of restRoutes as AnyRestRoute[]) {
    const response: Record<number | string, z.ZodType> = { 200: route.response, '4xx': errorBodySchema };
    for (const status of route.alsoAnswers ?? []) response[status] = route.response;
    api.route({
      method: route.method,
      url: route.url,
      schema: {
        summary: route.summary,
        tags: route.tags,
        ...(route.params ? { params: route.params } : {}),
        ...(route.query ? { querystring: route.query } : {}),
        ...(route.body ? { body: route.body } : {}),
        response,
      },
      handler: async (request, reply) => {
        const caller = createCaller(await createContext(services, request, reply));
        const output = await route.call(caller, {
          params: request.params,
          query: request.query,
          body: request.body,
        });
        reply.status(route.status ? route.status(output) : 200);
        return output;
      },
    });
  }
}
