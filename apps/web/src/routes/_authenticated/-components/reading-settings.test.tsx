import { notifications } from '@mantine/notifications';
import type { AppRouter } from '@propertydna/api/router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { TRPCClientError, type TRPCLink } from '@trpc/client';
import { observable } from '@trpc/server/observable';
import { afterEach, describe, expect, it } from 'vitest';
import { trpc } from '../../../lib/trpc';
import { renderWithMantine } from '../../../test/render';
import { AUTO_ACCEPT_LABEL, ReadingSettingsSection } from './reading-settings';

interface FakeServer {
  settings: { auto_accept: boolean; threshold: 0.9 };
  refusal?: string;
  calls: { path: string; input: unknown }[];
}

/** A tRPC client answering from the fake server: only the transport is fake. */
function fakeClient(server: FakeServer) {
  const link: TRPCLink<AppRouter> =
    () =>
    ({ op }) =>
      observable((observer) => {
        if (op.type === 'mutation') server.calls.push({ path: op.path, input: op.input });
        if (op.path === 'extraction.setAutoAccept') {
          if (server.refusal) {
            observer.error(
              TRPCClientError.from({
                error: {
                  message: server.refusal,
                  code: -32600,
                  data: { code: 'FORBIDDEN', httpStatus: 403 },
                },
              }),
            );
            return;
          }
          server.settings = { ...server.settings, auto_accept: (op.input as { enabled: boolean }).enabled };
        }
        observer.next({ result: { type: 'data', data: server.settings } });
        observer.complete();
      });
  return trpc.createClient({ links: [link] });
}

function renderSection(server: FakeServer) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderWithMantine(
    <trpc.Provider client={fakeClient(server)} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <ReadingSettingsSection />
      </QueryClientProvider>
    </trpc.Provider>,
  );
}

afterEach(() => notifications.clean());

describe('ReadingSettingsSection', () => {
  it('turns on accepting high-confidence fields, saying what it does', async () => {
    const server: FakeServer = { settings: { auto_accept: false, threshold: 0.9 }, calls: [] };
    renderSection(server);
    const toggle = (await screen.findByRole('switch', { name: AUTO_ACCEPT_LABEL })) as HTMLInputElement;
    expect(toggle.checked).toBe(false);
    expect(
      screen.getByText(
        /at least 90% confidence are accepted without asking you, and the document's history records/,
      ),
    ).toBeTruthy();
    fireEvent.click(toggle);
    expect(await screen.findByText('Reading settings saved')).toBeTruthy();
    expect(server.calls).toEqual([{ path: 'extraction.setAutoAccept', input: { enabled: true } }]);
    await waitFor(() => expect(toggle.checked).toBe(true));
  });

  it("shows the server's refusal and leaves the switch as it was", async () => {
    const server: FakeServer = {
      settings: { auto_accept: true, threshold: 0.9 },
      refusal: 'Only the owner can change this',
      calls: [],
    };
    renderSection(server);
    const toggle = (await screen.findByRole('switch', { name: AUTO_ACCEPT_LABEL })) as HTMLInputElement;
    fireEvent.click(toggle);
    expect(await screen.findByText('Only the owner can change this')).toBeTruthy();
    await waitFor(() => expect(toggle.checked).toBe(true));
  });
});
