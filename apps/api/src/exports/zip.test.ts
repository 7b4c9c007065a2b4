import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { describe, expect, it } from 'vitest';
import {
  MANIFEST_PATH,
  StoredFileMismatchError,
  safeZipName,
  verifyingStream,
  withManifest,
  ZipPaths,
} from './zip.js';

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

async function drain(source: Buffer, expected: { sha256: string; bytes: number }, out: Buffer[] = []) {
  await pipeline(
    Readable.from([source.subarray(0, 3), source.subarray(3)]),
    verifyingStream('documents/x.pdf', { id: 'doc-1', storage_key: 'k', ...expected }),
    async (chunks: AsyncIterable<Buffer>) => {
      for await (const chunk of chunks) out.push(chunk);
    },
  );
  return Buffer.concat(out);
}

describe('verifyingStream', () => {
  const data = Buffer.from('%PDF-1.7 the stored bytes');

  it('passes the bytes through when they are the recorded ones', async () => {
    expect(await drain(data, { sha256: sha256(data), bytes: data.length })).toEqual(data);
  });

  it('fails on other bytes of the same size, on fewer and on more', async () => {
    const other = Buffer.from(data);
    other[5] = 0x41;
    for (const stored of [other, data.subarray(1), Buffer.concat([data, Buffer.from('!')])]) {
      const error = await drain(stored, { sha256: sha256(data), bytes: data.length }).catch(
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(StoredFileMismatchError);
      expect((error as StoredFileMismatchError).details, String(stored)).toMatchObject({
        path: 'documents/x.pdf',
        document_id: 'doc-1',
        expected_sha256: sha256(data),
        expected_bytes: data.length,
      });
    }
  });
});

describe('verifyingStream holds back the end of a file until its hash is known', () => {
  it('never lets all of a wrong file through: at most what came before its last chunk', async () => {
    const data = Buffer.from('%PDF-1.7 the stored bytes');
    const other = Buffer.from(data);
    other[20] = 0x41;
    const passed: Buffer[] = [];
    await expect(drain(other, { sha256: sha256(data), bytes: data.length }, passed)).rejects.toBeInstanceOf(
      StoredFileMismatchError,
    );
    // At most what came before the last chunk: the chunk that would complete the wrong file never passes.
    expect(other.subarray(0, 3).subarray(0, Buffer.concat(passed).length)).toEqual(Buffer.concat(passed));
    expect(Buffer.concat(passed).length).toBeLessThan(other.length);
  });
});

describe('ZIP paths and manifest', () => {
  it('makes names safe on every file system', () => {
    expect(safeZipName('a/b\\c:d*e?"f"<g>|h.pdf')).toBe('a_b_c_d_e__f__g__h.pdf');
    expect(safeZipName(' .. ')).toBe('document');
    expect(safeZipName('report. ')).toBe('report');
  });

  it('numbers repeated names, ignoring case, keeping the extension', () => {
    const paths = new ZipPaths();
    expect(paths.add('documents/policy', 'Policy.pdf')).toBe('documents/policy/Policy.pdf');
    expect(paths.add('documents/policy', 'policy.PDF')).toBe('documents/policy/policy (2).PDF');
    expect(paths.add('documents/policy', 'Policy.pdf')).toBe('documents/policy/Policy (3).pdf');
    expect(paths.add('documents/deed', 'Policy.pdf')).toBe('documents/deed/Policy.pdf');
    expect(paths.add('', 'README')).toBe('README');
  });

  it('lists every entry in manifest.json, first, with its size and SHA-256', () => {
    const report = Buffer.from('{"a":1}');
    const entries = withManifest(
      [
        { path: 'report.json', content: report },
        {
          path: 'documents/deed/Deed.pdf',
          document: { id: 'd1', storage_key: 'k', sha256: 'f'.repeat(64), bytes: 9 },
        },
      ],
      { archive: 'x.zip' },
      new Date('2026-11-23T10:00:00Z'),
    );
    expect(entries[0]?.path).toBe(MANIFEST_PATH);
    const manifest = JSON.parse(String((entries[0] as { content: string }).content));
    expect(manifest).toEqual({
      format: 'propertydna.manifest',
      version: 1,
      generated_at: '2026-11-23T10:00:00.000Z',
      archive: 'x.zip',
      files: [
        { path: 'report.json', bytes: report.length, sha256: sha256(report), document_id: null },
        { path: 'documents/deed/Deed.pdf', bytes: 9, sha256: 'f'.repeat(64), document_id: 'd1' },
      ],
    });
  });
});
