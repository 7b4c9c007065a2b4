import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CERTIFICATE_TYPE_MESSAGE } from '../certificates.js';
import { DOCUMENT_KINDS, EXPIRING_DOCUMENT_KINDS } from '../documents.js';
import { ALLOWED_CONTENT_TYPES, MAX_UPLOAD_BYTES } from '../uploads.js';
import {
  contentTypeSchema,
  DOCUMENT_BATCH_MESSAGES,
  DOCUMENT_LIST_MESSAGES,
  DOCUMENT_MESSAGES,
  DOCUMENT_NAME_MESSAGES,
  DOCUMENT_SEARCH_MESSAGES,
  documentBatchQuerySchema,
  documentBatchSchema,
  documentListSchema,
  documentNameFromKind,
  documentRenameSchema,
  documentSearchSchema,
  documentUploadBatchSchema,
  inviteDocumentSchema,
  MAX_DOCUMENT_BATCH,
  MAX_DOCUMENT_SEARCH,
  MAX_FILE_NAME_LENGTH,
  moveDocumentsSchema,
  registerDocumentSchema,
  sanitizeFileName,
  signUploadSchema,
  updateDocumentSchema,
} from './document.js';
import { anyCodePointString, dataOf, errorsOf } from './test-helpers.js';

const sha256 = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';
const propertyId = '3f1c2a5e-8b7d-4c9a-9e1f-2d3c4b5a6f70';
const jobId = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';

describe('sanitizeFileName', () => {
  it.each([
    ['deed.pdf', 'deed.pdf'],
    ['  Title Deed 2024.pdf  ', 'Title Deed 2024.pdf'],
    ['C:\\Users\\thandi\\Documents\\deed.pdf', 'deed.pdf'],
    ['/home/thandi/scans/coc.png', 'coc.png'],
    ['../../etc/passwd', 'passwd'],
    ['a/b\\c.pdf', 'c.pdf'],
    ['in\u0000voice\u001f.pdf', 'invoice.pdf'],
    ['invoice\u202efdp.exe', 'invoicefdp.exe'],
    ['\u0085report.pdf\u007f', 'report.pdf'],
    ['', 'document'],
    ['   ', 'document'],
    ['scans/', 'document'],
    ['..', 'document'],
    ['a/.', 'document'],
    ['\u0000\u0001', 'document'],
    ['.env', '.env'],
  ])('%j becomes %j', (name, expected) => {
    expect(sanitizeFileName(name)).toBe(expected);
  });

  it('cuts a long name to 255 characters, keeping the extension', () => {
    const cut = sanitizeFileName(`${'a'.repeat(300)}.pdf`);
    expect(cut).toHaveLength(MAX_FILE_NAME_LENGTH);
    expect(cut).toBe(`${'a'.repeat(251)}.pdf`);
  });

  it('cuts a long name without an extension, or with a long one, plainly', () => {
    expect(sanitizeFileName('b'.repeat(300))).toBe('b'.repeat(255));
    expect(sanitizeFileName(`${'b'.repeat(100)}.${'c'.repeat(200)}`)).toBe(
      `${'b'.repeat(100)}.${'c'.repeat(154)}`,
    );
    expect(sanitizeFileName(`.${'d'.repeat(300)}`)).toBe(`.${'d'.repeat(254)}`);
  });

  it('does not end the cut stem with spaces or split a character', () => {
    expect(sanitizeFileName(`${'a'.repeat(250)}     xyz.pdf`)).toBe(`${'a'.repeat(250)}.pdf`);
    const emoji = sanitizeFileName(`${'a'.repeat(250)}😀😀😀.pdf`);
    expect(emoji).toBe(`${'a'.repeat(250)}.pdf`);
  });

  const names = fc.string({
    unit: fc.constantFrom(
      'a',
      'Z',
      '.',
      ' ',
      '/',
      '\\',
      '\u0000',
      '\u001b',
      '\u202e',
      '\u2067',
      '😀',
      'é',
      '\t',
    ),
    maxLength: 400,
  });

  it('never gives a path separator, a control character, an empty name or more than 255 characters', () => {
    fc.assert(
      fc.property(names, (name) => {
        const safe = sanitizeFileName(name);
        expect(safe).not.toMatch(/[/\\]/);
        expect(safe).not.toMatch(/[\p{Cc}\p{Bidi_Control}]/u);
        expect(safe).not.toBe('');
        expect(['.', '..']).not.toContain(safe);
        expect(safe).toBe(safe.trim());
        expect(safe.length).toBeLessThanOrEqual(MAX_FILE_NAME_LENGTH);
      }),
    );
  });

  it('is idempotent', () => {
    fc.assert(
      fc.property(fc.oneof(names, anyCodePointString({ maxLength: 300 })), (name) => {
        const once = sanitizeFileName(name);
        expect(sanitizeFileName(once)).toBe(once);
      }),
    );
  });
});

