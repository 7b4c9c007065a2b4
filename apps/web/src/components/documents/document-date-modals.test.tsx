import { Table } from '@mantine/core';
import type { AppRouter } from '@propertydna/api/router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { TRPCClientError, type TRPCLink } from '@trpc/client';
import { observable } from '@trpc/server/observable';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { trpc } from '../../lib/trpc';
import { renderWithMantine } from '../../test/render';
import { DocumentDetailsAction, DocumentNameCell } from './document-cells';
import { ConfirmIssueDateModal, OwnerNotesModal } from './document-date-modals';
import { UnconfirmedDatesNotice } from './document-dates';
import type { VaultDocument } from './labels';
import { vaultDocument } from './vault-document.fixture';

/** An owner's own certificate whose issue date an old form filled in with its upload day. */
const FLAGGED = vaultDocument({
  id: 'flagged',
  kind: 'certificate',
  name: 'Gas CoC.pdf',
  metadata: { certificate_type: 'gas_coc', issued_on: '2026-03-14' },
  issued_on: '2026-03-14',
  issue_date: 'unconfirmed',
});

/** A supplier's roofing report, adopted into the vault. */
const REPORT = vaultDocument({
  id: 'report',
  kind: 'inspection',
  name: 'Roofing Service Report JOB-1.pdf',
  source: 'supplier_verified',
  verified_by: 'supplier',
  verified: true,
  status: 'Verified',
  verified_by_organization: 'Cape Roofing CC',
  provenance: { kind: 'supplier_issued', issuer_name: 'Cape Roofing CC', issuer_level: 'register_matched' },
  badge: 'Verified',
  metadata: { certificate_type: 'roof_inspection', issued_on: '2026-10-01' },
  issued_on: '2026-10-01',
  issue_date: 'known',
  expires_on: '2027-10-01',
});

/** A tRPC client whose documents.update records its inputs and answers the document, or `refusal`. */
function fakeApi(updates: unknown[], refusal?: string) {
  const link: TRPCLink<AppRouter> =
    () =>
    ({ op }) =>
      observable((observer) => {
        if (op.path === 'documents.update') {
          updates.push(op.input);
          if (refusal) {
            observer.error(
              TRPCClientError.from({
                error: { message: refusal, code: -32603, data: { code: 'FORBIDDEN', httpStatus: 403 } },
              }),
            );
            return;
          }
          observer.next({ result: { type: 'data', data: FLAGGED } });
        } else {
          observer.next({ result: { type: 'data', data: [] } });
        }
        observer.complete();
      });
  return trpc.createClient({ links: [link] });
}

function renderWithApi(children: ReactNode, refusal?: string) {
  const updates: unknown[] = [];
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderWithMantine(
    <trpc.Provider client={fakeApi(updates, refusal)} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </trpc.Provider>,
  );
  return updates;
}

function cells(document: VaultDocument, handlers: Partial<Parameters<typeof DocumentDetailsAction>[0]>) {
  renderWithMantine(
    <Table>
      <Table.Tbody>
        <Table.Tr>
          <DocumentNameCell label="Name" document={document} withExpiry />
          <Table.Td>
            <DocumentDetailsAction document={document} onEdit={vi.fn()} {...handlers} />
          </Table.Td>
        </Table.Tr>
      </Table.Tbody>
    </Table>,
  );
}

