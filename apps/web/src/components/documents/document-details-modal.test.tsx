import type { AppRouter } from '@propertydna/api/router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { TRPCClientError, type TRPCLink } from '@trpc/client';
import { observable } from '@trpc/server/observable';
import { describe, expect, it, vi } from 'vitest';
import { trpc } from '../../lib/trpc';
import { renderWithMantine } from '../../test/render';
import { pickCertificateType } from '../../test/select';
import { canEditDetails, certificateSummary, detailsPatch, documentDetails } from './document-details';
import { DocumentDetailsModal } from './document-details-modal';
import type { VaultDocument } from './labels';
import { vaultDocument } from './vault-document.fixture';

const PROPERTY_ID = 'a1b2c3d4-0000-4000-8000-000000000001';

/** An old upload: a certificate without type or issue date, expired at the end of January 2026. */
const UNTYPED = vaultDocument({
  id: 'untyped',
  kind: 'certificate',
  name: 'Old certificate.pdf',
  // The API's timestamp of a date-only expiry: midnight in Johannesburg, 22:00 UTC the day before.
  expires_at: '2026-01-30T22:00:00.000Z',
});

const FORBIDDEN = 'A supplier-verified document cannot be changed; you can only remove it from your vault';

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
          observer.next({ result: { type: 'data', data: UNTYPED } });
        } else {
          observer.next({ result: { type: 'data', data: [] } });
        }
        observer.complete();
      });
  return trpc.createClient({ links: [link] });
}

function renderModal(document: VaultDocument, refusal?: string) {
  const updates: unknown[] = [];
  const onClose = vi.fn();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const invalidated = vi.spyOn(queryClient, 'invalidateQueries');
  renderWithMantine(
    <trpc.Provider client={fakeApi(updates, refusal)} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <DocumentDetailsModal document={document} onClose={onClose} />
      </QueryClientProvider>
    </trpc.Provider>,
  );
  const dialog = within(screen.getByRole('dialog', { name: 'Document details' }));
  const field = (label: string) => dialog.getByLabelText(label) as HTMLInputElement;
  const save = () => fireEvent.click(dialog.getByRole('button', { name: 'Save' }));
  return { updates, onClose, invalidated, dialog, field, save };
}

