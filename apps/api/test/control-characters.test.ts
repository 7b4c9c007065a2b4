import { ROOFING_SERVICE_REPORT_V1 } from '@propertydna/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { AnyRestRoute } from '../src/rest/define-route.js';
import { restRoutes } from '../src/rest/routes.js';
import { appRouter } from '../src/trpc/router.js';
import { signUpAndLogIn, type TestAccount } from './support/accounts.js';
import { createTestApp, type TestApp } from './support/app.js';
import { databaseKind } from './support/database.js';

/**
 * The NUL matrix (issue 11 §7): PostgreSQL refuses U+0000 in text and JSON, so a NUL that gets past
 * validation answers 500. Every string that any input accepts must refuse it with 400, through both
 * doors. The cases are generated, not written: the walk below finds every string leaf of every input
 * schema (the tRPC procedures' `_def.inputs`, the REST routes' params/query/body), and each case is one
 * valid example input with exactly that one leaf carrying a NUL. A new text field therefore gets its
 * cases by itself; a new procedure or route with an input fails the test until it has an example here.
 *
 * Skipped, because they take no input at all (nothing to put a NUL in), found by the walk: tRPC
 * auth.me, auth.logout, calendar.feed, calendar.rotate, documents.list, escalation.claims, notifications.settings,
 * notifications.sendTest, plan.startTrial, properties.stats, supplier.profile,
 * supplier.insurance, supplier.templates, supplier.jobs, system.health, system.info, transfers.list, and their REST
 * doors (GET /api/auth/me, POST /api/auth/logout, GET /api/calendar, POST /api/calendar/rotate, GET /api/claims,
 * GET /api/health, GET /api/info, GET /api/notifications/settings, POST /api/notifications/test,
 * GET /api/dashboard/stats, POST /api/plan/trial, GET /api/documents,
 * GET /api/supplier/profile, GET /api/supplier/templates, GET /api/supplier/jobs,
 * GET /api/supplier/insurance, GET /api/transfers). notifications.update and PUT /api/notifications/settings take only a
 * boolean (WITHOUT_TEXT). The feed itself (GET /api/calendar/{token}.ics) is a plain route, not
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
 * Every string of a JSON value that a schema takes as it is (z.unknown, z.any, z.custom): each string
 * leaf, and with `keys` each object key, made to hold a NUL.
 */
function jsonVariants(value: unknown, path: Path, keys: boolean): Variant[] {
  if (value === undefined || typeof value === 'string') return [{ path, value: withNul(value) }];
  if (Array.isArray(value)) {
    return value.flatMap((item, index) =>
      jsonVariants(item, [...path, index], keys).map((variant) => ({
        path: variant.path,
        value: value.map((other, at) => (at === index ? variant.value : other)),
      })),
    );
  }
  if (!isPlainObject(value)) return [];
  return Object.entries(value).flatMap(([key, entry]) => [
    ...(keys ? [{ path: [...path, withNul(key)], value: renameKey(value, key, withNul(key)) }] : []),
    ...jsonVariants(entry, [...path, key], keys).map((variant) => ({
      path: variant.path,
      value: { ...value, [key]: variant.value },
    })),
  ]);
}

/**
 * Every variant of `value` in which one string leaf of `schema` holds a NUL. Walks zod 4 schemas:
 * objects, arrays, tuples, unions (the options the example fits; all of them for an absent value),
 * records (keys and values), wrappers (optional, nullable, default, …), pipes and transforms (their
 * input side), lazy and intersections; free-form values (unknown, any, custom) by their example.
 */
