import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { createStaff } from '../src/modules/verification/staff.service.js';
import type { AnyRestRoute } from '../src/rest/define-route.js';
import { restRoutes } from '../src/rest/plugin.js';
import { appRouter } from '../src/trpc/router.js';
import { signUpAndLogIn, type TestAccount } from './support/accounts.js';
import { createTestApp, type TestApp } from './support/app.js';
import { databaseKind } from './support/database.js';
import { buildExamples, type ProcedureExample, type RouteExample, type Who } from './support/examples.js';

/**
 * The NUL matrix (issue 11 §7): PostgreSQL refuses U+0000 in text and JSON, so a NUL that gets past
 * validation answers 500. Every string that any input accepts must refuse it with 400, through both
 * doors. The cases are generated, not written: the walk below finds every string leaf of every input
 * schema (the tRPC procedures' `_def.inputs`, the REST routes' params/query/body), and each case is one
 * valid example input with exactly that one leaf carrying a NUL. A new text field therefore gets its
 * cases by itself; a new procedure or route with an input fails the test until it has an example in support/examples.ts.
 *
 * The same cases carry the other control characters and a lone UTF-16 surrogate ("\ud800", which
 * PostgreSQL refuses in JSON: 'invalid input syntax for type json'), and the same walk finds two more
 * classes of bad input (issue 25 §2): every date (a leaf the example fills with a date, or that the
 * schema reads as one) gets the year 0000 (PostgreSQL: 'date/time field value out of range') and a
 * date each side of 1900–2200; every part of a new property's DNA code (parcel_id, erfNumber, the
 * municipality beside them) gets texts the DNA code's normaliser leaves nothing of ('-', '!!!', 'İ',
 * '---'; it threw 'DNA code: parcel is empty after normalisation'). Each answers 400 with the shared
 * schemas' message and writes nothing. Run it on PostgreSQL too: there is where 0000 and \ud800 broke.
 *
 * Skipped, because they take no input at all (nothing to put a NUL in), found by the walk: tRPC
 * auth.me, auth.logout, calendar.feed, calendar.rotate, escalation.claims, extraction.settings, notifications.settings,
 * notifications.sendTest, plan.startTrial, plan.billing, plan.checkout, plan.cancelSubscription, plan.readOnlyProperties, properties.stats, properties.nextActions, supplier.profile,
 * supplier.insurance, supplier.templates, supplier.jobs, system.health, system.info, transfers.list, grants.sharedWithMe, and their REST
 * doors (GET /api/auth/me, POST /api/auth/logout, GET /api/calendar, POST /api/calendar/rotate, GET /api/claims,
 * GET /api/health, GET /api/info, GET /api/notifications/settings, POST /api/notifications/test,
 * GET /api/dashboard/stats, GET /api/dashboard/next-actions, POST /api/plan/trial, GET /api/plan/billing, POST /api/plan/checkout, POST /api/plan/cancel,
 * GET /api/plan/read-only-properties, GET /api/extraction/settings,
 * GET /api/supplier/profile, GET /api/supplier/templates, GET /api/supplier/jobs,
 * GET /api/supplier/insurance, GET /api/transfers, GET /api/shared-with-me). notifications.update and PUT /api/notifications/settings take only a
 * boolean (WITHOUT_TEXT), as do extraction.setAutoAccept and PUT /api/extraction/settings. A page preview of a
 * document's reading (GET /api/documents/{id}/extraction/pages/{page}) is a plain route: a NUL in its id
 * answers 400, any other id but the caller's document's 404 (extraction.test.ts). So is a grantee's view or download of a
 * granted document (GET /api/shared-with-me/{grantId}/documents/{documentId}/view|download): a NUL in either id
 * answers 400, any other id 404 (property-grants.test.ts). The feed itself (GET /api/calendar/{token}.ics) is a plain route, not
 * in the REST table: any token but a live one, a NUL in it too, answers 404 (calendar.test.ts); so are
 * a transfer's receipt and pack (GET /api/transfers/{id}/receipt and /pack), whose id answers 404 unless
 * it is a UUID of the caller's transfer, and the pack by link (GET /api/transfer-packs/{token}), 404 for
 * any token but a live one and 400 for one with a control character (transfers.test.ts, ownership.test.ts).
 */

