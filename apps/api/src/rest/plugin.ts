import fastJson, { type AnySchema } from 'fast-json-stringify';
import type { FastifyInstance, FastifySchemaCompiler, FastifySerializerCompiler } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { assertAllowed } from '../auth/permission.js';
import { JsonText } from '../json-text.js';
import { closingRestRoutes } from '../modules/account/closing.rest.js';
import { accountExportRestRoutes } from '../modules/account/export.rest.js';
import { ledgerRestRoutes } from '../modules/account/ledger.rest.js';
import { apiTokensRestRoutes } from '../modules/auth/api-tokens.rest.js';
import { authRestRoutes } from '../modules/auth/auth.rest.js';
import { calendarRestRoutes } from '../modules/calendar/calendar.rest.js';
import { complianceRestRoutes } from '../modules/compliance/compliance.rest.js';
import { demoRestRoutes } from '../modules/demo/demo.rest.js';
import { documentsRestRoutes } from '../modules/documents/documents.rest.js';
import { escalationRestRoutes } from '../modules/escalation/escalation.rest.js';
import { extractionRestRoutes } from '../modules/extraction/extraction.rest.js';
import { grantsRestRoutes } from '../modules/grants/grants.rest.js';
import { maintenanceRestRoutes } from '../modules/maintenance/maintenance.rest.js';
import { notificationsRestRoutes } from '../modules/notifications/notifications.rest.js';
import { organizationsRestRoutes } from '../modules/organizations/organizations.rest.js';
import { planRestRoutes } from '../modules/plan/plan.rest.js';
import { policiesRestRoutes } from '../modules/policies/policies.rest.js';
import { privacyRestRoutes } from '../modules/privacy/privacy.rest.js';
import { propertiesRestRoutes } from '../modules/properties/properties.rest.js';
import { reportsRestRoutes } from '../modules/reports/reports.rest.js';
import { sharesRestRoutes } from '../modules/shares/shares.rest.js';
import { supplierRestRoutes } from '../modules/supplier/supplier.rest.js';
import { systemRestRoutes } from '../modules/system/system.rest.js';
import { transfersRestRoutes } from '../modules/transfers/transfers.rest.js';
import { vendorsRestRoutes } from '../modules/vendors/vendors.rest.js';
import { verificationRestRoutes } from '../modules/verification/verification.rest.js';
import { webhooksRestRoutes } from '../modules/webhooks/webhooks.rest.js';
import { type AppServices, createContext } from '../trpc/context.js';
import { requiresSignIn } from '../trpc/init.js';
import { createCaller } from '../trpc/router.js';
import { type AnyRestRoute, errorBodySchema, publicSecurity, signedInSecurity } from './define-route.js';
import { replayedPost, storeAnswer } from './idempotency.js';
import { procedureOf } from './route-procedure.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A REST route's body example, for its OpenAPI document (RestRoute.example). */
    bodyExample?: unknown;
  }
}

/**
 * The REST compatibility layer: every /api path of the spec, each a door to one procedure. Each module
 * owns its routes (modules/<area>/<area>.rest.ts); the order here is the order of the OpenAPI paths.
 */
export const restRoutes: AnyRestRoute[] = [
  ...authRestRoutes,
  ...apiTokensRestRoutes,
  ...demoRestRoutes,
  ...systemRestRoutes,
  ...propertiesRestRoutes,
  ...planRestRoutes,
  ...organizationsRestRoutes,
  ...grantsRestRoutes,
  ...documentsRestRoutes,
  ...extractionRestRoutes,
  ...complianceRestRoutes,
  ...policiesRestRoutes,
  ...maintenanceRestRoutes,
  ...notificationsRestRoutes,
  ...privacyRestRoutes,
  ...ledgerRestRoutes,
  ...accountExportRestRoutes,
  ...closingRestRoutes,
  ...calendarRestRoutes,
  ...supplierRestRoutes,
  ...verificationRestRoutes,
  ...sharesRestRoutes,
  ...vendorsRestRoutes,
  ...escalationRestRoutes,
  ...reportsRestRoutes,
  ...transfersRestRoutes,
  ...webhooksRestRoutes,
];