describe('contentTypeSchema', () => {
  it.each(ALLOWED_CONTENT_TYPES)('accepts %s', (type) => {
    expect(dataOf(contentTypeSchema, type)).toBe(type);
  });

  it('trims and lower-cases', () => {
    expect(dataOf(contentTypeSchema, ' Application/PDF ')).toBe('application/pdf');
  });

  it.each([['application/x-msdownload'], ['text/html'], [''], [undefined]])('refuses %j', (type) => {
    expect(errorsOf(contentTypeSchema, type)).toEqual({ '': 'This file type is not allowed' });
  });
});

describe('signUploadSchema', () => {
  const request = { contentType: 'application/pdf', sha256, bytes: 1234 };

  it('accepts a file to sign', () => {
    expect(dataOf(signUploadSchema, request)).toEqual(request);
    expect(dataOf(signUploadSchema, { ...request, bytes: 1 }).bytes).toBe(1);
    expect(dataOf(signUploadSchema, { ...request, bytes: MAX_UPLOAD_BYTES }).bytes).toBe(50 * 1024 * 1024);
  });

  it.each([
    [{ bytes: 0 }, { bytes: 'The file is empty' }],
    [{ bytes: MAX_UPLOAD_BYTES + 1 }, { bytes: 'Files can be at most 50 MB' }],
    [{ bytes: 10.5 }, { bytes: 'File size must be a whole number of bytes' }],
    [{ contentType: 'image/svg+xml' }, { contentType: 'This file type is not allowed' }],
    [{ sha256: sha256.toUpperCase() }, { sha256: 'SHA-256 must be 64 lower-case hexadecimal characters' }],
  ])('refuses %j', (change, errors) => {
    expect(errorsOf(signUploadSchema, { ...request, ...change })).toEqual(errors);
  });
});

