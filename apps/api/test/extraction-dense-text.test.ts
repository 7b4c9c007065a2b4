import { deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractionReadJob } from '../src/modules/extraction/extraction.jobs.js';
import { MAX_PAGE_LINES } from '../src/modules/extraction/reader/reader.js';
import { createTestApp, type TestApp } from './support/app.js';
import { databaseKind } from './support/database.js';
import { ownerWithHome } from './support/extraction.js';

// biome-ignore lint/suspicious/noExplicitAny: tests read the JSON they expect
type Json = Record<string, any>;

const LINES = 20_000;

/**
 * A small PDF (about 100 KB) of one tall page with 20,000 lines of text in 0.5 pt type: a text layer
 * that, kept whole, held the API for minutes and took hundreds of MB (review defect 1). Written by hand:
 * one deflated content stream, Helvetica by name.
 */
function denseTextPdf(): Buffer {
  const height = 14_000;
  const rows = Array.from({ length: LINES }, (_, index) => `(Total: R ${index + 1}.00) '`);
  const content = deflateSync(
    Buffer.from(`BT /F1 0.5 Tf 0.7 TL 20 ${height - 5} Td\n${rows.join('\n')}\nET`, 'latin1'),
  );
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 ${height}] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>`,
    null,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  const parts: Buffer[] = [Buffer.from('%PDF-1.4\n', 'latin1')];
  const offsets: number[] = [];
  let length = parts[0]?.length ?? 0;
  objects.forEach((object, index) => {
    const body =
      object === null
        ? Buffer.concat([
            Buffer.from(`${index + 1} 0 obj\n<< /Length ${content.length} /Filter /FlateDecode >>\nstream\n`),
            content,
            Buffer.from('\nendstream\nendobj\n'),
          ])
        : Buffer.from(`${index + 1} 0 obj\n${object}\nendobj\n`, 'latin1');
    offsets.push(length);
    parts.push(body);
    length += body.length;
  });
  const xref = [
    'xref',
    `0 ${objects.length + 1}`,
    '0000000000 65535 f ',
    ...offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n `),
    'trailer',
    `<< /Size ${objects.length + 1} /Root 1 0 R >>`,
    'startxref',
    String(length),
    '%%EOF',
    '',
  ].join('\n');
  return Buffer.concat([...parts, Buffer.from(xref, 'latin1')]);
}

describe(`a PDF of 20,000 lines of tiny text (${databaseKind})`, () => {
  let t: TestApp;
  let origin: string;

  beforeAll(async () => {
    t = await createTestApp();
    origin = await t.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await t.close();
  });

  it('is read to its first lines, done with a message saying the text was cut, while the API answers its health', async () => {
    const pdf = denseTextPdf();
    expect(pdf.length).toBeLessThan(200_000);
    const owner = await ownerWithHome(t, origin);
    const registered = await owner.upload(pdf, 'application/pdf', {
      property_id: owner.propertyId,
      kind: 'maintenance',
      name: 'dense.pdf',
    });
    expect(registered.statusCode, registered.body).toBe(201);
    const id = registered.json().id as string;

    // The reading runs (as the job worker would) while the API is asked for its health.
    let reading = true;
    const running = t.services.jobs.runQueued(extractionReadJob).finally(() => {
      reading = false;
    });
    let answeredWhileReading = 0;
    do {
      const health = await fetch(`${origin}/api/health`);
      expect(health.status).toBe(200);
      if (reading) answeredWhileReading += 1;
    } while (reading);
    expect(await running).toBe(1);
    expect(answeredWhileReading).toBeGreaterThan(0);

    const res = await owner.call('GET', `/api/documents/${id}/extraction`);
    expect(res.statusCode, res.body).toBe(200);
    const extraction = res.json() as Json;
    expect(extraction).toMatchObject({ status: 'done', kind: 'invoice', pages: 1, pages_read: 1 });
    expect(extraction.message).toMatch(/text was cut/);
    const total = extraction.fields.find((field: Json) => field.name === 'total');
    expect(Number(total?.value)).toBeLessThanOrEqual(MAX_PAGE_LINES);

    const page = await t.db.db
      .selectFrom('document_pages')
      .select(['lines', 'text'])
      .where('document_id', '=', id)
      .executeTakeFirstOrThrow();
    const lines = (typeof page.lines === 'string' ? JSON.parse(page.lines) : page.lines) as Json[];
    expect(lines).toHaveLength(MAX_PAGE_LINES);
    expect(lines[0]?.text).toBe('Total: R 1.00');
    const search = await t.db.db
      .selectFrom('document_extractions')
      .select('search_text')
      .where('document_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(search.search_text.length).toBeLessThan(200_000);
  }, 240_000);
});