/** Validates params and query as usual, but leaves a documentation-only body to the procedure. */
// biome-ignore lint/suspicious/noExplicitAny: a route-level compiler receives any part's schema
const passBodyThrough: FastifySchemaCompiler<any> = (part) =>
  part.httpPart === 'body' ? (data: unknown) => ({ value: data }) : validatorCompiler(part);

/**
 * A success (200, 201) written by fast-json-stringify compiled from the response schema (its JSON Schema, as the
 * OpenAPI document shows it): no validation pass, and only the schema's keys are written; or, for a
 * JsonText, the database's own JSON of that shape. Other statuses (the errors) are serialized as on
 * every route.
 */
// biome-ignore lint/suspicious/noExplicitAny: a route-level compiler receives any status's schema
const fromResponseSchema: FastifySerializerCompiler<any> = (route) => {
  if (!/^2\d\d$/.test(String(route.httpStatus))) return serializerCompiler(route);
  const serialize = fastJson(
    z.toJSONSchema(route.schema as z.ZodType, { target: 'openapi-3.0', io: 'output' }) as AnySchema,
  );
  // JSON the database wrote from the same shape is sent as it is.
  return (data: unknown) => (data instanceof JsonText ? data.text : serialize(data));
};

/** Registers every route of the REST table; each parses with its zod schemas and calls its procedure. */
export async function restPlugin(app: FastifyInstance, { services }: { services: AppServices }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  for (const route of restRoutes) {
    const success = typeof route.status === 'number' ? route.status : 200;
    const response: Record<number | string, z.ZodType> = {
      [success]: route.response,
      '4xx': errorBodySchema,
    };
    for (const status of route.alsoAnswers ?? []) response[status] = route.response;
    for (const [status, meaning] of Object.entries(route.errors ?? {})) {
      response[status] = errorBodySchema.describe(meaning);
    }
    api.route({
      method: route.method,
      url: route.url,
      schema: {
        summary: route.summary,
        tags: route.tags,
        ...(route.params ? { params: route.params } : {}),
        ...(route.query ? { querystring: route.query } : {}),
        ...(route.body ? { body: route.body } : {}),
        ...(route.bodyDoc ? { body: route.bodyDoc } : {}),
        response,
        // Signed-in procedures need a session; the others (sign-up, a secret link's page) none.
        security: requiresSignIn(await procedureOf(route)) ? signedInSecurity : publicSecurity,
      },
      // The body's example, for the OpenAPI document (rest/openapi-answers.ts: transformWithExamples).
      ...(route.example === undefined ? {} : { config: { bodyExample: route.example } }),
      // A documentation-only body is validated by the procedure, not here.
      ...(route.bodyDoc ? { validatorCompiler: passBodyThrough } : {}),
      ...(route.serializeFromSchema ? { serializerCompiler: fromResponseSchema } : {}),
      // A POST's answer is stored for its Idempotency-Key (rest/idempotency.ts) as it is sent.
      ...(route.method === 'POST'
        ? {
            onSend: async (request, reply, payload) => {
              await storeAnswer(request, reply, payload, services.db.db);
              return payload;
            },
          }
        : {}),
      handler: async (request, reply) => {
        const context = await createContext(services, request, reply);
        // The route's own declaration, from the session's role: refused here before the procedure runs.
        assertAllowed(context.actor, route.capability);
        // A retry of a POST already answered is answered the same, without the work.
        if (route.method === 'POST' && (await replayedPost(services.db.db, context.actor, request, reply))) {
          return reply;
        }
        const caller = createCaller(context);
        const output = await route.call(caller, {
          params: request.params,
          query: request.query,
          body: request.body,
          setHeader: (name, value) => reply.header(name, value),
        });
        reply.status(typeof route.status === 'function' ? route.status(output) : success);
        return output;
      },
    });
  }
}
