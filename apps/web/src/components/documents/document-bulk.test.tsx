import type { AppRouter } from '@propertydna/api/router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TRPCLink } from '@trpc/client';
import { observable } from '@trpc/server/observable';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { trpc } from '../../lib/trpc';
import { renderWithMantine } from '../../test/render';
import { CompactDocumentList } from './compact-document-list';
import {
  type DocumentListChoices,
  DocumentListControls,
  listInputOf,
  useDocumentListFilters,
} from './document-list-controls';
import { BulkActionsBar, commonProperty, documentsZipUrl, useDocumentSelection } from './document-selection';
import { DocumentVaultTable } from './document-vault-table';
import type { VaultDocument } from './labels';
import { RenameDocumentModal } from './rename-document-modal';
import { vaultDocument } from './vault-document.fixture';

const KLOOF = 'a1b2c3d4-0000-4000-8000-000000000001';
const BREE = 'a1b2c3d4-0000-4000-8000-000000000002';

const DEED = vaultDocument({ id: 'd1', name: 'Title deed.pdf', property_id: KLOOF });
const POLICY = vaultDocument({ id: 'd2', name: 'Home cover.pdf', kind: 'policy', property_id: KLOOF });
const ROOF = vaultDocument({
  id: 'd3',
  name: 'Roof report.pdf',
  kind: 'inspection',
  property_id: BREE,
  property_name: 'Bree',
  provenance: { kind: 'supplier_issued', issuer_name: 'Karoo Roofing', issuer_level: 'documents_checked' },
  badge: 'Verified',
  verified: true,
  status: 'Verified',
});

/** A tRPC client that records each mutation's path and input and answers what the path answers. */
function renderWithApi(children: ReactNode) {
  const calls: { path: string; input: unknown }[] = [];
  const link: TRPCLink<AppRouter> =
    () =>
    ({ op }) =>
      observable((observer) => {
        if (op.type === 'mutation') calls.push({ path: op.path, input: op.input });
        const answers: Record<string, unknown> = {
          'documents.removeMany': { ok: true, deleted: 2 },
          'documents.move': [],
          'documents.update': DEED,
        };
        observer.next({ result: { type: 'data', data: answers[op.path] ?? [] } });
        observer.complete();
      });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderWithMantine(
    <trpc.Provider client={trpc.createClient({ links: [link] })} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </trpc.Provider>,
  );
  return calls;
}

/** The vault's table with its selection and bar, as the page wires them. */
function SelectableVault({
  documents,
  onShare,
  onRename,
}: {
  documents: VaultDocument[];
  onShare?: (propertyId: string, documents: VaultDocument[]) => void;
  onRename?: (document: VaultDocument) => void;
}) {
  const selection = useDocumentSelection(documents);
  return (
    <>
      <BulkActionsBar
        selection={selection}
        properties={[
          { id: KLOOF, name: 'Kloof House' },
          { id: BREE, name: 'Bree' },
        ]}
        onShare={onShare}
      />
      <DocumentVaultTable documents={documents} loading={false} selection={selection} onRename={onRename} />
    </>
  );
}

describe('select several → actions', () => {
  it('has a checkbox per row named for its document and one for all; the bar shows what is chosen', () => {
    renderWithApi(<SelectableVault documents={[DEED, POLICY, ROOF]} />);
    expect(screen.queryByRole('region', { name: 'Selected documents' })).toBeNull();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Title deed.pdf' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Roof report.pdf' }));
    const bar = screen.getByRole('region', { name: 'Selected documents' });
    expect(within(bar).getByText('2 documents selected')).toBeTruthy();
    const all = screen.getByRole('checkbox', { name: 'Select all documents' }) as HTMLInputElement;
    expect(all.indeterminate).toBe(true);
    fireEvent.click(all);
    expect(within(bar).getByText('3 documents selected')).toBeTruthy();
    expect(
      (within(bar).getByRole('link', { name: 'Download as ZIP' }) as HTMLAnchorElement).getAttribute('href'),
    ).toBe(documentsZipUrl(['d1', 'd2', 'd3']));
    fireEvent.click(all);
    expect(screen.queryByRole('region', { name: 'Selected documents' })).toBeNull();
  });

  it('shares as one link only documents of one property', () => {
    const onShare = vi.fn();
    renderWithApi(<SelectableVault documents={[DEED, POLICY, ROOF]} onShare={onShare} />);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Title deed.pdf' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Roof report.pdf' }));
    const share = screen.getByRole('button', { name: 'Share as one link' }) as HTMLButtonElement;
    expect(share.disabled).toBe(true);
    expect(screen.getByText('To share them as one link, choose documents of one property.')).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Roof report.pdf' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Home cover.pdf' }));
    fireEvent.click(screen.getByRole('button', { name: 'Share as one link' }));
    expect(onShare).toHaveBeenCalledWith(KLOOF, [DEED, POLICY]);
    expect(commonProperty([DEED, ROOF])).toBeNull();
    expect(commonProperty([])).toBeNull();
  });

  it('moves the chosen documents to the property picked', async () => {
    const calls = renderWithApi(<SelectableVault documents={[DEED, POLICY, ROOF]} />);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Title deed.pdf' }));
    fireEvent.click(screen.getByRole('button', { name: 'Move to…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Move documents' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Move' }));
    expect(await within(dialog).findByText('Choose the property to move the documents to')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('combobox', { name: 'Move to property' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Bree', hidden: true }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Move' }));
    await waitFor(() =>
      expect(calls).toEqual([{ path: 'documents.move', input: { ids: ['d1'], propertyId: BREE } }]),
    );
    expect(await screen.findByText('1 document moved to Bree')).toBeTruthy();
  });

  it('deletes the chosen documents after a confirmation', async () => {
    const calls = renderWithApi(<SelectableVault documents={[DEED, POLICY, ROOF]} />);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Title deed.pdf' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Home cover.pdf' }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete documents' });
    expect(dialog.textContent).toContain('Delete 2 documents? They are removed from the vault for good.');
    expect(calls).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(calls).toEqual([{ path: 'documents.removeMany', input: { ids: ['d1', 'd2'] } }]),
    );
    expect(await screen.findByText('2 documents deleted')).toBeTruthy();
  });

  it('offers Rename per row', () => {
    const onRename = vi.fn();
    renderWithApi(<SelectableVault documents={[DEED]} onRename={onRename} />);
    fireEvent.click(screen.getByRole('button', { name: 'Rename Title deed.pdf' }));
    expect(onRename).toHaveBeenCalledWith(DEED);
  });
});

