import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { vaultDocument } from '../../../../components/documents/vault-document.fixture';
import { fullText, renderWithMantine, renderWithRouter } from '../../../../test/render';
import { VAULT_TAB_COLUMNS, VaultTab, VaultTabView } from './vault-tab';

const SHA = '3f7a9c1e5b2d4f6a8c0e1b3d5f7a9c1e5b2d4f6a8c0e1b3d5f7a9c1e5b2d4f6a';

describe('VaultTabView', () => {
  it('shows the Expired badge from the expiry date on, and Expires in N days within 60 days', async () => {
    await renderWithRouter(
      <VaultTabView
        documents={[
          vaultDocument({
            id: 'lapsed',
            name: 'Lapsed policy.pdf',
            kind: 'policy',
            expires_on: '2026-01-31',
            expired: true,
            expiry_notice: 'Expired',
          }),
          vaultDocument({
            id: 'soon',
            name: 'Beetle.pdf',
            kind: 'certificate',
            expires_on: '2027-01-31',
            expires_in_days: 12,
            expiry_notice: 'Expires in 12 days',
          }),
          vaultDocument({ id: 'later', name: 'Later.pdf', kind: 'policy', expires_on: '2030-01-31' }),
        ]}
        loading={false}
      />,
    );
    const [, lapsed, soon, later] = screen.getAllByRole('row') as HTMLElement[];
    const expires = (row: HTMLElement | undefined) =>
      within(row as HTMLElement).getAllByRole('cell')[5] as HTMLElement;
    expect(within(expires(lapsed)).getByText('Expired')).toBeTruthy();
    expect(expires(lapsed).textContent).toBe('Jan 31, 2026Expired');
    expect(within(expires(soon)).getByText('Expires in 12 days')).toBeTruthy();
    expect(expires(later).textContent).toBe('Jan 31, 2030');
  });

  it('shows a row per document: name, kind, size in KB, 16-character hash, status, expiry and actions', async () => {
    await renderWithRouter(
      <VaultTabView
        documents={[
          vaultDocument({ name: 'Title deed.pdf', bytes: 2_621_440, sha256: SHA }),
          vaultDocument({
            id: 'coc',
            name: 'COC.pdf',
            kind: 'certificate',
            bytes: 12_595,
            expires_at: '2027-01-31',
            expires_on: '2027-01-31',
            verified_by: 'supplier',
            verified_by_organization: 'Acme Roofing',
            job_ref: 'JOB-MWSNWR9M-HCD5',
            source: 'supplier_verified',
            provenance: {
              kind: 'supplier_issued',
              issuer_name: 'Acme Roofing',
              issuer_level: 'documents_checked',
            },
            badge: 'Verified',
          }),
        ]}
        loading={false}
        onDelete={vi.fn()}
        onEditDetails={vi.fn()}
        onShare={vi.fn()}
      />,
    );
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      ...VAULT_TAB_COLUMNS,
    ]);
    const [, deed, coc] = screen.getAllByRole('row') as HTMLElement[];
    const deedCells = within(deed as HTMLElement)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(deedCells.slice(0, 4)).toEqual(['Title deed.pdf', 'Deed', '2560.0 KB', '3f7a9c1e5b2d4f6a']);
    expect(deedCells[4]).toBe('Self-declaredUploaded by the owner · Self-declared');
    expect(deedCells[5]).toBe('—');
    const cocCells = within(coc as HTMLElement)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cocCells.slice(1, 4)).toEqual(['Certificate', '12.3 KB', '3f7a9c1e5b2d4f6a']);
    expect(cocCells[5]).toBe('Jan 31, 2027');
    // Trust explains itself: who issued it, at which level, on which job, beside the badge and behind it.
    const cocStatus = within(coc as HTMLElement).getByText(
      'Issued by a supplier on a job · Acme Roofing · Documents checked · JOB-MWSNWR9M-HCD5',
    );
    expect(cocStatus).toBeTruthy();
    const badge = within(coc as HTMLElement)
      .getByText('Verified')
      .closest('[tabindex="0"]') as HTMLElement;
    expect(document.getElementById(badge.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Verified: issued by a supplier on a job (job JOB-MWSNWR9M-HCD5); PropertyDNA had checked Acme Roofing (documents checked) when it was issued. /verify answers the same for this file.',
    );
    const pendingBadge = within(deed as HTMLElement)
      .getByText('Self-declared')
      .closest('[tabindex="0"]') as HTMLElement;
    expect(document.getElementById(pendingBadge.getAttribute('aria-describedby') ?? '')?.textContent).toMatch(
      /^Self-declared: uploaded by the owner/,
    );
    // The legend under the table leads to /verify.
    expect(screen.getByRole('link', { name: 'Check it at /verify' }).getAttribute('href')).toBe('/verify');

    const view = within(deed as HTMLElement).getByRole('link', { name: 'View Title deed.pdf' });
    expect(view.getAttribute('target')).toBe('_blank');
    expect(within(deed as HTMLElement).getByRole('link', { name: 'Download Title deed.pdf' })).toBeTruthy();
    const share = within(deed as HTMLElement).getByRole('button', { name: 'Share Title deed.pdf' });
    expect(share.getAttribute('aria-disabled')).toBeNull();
  });

  it('opens sharing for the row whose share button is clicked', async () => {
    const onShare = vi.fn();
    const deed = vaultDocument({ name: 'Deed.pdf' });
    await renderWithRouter(<VaultTabView documents={[deed]} loading={false} onShare={onShare} />);
    fireEvent.click(screen.getByRole('button', { name: 'Share Deed.pdf' }));
    expect(onShare).toHaveBeenCalledWith(deed);
  });

  it("offers Details of the owner's own certificates and policies; a supplier's stay as issued", async () => {
    const onEditDetails = vi.fn();
    const policy = vaultDocument({ id: 'policy', name: 'Policy.pdf', kind: 'policy' });
    await renderWithRouter(
      <VaultTabView
        documents={[
          policy,
          vaultDocument({ id: 'deed', name: 'Deed.pdf', kind: 'deed' }),
          vaultDocument({
            id: 'cert',
            name: 'Supplier COC.pdf',
            kind: 'certificate',
            source: 'supplier_verified',
            metadata: { certificate_type: 'electrical_coc', issued_on: '2026-02-01' },
          }),
          vaultDocument({ id: 'old', name: 'Old.pdf', kind: 'certificate' }),
        ]}
        loading={false}
        onEditDetails={onEditDetails}
      />,
    );
    const [, policyRow, deedRow, supplierRow, oldRow] = screen.getAllByRole('row') as HTMLElement[];
    expect(within(deedRow as HTMLElement).queryByRole('button', { name: /^Details/ })).toBeNull();
    expect(within(supplierRow as HTMLElement).queryByRole('button', { name: /^Details/ })).toBeNull();
    expect(within(supplierRow as HTMLElement).getByText('Details stay as issued')).toBeTruthy();
    // What the compliance check sees of a certificate, under its name.
    expect(
      within(supplierRow as HTMLElement).getByText(
        fullText('Electrical Certificate of Compliance · issued Feb 01, 2026'),
      ),
    ).toBeTruthy();
    expect(
      within(oldRow as HTMLElement).getByText(fullText('Certificate type not set · Date unknown')),
    ).toBeTruthy();
    expect(within(oldRow as HTMLElement).getByRole('button', { name: 'Details of Old.pdf' })).toBeTruthy();
    fireEvent.click(within(policyRow as HTMLElement).getByRole('button', { name: 'Details of Policy.pdf' }));
    expect(onEditDetails).toHaveBeenCalledWith(policy);
  });

  it('deletes a document only after it is confirmed', async () => {
    const onDelete = vi.fn(async () => true);
    const deed = vaultDocument({ name: 'Deed.pdf' });
    await renderWithRouter(<VaultTabView documents={[deed]} loading={false} onDelete={onDelete} />);
    fireEvent.click(screen.getByRole('button', { name: 'Delete Deed.pdf' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete document' });
    expect(onDelete).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(onDelete).toHaveBeenCalledWith(deed));
  });

  it('says No documents yet when the property has none, and shows the upload area', () => {
    renderWithMantine(<VaultTabView documents={[]} loading={false} upload={<p>upload area</p>} />);
    expect(screen.getByText('No documents yet')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Upload documents' }).textContent).toContain('upload area');
  });

  it("shows the 'Share links' section it is given, but not for the demo property", () => {
    const { rerender } = renderWithMantine(
      <VaultTabView documents={[]} loading={false} shareLinks={<p>the links</p>} />,
    );
    expect(screen.getByRole('region', { name: 'Share links' }).textContent).toContain('the links');
    rerender(<VaultTabView documents={[]} loading={false} demo shareLinks={<p>the links</p>} />);
    expect(screen.queryByRole('region', { name: 'Share links' })).toBeNull();
  });

  it('shows a loading state, then the error it is given', () => {
    const { rerender } = renderWithMantine(<VaultTabView documents={undefined} loading />);
    expect(screen.getByLabelText('Loading documents').getAttribute('aria-busy')).toBe('true');
    rerender(<VaultTabView documents={undefined} loading={false} error="Property not found" />);
    expect(screen.getByRole('alert').textContent).toContain('Property not found');
  });
});

describe('VaultTab', () => {
  it('shows the demo property its five sample documents without any server call', async () => {
    await renderWithRouter(<VaultTab propertyId="demo" />);
    expect(screen.getAllByRole('row')).toHaveLength(6);
    // No document links: only the legend's way to /verify.
    expect(screen.getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual(['/verify']);
    expect(screen.queryByRole('button', { name: /^Share / })).toBeNull();
    const hashes = Array.from(document.querySelectorAll('code'), (code) => code.textContent);
    expect(hashes).toHaveLength(5);
    for (const hash of hashes) {
      expect(hash).toMatch(/^[0-9a-f]{16}$/);
    }
  });
});
