import type { AppRouter } from '@propertydna/api/router';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TRPCLink } from '@trpc/client';
import { observable } from '@trpc/server/observable';
import { describe, expect, it } from 'vitest';
import { createQueryClient, trpc } from '../../../lib/trpc';
import { renderWithRouter } from '../../../test/render';
import { AccessLedgerSection } from './access-ledger-section';

const ROWS = [
  {
    id: 'c2',
    at: '2026-11-28T09:30:00.000Z',
    kind: 'share_link',
    action: 'download',
    who: 'Share link made 2026-11-20 10:00',
    ip: '198.51.100.7',
    property: { id: 'p1', name: 'Kloof House' },
    document: { id: 'd1', name: 'Electrical CoC.pdf' },
    revoke: { kind: 'share_link', id: 's1' },
  },
  {
    id: 'a9',
    at: '2026-11-27T08:00:00.000Z',
    kind: 'staff',
    action: 'view',
    who: 'PropertyDNA staff',
    ip: null,
    property: null,
    document: null,
    revoke: null,
  },
];

type Answer = { error: { message: string; code: number } } | { data: unknown };

/** Only the transport is faked: each list call answers `list(input)`, revokes are recorded. */
function fakeApi(list: (input: unknown) => Answer, calls: { path: string; input: unknown }[]) {
  const link: TRPCLink<AppRouter> =
    () =>
    ({ op }) =>
      observable((observer) => {
        calls.push({ path: op.path, input: op.input });
        const answer: Answer = op.path === 'accessLedger.revoke' ? { data: { ok: true } } : list(op.input);
        if ('error' in answer) {
          observer.error({
            message: answer.error.message,
            data: { code: 'INTERNAL_SERVER_ERROR', httpStatus: answer.error.code },
            // biome-ignore lint/suspicious/noExplicitAny: a TRPCClientError-like shape is enough here
          } as any);
          return;
        }
        observer.next({ result: { type: 'data', data: answer.data } });
        observer.complete();
      });
  return trpc.createClient({ links: [link] });
}

async function renderSection(list: (input: unknown) => Answer, propertyId?: string) {
  const calls: { path: string; input: unknown }[] = [];
  const queryClient = createQueryClient();
  await renderWithRouter(
    <trpc.Provider client={fakeApi(list, calls)} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <AccessLedgerSection propertyId={propertyId} />
      </QueryClientProvider>
    </trpc.Provider>,
  );
  await screen.findByRole('heading', { name: 'Access ledger' });
  return calls;
}

const page = (rows: unknown[], summary: unknown[] = []) => ({
  data: { rows, page: 1, has_more: false, summary },
});

describe('AccessLedgerSection (issue 31 §3)', () => {
  it('shows who, what, where and when, with Revoke only on live rows, and the older months summarised', async () => {
    await renderSection(() => page(ROWS, [{ month: '2024-10', kind: 'share_link', count: 12 }]));
    const table = await screen.findByRole('table', { name: 'Access ledger' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(rows[1] as HTMLElement).getByText('Downloaded: Electrical CoC.pdf')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText('198.51.100.7')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByRole('button', { name: /Revoke access/ })).toBeTruthy();
    // The kind's badge and the who: both 'PropertyDNA staff'.
    expect(within(rows[2] as HTMLElement).getAllByText('PropertyDNA staff')).toHaveLength(2);
    expect(within(rows[2] as HTMLElement).queryByRole('button')).toBeNull();
    const older = screen.getByRole('table', { name: 'Older accesses per month' });
    expect(within(older).getByText('2024-10')).toBeTruthy();
    expect(within(older).getByText('12')).toBeTruthy();
  });

  it('revokes after confirming, then asks for the ledger again', async () => {
    const calls = await renderSection(() => page(ROWS));
    fireEvent.click(await screen.findByRole('button', { name: /Revoke access: Share link/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke access?' });
    expect(within(dialog).getByText(/whoever holds it can no longer open it/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Revoke access' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.path === 'accessLedger.revoke').map((c) => c.input)).toEqual([
        { kind: 'share_link', id: 's1' },
      ]),
    );
    await waitFor(() =>
      expect(calls.filter((c) => c.path === 'accessLedger.list').length).toBeGreaterThan(1),
    );
  });

  it('filters by kind for one property, and says when nothing matches', async () => {
    const calls = await renderSection(
      (input) => ((input as { kind?: string }).kind ? page([]) : page(ROWS)),
      'p1',
    );
    await screen.findByRole('table', { name: 'Access ledger' });
    fireEvent.change(screen.getByLabelText('Kind'), { target: { value: 'grantee' } });
    await screen.findByText('No access matches these filters.');
    expect(calls.filter((c) => c.path === 'accessLedger.list').map((c) => c.input)).toContainEqual({
      propertyId: 'p1',
      kind: 'grantee',
    });
  });

  it('says so when no one accessed anything', async () => {
    await renderSection(() => page([]));
    await screen.findByText(/No one outside your organisation has accessed/);
  });

  it('shows the server’s reason when the ledger cannot be loaded', async () => {
    await renderSection(() => ({ error: { message: 'Database unavailable', code: 503 } }));
    await screen.findByText('Unable to load the access ledger');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });
});