describe('RenameDocumentModal', () => {
  it("checks the name with the server's schema, then renames", async () => {
    const calls = renderWithApi(<RenameDocumentModal document={DEED} onClose={vi.fn()} />);
    const input = await screen.findByRole('textbox', { name: 'Name' });
    fireEvent.change(input, { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Rename' }));
    expect(await screen.findByText('Name is required')).toBeTruthy();
    fireEvent.change(input, { target: { value: 'a/b' } });
    fireEvent.click(screen.getByRole('button', { name: 'Rename' }));
    expect(await screen.findByText('Name must not contain / or \\')).toBeTruthy();
    expect(calls).toEqual([]);
    fireEvent.change(input, { target: { value: ' Deed of transfer ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Rename' }));
    await waitFor(() =>
      expect(calls).toEqual([
        { path: 'documents.update', input: { id: 'd1', patch: { name: 'Deed of transfer' } } },
      ]),
    );
  });

  it("says a supplier's document keeps its issued name and badge", async () => {
    renderWithApi(<RenameDocumentModal document={ROOF} onClose={vi.fn()} />);
    expect(
      await screen.findByText(
        'Issued as “Roof report.pdf” by Karoo Roofing: that name and its Verified badge stay on record.',
      ),
    ).toBeTruthy();
  });
});

describe('DocumentListControls', () => {
  function Controls({
    seen,
    properties,
  }: {
    seen: DocumentListChoices[];
    properties?: { id: string; name: string }[];
  }) {
    const filters = useDocumentListFilters();
    seen.push(filters.choices);
    return <DocumentListControls idPrefix="t" filters={filters} properties={properties} />;
  }

  it('filters by type, status and property and sorts, as the list input says', async () => {
    const seen: DocumentListChoices[] = [];
    renderWithMantine(<Controls seen={seen} properties={[{ id: KLOOF, name: 'Kloof House' }]} />);
    const pick = async (label: string, option: string) => {
      fireEvent.click(screen.getByRole('combobox', { name: label }));
      fireEvent.click(await screen.findByRole('option', { name: option, hidden: true }));
    };
    await pick('Status', 'Expiring within 60 days');
    await pick('Type', 'Policy');
    await pick('Property', 'Kloof House');
    await pick('Sort by', 'Expiry (soonest first)');
    const last = seen.at(-1) as DocumentListChoices;
    expect(last).toEqual({ status: 'expiring', kind: 'policy', propertyId: KLOOF, sort: 'expiry' });
    expect(listInputOf(last, 'roof')).toEqual({
      q: 'roof',
      status: 'expiring',
      kind: 'policy',
      propertyId: KLOOF,
      sort: 'expiry',
    });
    await pick('Type', 'All types');
    expect(seen.at(-1)?.kind).toBeUndefined();
    expect(listInputOf({ sort: 'newest' }, undefined)).toEqual({});
  });

  it('has no property filter in a property’s own vault', () => {
    renderWithMantine(<Controls seen={[]} />);
    expect(screen.queryByRole('combobox', { name: 'Property' })).toBeNull();
    expect(screen.getByRole('group', { name: 'Filter and sort documents' })).toBeTruthy();
  });
});

describe('CompactDocumentList (the vault on a phone)', () => {
  function Compact() {
    const selection = useDocumentSelection([DEED, ROOF]);
    return (
      <CompactDocumentList
        documents={[DEED, ROOF]}
        label="Documents"
        selection={selection}
        details={(document) => <p>Details of {document.name}</p>}
      />
    );
  }

  it('shows a row per document with its name, kind and badge; details on tap', () => {
    renderWithMantine(<Compact />);
    const list = screen.getByRole('list', { name: 'Documents' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    const roof = within(rows[1] as HTMLElement).getByRole('button', { expanded: false });
    expect(roof.textContent).toContain('Roof report.pdf');
    expect(roof.textContent).toContain('Inspection');
    expect(roof.textContent).toContain('Verified');
    expect(screen.queryByText('Details of Roof report.pdf')).toBeNull();
    fireEvent.click(roof);
    expect(roof.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByText('Details of Roof report.pdf')).toBeTruthy();
    fireEvent.click(roof);
    expect(screen.queryByText('Details of Roof report.pdf')).toBeNull();
    expect(screen.getByRole('checkbox', { name: 'Select Title deed.pdf' })).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'Select all documents' })).toBeTruthy();
  });
});
