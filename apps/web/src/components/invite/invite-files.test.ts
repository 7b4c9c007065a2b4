import { DOCUMENT_MESSAGES } from '@propertydna/domain';
import { describe, expect, it } from 'vitest';
import {
  capacityOf,
  capacityProblem,
  capacityText,
  dateErrors,
  describeEntry,
  type InviteFile,
  newInviteFiles,
  targetOf,
  uploadButtonText,
  withCertificate,
  withExpiry,
  withKind,
} from './invite-files';

const MB = 1024 * 1024;

function file(name: string, size = 10): File {
  const created = new File(['x'], name, { type: 'application/pdf' });
  Object.defineProperty(created, 'size', { value: size });
  return created;
}

function entry(kinds: InviteFile['kind'][] = ['certificate', 'inspection'], size = 10): InviteFile {
  const [first] = newInviteFiles([file('a.pdf', size)], [null], kinds, (index) => `k${index}`);
  if (!first) throw new Error('no entry');
  return first;
}

describe('newInviteFiles', () => {
  it('starts each file as the first allowed kind with no issue date (never defaulted); a refused file as its error', () => {
    const [ok, refused] = newInviteFiles(
      [file('a.pdf'), file('b.exe')],
      [null, DOCUMENT_MESSAGES.typeNotAllowed],
      ['inspection', 'certificate'],
      (index) => `f-${index}`,
    );
    expect(ok).toMatchObject({
      kind: 'inspection',
      issuedOn: '',
      expiresAt: '',
      refused: false,
      item: { key: 'f-0', name: 'a.pdf', phase: 'queued', error: null },
    });
    expect(refused).toMatchObject({
      refused: true,
      item: { key: 'f-1', phase: 'error', error: DOCUMENT_MESSAGES.typeNotAllowed },
    });
  });
});

describe("a certificate's expiry", () => {
  it("follows its type and issue date until edited; another kind starts again from the kind's", () => {
    let current = withCertificate(entry(), { certificateType: 'beetle_clearance' });
    // No issue date yet: nothing to work an expiry out from.
    expect(current.expiresAt).toBe('');
    current = withCertificate(current, { issuedOn: '2026-11-23' });
    expect(current.expiresAt).toBe('2027-02-23');
    current = withCertificate(current, { issuedOn: '2026-12-01' });
    expect(current.expiresAt).toBe('2027-03-01');
    current = withExpiry(current, '2027-01-15');
    current = withCertificate(current, { issuedOn: '2026-12-05' });
    expect(current.expiresAt).toBe('2027-01-15');
    current = withKind(current, 'inspection');
    expect(current).toMatchObject({ expiresAt: '', expiryEdited: false });
    current = withKind(current, 'certificate');
    expect(current.expiresAt).toBe('2027-03-05');
  });

  it('must fall after the issue date', () => {
    const current = withExpiry(withCertificate(entry(), { issuedOn: '2026-11-23' }), '2026-11-23');
    expect(dateErrors(current)).toEqual({ issuedOn: null, expiresAt: DOCUMENT_MESSAGES.expiryBeforeIssue });
    expect(dateErrors(withCertificate(current, { issuedOn: '23/11/2026' })).issuedOn).toBe(
      'Enter a valid date',
    );
  });
});

describe('targetOf', () => {
  it("sends the invite's token, a certificate's details and an expiry only where the kind has one", () => {
    // No date typed: none is sent (the server then says "date unknown").
    expect(targetOf(entry(['certificate']), 'tok')).toEqual({
      destination: { inviteToken: 'tok' },
      kind: 'certificate',
      expiresAt: null,
      certificateType: null,
      issuedOn: null,
    });
    const certificate = withCertificate(entry(), {
      certificateType: 'beetle_clearance',
      issuedOn: '2026-11-23',
    });
    expect(targetOf(certificate, 'tok')).toEqual({
      destination: { inviteToken: 'tok' },
      kind: 'certificate',
      expiresAt: '2027-02-23',
      certificateType: 'beetle_clearance',
      issuedOn: '2026-11-23',
    });
    expect(targetOf(withKind(certificate, 'inspection'), 'tok')).toMatchObject({ expiresAt: null });
    expect(targetOf(entry(['policy']), 'tok')).toEqual({
      destination: { inviteToken: 'tok' },
      kind: 'policy',
      expiresAt: null,
    });
  });
});

describe('capacity', () => {
  const view = { limits: { max_files: 20, max_bytes: 250 * MB }, used: { files: 18, bytes: 240 * MB } };

  it('is what the link still accepts', () => {
    expect(capacityOf(view)).toEqual({ files: 2, bytes: 10 * MB });
    expect(capacityText(capacityOf(view))).toBe(
      'You can upload 2 more files (up to 10.0 MB) through this link.',
    );
    expect(capacityOf({ ...view, used: { files: 25, bytes: 300 * MB } })).toEqual({ files: 0, bytes: 0 });
  });

  it('says when the chosen files do not fit, in files or in bytes', () => {
    const capacity = capacityOf(view);
    expect(capacityProblem([entry(), entry()], capacity)).toBeNull();
    expect(capacityProblem([entry(), entry(), entry()], capacity)).toBe(
      'This link accepts 2 more files. Remove 1 file before uploading.',
    );
    expect(capacityProblem([entry(undefined, 6 * MB), entry(undefined, 6 * MB)], capacity)).toBe(
      'These files come to 12.0 MB; this link accepts 10.0 MB more.',
    );
  });
});

describe('describeEntry and uploadButtonText', () => {
  it('say what a file was sent as, and how many files go', () => {
    const certificate = withCertificate(entry(), {
      certificateType: 'beetle_clearance',
      issuedOn: '2026-11-23',
    });
    expect(describeEntry(certificate)).toBe(
      'Certificate · Entomologist (beetle) certificate · issued Nov 23, 2026 · expires Feb 23, 2027',
    );
    expect(uploadButtonText(1)).toBe('Upload 1 file');
    expect(uploadButtonText(3)).toBe('Upload 3 files');
  });
});
