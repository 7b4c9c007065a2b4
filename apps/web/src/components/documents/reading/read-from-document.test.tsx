import type { AppRouter } from '@propertydna/api/router';
import type { ExtractionOut } from '@propertydna/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { TRPCClientError, type TRPCLink } from '@trpc/client';
import { observable } from '@trpc/server/observable';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { trpc } from '../../../lib/trpc';
import type { UploadItem } from '../../../lib/upload/upload-documents';
import { renderWithMantine } from '../../../test/render';
import { DocumentDetailsModal } from '../document-details-modal';
import { UploadProgressList } from '../upload-progress-list';
import { vaultDocument } from '../vault-document.fixture';
import { READ_DOCUMENT_ID, readExtraction, stubPagePictures } from './extraction.fixture';
import { VaultReadingStatus } from './read-from-document';
import { READING_POLL_MS } from './use-reading';

const PROPERTY_ID = 'a1b2c3d4-0000-4000-8000-000000000001';

/** A photographed certificate uploaded without type or date: what reading it is for. */
const PHOTO = vaultDocument({
  id: READ_DOCUMENT_ID,
  kind: 'certificate',
  name: 'coc-photo.jpg',
  content_type: 'image/jpeg',
  property_id: PROPERTY_ID,
});

interface FakeServer {
  /** The answers of extraction.get in turn; the last one stays. */
  readings: ExtractionOut[];
  gets: number;
  confirms: unknown[];
  refusal?: string;
}

/** A tRPC client answering from the fake server: only the transport is fake. */
function fakeClient(server: FakeServer) {
  const link: TRPCLink<AppRouter> =
    () =>
    ({ op }) =>
      observable((observer) => {
        const answer = (data: unknown) => observer.next({ result: { type: 'data', data } });
        if (op.path === 'extraction.get') {
          const reading = server.readings[Math.min(server.gets, server.readings.length - 1)];
          server.gets += 1;
          answer(reading);
        } else if (op.path === 'extraction.confirm') {
          server.confirms.push(op.input);
          if (server.refusal) {
            observer.error(
              TRPCClientError.from({
                error: {
                  message: server.refusal,
                  code: -32600,
                  data: { code: 'BAD_REQUEST', httpStatus: 400 },
                },
              }),
            );
            return;
          }
          const { fields } = op.input as { fields: Record<string, string | null> };
          const last = server.readings.at(-1) as ExtractionOut;
          const next: ExtractionOut = {
            ...last,
            fields: last.fields.map((field) =>
              field.name in fields
                ? {
                    ...field,
                    state: fields[field.name] === null ? 'rejected' : 'confirmed',
                    confirmed_value: fields[field.name] === field.value ? null : (fields[field.name] ?? null),
                  }
                : field,
            ),
          };
          server.readings = [next];
          server.gets = 0;
          answer(next);
        } else {
          answer([]);
        }
        observer.complete();
      });
  return trpc.createClient({ links: [link] });
}

function renderWithApi(ui: ReactNode, server: FakeServer) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const invalidated = vi.spyOn(queryClient, 'invalidateQueries');
  renderWithMantine(
    <trpc.Provider client={fakeClient(server)} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>
    </trpc.Provider>,
  );
  const invalidatedPaths = () => invalidated.mock.calls.map(([filters]) => filters?.queryKey?.[0]);
  return { invalidatedPaths };
}

const server = (readings: ExtractionOut[], refusal?: string): FakeServer => ({
  readings,
  gets: 0,
  confirms: [],
  refusal,
});

