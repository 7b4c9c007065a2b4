import { DOCUMENT_MESSAGES, type RegisterDocumentInput, type SignUploadInput } from '@propertydna/domain';
import { describe, expect, it, vi } from 'vitest';
import { ResponseError } from '../error-message';
import {
  initialUploadItems,
  percentOf,
  runUpload,
  UPLOAD_FAILED,
  type UploadItem,
  type UploadSteps,
} from './upload-documents';
import { validateUploadBatch } from './validate';

const HASH_A = 'a'.repeat(64);
const HASH_B = 'b'.repeat(64);

function setup(files: File[], overrides: Partial<UploadSteps> = {}) {
  const { fileErrors } = validateUploadBatch(files);
  const items = initialUploadItems(files, fileErrors, 'test');
  const rows = new Map<string, UploadItem>(items.map((item) => [item.key, item]));
  const phases = new Map<string, string[]>(items.map((item) => [item.key, []]));
  const update = (key: string, patch: Partial<UploadItem>) => {
    const row = rows.get(key);
    if (!row) throw new Error(`no row ${key}`);
    rows.set(key, { ...row, ...patch });
    const seen = phases.get(key) ?? [];
    if (patch.phase && seen.at(-1) !== patch.phase) seen.push(patch.phase);
  };
  const registered: RegisterDocumentInput[] = [];
  const steps: UploadSteps = {
    hash: vi.fn(async (file: File, onProgress) => {
      onProgress(0, file.size);
      onProgress(file.size, file.size);
      return file.name.startsWith('a') ? HASH_A : HASH_B;
    }),
    signBatch: vi.fn(async (declared: SignUploadInput[]) =>
      declared.map((_, index) => ({
        url: `https://store.test/${index}`,
        storageKey: `key-${index}`,
        headers: { 'Content-Type': 'application/pdf' },
      })),
    ),
    put: vi.fn(async ({ body, onProgress }) => {
      onProgress?.(body.size / 2, body.size);
      onProgress?.(body.size, body.size);
    }),
    register: vi.fn(async (input: RegisterDocumentInput) => {
      registered.push(input);
      return { id: `doc-${input.name}` };
    }),
    ...overrides,
  };
  return { items, rows, phases, update, steps, registered };
}

const pdf = (name: string, size = 2048) =>
  new File([new Uint8Array(size)], name, { type: 'application/pdf' });

