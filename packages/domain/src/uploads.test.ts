import { describe, expect, it } from 'vitest';
import {
  ALLOWED_CONTENT_TYPES,
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

  it('lists eleven types, each once', () => {
    expect(ALLOWED_CONTENT_TYPES).toHaveLength(11);
    expect(new Set(ALLOWED_CONTENT_TYPES).size).toBe(11);
  });
});
