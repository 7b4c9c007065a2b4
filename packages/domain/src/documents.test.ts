import { describe, expect, it } from 'vitest';
import {
  DOCUMENT_KINDS,
  DOCUMENT_SOURCES,
  documentKindSchema,
  documentStatus,
  EXPIRING_DOCUMENT_KINDS,
  VENDOR_ACCESS_KINDS,
} from './documents.js';

describe('document kinds (spec §3)', () => {
  it('are the seven kinds', () => {
    expect(DOCUMENT_KINDS).toEqual([
      'deed',
      'certificate',
      'policy',
      'inspection',
      'contract',
      'maintenance',
      'other',
    ]);
    for (const kind of DOCUMENT_KINDS) expect(documentKindSchema.parse(kind)).toBe(kind);
    expect(documentKindSchema.safeParse('invoice').success).toBe(false);
  });

  it('with an expiry are certificates and policies', () => {
    expect(EXPIRING_DOCUMENT_KINDS).toEqual(['certificate', 'policy']);
  });

  it('an invited vendor may upload are certificates and inspections (spec §6)', () => {
    expect(VENDOR_ACCESS_KINDS).toEqual(['certificate', 'inspection']);
  });
});

describe('document sources (spec §3)', () => {
  it("are the spec's owner_upload, supplier_verified and developer_pack, and a vendor's upload through an invite", () => {
    expect(DOCUMENT_SOURCES).toEqual([
      'owner_upload',
      'supplier_verified',
      'developer_pack',
      'vendor_upload',
    ]);
  });
});

describe('documentStatus (spec §4)', () => {
  it.each([
    [null, 'Pending'],
    [undefined, 'Pending'],
    ['self_declared', 'Pending'],
    ['documents_checked', 'Verified'],
    ['register_matched', 'Verified'],
  ] as const)('an issuer at level %j is %s', (level, status) => {
    expect(documentStatus({ issuer_level: level })).toBe(status);
  });
});
