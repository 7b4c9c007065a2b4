import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithMantine } from '../../test/render';
import { checkableAtVerify, TrustStatus, trustExplanation, uploadedThroughInvite } from './trust-badge';
import { vaultDocument } from './vault-document.fixture';

/** Issued by a supplier on a job: the one kind of document /verify knows. */
const ISSUED = vaultDocument({
  source: 'supplier_verified',
  verified_by: 'user-1',
  verified: true,
  verified_by_organization: 'Acme Roofing',
  job_ref: 'JOB-MWSNWR9M-HCD5',
  status: 'Verified',
});
/** Uploaded by an independent electrician through the owner's upload link (issue 15). */
const VENDOR_UPLOAD = vaultDocument({
  source: 'vendor_upload',
  verified_by: 'Sipho Dlamini, Dlamini Electrical',
  verified: true,
  verified_by_organization: 'Sipho Dlamini, Dlamini Electrical',
  job_ref: null,
  status: 'Verified',
});
/** Uploaded through the link by a signed-in registered supplier: supplier_verified, but on no job. */
const SUPPLIER_THROUGH_LINK = vaultDocument({
  source: 'supplier_verified',
  verified_by: 'user-2',
  verified: true,
  verified_by_organization: 'Acme Electrical (registered supplier)',
  job_ref: null,
  status: 'Verified',
});

/** The sentence a badge is described by (its aria-describedby), as a screen reader hears it. */
function description(): string | null | undefined {
  const badge = screen.getByText(/^(Verified|Pending)$/).closest('[tabindex="0"]') as HTMLElement;
  return document.getElementById(badge.getAttribute('aria-describedby') ?? '')?.textContent;
}

describe('trustExplanation', () => {
  it('sends to /verify only a document a supplier issued on a job', () => {
    expect(trustExplanation(ISSUED)).toBe(
      'Verified: issued by Acme Roofing on job JOB-MWSNWR9M-HCD5 through PropertyDNA. Its fingerprint can be checked at /verify.',
    );
    expect(checkableAtVerify(ISSUED)).toBe(true);
    expect(uploadedThroughInvite(ISSUED)).toBe(false);
  });

  it('names the vendor who uploaded through the upload link, with no /verify claim', () => {
    expect(trustExplanation(VENDOR_UPLOAD)).toBe(
      "Verified: uploaded by Sipho Dlamini, Dlamini Electrical through your upload link, not issued on a supplier's job.",
    );
    expect(checkableAtVerify(VENDOR_UPLOAD)).toBe(false);
    // A vendor's upload never reaches /verify, even with a job reference in its details.
    const withJob = { ...VENDOR_UPLOAD, job_ref: 'JOB-1' };
    expect(checkableAtVerify(withJob)).toBe(false);
    expect(trustExplanation(withJob)).not.toContain('/verify');
  });

  it('says the same of a signed-in supplier’s upload through the link (no job)', () => {
    expect(uploadedThroughInvite(SUPPLIER_THROUGH_LINK)).toBe(true);
    expect(trustExplanation(SUPPLIER_THROUGH_LINK)).toBe(
      "Verified: uploaded by Acme Electrical (registered supplier) through your upload link, not issued on a supplier's job.",
    );
  });

  it('without a source (a shared document), claims /verify only with a job', () => {
    const shared = { verified_by: 'issuer', verified_by_organization: 'Acme Roofing' };
    expect(trustExplanation({ ...shared, job_ref: 'JOB-1' })).toBe(
      'Verified: issued by Acme Roofing on job JOB-1 through PropertyDNA. Its fingerprint can be checked at /verify.',
    );
    expect(trustExplanation({ ...shared, job_ref: null })).toBe(
      'Verified: issued by Acme Roofing through PropertyDNA.',
    );
  });

  it('explains Pending as before', () => {
    expect(trustExplanation(vaultDocument())).toMatch(/^Pending: uploaded by its owner/);
    expect(uploadedThroughInvite(vaultDocument({ source: 'vendor_upload' }))).toBe(false);
  });
});

describe('TrustStatus', () => {
  it('describes a vendor’s upload by the vendor and the upload link, and names the verifier', () => {
    renderWithMantine(<TrustStatus document={VENDOR_UPLOAD} />);
    expect(description()).toBe(
      "Verified: uploaded by Sipho Dlamini, Dlamini Electrical through your upload link, not issued on a supplier's job.",
    );
    expect(screen.getByText('Verified by Sipho Dlamini, Dlamini Electrical')).toBeTruthy();
  });

  it('describes a supplier’s job document with the way to /verify', () => {
    renderWithMantine(<TrustStatus document={ISSUED} />);
    expect(description()).toContain('Its fingerprint can be checked at /verify.');
    expect(screen.getByText('Verified by Acme Roofing · JOB-MWSNWR9M-HCD5')).toBeTruthy();
  });
});