const NUL = '\u0000';

type Schema = z.core.$ZodType;
type Path = (string | number)[];
interface Variant {
  path: Path;
  value: unknown;
}

/** A string with a NUL after its first character (so a format-checked value differs only by the NUL). */
function withNul(value: unknown): string {
  return typeof value === 'string' && value.length > 0
    ? `${value.slice(0, 1)}${NUL}${value.slice(1)}`
    : `n${NUL}ul`;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** `object` with the key at `index` renamed to `key`, the order kept. */
function renameKey(object: Record<string, unknown>, from: string, to: string): Record<string, unknown> {
  return Object.fromEntries(Object.entries(object).map(([key, entry]) => [key === from ? to : key, entry]));
}

/**
 * One string of an input, found by the walk: the example's value there (undefined when the example
 * leaves it out), whether it is an object key, whether a schema takes it as free JSON (unknown, any,
 * custom: then the procedure reads it), and the whole input with that string replaced by `text`.
 */
interface Leaf {
  original: unknown;
  key: boolean;
  free: boolean;
  with: (text: string) => Variant;
}

/** `leaf` seen from the value that holds it: `wrap` puts the leaf's variant back into that value. */
const inside = (leaf: Leaf, wrap: (inner: unknown) => unknown): Leaf => ({
  ...leaf,
  with: (text) => {
    const variant = leaf.with(text);
    return { path: variant.path, value: wrap(variant.value) };
  },
});

/**
 * Every string of a JSON value that a schema takes as it is (z.unknown, z.any, z.custom): each string
 * leaf, and with `keys` each object key.
 */
function jsonLeaves(value: unknown, path: Path, keys: boolean): Leaf[] {
  if (value === undefined || typeof value === 'string') {
    return [{ original: value, key: false, free: true, with: (text) => ({ path, value: text }) }];
  }
  if (Array.isArray(value)) {
    return value.flatMap((item, index) =>
      jsonLeaves(item, [...path, index], keys).map((leaf) =>
        inside(leaf, (inner) => value.map((other, at) => (at === index ? inner : other))),
      ),
    );
  }
  if (!isPlainObject(value)) return [];
  return Object.entries(value).flatMap(([key, entry]): Leaf[] => [
    ...(keys
      ? [
          {
            original: key,
            key: true,
            free: true,
            with: (text: string) => ({ path: [...path, text], value: renameKey(value, key, text) }),
          },
        ]
      : []),
    ...jsonLeaves(entry, [...path, key], keys).map((leaf) =>
      inside(leaf, (inner) => ({ ...value, [key]: inner })),
    ),
  ]);
}

/**
 * Every string leaf of `schema`, with `value` (a valid example) around it. Walks zod 4 schemas:
 * objects, arrays, tuples, unions (the options the example fits; all of them for an absent value),
 * records (keys and values), wrappers (optional, nullable, default, …), pipes and transforms (their
 * input side), lazy and intersections; free-form values (unknown, any, custom) by their example.
 */
function stringLeaves(schema: Schema, value: unknown, path: Path = []): Leaf[] {
  const def = schema._zod.def as unknown as Record<string, unknown> & { type: string };
  const inner = (key: string) => def[key] as Schema;
  const here: Leaf = { original: value, key: false, free: false, with: (text) => ({ path, value: text }) };
  switch (def.type) {
    case 'string':
      return [here];
    case 'enum':
    case 'literal': {
      const values = Object.values((def.entries ?? {}) as object).concat((def.values as unknown[]) ?? []);
      return values.some((entry) => typeof entry === 'string') ? [here] : [];
    }
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'nonoptional':
    case 'readonly':
    case 'catch':
      return stringLeaves(inner('innerType'), value, path);
    case 'pipe':
      return stringLeaves(inner('in'), value, path);
    case 'lazy':
      return stringLeaves((def.getter as () => Schema)(), value, path);
    case 'intersection':
      return [...stringLeaves(inner('left'), value, path), ...stringLeaves(inner('right'), value, path)];
    case 'object': {
      const object = isPlainObject(value) ? value : {};
      return Object.entries(def.shape as Record<string, Schema>).flatMap(([key, field]) =>
        stringLeaves(field, object[key], [...path, key]).map((leaf) =>
          inside(leaf, (inner) => ({ ...object, [key]: inner })),
        ),
      );
    }
    case 'array': {
      const items = Array.isArray(value) ? value : [];
      return stringLeaves(inner('element'), items[0], [...path, 0]).map((leaf) =>
        inside(leaf, (inner) => [inner, ...items.slice(1)]),
      );
    }
    case 'tuple': {
      const items = Array.isArray(value) ? value : [];
      return (def.items as Schema[]).flatMap((item, index) =>
        stringLeaves(item, items[index], [...path, index]).map((leaf) =>
          inside(leaf, (inner) => items.map((other, at) => (at === index ? inner : other))),
        ),
      );
    }
    case 'union': {
      const options = def.options as Schema[];
      const fitting =
        value === undefined
          ? options
          : options.filter((option) => (option as z.ZodType).safeParse(value).success);
      return fitting.flatMap((option) => stringLeaves(option, value, path));
    }
    case 'record': {
      const object = isPlainObject(value) && Object.keys(value).length > 0 ? value : { key: 'value' };
      const [firstKey = 'key'] = Object.keys(object);
      return [
        ...stringLeaves(inner('keyType'), firstKey, [...path, firstKey]).map(
          (leaf): Leaf => ({
            ...leaf,
            key: true,
            with: (text) => {
              const key = String(leaf.with(text).value);
              return { path: [...path, key], value: renameKey(object, firstKey, key) };
            },
          }),
        ),
        ...Object.entries(object).flatMap(([key, entry]) =>
          stringLeaves(inner('valueType'), entry, [...path, key]).map((leaf) =>
            inside(leaf, (inner) => ({ ...object, [key]: inner })),
          ),
        ),
      ];
    }
    case 'unknown':
    case 'any':
      return jsonLeaves(value, path, true);
    case 'custom':
      // A custom schema reads the fields it knows (unknown keys are dropped), so only values matter.
      return jsonLeaves(value, path, false);
    default:
      // Numbers, booleans, dates, …: no string there.
      return [];
  }
}

/** A date as the inputs write it; a JSON leaf holding one is a date the procedure reads (report answers). */
const DATE_SHAPE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The dates among the string leaves: those the example fills with a date, and those the schema itself
 * treats as one (it takes a real date there and refuses '2026-02-30' there and only there), so an
 * optional date the example leaves out is found as well.
 */
function dateLeaves(schema: Schema, value: unknown): Leaf[] {
  return stringLeaves(schema, value).filter(
    (leaf) =>
      !leaf.key &&
      ((typeof leaf.original === 'string' && DATE_SHAPE.test(leaf.original)) ||
        ((schema as z.ZodType).safeParse(leaf.with('2026-01-05').value).success &&
          failsOnlyAt(schema, leaf.with('2026-02-30').value, leaf.with('').path) === null)),
  );
}

/** The refused dates put in every date field: the year 0000 (PostgreSQL has none) and each side of 1900–2200. */
const REFUSED_DATES = ['0000-01-01', '1899-12-31', '2201-01-01'];

/** The value at `path` inside `value`. */
function valueAt(value: unknown, path: Path): unknown {
  return path.reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], value);
}