describe('registerDocumentSchema', () => {
  const document = {
    property_id: propertyId,
    kind: 'deed',
    name: 'Title deed.pdf',
    storage_key: 'owners/abc/title-deed.pdf',
    sha256,
    bytes: 1234,
    content_type: 'application/pdf',
  };

  it('registers a property document, filling in the absent fields', () => {
    expect(dataOf(registerDocumentSchema, document)).toEqual({
      property_id: propertyId,
      job_id: null,
      organization: false,
      kind: 'deed',
      name: 'Title deed.pdf',
      storage_key: 'owners/abc/title-deed.pdf',
      sha256,
      bytes: 1234,
      content_type: 'application/pdf',
      expires_at: null,
      metadata: {},
    });
  });

  it('registers a job document', () => {
    const { property_id: _, ...rest } = document;
    expect(
      dataOf(registerDocumentSchema, { ...rest, job_id: jobId.toUpperCase(), property_id: '' }),
    ).toMatchObject({
      property_id: null,
      job_id: jobId,
    });
  });

  it('drops a client-sent source: the server sets it', () => {
    const parsed = dataOf(registerDocumentSchema, { ...document, source: 'supplier_verified' });
    expect(parsed).not.toHaveProperty('source');
  });

  it('keeps metadata', () => {
    expect(dataOf(registerDocumentSchema, { ...document, metadata: { pages: 3 } }).metadata).toEqual({
      pages: 3,
    });
    expect(dataOf(registerDocumentSchema, { ...document, metadata: null }).metadata).toEqual({});
    expect(errorsOf(registerDocumentSchema, { ...document, metadata: 'x' })).toHaveProperty('metadata');
  });

  it("takes spec §7's payload without a name: metadata.name, else metadata.filename, else null", () => {
    const { name: _name, ...spec } = document;
    expect(
      dataOf(registerDocumentSchema, { ...spec, metadata: { name: ' Deed.pdf ', filename: 'x.pdf' } }).name,
    ).toBe('Deed.pdf');
    expect(
      dataOf(registerDocumentSchema, { ...spec, metadata: { filename: 'C:\\scans\\deed.pdf' } }).name,
    ).toBe('deed.pdf');
    expect(
      dataOf(registerDocumentSchema, { ...spec, name: null, metadata: { name: 5, filename: ' ' } }).name,
    ).toBe(null);
    expect(dataOf(registerDocumentSchema, spec).name).toBe(null);
    expect(dataOf(registerDocumentSchema, { ...document, metadata: { name: 'other.pdf' } }).name).toBe(
      'Title deed.pdf',
    );
  });

  it('makes a readable name from the kind, the day and the type', () => {
    expect(documentNameFromKind('certificate', '2026-11-23', 'application/pdf')).toBe(
      'Certificate 2026-11-23.pdf',
    );
    expect(documentNameFromKind('other', '2026-01-02', 'image/jpeg')).toBe('Other 2026-01-02.jpg');
    expect(documentNameFromKind('deed', '2026-01-02', 'application/x-unknown')).toBe('Deed 2026-01-02');
  });

  it('stores the sanitised base name', () => {
    expect(dataOf(registerDocumentSchema, { ...document, name: 'C:\\scans\\deed.pdf' }).name).toBe(
      'deed.pdf',
    );
    expect(dataOf(registerDocumentSchema, { ...document, name: `${'n'.repeat(400)}.pdf` }).name).toHaveLength(
      255,
    );
  });

  it("registers an organisation document (a supplier's own certificate)", () => {
    expect(
      dataOf(registerDocumentSchema, { ...document, property_id: null, organization: true }),
    ).toMatchObject({ property_id: null, job_id: null, organization: true });
  });

  it.each([
    ['property and job', { job_id: jobId }],
    ['property and organisation', { organization: true }],
    ['job and organisation', { property_id: null, job_id: jobId, organization: true }],
    ['none', { property_id: null }],
    ['none (blank)', { property_id: ' ' }],
    ['none (organisation false)', { property_id: null, organization: false }],
  ])('needs exactly one of property, job and organisation: %s', (_label, change) => {
    expect(errorsOf(registerDocumentSchema, { ...document, ...change })).toEqual({
      '': 'Give exactly one of a property, a job or the organisation',
    });
  });

  it('refuses a non-boolean organisation flag', () => {
    expect(errorsOf(registerDocumentSchema, { ...document, organization: 'yes' })).toMatchObject({
      organization: 'organization must be true or false',
    });
  });

  it.each(EXPIRING_DOCUMENT_KINDS)('takes an expiry date for a %s', (kind) => {
    expect(dataOf(registerDocumentSchema, { ...document, kind, expires_at: '2027-01-31' }).expires_at).toBe(
      '2027-01-31',
    );
  });

  it.each(DOCUMENT_KINDS.filter((kind) => !(EXPIRING_DOCUMENT_KINDS as readonly string[]).includes(kind)))(
    'refuses an expiry date for a %s',
    (kind) => {
      expect(errorsOf(registerDocumentSchema, { ...document, kind, expires_at: '2027-01-31' })).toEqual({
        expires_at: 'Only certificates and policies have an expiry date',
      });
      expect(dataOf(registerDocumentSchema, { ...document, kind, expires_at: '' }).expires_at).toBeNull();
    },
  );

  it('gives a message for each bad field', () => {
    expect(
      errorsOf(registerDocumentSchema, {
        property_id: 'demo',
        job_id: 5,
        kind: 'certificate',
        name: ' ',
        storage_key: '',
        sha256: 'abc',
        bytes: 0,
        content_type: 'text/html',
        expires_at: '2027-02-30',
      }),
    ).toEqual({
      property_id: 'Invalid id',
      job_id: 'Invalid id',
      name: 'File name is required',
      storage_key: 'Storage key is required',
      sha256: 'SHA-256 must be 64 lower-case hexadecimal characters',
      bytes: 'The file is empty',
      content_type: 'This file type is not allowed',
      expires_at: 'Enter a valid date',
    });
    expect(
      errorsOf(registerDocumentSchema, {
        ...document,
        name: 'n'.repeat(1025),
        storage_key: 'k'.repeat(1025),
        bytes: MAX_UPLOAD_BYTES + 1,
      }),
    ).toEqual({
      name: 'File name is too long',
      storage_key: 'Storage key is too long',
      bytes: DOCUMENT_MESSAGES.tooLarge,
    });
  });

  it('refuses an unknown kind', () => {
    expect(Object.keys(errorsOf(registerDocumentSchema, { ...document, kind: 'selfie' }))).toEqual(['kind']);
  });
});

