import { describe, expect, it } from 'vitest';
import {
  ALLOWED_CONTENT_TYPES,
  downloadFileName,
  FILE_EXTENSIONS,
  isAllowedContentType,
  MAX_FILES_PER_BATCH,
  MAX_UPLOAD_BYTES,
  PROPERTY_FORM_CONTENT_TYPES,
  PROPERTY_FORM_EXTENSIONS,
  PROPERTY_FORM_MAX_BYTES,
} from './uploads.js';

describe('upload limits (spec §5, §9)', () => {
  it('allow 5 files of at most 50 MB per batch', () => {
    expect(MAX_FILES_PER_BATCH).toBe(5);
    expect(MAX_UPLOAD_BYTES).toBe(52_428_800);
  });

  it('allow pdf, jpg, jpeg and png up to 10 MB on the add-property form', () => {
    expect(PROPERTY_FORM_MAX_BYTES).toBe(10_485_760);
    expect(PROPERTY_FORM_EXTENSIONS).toEqual(['pdf', 'jpg', 'jpeg', 'png']);
    expect(PROPERTY_FORM_CONTENT_TYPES).toEqual(['application/pdf', 'image/jpeg', 'image/png']);
    for (const type of PROPERTY_FORM_CONTENT_TYPES) expect(isAllowedContentType(type)).toBe(true);
  });
});

describe('isAllowedContentType', () => {
  it.each(ALLOWED_CONTENT_TYPES)('allows %s', (type) => {
    expect(isAllowedContentType(type)).toBe(true);
  });

  it.each([
    '',
    'text/html',
    'image/svg+xml',
    'application/octet-stream',
    'application/x-msdownload',
    'APPLICATION/PDF',
    'application/pdf; charset=binary',
    'image/gif',
  ])('refuses %j', (type) => {
    expect(isAllowedContentType(type)).toBe(false);
  });

  it('lists twelve types, each once', () => {
    expect(ALLOWED_CONTENT_TYPES).toHaveLength(12);
    expect(new Set(ALLOWED_CONTENT_TYPES).size).toBe(12);
  });
});

describe('downloadFileName: the saved name follows the served type', () => {
  it("adds the type's extension to a name that ends in another one, or in none", () => {
    expect(downloadFileName('page.html', 'text/plain')).toBe('page.html.txt');
    expect(downloadFileName('logo.svg', 'text/plain; charset=utf-8')).toBe('logo.svg.txt');
    expect(downloadFileName('notes', 'text/plain')).toBe('notes.txt');
    expect(downloadFileName('.html', 'text/plain')).toBe('.html.txt');
    expect(downloadFileName('invoice.pdf.exe', 'application/pdf')).toBe('invoice.pdf.exe.pdf');
    expect(downloadFileName('photo.png', 'image/jpeg')).toBe('photo.png.jpg');
    expect(
      downloadFileName(
        'sheet.xlsx',
        'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      ),
    ).toBe('sheet.xlsx.docx');
  });

  it("keeps a name that already ends in one of the type's extensions, in any case", () => {
    expect(downloadFileName('Roof report.PDF', 'application/pdf')).toBe('Roof report.PDF');
    expect(downloadFileName('IMG_0001.JPEG', 'Image/JPEG')).toBe('IMG_0001.JPEG');
    expect(downloadFileName('readme.txt', 'text/plain')).toBe('readme.txt');
    expect(downloadFileName('scan.heic', 'image/heif')).toBe('scan.heic');
    expect(downloadFileName('scan.TIF', 'image/tiff')).toBe('scan.TIF');
    expect(downloadFileName('scan', 'image/tiff')).toBe('scan.tif');
  });

  it('knows an extension for every allowed type, and leaves a type outside the list alone', () => {
    for (const type of ALLOWED_CONTENT_TYPES) expect(FILE_EXTENSIONS[type].length).toBeGreaterThan(0);
    expect(downloadFileName('archive.zip', 'application/zip')).toBe('archive.zip');
  });
});
