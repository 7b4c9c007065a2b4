import { describe, expect, it } from 'vitest';
import {
  isVerifiedLevel,
  PROVENANCE_KINDS,
  PROVENANCE_LABELS,
  provenanceLine,
  trustBadge,
  VERIFICATION_LEVEL_LABELS,
  VERIFICATION_LEVEL_MEANINGS,
  VERIFICATION_LEVELS,
} from './trust.js';

describe('trust vocabulary', () => {
  it('calls only checked levels verified', () => {
    expect(isVerifiedLevel('self_declared')).toBe(false);
    expect(isVerifiedLevel(null)).toBe(false);
    expect(isVerifiedLevel(undefined)).toBe(false);
    expect(isVerifiedLevel('documents_checked')).toBe(true);
    expect(isVerifiedLevel('register_matched')).toBe(true);
  });

  it('gives every level and provenance a label and a meaning', () => {
    for (const level of VERIFICATION_LEVELS) {
      expect(VERIFICATION_LEVEL_LABELS[level]).toMatch(/\w/);
      expect(VERIFICATION_LEVEL_MEANINGS[level]).toMatch(/\w/);
    }
    for (const kind of PROVENANCE_KINDS) expect(PROVENANCE_LABELS[kind]).toMatch(/\w/);
  });

  it('badges a document Verified only when a checked supplier issued it', () => {
    expect(trustBadge({ issuer_level: null })).toBe('Self-declared');
    expect(trustBadge({ issuer_level: 'self_declared' })).toBe('Self-declared');
    expect(trustBadge({ issuer_level: 'documents_checked' })).toBe('Verified');
  });

  it('writes one provenance line', () => {
    expect(provenanceLine({ kind: 'owner_upload', issuer_name: null, issuer_level: null })).toBe(
      'Uploaded by the owner · Self-declared',
    );
    expect(
      provenanceLine({
        kind: 'supplier_issued',
        issuer_name: 'Acme Roofing',
        issuer_level: 'register_matched',
      }),
    ).toBe('Issued by a supplier on a job · Acme Roofing · Register matched');
  });

  it('says which details were read from the document and who took them, without changing the level', () => {
    const owner = { kind: 'owner_upload', issuer_name: null, issuer_level: null } as const;
    expect(
      provenanceLine({
        ...owner,
        read: {
          confirmed: ['certificate_type', 'issue_date'],
          confirmed_by: 'Jane Mokoena',
          auto_accepted: [],
        },
      }),
    ).toBe(
      'Uploaded by the owner · Self-declared · Certificate type, Issue date read from the document, confirmed by Jane Mokoena',
    );
    expect(
      provenanceLine({
        ...owner,
        read: { confirmed: ['certificate_number'], confirmed_by: null, auto_accepted: ['expiry_date'] },
      }),
    ).toBe(
      'Uploaded by the owner · Self-declared · Certificate number read from the document, confirmed · Expiry date read from the document, accepted automatically',
    );
    expect(provenanceLine({ ...owner, read: { confirmed: [], confirmed_by: null, auto_accepted: [] } })).toBe(
      'Uploaded by the owner · Self-declared',
    );
    expect(provenanceLine({ ...owner, read: null })).toBe('Uploaded by the owner · Self-declared');
  });
});
