import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { FastifyInstance } from 'fastify';

/**
 * Response conformance (issue 30 §5): every answer a documented REST path gives in the integration suites
 * — any method, any status — is checked against the app's own OpenAPI document. Its status must be
 * declared for the operation, its media type among the declared ones, and a JSON body must match the
 * declared schema (ajv, JSON Schema 2020-12 as OpenAPI 3.1 uses it, formats checked). Each schema is
 * compiled once per worker process; what does not conform is collected and thrown when the app closes,
 * so the file that saw it fails.
 */

type Json = Record<string, unknown>;
interface Operation {
  responses?: Record<string, { content?: Record<string, { schema?: Json }> }>;
}
export interface ConformanceDocument {
  paths?: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Json> };
}

interface Checker {
  /** What is wrong with one answer, or null when it conforms to the document. */
  check(answer: Answer): string | null;
}

export interface Answer {
  method: string;
  /** The route's URL as Fastify knows it ('/api/properties/:id'). */
  route: string;
  status: number;
  contentType: string | undefined;
  /** The body as sent, when it is text (a stream or a Buffer is not read). */
  body: string | undefined;
}

const SCHEMA_ROOT = 'openapi';

/** '/api/properties/:id' → '/api/properties/{id}' (the document's spelling). */
const documentPath = (route: string) => route.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

/** Media type without its parameters, lower-cased ('application/json; charset=utf-8' → 'application/json'). */
const mediaType = (contentType: string | undefined) => contentType?.split(';')[0]?.trim().toLowerCase();

/** References into the components, as references into the one schema ajv holds them in. */
function rerooted<T>(schema: T): T {
  return JSON.parse(
    JSON.stringify(schema).replaceAll('"#/components/schemas/', `"${SCHEMA_ROOT}#/$defs/`),
  ) as T;
}

/** A checker of answers against one OpenAPI document. */
export function conformanceChecker(doc: ConformanceDocument): Checker {
  const ajv = new Ajv2020({ strict: false, allErrors: false, logger: false });
  addFormats.default(ajv);
  // OpenAPI's own formats and keywords beside JSON Schema's.
  ajv.addFormat('binary', true);
  ajv.addVocabulary(['example', 'discriminator', 'xml', 'externalDocs']);
  ajv.addSchema({ $id: SCHEMA_ROOT, $defs: rerooted(doc.components?.schemas ?? {}) });
  const validators = new Map<string, ValidateFunction>();

  const validatorOf = (key: string, schema: Json): ValidateFunction => {
    let validate = validators.get(key);
    if (!validate) {
      validate = ajv.compile(rerooted(schema));
      validators.set(key, validate);
    }
    return validate;
  };

  return {
    check({ method, route, status, contentType, body }) {
      const path = documentPath(route);
      const operation = doc.paths?.[path]?.[method.toLowerCase()];
      if (!operation) return null; // not a documented REST path (tRPC, the file store, the web app)
      const where = `${method} ${path} → ${status}`;
      const responses = operation.responses ?? {};
      const statusKey = [String(status), `${String(status)[0]}XX`, 'default'].find((key) => key in responses);
      if (!statusKey) return `${where}: status not declared (declared: ${Object.keys(responses).join(', ')})`;
      const content = responses[statusKey]?.content;
      const type = mediaType(contentType);
      if (!content || Object.keys(content).length === 0) {
        return body ? `${where}: a body is sent, none is declared` : null;
      }
      if (!type) return body ? `${where}: a body without Content-Type` : null;
      const declared = content[type] ?? content['*/*'];
      if (!declared) return `${where}: ${type} not declared (declared: ${Object.keys(content).join(', ')})`;
      if (type !== 'application/json' || body === undefined || !declared.schema) return null;
      let value: unknown;
      try {
        value = JSON.parse(body);
      } catch {
        return `${where}: the body is not JSON`;
      }
      const validate = validatorOf(`${method} ${path} ${statusKey} ${type}`, declared.schema);
      if (validate(value)) return null;
      const [first] = validate.errors ?? [];
      const at = first?.instancePath ?? '';
      const found = at
        .split('/')
        .slice(1)
        .reduce<unknown>((inner, key) => (inner as Record<string, unknown> | null)?.[key], value);
      return `${where}: ${at || '(body)'} ${first?.message ?? ''} (it is ${JSON.stringify(found)?.slice(0, 200)})`;
    },
  };
}

/**
 * One checker for every app of a worker process: each is built from the same code and serves the same
 * document, so it is generated and its schemas compiled once (the first app's), not once per file.
 */
let shared: Checker | undefined;
const checkerFor = (app: FastifyInstance): Checker =>
  (shared ??= conformanceChecker(app.swagger() as ConformanceDocument));

/**
 * Watches every answer of `app` (call before its routes are added: BuildAppOptions.beforeRoutes) and
 * answers what did not conform so far.
 */
export function watchConformance(app: FastifyInstance): { problems: () => string[] } {
  const problems: string[] = [];
  let checker: Checker | undefined;
  app.addHook('onSend', async (request, reply, payload) => {
    const route = request.routeOptions.url;
    if (!route?.startsWith('/api/') || request.method === 'HEAD') return payload;
    checker ??= checkerFor(app);
    const header = reply.getHeader('content-type');
    const problem = checker.check({
      method: request.method,
      route,
      status: reply.statusCode,
      contentType: typeof header === 'string' ? header : undefined,
      body: typeof payload === 'string' ? payload : undefined,
    });
    if (problem && !problems.includes(problem)) problems.push(problem);
    return payload;
  });
  return { problems: () => problems };
}
