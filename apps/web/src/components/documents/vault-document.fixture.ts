import type { VaultDocument } from './labels';

/** A document as the API answers it, for component tests. */
export function vaultDocument(overrides: Partial<VaultDocument> = {}): VaultDocument {
  return {
    id: '5b1c2a9e-0d3f-4c1a-9a55-3f0c1e2d4b6a',
    kind: 'deed',
    name: 'Title deed.pdf',
    storage_key: 'uploads/abc',
    sha256: '3f7a9c1e5b2d4f6a8c0e1b3d5f7a9c1e5b2d4f6a8c0e1b3d5f7a9c1e5b2d4f6a',
    bytes: 2_621_440,
    content_type: 'application/pdf',
    source: 'owner_upload',
    created_at: '2026-03-14T09:15:00.000Z',
    expires_at: null,
    verified_by: null,
    verified: false,
    verified_by_organization: null,
    job_ref: null,
    status: 'Pending',
    provenance: { kind: 'owner_upload', issuer_name: null, issuer_level: null },
    badge: 'Self-declared',
    property_id: 'a1b2c3d4-0000-4000-8000-000000000001',
    property_name: 'Gardens Family Home',
    job_id: null,
    metadata: {},
    issued_on: null,
    issue_date: null,
    expires_on: null,
    expired: false,
    expires_in_days: null,
    expiry_notice: null,
    owner_notes: null,
    issued_name: null,
    ...overrides,
  };
}
