import { FILE_EXTENSIONS, isAllowedContentType } from '@propertydna/domain';
import { expect } from 'vitest';
import { DOWNLOAD_CSP } from '../../src/storage/download-headers.js';

type Headers = { get(name: string): string | null } | Record<string, string | string[] | number | undefined>;

const read = (headers: Headers, name: string) =>
  typeof headers.get === 'function'
    ? (headers as { get(name: string): string | null }).get(name)
    : ((headers as Record<string, unknown>)[name] ?? null);

/**
 * Every download door answers the same headers (storage/download-headers.ts), and saves the file under
 * an extension of the type it serves.
 */
export function expectDownloadHeaders(
  headers: Headers,
  file: { contentType: string; bytes: number; disposition: 'inline' | 'attachment'; filename: string },
): void {
  expect(String(read(headers, 'content-type'))).toBe(file.contentType);
  expect(String(read(headers, 'content-length'))).toBe(String(file.bytes));
  expect(String(read(headers, 'content-disposition'))).toMatch(
    new RegExp(`^${file.disposition}; filename="${file.filename.replace(/[.()]/g, '\\$&')}"`),
  );
  if (isAllowedContentType(file.contentType)) {
    expect(FILE_EXTENSIONS[file.contentType]).toContain(file.filename.split('.').pop()?.toLowerCase());
  }
  expect(read(headers, 'x-content-type-options')).toBe('nosniff');
  expect(read(headers, 'cache-control')).toBe('private, no-store');
  expect(read(headers, 'content-security-policy')).toBe(DOWNLOAD_CSP);
}