function nulVariants(schema: Schema, value: unknown, path: Path = []): Variant[] {
  const def = schema._zod.def as unknown as Record<string, unknown> & { type: string };
  const inner = (key: string) => def[key] as Schema;
  switch (def.type) {
    case 'string':
      return [{ path, value: withNul(value) }];
    case 'enum':
    case 'literal': {
      const values = Object.values((def.entries ?? {}) as object).concat((def.values as unknown[]) ?? []);
      return values.some((entry) => typeof entry === 'string') ? [{ path, value: withNul(value) }] : [];
    }
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'nonoptional':
    case 'readonly':
    case 'catch':
      return nulVariants(inner('innerType'), value, path);
    case 'pipe':
      return nulVariants(inner('in'), value, path);
    case 'lazy':
      return nulVariants((def.getter as () => Schema)(), value, path);
    case 'intersection':
      return [...nulVariants(inner('left'), value, path), ...nulVariants(inner('right'), value, path)];
    case 'object': {
      const object = isPlainObject(value) ? value : {};
      return Object.entries(def.shape as Record<string, Schema>).flatMap(([key, field]) =>
        nulVariants(field, object[key], [...path, key]).map((variant) => ({
          path: variant.path,
          value: { ...object, [key]: variant.value },
        })),
      );
    }
    case 'array': {
      const items = Array.isArray(value) ? value : [];
      return nulVariants(inner('element'), items[0], [...path, 0]).map((variant) => ({
        path: variant.path,
        value: [variant.value, ...items.slice(1)],
      }));
    }
    case 'tuple': {
      const items = Array.isArray(value) ? value : [];
      return (def.items as Schema[]).flatMap((item, index) =>
        nulVariants(item, items[index], [...path, index]).map((variant) => ({
          path: variant.path,
          value: items.map((other, at) => (at === index ? variant.value : other)),
        })),
      );
    }
    case 'union': {
      const options = def.options as Schema[];
      const fitting =
        value === undefined
          ? options
          : options.filter((option) => (option as z.ZodType).safeParse(value).success);
      return fitting.flatMap((option) => nulVariants(option, value, path));
    }
    case 'record': {
      const object = isPlainObject(value) && Object.keys(value).length > 0 ? value : { key: 'value' };
      const [firstKey = 'key'] = Object.keys(object);
      return [
        ...nulVariants(inner('keyType'), firstKey, [...path, firstKey]).map((variant) => ({
          path: [...path, String(variant.value)],
          value: renameKey(object, firstKey, String(variant.value)),
        })),
        ...Object.entries(object).flatMap(([key, entry]) =>
          nulVariants(inner('valueType'), entry, [...path, key]).map((variant) => ({
            path: variant.path,
            value: { ...object, [key]: variant.value },
          })),
        ),
      ];
    }
    case 'unknown':
    case 'any':
      return jsonVariants(value, path, true);
    case 'custom':
      // A custom schema reads the fields it knows (unknown keys are dropped), so only values matter.
      return jsonVariants(value, path, false);
    default:
      // Numbers, booleans, dates, …: nowhere to put a NUL.
      return [];
  }
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

type Who = 'anonymous' | 'owner' | 'supplier';
interface ProcedureExample {
  as: Who;
  input: unknown;
}
interface RouteExample {
  as: Who;
  params?: Record<string, string>;
  query?: Record<string, unknown>;
  body?: unknown;
}

interface Case {
  door: 'tRPC' | 'REST';
  name: string;
  where: string;
  /** Sends the case with its NUL replaced by `character` (NUL itself by default). */
  send: (character?: string) => Promise<{ statusCode: number; body: string }>;
}

/** The JSON text of `value`, its NULs replaced by `character`. */
const jsonWith = (value: unknown, character: string) =>
  JSON.stringify(value).replaceAll('\\u0000', `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`);

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
const WITHOUT_TEXT = new Set(['notifications.update', 'PUT /api/notifications/settings']);

describe(`a NUL in any string of any input answers 400 on both doors (${databaseKind})`, () => {
  let t: TestApp;
  let accounts: Record<Exclude<Who, 'anonymous'>, TestAccount>;
  let trpcExamples: Record<string, ProcedureExample[]>;
  let restExamples: Record<string, RouteExample[]>;

  beforeAll(async () => {
    t = await createTestApp();
    accounts = { owner: await signUpAndLogIn(t), supplier: await signUpAndLogIn(t, 'supplier') };
    const call = async (who: Who, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) => {
      const res = await t.app.inject({
        method,
        url,
        headers: who === 'anonymous' ? {} : accounts[who].headers,
        ...(payload === undefined ? {} : { payload: payload as object }),
      });
      if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
      return res.json();
    };

    // What the examples name: the owner's property and a document on it; the supplier's job, template,
    // share link (whose report the owner adopted) and insurance certificate.
    const property = await call('owner', 'POST', '/api/properties', {
      name: 'Home',
      address: '1 Long Street',
      country: 'ZA',
      municipality: 'Cape Town',
      parcel_id: 'ERF 1',
    });
    const task = {
      title: 'Clean gutters',
      description: 'Before the rains',
      frequency: 'annually',
      priority: 'medium',
      next_due: '2027-04-30',
      assigned_to: 'Sipho',
    };
    const customReminder = {
      title: 'Call the roofer',
      message: 'About the ridge',
      due_date: '2027-01-15',
      priority: 'high',
    };
    const maintenanceTask = await call('owner', 'POST', '/api/maintenance', {
      propertyId: property.id,
      ...task,
    });
    const job = await call('supplier', 'POST', '/api/supplier/jobs', {
      property_address: '9 Main Rd, Kalk Bay',
      client_name: 'M. Naidoo',
      description: 'Roof repair',
    });
    const answers = {
      job_ref: job.job_ref,
      inspection_date: '2026-11-20',
      technician_name: 'Sipho Dlamini',
      roof_type: ROOFING_SERVICE_REPORT_V1.fields.find((f) => f.name === 'roof_type')?.options?.[0],
      condition: ROOFING_SERVICE_REPORT_V1.fields.find((f) => f.name === 'condition')?.options?.[0],
      work_performed: 'Fixed the flashing.',
    };
    await call('supplier', 'POST', `/api/supplier/jobs/${job.id}/reports`, {
      templateId: ROOFING_SERVICE_REPORT_V1.id,
      answers,
    });
    const template = await call('supplier', 'POST', '/api/supplier/templates', {
      name: 'Gutter report',
      category: 'gutters',
      version: 1,
      fields: [{ name: 'notes', type: 'text', required: true, label: 'Notes' }],
    });
    const shared = await call('supplier', 'POST', `/api/supplier/jobs/${job.id}/share`, { password: null });
    const locked = await call('supplier', 'POST', `/api/supplier/jobs/${job.id}/share`, {
      password: 'open sesame',
    });
    const [link] = await call('supplier', 'GET', `/api/supplier/jobs/${job.id}/shares`);
    await call('owner', 'POST', `/api/share/${shared.token}/adopt`, { property_id: property.id });
    const [document] = await call('owner', 'GET', `/api/properties/${property.id}/documents`);
    const sha256 = document.sha256 as string;
    const vendorInvite = {
      name: 'Sipho Dlamini',
      email: 'sipho@sparks.co.za',
      company: 'Sparks Electrical',
      phone: '082 123 4567',
      propertyId: property.id,
      allowedKinds: ['certificate'],
      expiresInDays: 7,
    };
    const invited = await call('owner', 'POST', '/api/vendors/invite', vendorInvite);
    const inviteToken = new URL(invited.invite.url).pathname.replace('/invite/', '');
    const transferBody = { email: 'buyer@example.co.za', message: 'The keys are with the agent.' };
    const transfer = await call('owner', 'POST', `/api/properties/${property.id}/transfer`, transferBody);
    const transferToken = 'a'.repeat(32);
    const vendorPatch = {
      name: 'Sipho',
      company: 'Sparks',
      phone: '082 000 0000',
      specialties: 'Electrical',
      notes: 'Good',
    };
    const inviteDocument = {
      kind: 'certificate',
      name: 'CoC.pdf',
      storage_key: 'ab/00000000000000000000000000000000',
      sha256,
      bytes: 1234,
      content_type: 'application/pdf',
      expires_at: null,
      metadata: { certificate_type: 'electrical_coc', issued_on: '2026-11-01' },
    };
    const claimBody = {
      incident_type: 'burst_geyser',
      incident_date: '2026-11-20',
      description: 'The geyser burst overnight.',
      document_ids: [document.id],
    };
    const claim = await call('owner', 'POST', `/api/properties/${property.id}/claims`, claimBody);
    const callbackBody = { phone: '082 123 4567', preferred_time: 'morning', topic: 'My geyser claim' };
    const providerSearch = { specialty: 'Roofing', municipality: 'CPT', q: 'Cape' };
    const signed = await call('owner', 'POST', '/api/documents/sign', {
      contentType: 'application/pdf',
      sha256,
      bytes: 1234,
    });

    const signup = {
      userType: 'supplier',
      accountType: 'company',
      firstName: 'Naledi',
      lastName: 'Mokoena',
      email: 'naledi.nul@example.co.za',
      password: 'a long password',
      company: 'Cape Roofing CC',
      phoneNumber: '082 123 4567',
      registrationNumber: '2010/111111/23',
      specialties: 'Roofing, Plumbing',
      tradingAs: 'Cape Roofers',
      businessAddress: '1 Main Road, Cape Town',
      agreeToMarketing: false,
    };
    const investorSignup = {
      ...signup,
      userType: 'company_investor',
      specialties: ['Roofing'],
      companyType: 'Pty Ltd',
      vatNumber: '4123456789',
    };
    const login = { email: accounts.owner.email, password: 'a long password' };
    const changePassword = { currentPassword: 'a long password', newPassword: 'another long password' };
    const dialog = {
      name: 'Beach house',
      address: '2 Beach Road',
      property_type: 'residential',
      country: 'ZA',
      municipality: 'Cape Town',
      parcel_id: 'ERF 2',
      unit: '4B',
      deed_number: 'T123/2020',
    };
    const form = {
      erfNumber: 'ERF 3',
      township: 'Rondebosch',
      municipality: 'Cape Town',
      address: '3 Main Road',
      description: 'Family home',
      dnaCode: 'ZA-PENDING',
      isDemo: false,
    };
    const patch = {
      name: 'Home',
      address: '1 Long Street',
      property_type: 'residential',
      township: 'Gardens',
      unit: '1',
      deed_number: 'T1/2000',
      description: 'Renovated',
    };
    const signUpload = { contentType: 'application/pdf', sha256, bytes: 1234 };
    const register = {
      property_id: property.id,
      job_id: null,
      organization: false,
      kind: 'certificate',
      name: 'Electrical CoC.pdf',
      storage_key: signed.storageKey,
      sha256,
      bytes: 1234,
      content_type: 'application/pdf',
      expires_at: '2027-03-31',
      metadata: { source: 'scanner', pages: 2, tags: ['electrical'] },
    };
    const profile = {
      company_name: 'Cape Roofing CC',
      registration_number: '2010/111111/23',
      description: 'Roofs since 1990',
      email: 'info@roofing.co.za',
      phone: '021 555 1234',
      website: 'roofing.co.za/about',
      specialties: 'Roofing',
    };
    const insurance = {
      insurer: 'Santam',
      policy_number: 'P-123',
      expires_at: '2027-01-31',
      certificate_document_id: null,
    };
    const templateDraft = {
      name: 'Gutter report',
      category: 'gutters',
      version: 'v2',
      fields: [
        { name: 'notes', type: 'text', required: true, label: 'Notes' },
        { name: 'state', type: 'select', required: false, label: 'State', options: ['Good', 'Poor'] },
      ],
    };
    const newJob = {
      property_address: '10 Main Rd',
      client_name: 'T. Botha',
      description: 'Gutters',
      job_ref: 'JOB-ABC123-WXYZ',
    };
    const report = { templateId: ROOFING_SERVICE_REPORT_V1.id, answers };
    const share = { password: 'secret', expiresInDays: 7 };
    const adoptNew = { property_id: 'new', create_property: true, property: form };
    const adoptExisting = { property_id: property.id, create_property: false };

    trpcExamples = {
      'auth.signup': [
        { as: 'anonymous', input: signup },
        { as: 'anonymous', input: investorSignup },
      ],
      'auth.login': [{ as: 'anonymous', input: login }],
      'auth.demo': [{ as: 'anonymous', input: { account: 'owner' } }],
      'auth.changePassword': [{ as: 'owner', input: changePassword }],
      'auth.forgotPassword': [{ as: 'anonymous', input: { email: accounts.owner.email } }],
      'auth.resetPassword': [
        { as: 'anonymous', input: { token: 'AbC_dEf-123', password: 'a new password' } },
      ],
      'documents.sign': [{ as: 'owner', input: signUpload }],
      'documents.signBatch': [{ as: 'owner', input: { files: [signUpload] } }],
      'documents.register': [{ as: 'owner', input: register }],
      'documents.byProperty': [{ as: 'owner', input: { propertyId: property.id } }],
      'documents.update': [{ as: 'owner', input: { id: document.id, patch: { expires_at: '2027-01-01' } } }],
      'documents.remove': [{ as: 'owner', input: { id: document.id } }],
      'properties.list': [{ as: 'owner', input: { q: 'Gardens', status: 'good' } }],
      'properties.page': [{ as: 'owner', input: { q: 'Gardens', cursor: 'abc', limit: 5 } }],
      'properties.byId': [{ as: 'owner', input: { id: property.id } }],
      'properties.create': [
        { as: 'owner', input: dialog },
        { as: 'owner', input: form },
      ],
      'properties.update': [{ as: 'owner', input: { id: property.id, patch } }],
      'properties.archive': [{ as: 'owner', input: { id: property.id } }],
      'compliance.policyCheck': [{ as: 'owner', input: { id: property.id } }],
      'compliance.runCheck': [{ as: 'owner', input: { id: property.id } }],
      'policies.findings': [{ as: 'owner', input: { propertyId: property.id } }],
      'policies.analyses': [{ as: 'owner', input: { propertyId: property.id } }],
      'policies.analyze': [{ as: 'owner', input: { propertyId: property.id } }],
      'maintenance.list': [{ as: 'owner', input: { propertyId: property.id } }],
      'maintenance.create': [{ as: 'owner', input: { propertyId: property.id, ...task } }],
      'maintenance.byId': [{ as: 'owner', input: { id: maintenanceTask.id } }],
      'maintenance.update': [{ as: 'owner', input: { id: maintenanceTask.id, patch: { title: 'Gutters' } } }],
      'maintenance.remove': [{ as: 'owner', input: { id: maintenanceTask.id } }],
      'maintenance.complete': [{ as: 'owner', input: { id: maintenanceTask.id, notes: 'Done' } }],
      'maintenance.bootstrap': [{ as: 'owner', input: { propertyId: property.id } }],
      'maintenance.reminders': [{ as: 'owner', input: { id: property.id } }],
      'maintenance.addReminder': [{ as: 'owner', input: { id: property.id, ...customReminder } }],
      'maintenance.completeReminder': [{ as: 'owner', input: { id: `task:${maintenanceTask.id}` } }],
      'notifications.update': [{ as: 'owner', input: { emailAlerts: false } }],
      'escalation.propertyClaims': [{ as: 'owner', input: { propertyId: property.id } }],
      'escalation.claim': [{ as: 'owner', input: { id: claim.id } }],
      'escalation.startClaim': [{ as: 'owner', input: { propertyId: property.id, ...claimBody } }],
      'escalation.providers': [{ as: 'owner', input: providerSearch }],
      'escalation.callbacks': [{ as: 'owner', input: { propertyId: property.id } }],
      'escalation.requestCallback': [{ as: 'owner', input: { propertyId: property.id, ...callbackBody } }],
      'vendors.byId': [{ as: 'owner', input: { id: invited.vendor.id } }],
      'vendors.byProperty': [{ as: 'owner', input: { propertyId: property.id } }],
      'vendors.invite': [{ as: 'owner', input: vendorInvite }],
      'vendors.update': [{ as: 'owner', input: { id: invited.vendor.id, patch: vendorPatch } }],
      'vendors.revoke': [{ as: 'owner', input: { id: invited.vendor.id, propertyId: property.id } }],
      'vendors.remove': [{ as: 'owner', input: { id: invited.vendor.id } }],
      'transfers.start': [{ as: 'owner', input: { propertyId: property.id, ...transferBody } }],
      'transfers.cancel': [{ as: 'owner', input: { id: transfer.id } }],
      'transfers.accept': [{ as: 'owner', input: { id: transfer.id, token: 'AbC_dEf-123' } }],
      'transfers.decline': [{ as: 'owner', input: { id: transfer.id } }],
      'transfers.ownership': [{ as: 'owner', input: { propertyId: property.id } }],
      'transfers.packLink': [{ as: 'owner', input: { id: transfer.id } }],
      'transferLinks.view': [{ as: 'anonymous', input: { token: transferToken } }],
      'invites.view': [{ as: 'anonymous', input: { token: inviteToken } }],
      'invites.sign': [{ as: 'anonymous', input: { token: inviteToken, ...signUpload } }],
      'invites.register': [{ as: 'anonymous', input: { token: inviteToken, document: inviteDocument } }],
      'shares.shareJob': [{ as: 'supplier', input: { ...share, jobId: job.id } }],
      'shares.shareProperty': [
        { as: 'owner', input: { ...share, propertyId: property.id, documentIds: [document.id] } },
      ],
      'shares.links': [
        { as: 'supplier', input: { jobId: job.id } },
        { as: 'owner', input: { propertyId: property.id } },
      ],
      'shares.revoke': [{ as: 'supplier', input: { id: link.id } }],
      'shares.events': [{ as: 'supplier', input: { id: link.id } }],
      'shares.view': [{ as: 'anonymous', input: { token: shared.token } }],
      'shares.unlock': [{ as: 'anonymous', input: { token: locked.token, password: 'open sesame' } }],
      'shares.adopt': [
        { as: 'owner', input: { token: shared.token, ...adoptNew } },
        { as: 'owner', input: { token: shared.token, ...adoptExisting } },
      ],
      'shares.verify': [{ as: 'anonymous', input: { sha256 } }],
      'supplier.updateProfile': [
        { as: 'supplier', input: profile },
        { as: 'supplier', input: { ...profile, specialties: ['Roofing', 'Plumbing'] } },
      ],
      'supplier.updateInsurance': [{ as: 'supplier', input: insurance }],
      'supplier.createTemplate': [{ as: 'supplier', input: templateDraft }],
      'supplier.updateTemplate': [{ as: 'supplier', input: { id: template.id, template: templateDraft } }],
      'supplier.job': [{ as: 'supplier', input: { id: job.id } }],
      'supplier.createJob': [{ as: 'supplier', input: newJob }],
      'supplier.jobDocuments': [{ as: 'supplier', input: { id: job.id } }],
      'supplier.createReport': [{ as: 'supplier', input: { id: job.id, ...report } }],
    };

    restExamples = {
      'POST /api/auth/signup': [
        { as: 'anonymous', body: signup },
        { as: 'anonymous', body: investorSignup },
      ],
      'POST /api/auth/login': [{ as: 'anonymous', body: login }],
      'POST /api/auth/demo': [{ as: 'anonymous', body: { account: 'supplier' } }],
      'POST /api/auth/password': [{ as: 'owner', body: changePassword }],
      'PUT /api/auth/password': [{ as: 'owner', body: changePassword }],
      'POST /api/auth/forgot-password': [{ as: 'anonymous', body: { email: accounts.owner.email } }],
      'POST /api/auth/reset-password': [
        { as: 'anonymous', body: { token: 'AbC_dEf-123', password: 'a new password' } },
      ],
      'POST /api/properties': [
        { as: 'owner', body: dialog },
        { as: 'owner', body: form },
      ],
      'GET /api/properties': [{ as: 'owner', query: { q: 'Gardens', cursor: 'abc', limit: '5' } }],
      'GET /api/properties/:id': [{ as: 'owner', params: { id: property.id } }],
      'PATCH /api/properties/:id': [{ as: 'owner', params: { id: property.id }, body: patch }],
      'POST /api/properties/:id/archive': [{ as: 'owner', params: { id: property.id } }],
      'POST /api/documents/sign': [{ as: 'owner', body: signUpload }],
      'POST /api/documents/sign-batch': [{ as: 'owner', body: { files: [signUpload, signUpload] } }],
      'POST /api/documents': [{ as: 'owner', body: register }],
      'GET /api/properties/:id/documents': [{ as: 'owner', params: { id: property.id } }],
      'PATCH /api/documents/:id': [
        { as: 'owner', params: { id: document.id }, body: { expires_at: '2027-01-01' } },
      ],
      'DELETE /api/documents/:id': [{ as: 'owner', params: { id: document.id } }],
      'PUT /api/supplier/profile': [
        { as: 'supplier', body: profile },
        { as: 'supplier', body: { ...profile, specialties: ['Roofing'] } },
      ],
      'POST /api/supplier/templates': [{ as: 'supplier', body: templateDraft }],
      'PUT /api/supplier/templates/:id': [
        { as: 'supplier', params: { id: template.id }, body: templateDraft },
      ],
      'POST /api/supplier/jobs': [{ as: 'supplier', body: newJob }],
      'GET /api/supplier/jobs/:id': [{ as: 'supplier', params: { id: job.id } }],
      'GET /api/supplier/jobs/:id/documents': [{ as: 'supplier', params: { id: job.id } }],
      'POST /api/supplier/jobs/:id/reports': [{ as: 'supplier', params: { id: job.id }, body: report }],
      'POST /api/supplier/jobs/:id/share': [{ as: 'supplier', params: { id: job.id }, body: share }],
      'GET /api/supplier/jobs/:id/shares': [{ as: 'supplier', params: { id: job.id } }],
      'POST /api/properties/:id/share': [
        { as: 'owner', params: { id: property.id }, body: { ...share, documentIds: [document.id] } },
      ],
      'GET /api/properties/:id/shares': [{ as: 'owner', params: { id: property.id } }],
      'POST /api/shares/:id/revoke': [{ as: 'supplier', params: { id: link.id } }],
      'GET /api/shares/:id/events': [{ as: 'supplier', params: { id: link.id } }],
      'GET /api/share/:token': [{ as: 'anonymous', params: { token: shared.token } }],
      'POST /api/share/:token/unlock': [
        { as: 'anonymous', params: { token: locked.token }, body: { password: 'open sesame' } },
      ],
      'POST /api/share/:token/adopt': [
        { as: 'owner', params: { token: shared.token }, body: adoptNew },
        { as: 'owner', params: { token: shared.token }, body: adoptExisting },
      ],
      'GET /api/verify/:sha256': [{ as: 'anonymous', params: { sha256 } }],
      'PUT /api/supplier/insurance': [{ as: 'supplier', body: insurance }],
      'GET /api/properties/:id/policy-check': [{ as: 'owner', params: { id: property.id } }],
      'POST /api/properties/:id/policy-check': [{ as: 'owner', params: { id: property.id } }],
      'GET /api/policies/findings': [{ as: 'owner', query: { propertyId: property.id } }],
      'GET /api/policies/analyses': [{ as: 'owner', query: { propertyId: property.id } }],
      'POST /api/policies/analyze': [{ as: 'owner', body: { propertyId: property.id } }],
      'GET /api/maintenance': [{ as: 'owner', query: { propertyId: property.id } }],
      'POST /api/maintenance': [{ as: 'owner', body: { propertyId: property.id, ...task } }],
      'GET /api/maintenance/:id': [{ as: 'owner', params: { id: maintenanceTask.id } }],
      'PATCH /api/maintenance/:id': [
        { as: 'owner', params: { id: maintenanceTask.id }, body: { title: 'Gutters' } },
      ],
      'DELETE /api/maintenance/:id': [{ as: 'owner', params: { id: maintenanceTask.id } }],
      'POST /api/maintenance/:id/complete': [
        { as: 'owner', params: { id: maintenanceTask.id }, body: { notes: 'Done' } },
      ],
      'POST /api/maintenance/bootstrap': [{ as: 'owner', body: { propertyId: property.id } }],
      'GET /api/properties/:id/reminders': [{ as: 'owner', params: { id: property.id } }],
      'POST /api/properties/:id/reminders': [
        { as: 'owner', params: { id: property.id }, body: customReminder },
      ],
      'POST /api/reminders/:id/complete': [{ as: 'owner', params: { id: `task:${maintenanceTask.id}` } }],
      'PUT /api/notifications/settings': [{ as: 'owner', body: { emailAlerts: false } }],
      'POST /api/properties/:id/claims': [{ as: 'owner', params: { id: property.id }, body: claimBody }],
      'GET /api/properties/:id/claims': [{ as: 'owner', params: { id: property.id } }],
      'GET /api/claims/:id': [{ as: 'owner', params: { id: claim.id } }],
      'GET /api/providers': [{ as: 'owner', query: providerSearch }],
      'POST /api/properties/:id/callbacks': [
        { as: 'owner', params: { id: property.id }, body: callbackBody },
      ],
      'GET /api/properties/:id/callbacks': [{ as: 'owner', params: { id: property.id } }],
      'POST /api/vendors/invite': [{ as: 'owner', body: vendorInvite }],
      'GET /api/vendors/:id': [{ as: 'owner', params: { id: invited.vendor.id } }],
      'PATCH /api/vendors/:id': [{ as: 'owner', params: { id: invited.vendor.id }, body: vendorPatch }],
      'DELETE /api/vendors/:id': [{ as: 'owner', params: { id: invited.vendor.id } }],
      'POST /api/vendors/:id/revoke': [
        { as: 'owner', params: { id: invited.vendor.id }, body: { propertyId: property.id } },
      ],
      'GET /api/properties/:id/vendors': [{ as: 'owner', params: { id: property.id } }],
      'POST /api/properties/:id/transfer': [{ as: 'owner', params: { id: property.id }, body: transferBody }],
      'POST /api/transfers/:id/cancel': [{ as: 'owner', params: { id: transfer.id } }],
      'POST /api/transfers/:id/accept': [
        { as: 'owner', params: { id: transfer.id }, body: { token: 'AbC_dEf-123' } },
      ],
      'POST /api/transfers/:id/decline': [{ as: 'owner', params: { id: transfer.id } }],
      'GET /api/properties/:id/ownership': [{ as: 'owner', params: { id: property.id } }],
      'POST /api/transfers/:id/pack-link': [{ as: 'owner', params: { id: transfer.id } }],
      'GET /api/transfer-links/:token': [{ as: 'anonymous', params: { token: transferToken } }],
      'GET /api/invites/:token': [{ as: 'anonymous', params: { token: inviteToken } }],
      'POST /api/invites/:token/sign': [
        { as: 'anonymous', params: { token: inviteToken }, body: signUpload },
      ],
      'POST /api/invites/:token/documents': [
        { as: 'anonymous', params: { token: inviteToken }, body: inviteDocument },
      ],
    };
  });

  afterAll(async () => {
    await t?.close();
  });

  const headersOf = (who: Who): Record<string, string> => (who === 'anonymous' ? {} : accounts[who].headers);

  /** The cases of the tRPC door, and the problems found while making them. */
  function trpcCases(): { cases: Case[]; problems: string[] } {
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
      for (const example of examples) {
        for (const schema of inputs) {
          const valid = (schema as z.ZodType).safeParse(example.input);
          if (!valid.success) problems.push(`tRPC ${name}: example is not valid: ${valid.error.message}`);
        }
        for (const schema of inputs) {
          for (const variant of nulVariants(schema, example.input)) {
            const where = JSON.stringify(variant.path);
            if (seen.has(where)) continue;
            seen.add(where);
            const problem = failsOnlyAt(schema, variant.value, variant.path);
            if (problem) problems.push(`tRPC ${name} ${where}: ${problem}`);
            cases.push({
              door: 'tRPC',
              name,
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
      if ((seen.size === 0) !== WITHOUT_TEXT.has(name))
        problems.push(`tRPC ${name}: the walk found ${seen.size} strings; WITHOUT_TEXT says otherwise`);
    }
    return { cases, problems };
  }

  /** The cases of the REST door, and the problems found while making them. */
  function restCases(): { cases: Case[]; problems: string[] } {
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
      for (const example of examples) {
        for (const [part, schema] of parts) {
          const valid = schema.safeParse(example[part]);
          if (!valid.success)
            problems.push(`REST ${name}: example ${part} is not valid: ${valid.error.message}`);
          for (const variant of nulVariants(schema, example[part])) {
            const where = JSON.stringify([part, ...variant.path]);
            if (seen.has(where)) continue;
            seen.add(where);
            const problem = failsOnlyAt(schema, variant.value, variant.path);
            if (problem) problems.push(`REST ${name} ${where}: ${problem}`);
            const request = { ...example, [part]: variant.value };
            const params = (request.params ?? {}) as Record<string, unknown>;
            cases.push({
              door: 'REST',
              name,
              where,
              send: (character = NUL) => {
                const text = (value: unknown) => String(value).replaceAll(NUL, character);
                const url = route.url.replace(/:(\w+)/g, (_, key: string) =>
                  encodeURIComponent(text(params[key])),
                );
                const query = request.query
                  ? `?${new URLSearchParams(
                      Object.entries(request.query as Record<string, unknown>).map(
                        ([key, value]): [string, string] => [key, text(value)],
                      ),
                    ).toString()}`
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
      if ((seen.size === 0) !== WITHOUT_TEXT.has(name))
        problems.push(`REST ${name}: the walk found ${seen.size} strings; WITHOUT_TEXT says otherwise`);
    }
    return { cases, problems };
  }

  /** Sends every case (with NUL, or with `characterOf` its index), and names those not answered 400. */
  async function run(cases: Case[], characterOf: (index: number) => string = () => NUL): Promise<string[]> {
    const failures: string[] = [];
    for (const [index, c] of cases.entries()) {
      const character = characterOf(index);
      const res = await c.send(character);
      if (res.statusCode !== 400) {
        const code = `U+${character.charCodeAt(0).toString(16).padStart(4, '0').toUpperCase()}`;
        failures.push(
          `${c.door} ${c.name} ${c.where} with ${code}: ${res.statusCode} ${res.body.slice(0, 300)}`,
        );
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

  it('left the data as it was: no variant got through', async () => {
    const properties = await t.db.db.selectFrom('properties').select('id').execute();
    // The owner's one property (the adoption went into it; no create_property variant ran).
    expect(properties).toHaveLength(1);
    const jobs = await t.db.db.selectFrom('jobs').select('id').execute();
    expect(jobs).toHaveLength(1);
  });
});
