import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  DownloadInterruptedError,
  type DownloadProgress,
  fetchDownload,
  filenameFromDisposition,
  progressText,
} from './download';
import { errorMessage, ResponseError } from './error-message';

describe('filenameFromDisposition', () => {
  it.each([
    ['attachment; filename="insurance-pack-7.json"', 'insurance-pack-7.json'],
    ['attachment; filename=audit-trail-7.csv', 'audit-trail-7.csv'],
    ['attachment; filename="a \\"quoted\\" name.pdf"', 'a "quoted" name.pdf'],
    [
      'attachment; filename="fallback.pdf"; filename*=UTF-8\'\'Sea%20Point%20%E2%80%93%20summary.pdf',
      'Sea Point – summary.pdf',
    ],
    ['attachment; filename="../../etc/passwd"', 'passwd'],
    ['attachment; filename="C:\\\\Windows\\\\evil.exe"', 'evil.exe'],
    ['attachment', null],
    [null, null],
  ])('%s → %s', (header, name) => {
    expect(filenameFromDisposition(header)).toBe(name);
  });
});

describe('progressText', () => {
  const text = (receivedBytes: number, totalBytes: number | null) =>
    progressText({ receivedBytes, totalBytes } satisfies DownloadProgress);

  it('says the file is being prepared before its first byte', () => {
    expect(text(0, null)).toBe('Preparing the file…');
    expect(text(0, 5000)).toBe('Preparing the file…');
  });

  it('gives the percentage and sizes when the length is known, the bytes received when not', () => {
    expect(text(2 * 1024 * 1024, 5 * 1024 * 1024)).toBe('40% · 2.0 MB of 5.0 MB');
    expect(text(12.5 * 1024 * 1024, null)).toBe('12.5 MB received');
    expect(text(0, 0)).toBe('100% · 0 bytes of 0 bytes');
    expect(text(400, 1000)).toBe('40% · 400 bytes of 1000 bytes');
  });
});

describe('fetchDownload', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  const stream = (...chunks: number[]) =>
    new ReadableStream<Uint8Array>({
      start(controller) {
        for (const bytes of chunks) controller.enqueue(new Uint8Array(bytes).fill(7));
        controller.close();
      },
    });

  it('reads the body chunk by chunk, reporting progress, and names the file from Content-Disposition', async () => {
    localStorage.setItem('auth_token', 'abc');
    fetchMock.mockResolvedValue(
      new Response(stream(3, 5), {
        headers: {
          'Content-Length': '8',
          'Content-Type': 'application/pdf',
          'Content-Disposition': 'attachment; filename="compliance-9.pdf"',
        },
      }),
    );
    const seen: DownloadProgress[] = [];
    const file = await fetchDownload('/api/reports/compliance?propertyId=9&format=pdf', {
      fallbackName: 'fallback.pdf',
      onProgress: (progress) => seen.push(progress),
    });
    expect(file.filename).toBe('compliance-9.pdf');
    expect(file.blob.size).toBe(8);
    expect(file.blob.type).toBe('application/pdf');
    expect(seen.map(({ receivedBytes }) => receivedBytes)).toEqual([0, 3, 8]);
    expect(seen.every(({ totalBytes }) => totalBytes === 8)).toBe(true);
    const [, init] = fetchMock.mock.calls[0] ?? [];
    expect(init?.credentials).toBe('include');
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer abc');
  });

  it('uses the fallback name without Content-Disposition, and no length for a compressed answer', async () => {
    fetchMock.mockResolvedValue(
      new Response(stream(4), { headers: { 'Content-Length': '2', 'Content-Encoding': 'gzip' } }),
    );
    const seen: DownloadProgress[] = [];
    const file = await fetchDownload('/x', {
      fallbackName: 'x.zip',
      onProgress: (progress) => seen.push(progress),
    });
    expect(file.filename).toBe('x.zip');
    expect(seen.at(-1)).toEqual({ receivedBytes: 4, totalBytes: null });
  });

  it("rejects with the server's error for an error status", async () => {
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify({ error: 'Property not found' }), {
        status: 404,
        headers: { 'Content-Type': 'application/json' },
      }),
    );
    const failure = await fetchDownload('/x', { fallbackName: 'x' }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ResponseError);
    expect(errorMessage(failure, 'fallback')).toBe('Property not found');
  });

  it('rejects as interrupted when the body breaks off, ends short of its length, or the connection fails', async () => {
    const broken = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new Uint8Array(10));
        controller.error(new TypeError('terminated'));
      },
    });
    fetchMock.mockResolvedValueOnce(new Response(broken));
    await expect(fetchDownload('/x', { fallbackName: 'x' })).rejects.toBeInstanceOf(DownloadInterruptedError);

    fetchMock.mockResolvedValueOnce(new Response(stream(5), { headers: { 'Content-Length': '9' } }));
    await expect(fetchDownload('/x', { fallbackName: 'x' })).rejects.toBeInstanceOf(DownloadInterruptedError);

    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(fetchDownload('/x', { fallbackName: 'x' })).rejects.toBeInstanceOf(DownloadInterruptedError);
  });

  it('passes an abort through as it is', async () => {
    fetchMock.mockRejectedValueOnce(new DOMException('The operation was aborted.', 'AbortError'));
    await expect(fetchDownload('/x', { fallbackName: 'x' })).rejects.toHaveProperty('name', 'AbortError');
  });
});
