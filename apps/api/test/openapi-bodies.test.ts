import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restRoutes } from '../src/rest/plugin.js';
import { createTestApp, type TestApp } from './support/app.js';
import { databaseKind } from './support/database.js';

type JsonSchema = Record<string, unknown>;
type OpenApi = {
  paths: Record<
    string,
    Record<string, { requestBody?: { content?: Record<string, { schema?: JsonSchema }> } }>
  >;
  components?: { schemas?: Record<string, JsonSchema> };
};

/** References into the components, as references into the one schema ajv holds them in. */
const rerooted = <T>(schema: T): T =>
  JSON.parse(JSON.stringify(schema).replaceAll('"#/components/schemas/', '"openapi#/$defs/')) as T;

const isEmptySchema = (schema: unknown) =>
  typeof schema === 'object' && schema !== null && !Array.isArray(schema) && Object.keys(schema).length === 0;

/**
 * Every property of a request body whose schema is `{}` (documents nothing), as 'POST /path: a.b', walking
 * nested objects, arrays, unions and `$ref`s into the components.
 */
function undocumentedBodyProperties(doc: OpenApi): string[] {
  const found: string[] = [];
  const resolve = (schema: JsonSchema): JsonSchema => {
    const ref = schema.$ref;
    if (typeof ref !== 'string') return schema;
    const name = ref.replace('#/components/schemas/', '');
    return doc.components?.schemas?.[name] ?? schema;
  };
  const walk = (raw: JsonSchema, where: string, seen: Set<JsonSchema>) => {
    const schema = resolve(raw);
    if (seen.has(schema)) return;
    const inner = new Set(seen).add(schema);
    for (const [key, property] of Object.entries((schema.properties ?? {}) as Record<string, JsonSchema>)) {
      if (isEmptySchema(property)) found.push(`${where}.${key}`);
      else walk(property, `${where}.${key}`, inner);
    }
    for (const combinator of ['anyOf', 'oneOf', 'allOf'] as const) {
      for (const [i, option] of ((schema[combinator] ?? []) as JsonSchema[]).entries()) {
        walk(option, `${where}(${combinator}[${i}])`, inner);
      }
    }
    if (schema.items && typeof schema.items === 'object')
      walk(schema.items as JsonSchema, `${where}[]`, inner);
  };
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      for (const content of Object.values(operation.requestBody?.content ?? {})) {
        const where = `${method.toUpperCase()} ${path}: body`;
        if (!content.schema || isEmptySchema(content.schema)) found.push(where);
        else walk(content.schema, where, new Set());
      }
    }
  }
  return found;
}

describe(`OpenAPI request bodies (${databaseKind})`, () => {
  let t: TestApp;
  let doc: OpenApi;

  beforeAll(async () => {
    t = await createTestApp();
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    doc = res.json();
  });
  afterAll(async () => {
    await t.close();
  });

  it('documents every property of every request body (no `{}` schema)', () => {
    expect(undocumentedBodyProperties(doc)).toEqual([]);
  });

  it('finds a `{}` property when there is one (the walk is not vacuous)', () => {
    const broken: OpenApi = {
      paths: {
        '/x': {
          post: {
            requestBody: {
              content: {
                'application/json': {
                  schema: {
                    type: 'object',
                    properties: {
                      a: { $ref: '#/components/schemas/A' },
                      b: { type: 'array', items: { anyOf: [{ type: 'object', properties: { c: {} } }] } },
                    },
                  },
                },
              },
            },
          },
        },
      },
      components: { schemas: { A: { type: 'object', properties: { d: {} } } } },
    };
    expect(undocumentedBodyProperties(broken)).toEqual([
      'POST /x: body.a.d',
      'POST /x: body.b[](anyOf[0]).c',
    ]);
  });

  it('shows an example on every request body, valid against the documented schema and the route’s own', () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats.default(ajv);
    ajv.addVocabulary(['example']);
    ajv.addSchema({ $id: 'openapi', $defs: rerooted(doc.components?.schemas ?? {}) });
    const problems: string[] = [];
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        const media = (
          operation.requestBody?.content as
            | Record<string, { schema?: JsonSchema; example?: unknown }>
            | undefined
        )?.['application/json'];
        if (!media) continue;
        const where = `${method.toUpperCase()} ${path}`;
        if (media.example === undefined) {
          problems.push(`${where}: no example`);
          continue;
        }
        const validate = ajv.compile(rerooted(media.schema ?? {}));
        if (!validate(media.example)) problems.push(`${where}: ${ajv.errorsText(validate.errors)}`);
      }
    }
    for (const route of restRoutes) {
      const parsed = route.body?.safeParse(route.example);
      if (parsed && !parsed.success) problems.push(`${route.method} ${route.url}: ${parsed.error.message}`);
    }
    expect(problems).toEqual([]);
  });

  it('documents the adopt call’s new property as the two property payloads', () => {
    const adopt =
      doc.paths['/api/share/{token}/adopt']?.post?.requestBody?.content?.['application/json']?.schema;
    expect(JSON.stringify(adopt)).toContain('erfNumber');
    expect(JSON.stringify(adopt)).toContain('parcel_id');
  });
});
