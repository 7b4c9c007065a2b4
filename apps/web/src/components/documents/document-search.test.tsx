import type { AppRouter } from '@propertydna/api/router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { TRPCLink } from '@trpc/client';
import { observable } from '@trpc/server/observable';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { trpc } from '../../lib/trpc';
import { renderWithMantine } from '../../test/render';
import { DOCUMENT_SEARCH_DEBOUNCE_MS } from './document-search';
import { DocumentVault } from './document-vault';
import { vaultDocument } from './vault-document.fixture';

const DEED = vaultDocument({ id: 'deed', name: 'Title deed.pdf' });
const COC = vaultDocument({ id: 'coc', kind: 'certificate', name: 'Scan 0042.pdf' });
/** What the fake server's search finds: the text read from each document. */
const READ_TEXT: Record<string, string> = {
  deed: 'Deed of transfer T1234/2001',
  coc: 'Certificate of Compliance EC-7781',
};

/** A tRPC client whose documents.list searches the read text as the server would, recording each input. */
function fakeApi(inputs: unknown[]) {
  const link: TRPCLink<AppRouter> =
    () =>
    ({ op }) =>
      observable((observer) => {
        if (op.path === 'documents.list') {
          inputs.push(op.input);
          const q = (op.input as { q?: string } | undefined)?.q?.toLowerCase();
          const found = [DEED, COC].filter(
            (document) => !q || `${document.name} ${READ_TEXT[document.id]}`.toLowerCase().includes(q),
          );
          observer.next({ result: { type: 'data', data: found } });
        } else {
          observer.next({ result: { type: 'data', data: [] } });
        }
        observer.complete();
      });
  return trpc.createClient({ links: [link] });
}

function renderVault() {
  const inputs: unknown[] = [];
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderWithMantine(
    <trpc.Provider client={fakeApi(inputs)} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <DocumentVault />
      </QueryClientProvider>
    </trpc.Provider>,
  );
  const box = () => screen.getByRole('searchbox', { name: /Search documents/ }) as HTMLInputElement;
  const rows = () => screen.queryAllByRole('row').slice(1);
  return { inputs, box, rows };
}

describe('the vault search', () => {
  it('searches once typing pauses, trimmed, and shows what the server found', async () => {
    const { inputs, box, rows } = renderVault();
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(inputs).toEqual([undefined]);

    fireEvent.change(box(), { target: { value: '  ec-7781 ' } });
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(rows()[0]?.textContent).toContain('Scan 0042.pdf');
    // One request for the whole typed text, not one per change.
    expect(inputs).toEqual([undefined, { q: 'ec-7781' }]);

    fireEvent.change(box(), { target: { value: 'nothing of the sort' } });
    expect(await screen.findByText('No documents match')).toBeTruthy();

    // Cleared: every document again, and the empty state is the vault's own.
    fireEvent.change(box(), { target: { value: '   ' } });
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(screen.queryByText('No documents match')).toBeNull();
  });

  it('says what is wrong with a search the server would refuse, and does not send it', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    const { inputs, box, rows } = renderVault();
    await waitFor(() => expect(rows()).toHaveLength(2));
    fireEvent.change(box(), { target: { value: 'deed\u0007' } });
    expect(await screen.findByText('Search must not contain control characters')).toBeTruthy();
    expect(box().getAttribute('aria-invalid')).toBe('true');
    // Well past the pause that sends a search: nothing was sent.
    vi.advanceTimersByTime(DOCUMENT_SEARCH_DEBOUNCE_MS * 4);
    await waitFor(() => expect(box().value).toBe('deed\u0007'));
    expect(inputs).toEqual([undefined]);
    expect(box().getAttribute('maxlength')).toBe('100');
  });
});