describe('registerDocumentSchema: what a certificate says it is', () => {
  const certificate = {
    property_id: propertyId,
    kind: 'certificate',
    storage_key: 'owners/abc/coc.pdf',
    sha256,
    bytes: 1234,
    content_type: 'application/pdf',
  };

  it('keeps the type and issue date, and gives a beetle certificate its 3 months', () => {
    const parsed = dataOf(registerDocumentSchema, {
      ...certificate,
      metadata: { certificate_type: 'beetle_clearance', issued_on: '2026-08-31' },
    });
    expect(parsed.metadata).toEqual({ certificate_type: 'beetle_clearance', issued_on: '2026-08-31' });
    expect(parsed.expires_at).toBe('2026-11-30');
  });

  it('keeps an expiry that was given, and gives none to a type without a validity', () => {
    const given = { certificate_type: 'beetle_clearance', issued_on: '2026-08-31' };
    expect(
      dataOf(registerDocumentSchema, { ...certificate, expires_at: '2026-10-01', metadata: given })
        .expires_at,
    ).toBe('2026-10-01');
    const coc = { certificate_type: 'electrical_coc', issued_on: '2026-01-10' };
    expect(dataOf(registerDocumentSchema, { ...certificate, metadata: coc }).expires_at).toBeNull();
    // A type without an issue date: nothing to count from.
    const undated = { certificate_type: 'beetle_clearance' };
    expect(dataOf(registerDocumentSchema, { ...certificate, metadata: undated }).expires_at).toBeNull();
  });

  it('lets an inspection say it is a roof inspection, without an expiry of its own', () => {
    const parsed = dataOf(registerDocumentSchema, {
      ...certificate,
      kind: 'inspection',
      metadata: { certificate_type: 'roof_inspection', issued_on: '2026-03-01' },
    });
    expect(parsed.expires_at).toBeNull();
  });

  it('refuses an unknown type, a type on a deed, a malformed issue date and an expiry before issue', () => {
    expect(
      errorsOf(registerDocumentSchema, { ...certificate, metadata: { certificate_type: 'coc' } }),
    ).toEqual({
      'metadata.certificate_type': CERTIFICATE_TYPE_MESSAGE,
    });
    expect(
      errorsOf(registerDocumentSchema, {
        ...certificate,
        kind: 'deed',
        metadata: { certificate_type: 'gas_coc' },
      }),
    ).toEqual({ 'metadata.certificate_type': DOCUMENT_MESSAGES.certificateTypeKind });
    for (const issuedOn of ['2026-02-30', '23/11/2026', 20261123]) {
      expect(errorsOf(registerDocumentSchema, { ...certificate, metadata: { issued_on: issuedOn } })).toEqual(
        {
          'metadata.issued_on': DOCUMENT_MESSAGES.issuedOnInvalid,
        },
      );
    }
    expect(
      errorsOf(registerDocumentSchema, {
        ...certificate,
        expires_at: '2026-01-01',
        metadata: { issued_on: '2026-01-01' },
      }),
    ).toEqual({ expires_at: DOCUMENT_MESSAGES.expiryBeforeIssue });
    // On an inspection the expiry is refused for what it is, once.
    expect(
      errorsOf(registerDocumentSchema, {
        ...certificate,
        kind: 'inspection',
        expires_at: '2025-01-01',
        metadata: { issued_on: '2026-01-01' },
      }),
    ).toEqual({ expires_at: DOCUMENT_MESSAGES.expiryNotAllowed });
  });

  it('accepts null for both', () => {
    const parsed = dataOf(registerDocumentSchema, {
      ...certificate,
      metadata: { certificate_type: null, issued_on: null },
    });
    expect(parsed.expires_at).toBeNull();
  });
});

