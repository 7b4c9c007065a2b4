import { DOCUMENT_MESSAGES, MAX_UPLOAD_BYTES } from '@propertydna/domain';
import { describe, expect, it } from 'vitest';
import { contentTypeOf, UPLOAD_ACCEPT, validateUploadBatch } from './validate';

const MB = 1024 * 1024;
const pdf = (name: string, size = 12_595) => ({ name, size, type: 'application/pdf' });

describe('validateUploadBatch', () => {
  it('accepts up to 5 files of up to 50 MB of allowed types', () => {
    expect(
      validateUploadBatch([
        pdf('a.pdf'),
        pdf('b.pdf', MAX_UPLOAD_BYTES),
        { name: 'c.png', size: 10, type: 'image/png' },
        { name: 'd.jpg', size: 10, type: 'image/jpeg' },
        { name: 'e.txt', size: 10, type: 'text/plain' },
      ]),
    ).toEqual({ batchError: null, fileErrors: [null, null, null, null, null] });
  });

  it("refuses 6 files as a batch with the domain's tooManyFiles message", () => {
    const check = validateUploadBatch(Array.from({ length: 6 }, (_, index) => pdf(`${index}.pdf`)));
    expect(check.batchError).toBe(DOCUMENT_MESSAGES.tooManyFiles);
    expect(check.batchError).toBe('You can upload at most 5 files at a time');
  });

  it("refuses a 51 MB file alone with the domain's tooLarge message", () => {
    const check = validateUploadBatch([pdf('plans.pdf', 51 * MB), pdf('deed.pdf')]);
    expect(check).toEqual({ batchError: null, fileErrors: [DOCUMENT_MESSAGES.tooLarge, null] });
    expect(check.fileErrors[0]).toBe('Files can be at most 50 MB');
  });

  it('refuses an empty file and a type that is not allowed', () => {
    expect(
      validateUploadBatch([
        pdf('empty.pdf', 0),
        { name: 'run.exe', size: 10, type: 'application/x-msdownload' },
        { name: 'mystery', size: 10, type: '' },
      ]).fileErrors,
    ).toEqual([DOCUMENT_MESSAGES.empty, DOCUMENT_MESSAGES.typeNotAllowed, DOCUMENT_MESSAGES.typeNotAllowed]);
  });

  it('says to choose a file when there is none', () => {
    expect(validateUploadBatch([]).batchError).toBe(DOCUMENT_MESSAGES.noFiles);
  });
});

describe('contentTypeOf', () => {
  it("takes the browser's type, else the extension's", () => {
    expect(contentTypeOf({ name: 'a.pdf', type: ' Application/PDF ' })).toBe('application/pdf');
    expect(contentTypeOf({ name: 'photo.HEIC', type: '' })).toBe('image/heic');
    expect(contentTypeOf({ name: 'notes', type: '' })).toBe('');
    expect(contentTypeOf({ name: 'a.zip', type: '' })).toBe('');
  });

  it('lists the allowed types and extensions for the file input', () => {
    expect(UPLOAD_ACCEPT.split(',')).toEqual(expect.arrayContaining(['application/pdf', '.pdf', '.png']));
  });
});
