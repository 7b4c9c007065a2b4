import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithMantine } from '../../test/render';
import { provenanceText, TrustStatus, trustExplanation } from './trust-badge';
import { vaultDocument } from './vault-document.fixture';

/** Issued on a job by a supplier PropertyDNA had checked: the one kind that is Verified. */
const CHECKED = vaultDocument({
  source: 'supplier_verified',
  job_ref: 'JOB-MWSNWR9M-HCD5',
  provenance: { kind: 'supplier_issued', issuer_name: 'Acme Roofing', issuer_level: 'documents_checked' },
  badge: 'Verified',
  status: 'Verified',
  verified: true,
});
/** Uploaded by an invited electrician nobody checked. */
const VENDOR_UPLOAD = vaultDocument({
  source: 'vendor_upload',
  provenance: {
    kind: 'vendor_upload',
    issuer_name: 'Sipho Dlamini, Dlamini Electrical',
    issuer_level: 'self_declared',
  },
});

/** The sentence a badge is described by (its aria-describedby), as a screen reader hears it. */
function description(): string | null | undefined {
  const badge = screen.getByText(/^(Verified|Self-declared)$/).closest('[tabindex="0"]') as HTMLElement;
  return document.getElementById(badge.getAttribute('aria-describedby') ?? '')?.textContent;
}

describe('trustExplanation', () => {
  it('calls a document verified only when a checked issuer issued it', () => {
    expect(trustExplanation(CHECKED)).toBe(
      'Verified: issued by a supplier on a job (job JOB-MWSNWR9M-HCD5); PropertyDNA had checked Acme Roofing (documents checked) when it was issued. /verify answers the same for this file.',
    );
  });

  it('says an unchecked vendor’s upload is self-declared, naming the vendor', () => {
    expect(trustExplanation(VENDOR_UPLOAD)).toBe(
      'Self-declared: uploaded by an invited vendor by Sipho Dlamini, Dlamini Electrical, whom PropertyDNA had not checked when it was issued. /verify knows the file as registered, not verified.',
    );
  });

  it('says an owner’s own upload is self-declared', () => {
    expect(trustExplanation(vaultDocument())).toMatch(
      /^Self-declared: uploaded by the owner; no checked supplier/,
    );
  });
});

describe('TrustStatus', () => {
  it('shows the badge and the provenance line, with the explanation as the badge’s description', () => {
    renderWithMantine(<TrustStatus document={VENDOR_UPLOAD} />);
    expect(screen.getByText('Self-declared')).toBeTruthy();
    expect(
      screen.getByText('Uploaded by an invited vendor · Sipho Dlamini, Dlamini Electrical · Self-declared'),
    ).toBeTruthy();
    expect(description()).toBe(trustExplanation(VENDOR_UPLOAD));
  });

  it('shows Verified with the level and the job for a checked issuer', () => {
    renderWithMantine(<TrustStatus document={CHECKED} />);
    expect(screen.getByText('Verified')).toBeTruthy();
    expect(screen.getByText(provenanceText(CHECKED))).toBeTruthy();
    expect(provenanceText(CHECKED)).toBe(
      'Issued by a supplier on a job · Acme Roofing · Documents checked · JOB-MWSNWR9M-HCD5',
    );
  });
});