describe('updateDocumentSchema', () => {
  it('keeps what is absent, clears what is null or blank, and needs something', () => {
    expect(dataOf(updateDocumentSchema, { expires_at: ' 2027-01-31 ' })).toEqual({
      expires_at: '2027-01-31',
    });
    expect(dataOf(updateDocumentSchema, { expires_at: null, issued_on: '' })).toEqual({
      expires_at: null,
      issued_on: null,
    });
    expect(dataOf(updateDocumentSchema, { certificate_type: 'gas_coc', issued_on: '2026-01-02' })).toEqual({
      certificate_type: 'gas_coc',
      issued_on: '2026-01-02',
    });
    expect(dataOf(updateDocumentSchema, { certificate_type: null })).toEqual({ certificate_type: null });
    expect(dataOf(updateDocumentSchema, { owner_notes: ' Gutters cleaned\nin March ' })).toEqual({
      owner_notes: 'Gutters cleaned\nin March',
    });
    expect(dataOf(updateDocumentSchema, { owner_notes: '  ' })).toEqual({ owner_notes: null });
    expect(errorsOf(updateDocumentSchema, { owner_notes: 'x'.repeat(2001) })).toEqual({
      owner_notes: 'Notes must be at most 2000 characters',
    });
    expect(errorsOf(updateDocumentSchema, {})).toEqual({
      '': 'Nothing to update: give name, expires_at, certificate_type, issued_on or owner_notes',
    });
    expect(errorsOf(updateDocumentSchema, { issued_on: '2026-02-30', certificate_type: 'coc' })).toEqual({
      issued_on: 'Enter a valid date',
      certificate_type: CERTIFICATE_TYPE_MESSAGE,
    });
  });
});

describe('documentUploadBatchSchema', () => {
  const file = (size: number, name = 'scan.pdf') => ({ name, size, type: 'application/pdf' });

  it('accepts 1 to 5 files of up to 50 MB', () => {
    const batch = [file(1), file(MAX_UPLOAD_BYTES), file(2), file(3), file(4)];
    expect(dataOf(documentUploadBatchSchema, batch)).toEqual(batch);
  });

  it('refuses more than 5 files', () => {
    expect(
      errorsOf(
        documentUploadBatchSchema,
        Array.from({ length: 6 }, () => file(10)),
      ),
    ).toEqual({
      '': 'You can upload at most 5 files at a time',
    });
  });

  it('refuses an empty batch or something that is not a list', () => {
    expect(errorsOf(documentUploadBatchSchema, [])).toEqual({ '': 'Choose at least one file' });
    expect(errorsOf(documentUploadBatchSchema, file(1))).toEqual({ '': DOCUMENT_MESSAGES.noFiles });
  });

  it('puts the message of a file on its index', () => {
    expect(errorsOf(documentUploadBatchSchema, [file(1), file(MAX_UPLOAD_BYTES + 1), file(0)])).toEqual({
      '1': 'Files can be at most 50 MB',
      '2': 'The file is empty',
    });
  });

  it('has the success toast', () => {
    expect(DOCUMENT_MESSAGES.uploaded).toBe('Document uploaded');
  });
});