describe('runUpload', () => {
  it('hashes, signs the batch once, uploads and registers each file', async () => {
    const files = [pdf('a.pdf'), pdf('b.pdf', 4096)];
    const { items, rows, phases, update, steps, registered } = setup(files);
    const result = await runUpload(
      files,
      items,
      { destination: { propertyId: 'p1' }, kind: 'certificate', expiresAt: '2027-01-31' },
      steps,
      update,
    );
    expect(result).toEqual({ documentIds: ['doc-a.pdf', 'doc-b.pdf'], failed: 0 });
    expect(steps.signBatch).toHaveBeenCalledTimes(1);
    expect(steps.signBatch).toHaveBeenCalledWith([
      { contentType: 'application/pdf', sha256: HASH_A, bytes: 2048 },
      { contentType: 'application/pdf', sha256: HASH_B, bytes: 4096 },
    ]);
    expect(registered).toEqual([
      {
        property_id: 'p1',
        kind: 'certificate',
        name: 'a.pdf',
        storage_key: 'key-0',
        sha256: HASH_A,
        bytes: 2048,
        content_type: 'application/pdf',
        expires_at: '2027-01-31',
      },
      expect.objectContaining({ name: 'b.pdf', storage_key: 'key-1', sha256: HASH_B }),
    ]);
    for (const item of items) {
      expect(phases.get(item.key)).toEqual(['hashing', 'waiting', 'uploading', 'registering', 'done']);
      expect(rows.get(item.key)).toMatchObject({ phase: 'done', percent: 100, error: null });
    }
    // Each stored row names its document, whose reading the row then follows.
    expect(items.map((item) => rows.get(item.key)?.documentId)).toEqual(['doc-a.pdf', 'doc-b.pdf']);
  });

  it.each([
    [{ jobId: 'j1' }, { job_id: 'j1' }],
    [{ organization: true as const }, { organization: true }],
  ])('registers the files to the destination %o', async (destination, fields) => {
    const files = [pdf('a.pdf')];
    const { items, update, steps, registered } = setup(files);
    await runUpload(files, items, { destination, kind: 'certificate', expiresAt: null }, steps, update);
    expect(registered[0]).toMatchObject(fields);
    expect(registered[0]).not.toHaveProperty('property_id');
  });

  it("names no target for an invite's upload (its token names the property)", async () => {
    const files = [pdf('a.pdf')];
    const { items, update, steps, registered } = setup(files);
    await runUpload(
      files,
      items,
      { destination: { inviteToken: 'tok' }, kind: 'certificate', expiresAt: null },
      steps,
      update,
    );
    expect(registered[0]).toMatchObject({ kind: 'certificate', name: 'a.pdf', storage_key: 'key-0' });
    for (const field of ['property_id', 'job_id', 'organization']) {
      expect(registered[0]).not.toHaveProperty(field);
    }
  });

  it('sends no expiry for a kind that has none', async () => {
    const files = [pdf('a.pdf')];
    const { items, update, steps, registered } = setup(files);
    await runUpload(
      files,
      items,
      { destination: { propertyId: 'p1' }, kind: 'deed', expiresAt: '2027-01-31' },
      steps,
      update,
    );
    expect(registered[0]).not.toHaveProperty('expires_at');
  });

  it("sends a certificate's type and issue date as metadata, and none for a kind that has no type", async () => {
    const files = [pdf('a.pdf')];
    const certificate = { certificateType: 'beetle_clearance' as const, issuedOn: '2026-11-23' };
    const { items, update, steps, registered } = setup(files);
    await runUpload(
      files,
      items,
      { destination: { propertyId: 'p1' }, kind: 'certificate', expiresAt: '2027-02-23', ...certificate },
      steps,
      update,
    );
    expect(registered[0]).toMatchObject({
      kind: 'certificate',
      expires_at: '2027-02-23',
      metadata: { certificate_type: 'beetle_clearance', issued_on: '2026-11-23' },
    });

    const inspection = setup(files);
    await runUpload(
      files,
      inspection.items,
      { destination: { propertyId: 'p1' }, kind: 'inspection', expiresAt: null, issuedOn: '2026-11-23' },
      inspection.steps,
      inspection.update,
    );
    expect(inspection.registered[0]?.metadata).toEqual({ issued_on: '2026-11-23' });

    const deed = setup(files);
    await runUpload(
      files,
      deed.items,
      { destination: { propertyId: 'p1' }, kind: 'deed', expiresAt: null, ...certificate },
      deed.steps,
      deed.update,
    );
    expect(deed.registered[0]).not.toHaveProperty('metadata');
  });

  it("shows the server's message on the file that failed, and the others go on", async () => {
    const files = [pdf('a.pdf'), pdf('b.pdf')];
    const { items, rows, update, steps } = setup(files, {
      register: vi.fn(async (input: RegisterDocumentInput) => {
        if (input.name === 'a.pdf') {
          throw new ResponseError(415, 'Unsupported Media Type', {
            error: "The file's content does not match its declared type",
          });
        }
        return { id: `doc-${input.name}` };
      }),
    });
    const result = await runUpload(
      files,
      items,
      { destination: { propertyId: 'p1' }, kind: 'other', expiresAt: null },
      steps,
      update,
    );
    expect(result).toEqual({ documentIds: ['doc-b.pdf'], failed: 1 });
    expect(rows.get('test-0')).toMatchObject({
      phase: 'error',
      error: "The file's content does not match its declared type",
    });
    expect(rows.get('test-1')).toMatchObject({ phase: 'done' });
  });

  it('skips files the browser refused and uploads the rest', async () => {
    const big = pdf('big.pdf', 1);
    Object.defineProperty(big, 'size', { value: 51 * 1024 * 1024 });
    const files = [big, pdf('a.pdf')];
    const { items, rows, update, steps } = setup(files);
    expect(items[0]).toMatchObject({ phase: 'error', error: DOCUMENT_MESSAGES.tooLarge });
    const result = await runUpload(
      files,
      items,
      { destination: { propertyId: 'p1' }, kind: 'other', expiresAt: null },
      steps,
      update,
    );
    expect(result).toEqual({ documentIds: ['doc-a.pdf'], failed: 1 });
    expect(steps.hash).toHaveBeenCalledTimes(1);
    expect(rows.get('test-0')).toMatchObject({ phase: 'error', error: DOCUMENT_MESSAGES.tooLarge });
  });

  it('fails every file of the batch with the message of a refused signing', async () => {
    const files = [pdf('a.pdf'), pdf('b.pdf')];
    const { items, rows, update, steps } = setup(files, {
      signBatch: vi.fn(async () => {
        throw new ResponseError(400, 'Bad Request', { error: DOCUMENT_MESSAGES.typeNotAllowed });
      }),
    });
    const result = await runUpload(
      files,
      items,
      { destination: { propertyId: 'p1' }, kind: 'other', expiresAt: null },
      steps,
      update,
    );
    expect(result).toEqual({ documentIds: [], failed: 2 });
    expect(steps.put).not.toHaveBeenCalled();
    expect([...rows.values()].map((row) => row.error)).toEqual([
      DOCUMENT_MESSAGES.typeNotAllowed,
      DOCUMENT_MESSAGES.typeNotAllowed,
    ]);
  });

  it('says Upload failed for a failure that never reached the server', async () => {
    const files = [pdf('a.pdf')];
    const { items, rows, update, steps } = setup(files, {
      put: vi.fn(async () => {
        throw new Error('network down');
      }),
    });
    await runUpload(
      files,
      items,
      { destination: { propertyId: 'p1' }, kind: 'other', expiresAt: null },
      steps,
      update,
    );
    expect(rows.get('test-0')).toMatchObject({ phase: 'error', error: UPLOAD_FAILED });
    expect(steps.register).not.toHaveBeenCalled();
  });
});

describe('percentOf', () => {
  it('is a whole percentage between 0 and 100', () => {
    expect(percentOf(0, 10)).toBe(0);
    expect(percentOf(1, 3)).toBe(33);
    expect(percentOf(10, 10)).toBe(100);
    expect(percentOf(12, 10)).toBe(100);
    expect(percentOf(0, 0)).toBe(100);
  });
});
