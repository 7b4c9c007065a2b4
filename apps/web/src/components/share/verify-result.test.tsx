import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithMantine } from '../../test/render';
import { VerifyResult } from './verify-result';

const SHA = 'cd'.repeat(32);

describe('VerifyResult', () => {
  it('shows the issuer, the issue date, the job reference and the DNA code of each match', () => {
    renderWithMantine(
      <VerifyResult
        sha256={SHA}
        result={{
          verified: true,
          matches: [
            {
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
          matches: [
            {
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

  it('says no verified document matches an unknown file', () => {
    renderWithMantine(<VerifyResult sha256={SHA} result={{ verified: false, matches: [] }} />);
    expect(screen.getByText('No verified document matches this file.')).toBeTruthy();
    expect(screen.getByText(SHA)).toBeTruthy();
  });
});
