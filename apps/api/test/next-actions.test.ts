import { johannesburgToday, nextActionsSchema } from '@propertydna/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { complianceRecheckJob } from '../src/modules/compliance/compliance.jobs.js';
import { createTestApp, type TestApp } from './support/app.js';
import { databaseKind } from './support/database.js';
import { type HttpOwner, httpOwner } from './support/http-owner.js';

const pdf = (label: string) =>
  Buffer.concat([Buffer.from(`%PDF-1.7\n% ${label}\n`), Buffer.alloc(2000, 0x41), Buffer.from('\n%%EOF\n')]);

/** The South African date `days` days from today (negative: ago), 'YYYY-MM-DD'. */
const day = (days: number) => johannesburgToday(new Date(Date.now() + days * 86_400_000));

/**
 * The dashboard's "what to do next" (issue 32 §1) on a mixed portfolio: an expired policy, an overdue task
 * and a healthy property, through both doors, scoped to the organisation.
 */
describe(`next actions across the portfolio (${databaseKind})`, () => {
  let t: TestApp;
  let origin: string;
  let owner: HttpOwner;
  let other: HttpOwner;
  const ids: Record<'beach' | 'flat' | 'healthy', string> = { beach: '', flat: '', healthy: '' };
  let taskId = '';

  async function property(name: string) {
    const res = await owner.call('POST', '/api/properties', {
      name,
      address: `${name}, 1 Long Street`,
      municipality: 'CPT',
      parcel_id: `P${Math.random().toString(36).slice(2, 8)}`,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as string;
  }

  async function upload(propertyId: string, label: string, fields: Record<string, unknown>) {
    const { metadata, ...rest } = fields;
    const res = await owner.upload(pdf(`${label}${propertyId}`), 'application/pdf', {
      property_id: propertyId,
      ...rest,
      metadata: { filename: `${label}.pdf`, ...(metadata as object | undefined) },
    });
    expect(res.statusCode, res.body).toBe(201);
  }

  /** The certificates every property here needs, and a policy ending on `policyEnds`. */
  async function vault(propertyId: string, policyEnds: string) {
    await upload(propertyId, 'Electrical CoC', {
      kind: 'certificate',
      metadata: { certificate_type: 'electrical_coc', issued_on: day(-100) },
    });
    await upload(propertyId, 'Roof inspection', {
      kind: 'certificate',
      metadata: { certificate_type: 'roof_inspection', issued_on: day(-30) },
    });
    await upload(propertyId, 'Policy schedule', { kind: 'policy', expires_at: policyEnds });
  }

  beforeAll(async () => {
    t = await createTestApp();
    origin = await t.app.listen({ host: '127.0.0.1', port: 0 });
    owner = await httpOwner(t, origin, { plan: 'premium' });
    other = await httpOwner(t, origin);
    ids.beach = await property('Beach house');
    ids.flat = await property('Flat');
    ids.healthy = await property('Healthy home');
    await vault(ids.beach, day(-10));
    await vault(ids.flat, day(300));
    await vault(ids.healthy, day(300));
    await upload(ids.flat, 'Gate motor certificate', { kind: 'certificate', expires_at: day(20) });
    const task = await owner.call('POST', '/api/maintenance', {
      propertyId: ids.flat,
      title: 'Service the geyser',
      frequency: 'annually',
      priority: 'low',
      next_due: day(-5),
    });
    expect(task.statusCode, task.body).toBe(201);
    taskId = task.json().id;
    await t.services.jobs.runQueued(complianceRecheckJob);
  });
  afterAll(async () => {
    await t.close();
  });

  it('puts the expired policy, then the overdue task first, each with its reason and action; the healthy property has none', async () => {
    const res = await owner.call('GET', '/api/dashboard/next-actions');
    expect(res.statusCode, res.body).toBe(200);
    const answer = nextActionsSchema.strict().parse(res.json());
    const [first, second, ...rest] = answer.items;
    expect(first).toMatchObject({
      level: 'critical',
      title: 'Expired insurance policy',
      reason: expect.stringContaining('Without cover in force, no claim on the property is paid.'),
      property: { id: ids.beach, name: 'Beach house' },
      action: { kind: 'upload', label: 'Upload', tab: 'vault' },
    });
    expect(second).toMatchObject({
      level: 'high',
      title: 'Service the geyser',
      reason: expect.stringMatching(/^Overdue by 5 days\./),
      property: { id: ids.flat, name: 'Flat' },
      overdue: true,
      due_date: day(-5),
      action: { kind: 'mark_done', label: 'Mark done', tab: 'actions' },
      reminder_id: `task:${taskId}`,
    });
    // The certificate expiring in 20 days follows, once (its gap, not its reminder again).
    expect(rest.map((item) => [item.property.name, item.level, item.title])).toEqual([
      ['Flat', 'medium', 'Certificates expiring soon'],
    ]);
    expect(answer.items.some((item) => item.property.id === ids.healthy)).toBe(false);
    expect(answer.total).toBe(answer.items.length);
  });

  it('answers the same on the tRPC door', async () => {
    const rest = (await owner.call('GET', '/api/dashboard/next-actions')).json();
    const res = await owner.call('GET', '/trpc/properties.nextActions');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result.data).toEqual(rest);
  });

  it('counts as upcoming expiries the documents expiring within 60 days, not the expired policy nor the task', async () => {
    const stats = (await owner.call('GET', '/api/dashboard/stats')).json();
    expect(stats.expiringDocuments).toBe(1);
    expect(stats.compliance).toMatchObject({ critical: 1 });
  });

  it('shows another organisation none of it, on both doors, and nobody signed out', async () => {
    const rest = await other.call('GET', '/api/dashboard/next-actions');
    expect(rest.statusCode).toBe(200);
    expect(rest.json()).toEqual({ items: [], total: 0 });
    const trpc = await other.call('GET', '/trpc/properties.nextActions');
    expect(trpc.json().result.data).toEqual({ items: [], total: 0 });
    expect((await fetch(`${origin}/api/dashboard/next-actions`)).status).toBe(401);
  });
});
