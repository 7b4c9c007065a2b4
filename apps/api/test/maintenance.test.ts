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
      { completed_on: '2999-01-01' },
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
});