beforeEach(() => {
  stubPagePictures();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Read from the document, in the details dialog', () => {
  it('accepts every field at once, then the details editor starts from the values accepted', async () => {
    const api = server([readExtraction()]);
    const { invalidatedPaths } = renderWithApi(
      <DocumentDetailsModal document={PHOTO} onClose={vi.fn()} />,
      api,
    );
    const dialog = within(await screen.findByRole('dialog', { name: 'Document details' }));
    expect(await dialog.findByRole('img', { name: 'Page 1 of 1 of coc-photo.jpg, as read' })).toBeTruthy();
    expect((dialog.getByLabelText('Issued on') as HTMLInputElement).value).toBe('');

    fireEvent.click(dialog.getByRole('button', { name: 'Accept all' }));
    await waitFor(() =>
      expect(api.confirms).toEqual([
        {
          id: READ_DOCUMENT_ID,
          fields: {
            certificate_type: 'electrical_coc',
            certificate_number: 'E 123456',
            issue_date: '2025-03-14',
            issuer_registration: 'IE 1234',
          },
        },
      ]),
    );
    expect(await dialog.findAllByText('Confirmed')).toHaveLength(4);
    expect(dialog.queryByRole('button', { name: 'Accept all' })).toBeNull();
    // The editor shows what is now saved, with nothing left to save.
    await waitFor(() =>
      expect((dialog.getByLabelText('Issued on') as HTMLInputElement).value).toBe('2025-03-14'),
    );
    expect((dialog.getByRole('combobox', { name: 'Certificate type' }) as HTMLInputElement).value).toBe(
      'Electrical Certificate of Compliance',
    );
    expect(dialog.getByRole('button', { name: 'Save' }).hasAttribute('disabled')).toBe(true);
    // The document's lists and the property's check are refetched.
    await waitFor(() =>
      expect(invalidatedPaths()).toEqual(
        expect.arrayContaining([
          ['documents', 'byProperty'],
          ['documents', 'list'],
          ['compliance', 'policyCheck'],
        ]),
      ),
    );
  });

  it('refetches nothing of the document for a rejection, and shows a refusal in the dialog', async () => {
    const api = server([readExtraction()]);
    const { invalidatedPaths } = renderWithApi(
      <DocumentDetailsModal document={PHOTO} onClose={vi.fn()} />,
      api,
    );
    const dialog = within(await screen.findByRole('dialog', { name: 'Document details' }));
    fireEvent.click(await dialog.findByRole('button', { name: 'Reject Issuer registration number' }));
    expect(await dialog.findByText('Rejected')).toBeTruthy();
    expect(api.confirms).toEqual([{ id: READ_DOCUMENT_ID, fields: { issuer_registration: null } }]);
    expect(invalidatedPaths()).not.toContainEqual(['documents', 'byProperty']);

    api.refusal = 'Enter the certificate number';
    fireEvent.click(dialog.getByRole('button', { name: 'Accept Certificate number' }));
    expect((await dialog.findByRole('alert')).textContent).toContain('Enter the certificate number');
  });

  it('shows a document of another kind with what was read and a Close button, no editor', async () => {
    const invoice = vaultDocument({ id: READ_DOCUMENT_ID, kind: 'maintenance', name: 'invoice.pdf' });
    renderWithApi(
      <DocumentDetailsModal document={invoice} onClose={vi.fn()} />,
      server([readExtraction({ fields: [] })]),
    );
    const dialog = within(await screen.findByRole('dialog', { name: 'Document details' }));
    expect(await dialog.findByText('Nothing could be read with confidence.')).toBeTruthy();
    expect(dialog.getByRole('button', { name: 'Close' })).toBeTruthy();
    expect(dialog.queryByRole('button', { name: 'Save' })).toBeNull();
  });
});

describe('Reading progress on the upload and vault rows', () => {
  const reading = readExtraction({ status: 'running', pages: 2, pages_read: 1, fields: [] });
  const done: UploadItem = {
    key: 'k',
    name: 'coc-photo.jpg',
    bytes: 120_000,
    phase: 'done',
    percent: 100,
    error: null,
    documentId: READ_DOCUMENT_ID,
  };

  it(
    "says 'Reading…' on the upload row until the reading is done, then how many fields wait",
    async () => {
      const api = server([reading, readExtraction()]);
      renderWithApi(<UploadProgressList items={[done]} withReading />, api);
      expect(await screen.findByText('Reading…')).toBeTruthy();
      // Asked again while running, then no more.
      expect(
        await screen.findByText('Read: 4 fields to confirm', {}, { timeout: READING_POLL_MS * 4 }),
      ).toBeTruthy();
      const asked = api.gets;
      expect(asked).toBe(2);
    },
    READING_POLL_MS * 6,
  );

  it('leaves the upload row alone without withReading, and before the file is stored', () => {
    const api = server([reading]);
    renderWithApi(
      <>
        <UploadProgressList items={[done]} />
        <UploadProgressList items={[{ ...done, key: 'u', phase: 'uploading', percent: 40 }]} withReading />
      </>,
      api,
    );
    expect(screen.queryByText('Reading…')).toBeNull();
    expect(api.gets).toBe(0);
  });

  it("offers 'Fields to confirm' on the vault row, opening the document", async () => {
    const onOpen = vi.fn();
    renderWithApi(<VaultReadingStatus document={PHOTO} onOpen={onOpen} />, server([readExtraction()]));
    fireEvent.click(await screen.findByRole('button', { name: 'Fields to confirm in coc-photo.jpg' }));
    expect(onOpen).toHaveBeenCalledWith(PHOTO);
  });

  it('says nothing on the row of a supplier’s document, nor once every field is settled', async () => {
    const api = server([readExtraction()]);
    renderWithApi(<VaultReadingStatus document={{ ...PHOTO, source: 'supplier_verified' }} />, api);
    expect(api.gets).toBe(0);
    const settled = server([readExtraction({ fields: [] })]);
    renderWithApi(<VaultReadingStatus document={PHOTO} />, settled);
    await waitFor(() => expect(settled.gets).toBe(1));
    expect(screen.queryByText('Fields to confirm')).toBeNull();
  });

  it(
    'refetches the property’s documents when a reading ends with fields accepted automatically',
    async () => {
      const auto = readExtraction();
      auto.fields = auto.fields.map((field) => ({ ...field, state: 'auto_accepted' }));
      const { invalidatedPaths } = renderWithApi(
        <VaultReadingStatus document={PHOTO} />,
        server([reading, auto]),
      );
      expect(await screen.findByText('Reading…')).toBeTruthy();
      await waitFor(() => expect(invalidatedPaths()).toContainEqual(['documents', 'byProperty']), {
        timeout: READING_POLL_MS * 4,
      });
      expect(invalidatedPaths()).toContainEqual(['compliance', 'policyCheck']);
    },
    READING_POLL_MS * 6,
  );
});
