import { MAINTENANCE_MESSAGES } from '@propertydna/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAINTENANCE_TEXTS } from '../src/modules/maintenance/maintenance.service.js';
import { createTestApp, type TestApp } from './support/app.js';
import { databaseKind } from './support/database.js';
import { httpOwner } from './support/http-owner.js';

const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(1500, 0x42), Buffer.from('\n%%EOF\n')]);

describe(`maintenance tasks (${databaseKind})`, () => {
  let t: TestApp;
  let origin: string;

  beforeAll(async () => {
    t = await createTestApp();
    origin = await t.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await t.close();
  });

  async function ownerWithProperty() {
    const owner = await httpOwner(t, origin);
    const property = await owner.call('POST', '/api/properties', {
      name: 'Kloof House',
      address: '8 Kloof Street',
      municipality: 'CPT',
      parcel_id: `M${Math.random().toString(36).slice(2, 8)}`,
    });
    expect(property.statusCode, property.body).toBe(201);
    return { ...owner, propertyId: property.json().id as string };
  }

  const task = (propertyId: string, fields: Record<string, unknown> = {}) => ({
    propertyId,
    title: 'Service the pool pump',
    description: 'Clean the filter and check the pump seals',
    frequency: 'monthly',
    priority: 'medium',
    next_due: '2027-01-31',
    assigned_to: 'Blue Pools',
    ...fields,
  });

  it('creates, lists, edits and deletes a task of the spec §3 shape', async () => {
    const owner = await ownerWithProperty();
    const created = await owner.call('POST', '/api/maintenance', task(owner.propertyId));
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      title: 'Service the pool pump',
      frequency: 'monthly',
      priority: 'medium',
      next_due: '2027-01-31',
      assigned_to: 'Blue Pools',
      property_id: owner.propertyId,
      property_name: 'Kloof House',
      history: [],
      last_completed_on: null,
    });
    const id = created.json().id;
    const all = (await owner.call('GET', '/api/maintenance')).json();
    expect(all.map((item: { id: string }) => item.id)).toEqual([id]);
    expect((await owner.call('GET', `/api/maintenance?propertyId=${owner.propertyId}`)).json()).toHaveLength(
      1,
    );

    const edited = await owner.call('PATCH', `/api/maintenance/${id}`, {
      priority: 'high',
      assigned_to: null,
      description: '',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      priority: 'high',
      assigned_to: null,
      description: null,
      title: 'Service the pool pump',
    });
    expect((await owner.call('DELETE', `/api/maintenance/${id}`)).statusCode).toBe(200);
    expect((await owner.call('GET', '/api/maintenance')).json()).toEqual([]);
    expect((await owner.call('GET', `/api/maintenance/${id}`)).statusCode).toBe(404);
  });

  it('completing records the service and moves next_due by the frequency, month-end safe', async () => {
    const owner = await ownerWithProperty();
    const id = (await owner.call('POST', '/api/maintenance', task(owner.propertyId))).json().id;
    const evidence = await owner.upload(pdf, 'application/pdf', {
      property_id: owner.propertyId,
      kind: 'maintenance',
      metadata: { filename: 'Pool service invoice.pdf' },
    });
    expect(evidence.statusCode, evidence.body).toBe(201);
    const done = await owner.call('POST', `/api/maintenance/${id}/complete`, {
      completed_on: '2026-01-31',
      notes: 'Seals replaced',
      cost: 850.5,
      completed_by: 'Blue Pools',
      document_id: evidence.json().id,
    });
    expect(done.statusCode, done.body).toBe(200);
    // Jan 31 + 1 month is Feb 28 (2026 is no leap year).
    expect(done.json()).toMatchObject({
      next_due: '2026-02-28',
      last_completed_on: '2026-01-31',
      history: [
        {
          completed_on: '2026-01-31',
          notes: 'Seals replaced',
          cost: 850.5,
          completed_by: 'Blue Pools',
          document: { id: evidence.json().id, name: 'Pool service invoice.pdf' },
        },
      ],
    });
    // Without a date: today; an annual task moves a year on.
    const yearly = (
      await owner.call('POST', '/api/maintenance', task(owner.propertyId, { frequency: 'annually' }))
    ).json();
    const today = (await owner.call('POST', `/api/maintenance/${yearly.id}/complete`, {})).json();
    expect(today.history).toHaveLength(1);
    expect(Number(today.next_due.slice(0, 4))).toBe(Number(today.history[0].completed_on.slice(0, 4)) + 1);
  });

  it('refuses bad input with 400 and a clear message, and changes nothing', async () => {
    const owner = await ownerWithProperty();
    const refuse = async (method: 'POST' | 'PATCH', url: string, body: unknown, message: string) => {
      const res = await owner.call(method, url, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error).toContain(message);
    };
    await refuse(
      'POST',
      '/api/maintenance',
      task(owner.propertyId, { title: ' ' }),
      MAINTENANCE_MESSAGES.titleRequired,
    );
    await refuse(
      'POST',
      '/api/maintenance',
      task(owner.propertyId, { frequency: 'weekly' }),
      MAINTENANCE_MESSAGES.frequencyRequired,
    );
    await refuse(
      'POST',
      '/api/maintenance',
      task(owner.propertyId, { next_due: '2027-02-30' }),
      'Enter a valid date',
    );
    const id = (await owner.call('POST', '/api/maintenance', task(owner.propertyId))).json().id;
    await refuse('PATCH', `/api/maintenance/${id}`, {}, 'Nothing to update');
    await refuse('POST', `/api/maintenance/${id}/complete`, { cost: -1 }, 'Cost cannot be negative');
    await refuse(
      'POST',
      `/api/maintenance/${id}/complete`,
      { cost: 10.005 },
      'Cost has at most two decimals',
    );
    await refuse(
      'POST',
      `/api/maintenance/${id}/complete`,
      { completed_on: '2199-01-01' },
      MAINTENANCE_TEXTS.completedInFuture,
    );
    // Evidence from another property of the same owner is refused.
    const other = await owner.call('POST', '/api/properties', {
      name: 'Flat',
      address: '1 Beach Rd',
      municipality: 'CPT',
      parcel_id: `F${Math.random().toString(36).slice(2, 8)}`,
    });
    const elsewhere = await owner.upload(pdf, 'application/pdf', {
      property_id: other.json().id,
      kind: 'other',
    });
    await refuse(
      'POST',
      `/api/maintenance/${id}/complete`,
      { document_id: elsewhere.json().id },
      MAINTENANCE_TEXTS.documentOfOtherProperty,
    );
    const after = (await owner.call('GET', `/api/maintenance/${id}`)).json();
    expect(after).toMatchObject({ next_due: '2027-01-31', history: [] });
  });

  it('Bootstrap Standards adds the standard schedule once, with reasons, and a new feature adds its tasks', async () => {
    const owner = await ownerWithProperty();
    const first = await owner.call('POST', '/api/maintenance/bootstrap', { propertyId: owner.propertyId });
    expect(first.statusCode, first.body).toBe(201);
    const keys = first.json().tasks.map((item: { standard_key: string }) => item.standard_key);
    expect(keys).toEqual(
      expect.arrayContaining([
        'geyser_service',
        'roof_inspection',
        'gutters_downpipes',
        'smoke_detectors',
        'electrical_safety',
      ]),
    );
    expect(keys).not.toContain('alarm_battery');
    expect(first.json().created).toBe(keys.length);
    expect(first.json().message).toBe(`Added ${keys.length} standard tasks to the schedule`);
    const roof = first
      .json()
      .tasks.find((item: { standard_key: string }) => item.standard_key === 'roof_inspection');
    // Cape Town has winter rain: the roof is inspected by the end of April.
    expect(roof.next_due).toMatch(/^\d{4}-04-30$/);
    expect(roof.description).toContain('Why:');

    const again = await owner.call('POST', '/api/maintenance/bootstrap', { propertyId: owner.propertyId });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({
      created: 0,
      message: 'The standard schedule is already in place: nothing was added',
    });
    expect(again.json().tasks).toHaveLength(keys.length);

    await owner.call('PATCH', `/api/properties/${owner.propertyId}`, { features: ['alarm'] });
    const withAlarm = await owner.call('POST', '/api/maintenance/bootstrap', {
      propertyId: owner.propertyId,
    });
    expect(withAlarm.json().created).toBe(1);
    expect(withAlarm.json().tasks.map((item: { standard_key: string }) => item.standard_key)).toContain(
      'alarm_battery',
    );
  });

  it('merges reminders with priorities and overdue, Mark Complete clears each kind, and the dashboard agrees', async () => {
    const owner = await ownerWithProperty();
    const today = new Date();
    const day = (days: number) => new Date(today.getTime() + days * 86_400_000).toISOString().slice(0, 10);
    const overdue = (
      await owner.call(
        'POST',
        '/api/maintenance',
        task(owner.propertyId, {
          title: 'Clean gutters',
          frequency: 'quarterly',
          next_due: day(-3),
          priority: 'low',
        }),
      )
    ).json();
    await owner.call(
      'POST',
      '/api/maintenance',
      task(owner.propertyId, { title: 'Far away', next_due: day(200) }),
    );
    const expiring = await owner.upload(pdf, 'application/pdf', {
      property_id: owner.propertyId,
      kind: 'certificate',
      metadata: { filename: 'Alarm certificate.pdf' },
      expires_at: day(20),
    });
    const custom = await owner.call('POST', `/api/properties/${owner.propertyId}/reminders`, {
      title: 'Renew the bond insurance',
      message: 'Ask the bank for the letter',
      due_date: day(5),
      priority: 'high',
    });
    expect(custom.statusCode, custom.body).toBe(201);
    expect(custom.json()).toMatchObject({
      title: 'Renew the bond insurance',
      type: 'maintenance',
      priority: 'high',
      overdue: false,
    });

    const reminders = (await owner.call('GET', `/api/properties/${owner.propertyId}/reminders`)).json();
    expect(reminders.map((reminder: { title: string }) => reminder.title)).not.toContain('Far away');
    const first = reminders[0];
    expect(first).toMatchObject({
      id: `task:${overdue.id}`,
      type: 'maintenance',
      overdue: true,
      priority: 'critical',
    });
    expect(reminders.find((r: { id: string }) => r.id === `document:${expiring.json().id}`)).toMatchObject({
      type: 'certificate',
      overdue: false,
      priority: 'medium',
    });
    for (const reminder of reminders) {
      expect(reminder).toEqual({
        id: expect.any(String),
        title: expect.any(String),
        message: expect.any(String),
        due_date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        priority: expect.stringMatching(/^(critical|high|medium|low)$/),
        type: expect.stringMatching(/^(certificate|payment|maintenance)$/),
        overdue: expect.any(Boolean),
        days_until: expect.any(Number),
        source: expect.any(Object),
        snoozed_until: null,
      });
    }
    const upcoming = reminders.filter(
      (r: { overdue: boolean; days_until: number }) => !r.overdue && r.days_until <= 30,
    );
    expect((await owner.call('GET', '/api/dashboard/stats')).json().upcomingReminders).toBe(upcoming.length);

    // Mark Complete: the task's reminder completes the task; the custom one is done; the document's
    // is done for this expiry date, with the reason it is no longer needed (it needs one).
    for (const reminder of reminders) {
      const done = await owner.call(
        'POST',
        `/api/reminders/${encodeURIComponent(reminder.id)}/complete`,
        reminder.source.kind === 'document' ? { reason: 'The alarm was taken out' } : undefined,
      );
      expect(done.statusCode, `${reminder.id}: ${done.body}`).toBe(200);
      expect(done.json()).toEqual({ ok: true, message: 'Reminder completed' });
    }
    const moved = (await owner.call('GET', `/api/maintenance/${overdue.id}`)).json();
    expect(moved.history).toHaveLength(1);
    expect(moved.next_due > day(0)).toBe(true);
    // A quarterly task done today is next due in about three months: nothing is left.
    expect((await owner.call('GET', `/api/properties/${owner.propertyId}/reminders`)).json()).toEqual([]);
    expect((await owner.call('POST', '/api/reminders/trial/complete')).statusCode).toBe(404);
  });

  it('refuses a custom reminder without a title or date with the messages of the form', async () => {
    const owner = await ownerWithProperty();
    const res = await owner.call('POST', `/api/properties/${owner.propertyId}/reminders`, {
      title: '',
      priority: 'low',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContain('Title is required');
  });
});