/**
 * The parts of a new property's DNA code among the string leaves: the parcel id (parcel_id of the
 * dialog, erfNumber of the add-property form) and the municipality beside it.
 */
function dnaPartLeaves(schema: Schema, value: unknown): Leaf[] {
  return stringLeaves(schema, value).filter((leaf) => {
    if (leaf.key) return false;
    const { path, value: whole } = leaf.with('x');
    const field = path[path.length - 1];
    const holder = valueAt(whole, path.slice(0, -1));
    return (
      field === 'parcel_id' ||
      field === 'erfNumber' ||
      (field === 'municipality' && isPlainObject(holder) && ('parcel_id' in holder || 'erfNumber' in holder))
    );
  });
}

/** Texts that the DNA code's normaliser (A–Z and 0–9, upper-cased) leaves nothing of (issue 25). */
const EMPTY_DNA_PARTS = ['-', '!!!', 'İ', '---'];

/**
 * A NUL variant with a lone surrogate in the NUL's place: the schema must refuse it too, and where the
 * NUL gets '{label} must not contain control characters', the surrogate gets '{label} must be
 * well-formed Unicode text' (the one character rule of the shared schemas).
 */
function surrogateProblem(schema: Schema, variant: Variant): string | null {
  const nul = (schema as z.ZodType).safeParse(variant.value);
  const surrogate = (schema as z.ZodType).safeParse(JSON.parse(jsonWith(variant.value, LONE_SURROGATE)));
  if (surrogate.success) return 'a lone surrogate is accepted by the schema';
  const suffix = ' must not contain control characters';
  const label = nul.success
    ? undefined
    : nul.error.issues.map((issue) => issue.message).find((message) => message.endsWith(suffix));
  if (label === undefined) return null;
  const wanted = `${label.slice(0, -suffix.length)} must be well-formed Unicode text`;
  const messages = surrogate.error.issues.map((issue) => issue.message);
  return messages.includes(wanted)
    ? null
    : `a lone surrogate gives ${JSON.stringify(messages)}, not '${wanted}'`;
}

