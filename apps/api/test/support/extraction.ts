import { ROOFING_SERVICE_REPORT_V1 } from '@propertydna/domain';
import { sql } from 'kysely';
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

/**
 * Runs the queued readings (as the worker would) until none of these is queued or running, or fails past
 * `timeoutMs`. A reading put back to wait (for its original's, for a demo's template, for a budget) is
 * made due at once each round, as if its time had come.
 */
export async function readUntilAllEnded(
  t: TestApp,
  documentIds: readonly string[],
  timeoutMs: number,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    await t.services.jobs.runQueued(extractionReadJob);
    const open = await t.db.db
      .selectFrom('document_extractions')
      .select(['document_id', 'status', 'message'])
      .where('document_id', 'in', documentIds)
      .where('status', 'in', ['queued', 'running'])
      .execute();
    if (open.length === 0) return;
    if (Date.now() > deadline) throw new Error(`still reading ${JSON.stringify(open)}`);
    await sql`update pgboss.job set start_after = now() where name = ${extractionReadJob.name}
      and state = 'created'`.execute(t.db.db);
  }
}

/**
 * A supplier (over HTTP) with a job at 12 Kloof Street and a roofing report issued on it (a PDF the API
 * renders, its reading queued): `share()` makes an open link to the job and answers its token.
 */
export async function supplierWithReport(t: TestApp, origin: string) {
  const supplier = await httpOwner(t, origin, { userType: 'supplier' });
  const job = await supplier.call('POST', '/api/supplier/jobs', {
    property_address: '12 Kloof Street, Gardens',
    client_name: 'N. Mokoena',
    description: 'Roof inspection',
  });
  expect(job.statusCode, job.body).toBe(201);
  const { id: jobId, job_ref } = job.json() as { id: string; job_ref: string };
  const option = (name: string) =>
    ROOFING_SERVICE_REPORT_V1.fields.find((f) => f.name === name)?.options?.[0];
  const report = await supplier.call('POST', `/api/supplier/jobs/${jobId}/reports`, {
    templateId: ROOFING_SERVICE_REPORT_V1.id,
    answers: {
      job_ref,
      inspection_date: '2026-11-02',
      roof_type: option('roof_type'),
      condition: option('condition'),
      work_performed: 'Fixed the flashing.',
    },
  });
  expect(report.statusCode, report.body).toBe(201);
  const share = async () => {
    const res = await supplier.call('POST', `/api/supplier/jobs/${jobId}/share`, { password: null });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().token as string;
  };
  return { supplier, reportId: report.json().id as string, share };
}
