import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { textPdf } from '../src/modules/extraction/reader/test-images.js';
import { createTestApp } from './support/app.js';

// The reader's own tests (pages, OCR, orientation, limits, the network refused) need no database and run
// once, in src/modules/extraction/reader/reader.test.ts. This one checks the app's wiring of it.
const OCR_TIMEOUT = 120_000;
// Text layers long enough to be read as text (a page with a few letters is read as a scan, by OCR).
const PAGES = [
  'Page one of the certificate',
  'Page two of the certificate',
  'Page three of the certificate',
  'Page four of the certificate',
];

describe("the app's reader", () => {
  it(
    'is one per app, reads through services.reader, and ends with the app',
    async () => {
      const testApp = await createTestApp({
        OCR_WORKERS: '1',
        OCR_PAGE_LIMIT: '3',
        OCR_TIME_LIMIT_SECONDS: '600', // the page limit is what is tested, not the clock
      });
      try {
        expect(testApp.services.reader).toBe(testApp.app.services.reader);
        const result = await testApp.services.reader.read(
          Readable.from([await textPdf(PAGES.map((line) => [line]))]),
          'application/pdf',
        );
        expect(result).toMatchObject({
          status: 'done',
          pageCount: 4,
          pageLimitReached: true,
          message: 'Only the first 3 of 4 pages were read',
        });
        expect(result.pages.map((page) => page.lines[0]?.text)).toEqual(PAGES.slice(0, 3));
      } finally {
        await testApp.close();
      }
      await expect(
        testApp.services.reader.read(Readable.from([Buffer.from('x')]), 'image/png'),
      ).rejects.toThrow('The document reader is closed');
    },
    OCR_TIMEOUT,
  );
});