describe('inviteDocumentSchema (issue 15: a vendor registers through an upload link)', () => {
  const upload = {
    kind: 'certificate',
    storage_key: 'ab/00000000000000000000000000000000',
    sha256: 'a'.repeat(64),
    bytes: 1234,
    content_type: 'application/pdf',
  };

  it('takes the vault registration fields without a target, with the same defaults', () => {
    expect(
      inviteDocumentSchema.parse({
        ...upload,
        metadata: { certificate_type: 'beetle_clearance', issued_on: '2026-11-01', filename: 'Beetle.pdf' },
      }),
    ).toMatchObject({ name: 'Beetle.pdf', expires_at: '2027-02-01' });
    expect(inviteDocumentSchema.parse(upload)).toMatchObject({ name: null, expires_at: null, metadata: {} });
  });

  it('holds the same checks: no expiry on an inspection, a known certificate type', () => {
    const expiry = inviteDocumentSchema.safeParse({
      ...upload,
      kind: 'inspection',
      expires_at: '2027-01-01',
    });
    expect(expiry.error?.issues[0]?.message).toBe(DOCUMENT_MESSAGES.expiryNotAllowed);
    const type = inviteDocumentSchema.safeParse({ ...upload, metadata: { certificate_type: 'unicorn' } });
    expect(type.error?.issues[0]?.path).toEqual(['metadata', 'certificate_type']);
  });
});

describe('documentSearchSchema', () => {
  it('trims the search and reads blank or absent as no search', () => {
    expect(dataOf(documentSearchSchema, { q: '  Kloof  ' })).toEqual({ q: 'Kloof' });
    expect(dataOf(documentSearchSchema, { q: '   ' })).toEqual({ q: undefined });
    expect(dataOf(documentSearchSchema, {})).toEqual({});
  });

  it('refuses control characters, more than 100 characters and non-text with one message each', () => {
    expect(errorsOf(documentSearchSchema, { q: 'a\u0000b' })).toEqual({
      q: 'Search must not contain control characters',
    });
    expect(errorsOf(documentSearchSchema, { q: 'x'.repeat(MAX_DOCUMENT_SEARCH + 1) })).toEqual({
      q: DOCUMENT_SEARCH_MESSAGES.searchTooLong,
    });
    expect(errorsOf(documentSearchSchema, { q: 5 })).toEqual({ q: DOCUMENT_SEARCH_MESSAGES.search });
    expect(dataOf(documentSearchSchema, { q: ` ${'x'.repeat(MAX_DOCUMENT_SEARCH)} ` }).q).toHaveLength(
      MAX_DOCUMENT_SEARCH,
    );
  });
});

describe('documentRenameSchema and the rename of updateDocumentSchema (issue 32)', () => {
  it('takes a trimmed name of 1 to 255 characters', () => {
    expect(dataOf(documentRenameSchema, '  Roof report 2026.pdf ')).toBe('Roof report 2026.pdf');
    expect(dataOf(documentRenameSchema, 'x'.repeat(MAX_FILE_NAME_LENGTH))).toHaveLength(255);
    expect(dataOf(updateDocumentSchema, { name: ' Zoë’s deed ' })).toEqual({ name: 'Zoë’s deed' });
  });

  it('says what is wrong with a blank, too long, control-character, path or dot name', () => {
    expect(errorsOf(documentRenameSchema, '   ')).toEqual({ '': 'Name is required' });
    expect(errorsOf(documentRenameSchema, 'x'.repeat(256))).toEqual({
      '': 'Name must be at most 255 characters',
    });
    expect(errorsOf(documentRenameSchema, 'Deed\u0000.pdf')).toEqual({
      '': 'Name must not contain control characters',
    });
    expect(errorsOf(documentRenameSchema, 'Deed\u202e.pdf')).toEqual({
      '': 'Name must not contain control characters',
    });
    expect(errorsOf(documentRenameSchema, '../etc/passwd')).toEqual({ '': DOCUMENT_NAME_MESSAGES.slash });
    expect(errorsOf(documentRenameSchema, 'a\\b')).toEqual({ '': 'Name must not contain / or \\' });
    expect(errorsOf(documentRenameSchema, '..')).toEqual({ '': "Name must not be '.' or '..'" });
    expect(errorsOf(documentRenameSchema, 42)).toEqual({ '': 'Name must be text' });
    expect(errorsOf(updateDocumentSchema, { name: '' })).toEqual({ name: 'Name is required' });
    expect(errorsOf(updateDocumentSchema, { name: null })).toEqual({ name: 'Name must be text' });
  });
});