/**
 * The tables a request that got through could have written, and a digest of each one's rows: the
 * refused variants must leave every one as it was.
 */
const WATCHED_TABLES = [
  'users',
  'organizations',
  'properties',
  'documents',
  'maintenance_tasks',
  'maintenance_completions',
  'reminders',
  'reminder_completions',
  'claims',
  'claim_documents',
  'callbacks',
  'vendors',
  'vendor_invites',
  'supplier_insurance',
  'templates',
  'jobs',
  'shares',
  'share_documents',
  'transfers',
] as const;

async function tableDigests(t: TestApp): Promise<Record<string, string>> {
  const digests: Record<string, string> = {};
  for (const table of WATCHED_TABLES) {
    const { rows } = await sql<{ digest: string }>`
      select count(*) || ':' || coalesce(md5(string_agg(row_text, '|' order by row_text)), '') as digest
      from (select t::text as row_text from ${sql.table(table)} t) rows`.execute(t.db.db);
    digests[table] = rows[0]?.digest ?? '';
  }
  return digests;
}

/** True when the parse of `value` fails, and only at `path` or above it (never at a sibling field). */
function failsOnlyAt(schema: Schema, value: unknown, path: Path): string | null {
  const result = (schema as z.ZodType).safeParse(value);
  if (result.success) return 'accepted by the schema';
  const elsewhere = result.error.issues.filter(
    (issue) => !issue.path.every((key, index) => String(key) === String(path[index])),
  );
  return elsewhere.length > 0 ? `fails elsewhere: ${JSON.stringify(elsewhere)}` : null;
}

interface Case {
  door: 'tRPC' | 'REST';
  name: string;
  /** Where the text travels: tRPC's input, or the REST route's path parameters, query string or body. */
  part: 'input' | 'params' | 'query' | 'body';
  where: string;
  /** Sends the case with its NUL replaced by `character` (NUL itself by default). */
  send: (character?: string) => Promise<{ statusCode: number; body: string }>;
}

/** The JSON text of `value`, its NULs replaced by `character`. */
const jsonWith = (value: unknown, character: string) =>
  JSON.stringify(value).replaceAll('\\u0000', `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`);

/** The bad inputs of the matrix: a NUL in a string, a refused date in a date, an empty DNA-code part. */
type Attack = 'nul' | 'date' | 'dna';

/** A lone UTF-16 surrogate: JSON can carry it ("\\ud800"), Unicode text cannot. */
const LONE_SURROGATE = '\ud800';

/**
 * `encodeURIComponent`, except that a lone surrogate (which it refuses) is written as the three bytes
 * UTF-8's scheme would give it (U+D800 → %ED%A0%80): what a client that does not check would send.
 */
