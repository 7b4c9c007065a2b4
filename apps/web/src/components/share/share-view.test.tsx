import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithMantine } from '../../test/render';
import {
  SharedDocumentsList,
  type SharedItems,
  ShareGate,
  ShareLoadError,
  ShareNotFound,
  ShareSummary,
} from './share-view';

const SHA = 'ab'.repeat(32);

const report = {
  id: 'doc-1',
  name: 'Roofing Service Report.pdf',
  kind: 'report',
  bytes: 12_595,
  sha256: SHA,
  content_type: 'application/pdf',
  created_at: '2026-11-20T08:00:00.000Z',
  status: 'Verified' as const,
  verified: true,
  certificate_type: null,
  issued_on: null,
  issue_date: null,
  expires_on: null,
  expired: false,
  expires_in_days: null,
  expiry_notice: null,
  provenance: {
    kind: 'supplier_issued' as const,
    issuer_name: 'Cape Roofing',
    issuer_level: 'documents_checked' as const,
  },
  badge: 'Verified' as const,
  job_ref: 'JOB-ABC123-WXYZ',
};
const ownerPhoto = {
  ...report,
  id: 'doc-2',
  name: 'Photo.png',
  status: 'Pending' as const,
  verified: false,
  provenance: { kind: 'owner_upload' as const, issuer_name: null, issuer_level: null },
  badge: 'Self-declared' as const,
  job_ref: null,
};

const jobShare: SharedItems = {
  kind: 'job',
  job: {
    job_ref: 'JOB-ABC123-WXYZ',
    property_address: '5 Kloof Street, Gardens',
    client_name: 'Thandiwe Mokoena',
  },
  supplier: {
    company_name: 'Cape Roofing (Pty) Ltd',
    insured_until: null,
    verification: { level: 'self_declared', checks: [] },
  },
  property: null,
  owner: null,
  expires_at: '2026-12-22T08:00:00.000Z',
  documents: [report],
};

describe('ShareGate', () => {
  it("asks for the password with the schema's message when it is empty", async () => {
    const onUnlock = vi.fn();
    renderWithMantine(<ShareGate busy={false} onUnlock={onUnlock} />);
    fireEvent.click(screen.getByRole('button', { name: 'Unlock' }));
    expect(await screen.findByText('Password is required')).toBeTruthy();
    expect(onUnlock).not.toHaveBeenCalled();
  });

  it('unlocks with the typed password', async () => {
    const onUnlock = vi.fn();
    renderWithMantine(<ShareGate busy={false} onUnlock={onUnlock} />);
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 's3cret-pass' } });
    fireEvent.click(screen.getByRole('button', { name: 'Unlock' }));
    await waitFor(() => expect(onUnlock).toHaveBeenCalledWith('s3cret-pass'));
  });
});

describe('ShareGate: a refused password', () => {
  it('is shown on the field, and goes as soon as the password is edited', async () => {
    const onPasswordChange = vi.fn();
    const { rerender } = renderWithMantine(
      <ShareGate
        busy={false}
        onUnlock={vi.fn()}
        error="The password you entered is incorrect."
        onPasswordChange={onPasswordChange}
      />,
    );
    const field = screen.getByLabelText('Password');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    const message = document.getElementById(field.getAttribute('aria-describedby') ?? '');
    expect(message?.textContent).toBe('The password you entered is incorrect.');
    fireEvent.change(field, { target: { value: 'x' } });
    expect(onPasswordChange).toHaveBeenCalledTimes(1);
    rerender(<ShareGate busy={false} onUnlock={vi.fn()} error={null} onPasswordChange={onPasswordChange} />);
    expect(screen.queryByText('The password you entered is incorrect.')).toBeNull();
    expect(screen.getByLabelText('Password').getAttribute('aria-invalid')).toBeNull();
  });
});

describe('ShareNotFound', () => {
  it("says 'Share not found or expired.'", () => {
    renderWithMantine(<ShareNotFound />);
    expect(screen.getByRole('heading', { name: 'Share not found or expired.' })).toBeTruthy();
  });
});

