import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fullText, renderWithMantine } from '../../test/render';
import { DocumentVaultTable, VAULT_COLUMNS } from './document-vault-table';
import { vaultDocument } from './vault-document.fixture';

describe('DocumentVaultTable', () => {
  it('has the columns Document, Property, Type, Status, Upload Date, Size, Actions', () => {
    renderWithMantine(<DocumentVaultTable documents={[vaultDocument()]} loading={false} />);
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Document',
      'Property',
      'Type',
      'Status',
      'Upload Date',
      'Size',
      'Actions',
    ]);
    expect(VAULT_COLUMNS).toHaveLength(7);
  });

  it('labels every cell with its column, for the card layout on a phone', () => {
    renderWithMantine(<DocumentVaultTable documents={[vaultDocument()]} loading={false} />);
    const [, row] = screen.getAllByRole('row') as HTMLElement[];
    expect(
      within(row as HTMLElement)
        .getAllByRole('cell')
        .map((cell) => cell.getAttribute('data-label')),
    ).toEqual([...VAULT_COLUMNS]);
  });

  it('shows a row per document with its property, kind, trust status, date, size and links', () => {
    renderWithMantine(
      <DocumentVaultTable
        documents={[
          vaultDocument(),
          vaultDocument({
            id: 'second',
            name: 'COC.pdf',
            kind: 'certificate',
            bytes: 12_595,
            source: 'supplier_verified',
            verified_by: 'supplier',
            verified: true,
            verified_by_organization: 'Acme Roofing',
            job_ref: 'JOB-2026-0042',
            status: 'Verified',
            provenance: {
              kind: 'supplier_issued',
              issuer_name: 'Acme Roofing',
              issuer_level: 'documents_checked',
            },
            badge: 'Verified',
          }),
        ]}
        loading={false}
      />,
    );
    const [, first, second] = screen.getAllByRole('row') as HTMLElement[];
    expect(
      within(first as HTMLElement)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      'Title deed.pdf',
      'Gardens Family Home',
      'Deed',
      'Self-declaredUploaded by the owner · Self-declared',
      'Mar 14, 2026',
      '2.5 MB',
      'ViewDownload',
    ]);
    expect(within(second as HTMLElement).getByText('12.3 KB')).toBeTruthy();
    // A verified document says who issued it, at which level and on which job, as the Vault tab does.
    const status = within(second as HTMLElement)
      .getAllByRole('cell')
      .find((cell) => cell.getAttribute('data-label') === 'Status') as HTMLElement;
    expect(within(status).getByText('Verified')).toBeTruthy();
    expect(
      within(status).getByText(
        'Issued by a supplier on a job · Acme Roofing · Documents checked · JOB-2026-0042',
      ),
    ).toBeTruthy();
    expect(
      within(status).getByText('Verified').closest('[tabindex="0"]')?.getAttribute('aria-describedby'),
    ).toBeTruthy();
    expect(within(first as HTMLElement).queryByText('Verified')).toBeNull();
    const view = within(first as HTMLElement).getByRole('link', { name: 'View Title deed.pdf' });
    expect(view.getAttribute('href')).toBe('/api/documents/5b1c2a9e-0d3f-4c1a-9a55-3f0c1e2d4b6a/view');
    expect(view.getAttribute('target')).toBe('_blank');
    expect(
      within(first as HTMLElement)
        .getByRole('link', { name: 'Download Title deed.pdf' })
        .getAttribute('href'),
    ).toBe('/api/documents/5b1c2a9e-0d3f-4c1a-9a55-3f0c1e2d4b6a/download');
  });

  it("offers Details of the owner's own certificates and policies, and shows a certificate's type and issue date", () => {
    const onEditDetails = vi.fn();
    const coc = vaultDocument({
      id: 'coc',
      name: 'COC.pdf',
      kind: 'certificate',
      metadata: { certificate_type: 'electrical_coc', issued_on: '2026-02-01' },
    });
    renderWithMantine(
      <DocumentVaultTable
        documents={[
          vaultDocument(),
          coc,
          vaultDocument({ id: 'roof', name: 'Roof.pdf', kind: 'inspection', source: 'supplier_verified' }),
        ]}
        loading={false}
        onEditDetails={onEditDetails}
      />,
    );
    const [, deed, certificate, roof] = screen.getAllByRole('row') as HTMLElement[];
    expect(within(deed as HTMLElement).queryByRole('button')).toBeNull();
    expect(
      within(certificate as HTMLElement).getByText(
        fullText('Electrical Certificate of Compliance · issued Feb 01, 2026'),
      ),
    ).toBeTruthy();
    fireEvent.click(within(certificate as HTMLElement).getByRole('button', { name: 'Details of COC.pdf' }));
    expect(onEditDetails).toHaveBeenCalledWith(coc);
    expect(within(roof as HTMLElement).queryByRole('button')).toBeNull();
    expect(within(roof as HTMLElement).getByText('Details stay as issued')).toBeTruthy();
  });

  it('says No documents yet when there are none', () => {
    renderWithMantine(<DocumentVaultTable documents={[]} loading={false} />);
    expect(screen.getByText('No documents yet')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows skeleton rows while loading', () => {
    renderWithMantine(<DocumentVaultTable documents={undefined} loading />);
    expect(screen.getByRole('table').getAttribute('aria-busy')).toBe('true');
    expect(screen.getAllByTestId('vault-skeleton-row')).toHaveLength(5);
  });

  it('shows the error it is given', () => {
    renderWithMantine(<DocumentVaultTable documents={undefined} loading={false} error="Not signed in" />);
    expect(screen.getByRole('alert').textContent).toContain('Not signed in');
  });
});
