import { expect } from 'vitest';
import { extractionReadJob } from '../../src/modules/extraction/extraction.jobs.js';
import type { TestApp } from './app.js';
import { type HttpOwner, httpOwner } from './http-owner.js';

// biome-ignore lint/suspicious/noExplicitAny: test JSON is read by its keys
type Json = Record<string, any>;

/** A new owner (over HTTP) with one property at 12 Kloof Street, the address the readings' tests compare with. */
export async function ownerWithHome(t: TestApp, origin: string): Promise<HttpOwner & { propertyId: string }> {
  const owner = await httpOwner(t, origin);
  const created = await owner.call('POST', '/api/properties', {
    name: 'Home',
    address: '12 Kloof Street, Gardens, Cape Town',
    municipality: 'CPT',
    parcel_id: `P${Math.random().toString(36).slice(2, 8)}`,
  });
  expect(created.statusCode, created.body).toBe(201);
  return { ...owner, propertyId: created.json().id as string };
}

/** GET /api/documents/{id}/extraction as the owner sees it (200 expected). */
export async function readingOf(owner: HttpOwner, id: string): Promise<Json> {
  const res = await owner.call('GET', `/api/documents/${id}/extraction`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Json;
}

/** Runs the queued readings (as the worker would) until this one has ended, or fails past `timeoutMs`. */
export async function readUntilEnded(
  t: TestApp,
  owner: HttpOwner,
  id: string,
  timeoutMs: number,
): Promise<Json> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    await t.services.jobs.runQueued(extractionReadJob);
    const reading = await readingOf(owner, id);
    if (!['queued', 'running'].includes(reading.status)) return reading;
    if (Date.now() > deadline) throw new Error(`still ${reading.status}`);
  }
}