describe('DocumentDetailsModal', () => {
  it('shows what the document says now and sends only the fields that changed', async () => {
    const coc = vaultDocument({
      id: 'coc',
      kind: 'certificate',
      name: 'COC.pdf',
      metadata: { certificate_type: 'electrical_coc', issued_on: '2025-03-01' },
      expires_at: '2030-02-28T22:00:00.000Z',
    });
    const { updates, onClose, invalidated, dialog, field, save } = renderModal(coc);
    expect(dialog.getByText('COC.pdf')).toBeTruthy();
    expect((dialog.getByRole('combobox', { name: 'Certificate type' }) as HTMLInputElement).value).toBe(
      'Electrical Certificate of Compliance',
    );
    expect(field('Issued on').value).toBe('2025-03-01');
    expect(field('Expiry date').value).toBe('2030-03-01');
    // Nothing changed yet: nothing to save.
    expect(dialog.getByRole('button', { name: 'Save' }).hasAttribute('disabled')).toBe(true);

    fireEvent.change(field('Issued on'), { target: { value: '2025-04-15' } });
    // An electrical CoC has no validity of its own: the stored expiry stays.
    expect(field('Expiry date').value).toBe('2030-03-01');
    save();
    await waitFor(() => expect(updates).toEqual([{ id: 'coc', patch: { issued_on: '2025-04-15' } }]));
    expect(await screen.findByText('Document updated')).toBeTruthy();
    expect(onClose).toHaveBeenCalled();
    // The vaults, the property's check, the portfolio (whole and in pages) and the statistics are refetched.
    await waitFor(() =>
      expect(invalidated.mock.calls.map(([filters]) => filters?.queryKey?.[0])).toEqual(
        expect.arrayContaining([
          ['documents', 'byProperty'],
          ['documents', 'list'],
          ['compliance', 'policyCheck'],
          ['properties', 'list'],
          ['properties', 'page'],
          ['properties', 'stats'],
        ]),
      ),
    );
    const checkKey = invalidated.mock.calls.find(
      ([filters]) => (filters?.queryKey?.[0] as string[])?.[0] === 'compliance',
    )?.[0]?.queryKey;
    expect(checkKey?.[1]).toMatchObject({ input: { id: PROPERTY_ID } });
  });

  it("suggests a typed certificate's expiry from its issue date until the expiry is edited, and clears it", async () => {
    const { updates, dialog, field, save } = renderModal(UNTYPED);
    expect(field('Expiry date').value).toBe('2026-01-31');
    pickCertificateType('Entomologist (beetle) certificate');
    // No issue date yet: nothing to count from, the stored expiry stays.
    expect(field('Expiry date').value).toBe('2026-01-31');
    fireEvent.change(field('Issued on'), { target: { value: '2026-05-10' } });
    expect(field('Expiry date').value).toBe('2026-08-10');
    expect(dialog.getByText('3 months after issue; change or clear it')).toBeTruthy();
    fireEvent.change(field('Issued on'), { target: { value: '2026-06-01' } });
    expect(field('Expiry date').value).toBe('2026-09-01');

    // Edited by hand: a new issue date no longer moves it; before the issue date is refused.
    fireEvent.change(field('Expiry date'), { target: { value: '2026-05-01' } });
    expect(dialog.getByText('The expiry date must be after the issue date')).toBeTruthy();
    expect(dialog.getByRole('button', { name: 'Save' }).hasAttribute('disabled')).toBe(true);
    fireEvent.change(field('Expiry date'), { target: { value: '' } });
    fireEvent.change(field('Issued on'), { target: { value: '2026-06-02' } });
    expect(field('Expiry date').value).toBe('');
    save();
    await waitFor(() =>
      expect(updates).toEqual([
        {
          id: 'untyped',
          patch: { certificate_type: 'beetle_clearance', issued_on: '2026-06-02', expires_at: null },
        },
      ]),
    );
  });

  it("shows the server's refusal in the dialog and keeps it open", async () => {
    const { updates, onClose, dialog, field, save } = renderModal(UNTYPED, FORBIDDEN);
    fireEvent.change(field('Expiry date'), { target: { value: '' } });
    save();
    const alert = await dialog.findByRole('alert');
    expect(alert.textContent).toContain(FORBIDDEN);
    expect(updates).toEqual([{ id: 'untyped', patch: { expires_at: null } }]);
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.queryByText('Document updated')).toBeNull();
    // A change clears the message.
    fireEvent.change(field('Expiry date'), { target: { value: '2027-01-01' } });
    expect(dialog.queryByRole('alert')).toBeNull();
  });

  it('asks a policy only for its expiry, and an inspection only for its type and issue date', () => {
    const policy = renderModal(vaultDocument({ id: 'policy', kind: 'policy', name: 'Policy.pdf' }));
    expect(policy.dialog.queryByRole('combobox', { name: 'Certificate type' })).toBeNull();
    expect(policy.dialog.queryByLabelText('Issued on')).toBeNull();
    expect(policy.field('Expiry date')).toBeTruthy();
    fireEvent.click(policy.dialog.getByRole('button', { name: 'Cancel' }));
    expect(policy.onClose).toHaveBeenCalled();
  });
});

describe('document details', () => {
  it('lets the owner edit their own certificates, inspections and policies only', () => {
    expect(canEditDetails({ kind: 'certificate', source: 'owner_upload' })).toBe(true);
    expect(canEditDetails({ kind: 'inspection', source: 'owner_upload' })).toBe(true);
    expect(canEditDetails({ kind: 'policy', source: 'owner_upload' })).toBe(true);
    expect(canEditDetails({ kind: 'deed', source: 'owner_upload' })).toBe(false);
    expect(canEditDetails({ kind: 'certificate', source: 'supplier_verified' })).toBe(false);
  });

  it('leaves out of the patch what the kind does not carry', () => {
    const before = documentDetails(vaultDocument({ kind: 'inspection' }));
    expect(
      detailsPatch('inspection', before, {
        certificateType: 'roof_inspection',
        issuedOn: '',
        expiresOn: '2027-01-01',
      }),
    ).toEqual({ certificate_type: 'roof_inspection' });
  });

  it('sums up what the check sees of a certificate', () => {
    expect(certificateSummary(UNTYPED)).toEqual({
      type: 'Certificate type not set',
      issued: 'Date unknown',
    });
    // The server's word on the date wins: one an old form filled in is not confirmed.
    expect(
      certificateSummary(
        vaultDocument({
          kind: 'certificate',
          metadata: { certificate_type: 'gas_coc', issued_on: '2026-03-01' },
          issue_date: 'unconfirmed',
        }),
      ),
    ).toEqual({ type: 'Gas Certificate of Conformity', issued: 'Issue date not confirmed' });
    expect(
      certificateSummary(
        vaultDocument({
          kind: 'certificate',
          metadata: { certificate_type: 'gas_coc', issued_on: '2026-03-01' },
        }),
      ),
    ).toEqual({ type: 'Gas Certificate of Conformity', issued: 'issued Mar 01, 2026' });
    expect(certificateSummary(vaultDocument({ kind: 'policy' }))).toBeNull();
  });
});
