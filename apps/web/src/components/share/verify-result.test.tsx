import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithMantine } from '../../test/render';
import { NO_MATCH_MESSAGE, SELF_DECLARED_MESSAGE, VerifyResult } from './verify-result';

const SHA = 'cd'.repeat(32);
const CHECKED = {
  kind: 'supplier_issued' as const,
  issuer_name: 'Cape Roofing (Pty) Ltd',
  issuer_level: 'documents_checked' as const,
};

describe('VerifyResult', () => {
  it('shows the issuer, the issue date, the job reference and the DNA code of each match', () => {
    renderWithMantine(
      <VerifyResult
        sha256={SHA}
        result={{
          verified: true,
          registered: true,
          matches: [
            {
              provenance: CHECKED,
              badge: 'Verified',
              verified: true,
              company_name: 'Cape Roofing (Pty) Ltd',
              issued_at: '2026-11-20T08:00:00.000Z',
              job_ref: 'JOB-ABC123-WXYZ',
              dna_code: 'RES-4821-CT',
              name: 'Roofing Service Report.pdf',
            },
          ],
        }}
      />,
    );
    expect(screen.getByText('Verified document')).toBeTruthy();
    expect(screen.getByText('Verified')).toBeTruthy();
    expect(
      screen.getByText(
        'Issued by a supplier on a job · Cape Roofing (Pty) Ltd · Documents checked · JOB-ABC123-WXYZ',
      ),
    ).toBeTruthy();
    for (const text of ['Cape Roofing (Pty) Ltd', 'Nov 20, 2026', 'JOB-ABC123-WXYZ', 'RES-4821-CT']) {
      expect(screen.getByText(text)).toBeTruthy();
    }
  });

  it('leaves out the job reference and DNA code when they are unknown', () => {
    renderWithMantine(
      <VerifyResult
        sha256={SHA}
        result={{
          verified: true,
          registered: true,
          matches: [
            {
              provenance: CHECKED,
              badge: 'Verified',
              verified: true,
              company_name: 'Cape Roofing (Pty) Ltd',
              issued_at: '2026-11-20T08:00:00.000Z',
              job_ref: null,
              dna_code: null,
              name: 'Report.pdf',
            },
          ],
        }}
      />,
    );
    expect(screen.queryByText(/Job reference/)).toBeNull();
    expect(screen.queryByText(/Property DNA code/)).toBeNull();
  });

  it('says plainly that an owner’s own upload is registered but self-declared, naming nobody', () => {
    renderWithMantine(
      <VerifyResult
        sha256={SHA}
        result={{
          verified: false,
          registered: true,
          matches: [
            {
              provenance: { kind: 'owner_upload', issuer_name: null, issuer_level: null },
              badge: 'Self-declared',
              verified: false,
              company_name: null,
              issued_at: '2026-11-20T08:00:00.000Z',
              job_ref: null,
              dna_code: null,
              name: null,
            },
          ],
        }}
      />,
    );
    expect(screen.getByText('Registered, self-declared')).toBeTruthy();
    expect(screen.getByText(SELF_DECLARED_MESSAGE)).toBeTruthy();
    expect(screen.getByText('Uploaded by the owner · Self-declared')).toBeTruthy();
    expect(screen.queryByText(/Issued by:/)).toBeNull();
  });

  it('says no document matches an unknown file', () => {
    renderWithMantine(
      <VerifyResult sha256={SHA} result={{ verified: false, registered: false, matches: [] }} />,
    );
    expect(screen.getByText('Not verified — no document matches')).toBeTruthy();
    expect(screen.getByText(NO_MATCH_MESSAGE)).toBeTruthy();
    expect(screen.getByText(SHA)).toBeTruthy();
  });
});
