import type { ExtractedFieldOut, ExtractionOut } from '@propertydna/domain';
import { vi } from 'vitest';

export const READ_DOCUMENT_ID = '7c1d2e3f-0a1b-4c2d-8e3f-4a5b6c7d8e9f';

/** A field as the API answers it, for component tests. */
export function readField(
  overrides: Partial<ExtractedFieldOut> & Pick<ExtractedFieldOut, 'name'>,
): ExtractedFieldOut {
  return {
    label: overrides.name,
    value: '',
    confidence: 0.95,
    page: 1,
    text: '',
    box: { x: 0.1, y: 0.2, w: 0.5, h: 0.04 },
    state: 'proposed',
    confirmed_value: null,
    ...overrides,
  };
}

/** A photographed electrical certificate, read: four fields waiting for the owner. */
export function readExtraction(overrides: Partial<ExtractionOut> = {}): ExtractionOut {
  return {
    document_id: READ_DOCUMENT_ID,
    status: 'done',
    kind: 'certificate',
    pages: 1,
    pages_read: 1,
    page_limit_reached: false,
    message: null,
    fields: [
      readField({
        name: 'certificate_type',
        label: 'Certificate type',
        value: 'electrical_coc',
        confidence: 0.97,
        text: 'ELECTRICAL INSTALLATION CERTIFICATE OF COMPLIANCE',
        box: { x: 0.1, y: 0.05, w: 0.8, h: 0.04 },
      }),
      readField({
        name: 'certificate_number',
        label: 'Certificate number',
        value: 'E 123456',
        confidence: 0.93,
        text: 'Certificate No: E 123456',
        box: { x: 0.1, y: 0.15, w: 0.4, h: 0.03 },
      }),
      readField({
        name: 'issue_date',
        label: 'Issue date',
        value: '2025-03-14',
        confidence: 0.82,
        text: 'Date of issue: 14 March 2025',
        box: { x: 0.1, y: 0.25, w: 0.45, h: 0.03 },
      }),
      readField({
        name: 'issuer_registration',
        label: 'Issuer registration number',
        value: 'IE 1234',
        confidence: 0.6,
        page: 1,
        text: 'Registration No: IE 1234',
        box: { x: 0.1, y: 0.8, w: 0.4, h: 0.03 },
      }),
    ],
    text_available: true,
    address_mismatch: null,
    confirmed_at: null,
    confirmed_by: null,
    auto_accept_threshold: 0.9,
    ...overrides,
  };
}

/**
 * Answers the page pictures' requests (GET …/extraction/pages/N) as the server would, a JPEG each or
 * `status`, and gives each picture an object URL ('blob:page-N'). Answers the requests made.
 */
export function stubPagePictures(status = 200): string[] {
  const asked: string[] = [];
  vi.stubGlobal('fetch', async (url: string) => {
    asked.push(url);
    const page = /\/extraction\/pages\/(\d+)$/.exec(url)?.[1] ?? '0';
    return new Response(status === 200 ? new Blob([`jpeg ${page}`], { type: 'image/jpeg' }) : null, {
      status,
    });
  });
  let made = 0;
  vi.stubGlobal(
    'URL',
    Object.assign(URL, {
      createObjectURL: vi.fn(() => `blob:page-${++made}`),
      revokeObjectURL: vi.fn(),
    }),
  );
  return asked;
}