describe('ShareLoadError', () => {
  it('shows the message and retries', () => {
    const onRetry = vi.fn();
    renderWithMantine(<ShareLoadError message="HTTP 500" onRetry={onRetry} />);
    expect(screen.getByText('HTTP 500')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalled();
  });
});

describe('ShareSummary', () => {
  it('shows the job reference, address, client and supplier of a job share', () => {
    renderWithMantine(<ShareSummary share={jobShare} />);
    for (const text of [
      'JOB-ABC123-WXYZ',
      '5 Kloof Street, Gardens',
      'Thandiwe Mokoena',
      'Cape Roofing (Pty) Ltd',
    ]) {
      expect(screen.getByText(text)).toBeTruthy();
    }
    expect(screen.getByText('Link expires Dec 22, 2026')).toBeTruthy();
    // The fixture's supplier is self-declared: its level says so, and nothing is called insured.
    expect(screen.getByTestId('verification-level').textContent).toMatch(/^Self-declared/);
    expect(screen.queryByText(/insurance current/)).toBeNull();
  });

  it("shows a checked supplier's level, reviewed insurance and what was checked", () => {
    renderWithMantine(
      <ShareSummary
        share={{
          ...jobShare,
          supplier: {
            company_name: 'Cape Roofing (Pty) Ltd',
            insured_until: '2030-01-31',
            verification: {
              level: 'documents_checked',
              checks: [
                {
                  kind: 'liability_insurance',
                  status: 'approved',
                  checked_at: '2026-11-02T09:00:00.000Z',
                  valid_until: '2030-01-31',
                  source: 'PropertyDNA review',
                  trade: null,
                  checked: 'Certificate of insurance',
                },
              ],
            },
          },
        }}
      />,
    );
    expect(screen.getByTestId('verification-level').textContent).toMatch(/^Documents checked/);
    expect(screen.getByText('Liability insurance current until Jan 31, 2030')).toBeTruthy();
    expect(
      screen.getByText('Liability insurance certificate · checked Nov 02, 2026 · valid until Jan 31, 2030'),
    ).toBeTruthy();
  });

  it('shows the property name, address, DNA code and owner of a property share', () => {
    renderWithMantine(
      <ShareSummary
        share={{
          ...jobShare,
          kind: 'property',
          job: null,
          supplier: null,
          property: { name: 'Gardens Family Home', address: '5 Kloof Street', dna_code: 'RES-4821-CT' },
          owner: { name: 'Demo Homeowner' },
        }}
      />,
    );
    for (const text of ['Gardens Family Home', '5 Kloof Street', 'RES-4821-CT', 'Demo Homeowner']) {
      expect(screen.getByText(text)).toBeTruthy();
    }
  });
});

describe('SharedDocumentsList', () => {
  it('lists name, kind, size, short hash and the Verified badge, with View and Download', () => {
    const onView = vi.fn();
    const onDownload = vi.fn();
    renderWithMantine(
      <SharedDocumentsList documents={[report, ownerPhoto]} onView={onView} onDownload={onDownload} />,
    );
    const table = screen.getByRole('table', { name: 'Shared documents' });
    const row = within(table).getByRole('row', { name: /Roofing Service Report\.pdf/ });
    for (const text of ['Report', '12.3 KB', SHA.slice(0, 16), 'Verified']) {
      expect(within(row).getByText(text)).toBeTruthy();
    }
    expect(within(table).getByText('Self-declared')).toBeTruthy();
    // The same line as the owner's vault shows.
    expect(
      within(row).getByText(
        'Issued by a supplier on a job · Cape Roofing · Documents checked · JOB-ABC123-WXYZ',
      ),
    ).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: 'View Roofing Service Report.pdf' }));
    expect(onView).toHaveBeenCalledWith(report);
    fireEvent.click(within(row).getByRole('button', { name: 'Download Roofing Service Report.pdf' }));
    expect(onDownload).toHaveBeenCalledWith(report);
  });

  it("says what a certificate is, when it was issued and that it expired, in the vault's words", () => {
    renderWithMantine(
      <SharedDocumentsList
        documents={[
          {
            ...report,
            kind: 'inspection',
            certificate_type: 'roof_inspection',
            issued_on: '2025-10-01',
            issue_date: 'known',
            expires_on: '2026-10-01',
            expired: true,
            expiry_notice: 'Expired',
          },
          { ...report, id: 'doc-2', name: 'Undated.pdf', kind: 'certificate', issue_date: 'unknown' },
        ]}
        onView={vi.fn()}
        onDownload={vi.fn()}
      />,
    );
    const table = screen.getByRole('table', { name: 'Shared documents' });
    const row = within(table).getByRole('row', { name: /Roofing Service Report\.pdf/ });
    expect(within(row).getByText('Expired')).toBeTruthy();
    expect(within(row).getByText(/Roof inspection report/).textContent).toContain('issued Oct 01, 2025');
    const undated = within(table).getByRole('row', { name: /Undated\.pdf/ });
    expect(within(undated).getByText('Date unknown')).toBeTruthy();
  });

  it('says when the link shares nothing', () => {
    renderWithMantine(<SharedDocumentsList documents={[]} onView={vi.fn()} onDownload={vi.fn()} />);
    expect(screen.getByText('No documents are shared by this link.')).toBeTruthy();
  });
});