describe('documentListSchema (issue 32: filter and sort)', () => {
  it('is newest first with no filter by default; blank choices are none', () => {
    expect(dataOf(documentListSchema, {})).toEqual({ sort: 'newest' });
    expect(dataOf(documentListSchema, { kind: '', status: '', propertyId: '', sort: '', q: ' ' })).toEqual({
      sort: 'newest',
    });
    expect(dataOf(documentListSchema, { kind: null, status: null, propertyId: null, sort: null })).toEqual({
      sort: 'newest',
    });
  });

  it('takes a kind, a status, a property and a sort', () => {
    expect(
      dataOf(documentListSchema, {
        q: 'roof',
        kind: 'certificate',
        status: 'expiring',
        propertyId: propertyId,
        sort: 'expiry',
      }),
    ).toEqual({ q: 'roof', kind: 'certificate', status: 'expiring', propertyId, sort: 'expiry' });
  });

  it('names the choices a bad value may take', () => {
    expect(errorsOf(documentListSchema, { kind: 'poster', status: 'lost', sort: 'size' })).toEqual({
      kind: DOCUMENT_LIST_MESSAGES.kind,
      status: 'Status must be one of expired, expiring, verified, self_declared',
      sort: 'Sort must be one of newest, oldest, name, expiry',
    });
    expect(DOCUMENT_LIST_MESSAGES.kind).toBe(
      'Kind must be one of deed, certificate, policy, inspection, contract, maintenance, other',
    );
    expect(errorsOf(documentListSchema, { propertyId: 7 })).toEqual({ propertyId: 'Property must be an id' });
    expect(errorsOf(documentListSchema, { propertyId: 'a\u0007' })).toEqual({
      propertyId: 'Property must not contain control characters',
    });
  });
});

describe('documentBatchSchema, documentBatchQuerySchema, moveDocumentsSchema (issue 32: bulk actions)', () => {
  const ids = Array.from(
    { length: MAX_DOCUMENT_BATCH },
    (_, n) => `${String(n).padStart(8, '0')}-0000-4000-8000-000000000000`,
  );

  it('takes 1 to 100 ids, each once, in lower case', () => {
    expect(dataOf(documentBatchSchema, { ids: [jobId, jobId.toUpperCase(), propertyId] })).toEqual({
      ids: [jobId, propertyId],
    });
    expect(dataOf(documentBatchSchema, { ids }).ids).toHaveLength(100);
    expect(dataOf(documentBatchQuerySchema, { ids: `${jobId},,${propertyId}` })).toEqual({
      ids: [jobId, propertyId],
    });
    expect(dataOf(moveDocumentsSchema, { ids: [jobId], propertyId: ` ${propertyId}` })).toEqual({
      ids: [jobId],
      propertyId,
    });
  });

  it('refuses none, more than 100, or what is not a list', () => {
    expect(errorsOf(documentBatchSchema, { ids: [] })).toEqual({ ids: 'Choose at least one document' });
    expect(errorsOf(documentBatchSchema, { ids: [...ids, jobId] })).toEqual({
      ids: 'Choose at most 100 documents at a time',
    });
    expect(errorsOf(documentBatchSchema, { ids: jobId })).toEqual({ ids: DOCUMENT_BATCH_MESSAGES.ids });
    expect(errorsOf(documentBatchQuerySchema, {})).toEqual({ ids: DOCUMENT_BATCH_MESSAGES.none });
    expect(errorsOf(documentBatchQuerySchema, { ids: ',' })).toEqual({ ids: DOCUMENT_BATCH_MESSAGES.none });
    expect(errorsOf(moveDocumentsSchema, { ids: [jobId] })).toEqual({
      propertyId: 'Choose the property to move the documents to',
    });
    expect(errorsOf(moveDocumentsSchema, { ids: [jobId], propertyId: ' ' })).toEqual({
      propertyId: DOCUMENT_BATCH_MESSAGES.propertyId,
    });
  });
});