function encodeUrlText(value: string): string {
  let encoded = '';
  for (const character of value) {
    const code = character.charCodeAt(0);
    encoded += /\p{Cs}/u.test(character)
      ? [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
          .map((byte) => `%${byte.toString(16).toUpperCase()}`)
          .join('')
      : encodeURIComponent(character);
  }
  return encoded;
}

/** The other refused characters: C0 but NUL, tab, line feed and carriage return; DEL; C1. */
const OTHER_CONTROL_CHARACTERS = [
  ...Array.from({ length: 0x20 }, (_, code) => code).filter(
    (code) => ![0x00, 0x09, 0x0a, 0x0d].includes(code),
  ),
  ...Array.from({ length: 0x21 }, (_, index) => 0x7f + index),
].map((code) => String.fromCharCode(code));

interface Procedure {
  _def: { type: 'query' | 'mutation' | 'subscription'; inputs: Schema[] };
}

const procedures = Object.entries(appRouter._def.procedures as unknown as Record<string, Procedure>);
const routes = restRoutes as AnyRestRoute[];
const routeName = (route: AnyRestRoute) => `${route.method} ${route.url}`;
const routeParts = (route: AnyRestRoute) =>
  (
    [
      ['params', route.params],
      ['query', route.query],
      ['body', route.body ?? route.bodyDoc],
    ] as const
  ).filter((part): part is ['params' | 'query' | 'body', z.ZodType] => part[1] !== undefined);

/**
 * Inputs that hold no text at all, only booleans (nothing to put a NUL in): they still need a valid
 * example, they make no cases, and the walk must find no string in them.
 */
const WITHOUT_TEXT = new Set([
  'notifications.update',
  'PUT /api/notifications/settings',
  'extraction.setAutoAccept',
  'PUT /api/extraction/settings',
  'privacy.setMarketingConsent',
  'PUT /api/account/marketing-consent',
]);

describe(`bad text, dates and DNA-code parts in any input answer 400 on both doors (${databaseKind})`, () => {
  let t: TestApp;
  let accounts: Record<Exclude<Who, 'anonymous'>, TestAccount>;
  let trpcExamples: Record<string, ProcedureExample[]>;
  let restExamples: Record<string, RouteExample[]>;
  let digestsBefore: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp();
    accounts = {
      owner: await signUpAndLogIn(t),
      supplier: await signUpAndLogIn(t, 'supplier'),
      // The back office's procedures answer staff only: made staff as admin:create-staff does it.
      staff: await signUpAndLogIn(t),
    };
    await createStaff(t.db.db, accounts.staff.email);
    ({ trpc: trpcExamples, rest: restExamples } = await buildExamples(t, accounts));
    digestsBefore = await tableDigests(t);
  });

  afterAll(async () => {
    await t?.close();
  });

  const headersOf = (who: Who): Record<string, string> => (who === 'anonymous' ? {} : accounts[who].headers);

  /**
   * The variants of one example for an attack, each with whether the schema must refuse it by itself
   * (a NUL: everywhere, free JSON included; a date or a DNA part: unless it sits in free JSON, which
   * the procedure reads), and the key that makes it one case (one per place and text; a DNA part once
   * per example, since the dialog's country decides how its municipality is read).
   */
  function attackVariants(
    attack: Attack,
    schema: Schema,
    value: unknown,
    example: number,
  ): { variant: Variant; checked: boolean; key: string }[] {
    const keyOf = (variant: Variant, text: string) =>
      JSON.stringify([attack === 'dna' ? example : 0, variant.path, text]);
    switch (attack) {
      case 'nul':
        return stringLeaves(schema, value).map((leaf) => {
          const variant = leaf.with(withNul(leaf.original));
          return { variant, checked: true, key: keyOf(variant, '') };
        });
      case 'date':
        return dateLeaves(schema, value).flatMap((leaf) =>
          REFUSED_DATES.map((date) => {
            const variant = leaf.with(date);
            return { variant, checked: !leaf.free, key: keyOf(variant, date) };
          }),
        );
      case 'dna':
        return dnaPartLeaves(schema, value).flatMap((leaf) =>
          EMPTY_DNA_PARTS.map((text) => {
            const variant = leaf.with(text);
            return { variant, checked: !leaf.free, key: keyOf(variant, text) };
          }),
        );
    }
  }

  /** What is wrong with the schema's own answer to a variant (see `failsOnlyAt`, `surrogateProblem`). */
  const schemaProblem = (attack: Attack, schema: Schema, variant: Variant) =>
    failsOnlyAt(schema, variant.value, variant.path) ??
    (attack === 'nul' ? surrogateProblem(schema, variant) : null);

  /** Where a case puts its text (`prefix`: the part of a REST request), and for a date or a DNA part the text. */
  const whereOf = (attack: Attack, variant: Variant, prefix: Path = []) =>
    attack === 'nul'
      ? JSON.stringify([...prefix, ...variant.path])
      : `${JSON.stringify([...prefix, ...variant.path])} = ${JSON.stringify(valueAt(variant.value, variant.path))}`;

  /** The cases of the tRPC door for `attack`, and the problems found while making them. */
  function trpcCases(attack: Attack = 'nul'): { cases: Case[]; problems: string[] } {
    const cases: Case[] = [];
    const problems: string[] = [];
    for (const [name, procedure] of procedures) {
      const { inputs, type } = procedure._def;
      if (inputs.length === 0) continue;
      const examples = trpcExamples[name];
      if (!examples) {
        problems.push(`tRPC ${name} takes input but has no example in control-characters.test.ts`);
        continue;
      }
      const seen = new Set<string>();
      for (const [index, example] of examples.entries()) {
        for (const schema of inputs) {
          const valid = (schema as z.ZodType).safeParse(example.input);
          if (!valid.success) problems.push(`tRPC ${name}: example is not valid: ${valid.error.message}`);
        }
        for (const schema of inputs) {
          for (const { variant, checked, key } of attackVariants(attack, schema, example.input, index)) {
            if (seen.has(key)) continue;
            seen.add(key);
            const where = whereOf(attack, variant);
            const problem = checked ? schemaProblem(attack, schema, variant) : null;
            if (problem) problems.push(`tRPC ${name} ${where}: ${problem}`);
            cases.push({
              door: 'tRPC',
              name,
              part: 'input',
              where,
              send: (character = NUL) =>
                type === 'query'
                  ? t.app.inject({
                      method: 'GET',
                      url: `/trpc/${name}?input=${encodeURIComponent(jsonWith(variant.value, character))}`,
                      headers: headersOf(example.as),
                    })
                  : t.app.inject({
                      method: 'POST',
                      url: `/trpc/${name}`,
                      headers: { ...headersOf(example.as), 'content-type': 'application/json' },
                      payload: jsonWith(variant.value, character),
                    }),
            });
          }
        }
      }
      if (attack === 'nul' && (seen.size === 0) !== WITHOUT_TEXT.has(name))
        problems.push(`tRPC ${name}: the walk found ${seen.size} strings; WITHOUT_TEXT says otherwise`);
    }
    return { cases, problems };
  }

  /** The cases of the REST door for `attack`, and the problems found while making them. */
  function restCases(attack: Attack = 'nul'): { cases: Case[]; problems: string[] } {
    const cases: Case[] = [];
    const problems: string[] = [];
    for (const route of routes) {
      const parts = routeParts(route);
      if (parts.length === 0) continue;
      const name = routeName(route);
      const examples = restExamples[name];
      if (!examples) {
        problems.push(`REST ${name} takes input but has no example in control-characters.test.ts`);
        continue;
      }
      const seen = new Set<string>();
      for (const [index, example] of examples.entries()) {
        for (const [part, schema] of parts) {
          const valid = schema.safeParse(example[part]);
          if (!valid.success)
            problems.push(`REST ${name}: example ${part} is not valid: ${valid.error.message}`);
          for (const { variant, checked, key } of attackVariants(attack, schema, example[part], index)) {
            if (seen.has(`${part} ${key}`)) continue;
            seen.add(`${part} ${key}`);
            const where = whereOf(attack, variant, [part]);
            const problem = checked ? schemaProblem(attack, schema, variant) : null;
            if (problem) problems.push(`REST ${name} ${where}: ${problem}`);
            const request = { ...example, [part]: variant.value };
            const params = (request.params ?? {}) as Record<string, unknown>;
            cases.push({
              door: 'REST',
              name,
              part,
              where,
              send: (character = NUL) => {
                const text = (value: unknown) => String(value).replaceAll(NUL, character);
                const url = route.url.replace(/:(\w+)/g, (_, key: string) =>
                  encodeUrlText(text(params[key])),
                );
                const query = request.query
                  ? `?${Object.entries(request.query as Record<string, unknown>)
                      .map(([key, value]) => `${encodeUrlText(key)}=${encodeUrlText(text(value))}`)
                      .join('&')}`
                  : '';
                return t.app.inject({
                  method: route.method,
                  url: `${url}${query}`,
                  headers: {
                    ...headersOf(example.as),
                    ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
                  },
                  ...(request.body === undefined ? {} : { payload: jsonWith(request.body, character) }),
                });
              },
            });
          }
        }
      }
      if (attack === 'nul' && (seen.size === 0) !== WITHOUT_TEXT.has(name))
        problems.push(`REST ${name}: the walk found ${seen.size} strings; WITHOUT_TEXT says otherwise`);
    }
    return { cases, problems };
  }

  /**
   * Sends every case (with NUL, or with `characterOf` its index) and names those not answered as
   * `expected` says: 400 by default, with a body matching `message` when one is given; 'no 5xx' for a
   * case whose text cannot reach the server as sent (see the lone surrogate in a query string).
   */
  async function run(
    cases: Case[],
    characterOf: (index: number) => string = () => NUL,
    expected: (c: Case) => { message?: RegExp } | 'no 5xx' = () => ({}),
  ): Promise<string[]> {
    const failures: string[] = [];
    for (const [index, c] of cases.entries()) {
      const character = characterOf(index);
      const res = await c.send(character);
      const expectation = expected(c);
      const ok =
        expectation === 'no 5xx'
          ? res.statusCode < 500
          : res.statusCode === 400 && (!expectation.message || expectation.message.test(res.body));
      if (!ok) {
        // A date or DNA-part case names its text in `where`; a character case names the character.
        const code = `U+${character.charCodeAt(0).toString(16).padStart(4, '0').toUpperCase()}`;
        const what = c.where.includes(' = ') ? c.where : `${c.where} with ${code}`;
        failures.push(`${c.door} ${c.name} ${what}: ${res.statusCode} ${res.body.slice(0, 300)}`);
      }
    }
    return failures;
  }

  it('finds a string in every input, with a valid example for each procedure and route', () => {
    const trpc = trpcCases();
    const rest = restCases();
    expect([...trpc.problems, ...rest.problems]).toEqual([]);
    // Every procedure and route that takes input is covered, and the matrix is large.
    const withInput = procedures
      .filter(([name, procedure]) => procedure._def.inputs.length > 0 && !WITHOUT_TEXT.has(name))
      .map(([n]) => n);
    expect(new Set(trpc.cases.map((c) => c.name))).toEqual(new Set(withInput));
    const routesWithInput = routes
      .filter((route) => routeParts(route).length > 0 && !WITHOUT_TEXT.has(routeName(route)))
      .map(routeName);
    expect(new Set(rest.cases.map((c) => c.name))).toEqual(new Set(routesWithInput));
    expect(withInput.length).toBeGreaterThanOrEqual(30);
    expect(routesWithInput.length).toBeGreaterThanOrEqual(30);
    expect(trpc.cases.length).toBeGreaterThanOrEqual(120);
    expect(rest.cases.length).toBeGreaterThanOrEqual(120);
    console.info(
      `NUL matrix (${databaseKind}): ${trpc.cases.length} tRPC cases over ${withInput.length} procedures, ` +
        `${rest.cases.length} REST cases over ${routesWithInput.length} routes`,
    );
  });

  it('answers 400 to every tRPC case', async () => {
    const { cases } = trpcCases();
    expect(cases.length).toBeGreaterThanOrEqual(120);
    expect(await run(cases)).toEqual([]);
  });

  it('answers 400 to every REST case', async () => {
    const { cases } = restCases();
    expect(cases.length).toBeGreaterThanOrEqual(120);
    expect(await run(cases)).toEqual([]);
  });

  it('answers 400 on both doors to the other control characters too (C0, DEL and C1, one per case in turn)', async () => {
    const cases = [...trpcCases().cases, ...restCases().cases];
    expect(cases.length).toBeGreaterThan(OTHER_CONTROL_CHARACTERS.length * 3);
    const characterOf = (index: number) =>
      OTHER_CONTROL_CHARACTERS[index % OTHER_CONTROL_CHARACTERS.length] ?? NUL;
    expect(await run(cases, characterOf)).toEqual([]);
  });

  it("finds every date and every part of a new property's DNA code on both doors", () => {
    const date = { trpc: trpcCases('date'), rest: restCases('date') };
    const dna = { trpc: trpcCases('dna'), rest: restCases('dna') };
    expect([date, dna].flatMap(({ trpc, rest }) => [...trpc.problems, ...rest.problems])).toEqual([]);
    // The field a case names: the last key of its path.
    const fields = (cases: Case[]) =>
      new Set(cases.map((c) => (JSON.parse(c.where.split(' = ')[0] ?? '[]') as Path).at(-1)));
    const dates = [
      'next_due',
      'completed_on',
      'due_date',
      'incident_date',
      'expires_at',
      'issued_on',
      'inspection_date',
    ];
    for (const cases of [date.trpc.cases, date.rest.cases]) {
      expect([...fields(cases)]).toEqual(expect.arrayContaining(dates));
    }
    for (const cases of [dna.trpc.cases, dna.rest.cases]) {
      expect(fields(cases)).toEqual(new Set(['parcel_id', 'erfNumber', 'municipality']));
    }
    expect(new Set(dna.trpc.cases.map((c) => c.name))).toEqual(
      new Set(['properties.create', 'shares.adopt']),
    );
    expect(new Set(dna.rest.cases.map((c) => c.name))).toEqual(
      new Set(['POST /api/properties', 'POST /api/share/:token/adopt']),
    );
    console.info(
      `Date matrix (${databaseKind}): ${date.trpc.cases.length} tRPC and ${date.rest.cases.length} REST cases; ` +
        `DNA-part matrix: ${dna.trpc.cases.length} tRPC and ${dna.rest.cases.length} REST cases`,
    );
  });

  it('answers 400 on both doors to a lone surrogate in every string (well-formed Unicode only)', async () => {
    const cases = [...trpcCases().cases, ...restCases().cases];
    expect(cases.length).toBeGreaterThanOrEqual(240);
    // A URL cannot carry a lone surrogate: its would-be UTF-8 bytes (%ED%A0%80) are refused in a path
    // (400, not a valid URL component) and left as their literal text in a query string, which is
    // well-formed text (then the field's own rule decides; never a 5xx).
    const expected = (c: Case) => (c.part === 'query' ? 'no 5xx' : {});
    expect(await run(cases, () => LONE_SURROGATE, expected)).toEqual([]);
  });

  it('answers 400 on both doors to the year 0000 and to a date outside 1900–2200 in every date', async () => {
    const cases = [...trpcCases('date').cases, ...restCases('date').cases];
    expect(cases.length).toBeGreaterThanOrEqual(2 * 7 * REFUSED_DATES.length);
    // The incident date's own rule (not in the future) speaks for a date after 2200.
    const message = /between 1900 and 2200|cannot be in the future/;
    expect(await run(cases, undefined, () => ({ message }))).toEqual([]);
  });

  it('answers 400 on both doors to a parcel, ERF number or municipality that normalises to nothing', async () => {
    const cases = [...trpcCases('dna').cases, ...restCases('dna').cases];
    expect(cases.length).toBeGreaterThanOrEqual(2 * 6 * EMPTY_DNA_PARTS.length);
    expect(await run(cases, undefined, () => ({ message: /must contain a letter or digit/ }))).toEqual([]);
  });

  it('left the data as it was: no variant got through', async () => {
    const properties = await t.db.db.selectFrom('properties').select('id').execute();
    // The owner's one property (the adoption went into it; no create_property variant ran).
    expect(properties).toHaveLength(1);
    const jobs = await t.db.db.selectFrom('jobs').select('id').execute();
    expect(jobs).toHaveLength(1);
    expect(await tableDigests(t)).toEqual(digestsBefore);
  });
});