describe('the vault row of a document', () => {
  it('asks to confirm an issue date an old form filled in, and says it is not confirmed', () => {
    const onConfirmIssueDate = vi.fn();
    cells(FLAGGED, { onConfirmIssueDate });
    expect(screen.getByText('Issue date not confirmed')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm issue date of Gas CoC.pdf' }));
    expect(onConfirmIssueDate).toHaveBeenCalledWith(FLAGGED);
  });

  it("shows the owner's notes apart from the issuer's facts, and offers Notes on a supplier's report", () => {
    const onNotes = vi.fn();
    cells({ ...REPORT, owner_notes: 'Gutters next time.' }, { onNotes });
    expect(screen.getByText(/Roof inspection report/).textContent).toContain('issued Oct 01, 2026');
    expect(screen.getByText('Your notes:').parentElement?.textContent).toBe('Your notes: Gutters next time.');
    expect(screen.getByText('Details stay as issued')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Details/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Confirm issue date/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Notes on Roofing Service Report JOB-1.pdf' }));
    expect(onNotes).toHaveBeenCalledTimes(1);
  });

  it('shows the Expired badge from the expiry date on', () => {
    cells(
      vaultDocument({ kind: 'policy', expired: true, expiry_notice: 'Expired', expires_on: '2026-01-01' }),
      {},
    );
    expect(screen.getByTestId('expired-badge').textContent).toBe('Expired');
  });
});

describe('UnconfirmedDatesNotice', () => {
  it('says how many issue dates wait to be confirmed, and nothing when none do', () => {
    const { unmount } = renderWithMantine(<UnconfirmedDatesNotice documents={[FLAGGED, REPORT, FLAGGED]} />);
    expect(screen.getByText('Confirm 2 issue dates')).toBeTruthy();
    unmount();
    renderWithMantine(<UnconfirmedDatesNotice documents={[REPORT]} />);
    expect(screen.queryByText(/Confirm .* issue date/)).toBeNull();
  });
});

describe('ConfirmIssueDateModal', () => {
  it("confirms the owner's own date as it is, or saves the corrected one", async () => {
    const updates = renderWithApi(<ConfirmIssueDateModal document={FLAGGED} onClose={vi.fn()} />);
    const dialog = within(screen.getByRole('dialog', { name: 'Confirm issue date' }));
    expect(dialog.getByText(/compliance check treats it as/)).toBeTruthy();
    const issued = dialog.getByLabelText('Issued on') as HTMLInputElement;
    expect(issued.value).toBe('2026-03-14');
    fireEvent.click(dialog.getByRole('button', { name: 'Confirm this date' }));
    await waitFor(() => expect(updates).toEqual([{ id: 'flagged', patch: { issued_on: '2026-03-14' } }]));
  });

  it('lets the owner type the date on the certificate instead', async () => {
    const updates = renderWithApi(<ConfirmIssueDateModal document={FLAGGED} onClose={vi.fn()} />);
    const dialog = within(screen.getByRole('dialog', { name: 'Confirm issue date' }));
    fireEvent.change(dialog.getByLabelText('Issued on'), { target: { value: '2025-12-01' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Save this date' }));
    await waitFor(() => expect(updates).toEqual([{ id: 'flagged', patch: { issued_on: '2025-12-01' } }]));
  });

  it('on a document someone else issued, offers to confirm the date but not to change it', async () => {
    const vendorCopy = { ...FLAGGED, source: 'vendor_upload' as const };
    const updates = renderWithApi(<ConfirmIssueDateModal document={vendorCopy} onClose={vi.fn()} />);
    const dialog = within(screen.getByRole('dialog', { name: 'Confirm issue date' }));
    expect(dialog.queryByLabelText('Issued on')).toBeNull();
    expect(dialog.getByText(/you can confirm its date but not change it/)).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Confirm this date' }));
    await waitFor(() => expect(updates).toEqual([{ id: 'flagged', patch: { issued_on: '2026-03-14' } }]));
  });
});

describe('OwnerNotesModal', () => {
  it("shows what the issuer said, read only, and sends only the owner's notes", async () => {
    const onClose = vi.fn();
    const updates = renderWithApi(<OwnerNotesModal document={REPORT} onClose={onClose} />);
    const dialog = within(screen.getByRole('dialog', { name: 'Your notes' }));
    expect(
      dialog.getByText(/As issued by Cape Roofing CC: Roof inspection report · issued Oct 01, 2026/),
    ).toBeTruthy();
    fireEvent.change(dialog.getByLabelText('Your notes'), { target: { value: 'Gutters next time.' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Save notes' }));
    await waitFor(() =>
      expect(updates).toEqual([{ id: 'report', patch: { owner_notes: 'Gutters next time.' } }]),
    );
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('names a self-declared issuer too: who issued it is not a claim that it was checked', () => {
    const report = vaultDocument({
      ...REPORT,
      verified_by: null,
      verified: false,
      status: 'Pending',
      verified_by_organization: null,
      provenance: { kind: 'supplier_issued', issuer_name: 'Kloof Roofing', issuer_level: 'self_declared' },
      badge: 'Self-declared',
    });
    renderWithApi(<OwnerNotesModal document={report} onClose={vi.fn()} />);
    const dialog = within(screen.getByRole('dialog', { name: 'Your notes' }));
    expect(dialog.getByText(/As issued by Kloof Roofing: Roof inspection report/)).toBeTruthy();
  });

  it("shows the server's refusal in the dialog", async () => {
    renderWithApi(
      <OwnerNotesModal document={REPORT} onClose={vi.fn()} />,
      'Notes must be at most 2000 characters',
    );
    const dialog = within(screen.getByRole('dialog', { name: 'Your notes' }));
    fireEvent.change(dialog.getByLabelText('Your notes'), { target: { value: 'x' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Save notes' }));
    expect(await dialog.findByText('Notes must be at most 2000 characters')).toBeTruthy();
  });
});
