import { notifications } from '@mantine/notifications';
import type { AppRouter } from '@propertydna/api/router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { TRPCClientError, type TRPCLink } from '@trpc/client';
import { observable } from '@trpc/server/observable';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { trpc } from '../../../lib/trpc';
import { renderWithMantine } from '../../../test/render';
import { AlertSettingsSection, CalendarFeedSection } from './alert-settings';

const UPGRADE = 'Email alerts are included in Premium. Start your free trial or upgrade to get them.';
const FEED = (token: string) => `http://localhost/api/calendar/${token}.ics`;

interface FakeServer {
  settings: { emailAlerts: boolean; available: boolean; reason: string | null };
  feed: string;
  /** sendTest fails with this (status, message), when set. */
  sendTestFails?: { httpStatus: number; code: string; message: string };
  /** Every mutation's path and input, in order. */
  calls: { path: string; input: unknown }[];
}

function fakeServer(overrides: Partial<FakeServer> = {}): FakeServer {
  return {
    settings: { emailAlerts: true, available: true, reason: null },
    feed: FEED('first'),
    calls: [],
    ...overrides,
  };
}

/** A tRPC client answering from the fake server: only the transport is fake. */
function fakeClient(server: FakeServer) {
  const link: TRPCLink<AppRouter> =
    () =>
    ({ op }) =>
      observable((observer) => {
        const answer = (data: unknown) => observer.next({ result: { type: 'data', data } });
        if (op.type === 'mutation') server.calls.push({ path: op.path, input: op.input });
        switch (op.path) {
          case 'notifications.settings':
            answer(server.settings);
            break;
          case 'notifications.update':
            server.settings = { ...server.settings, ...(op.input as { emailAlerts: boolean }) };
            answer(server.settings);
            break;
          case 'notifications.sendTest': {
            const fails = server.sendTestFails;
            if (fails) {
              observer.error(
                TRPCClientError.from({
                  error: {
                    message: fails.message,
                    code: -32600,
                    data: { code: fails.code, httpStatus: fails.httpStatus },
                  },
                }),
              );
              return;
            }
            answer({ ok: true, message: 'Test reminder email sent to thandi@example.co.za' });
            break;
          }
          case 'calendar.feed':
            answer({ url: server.feed });
            break;
          case 'calendar.rotate':
            server.feed = FEED('second');
            answer({ url: server.feed });
            break;
        }
        observer.complete();
      });
  return trpc.createClient({ links: [link] });
}

function renderSections(server: FakeServer, { canStartTrial = false, onStartTrial = vi.fn() } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderWithMantine(
    <trpc.Provider client={fakeClient(server)} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <AlertSettingsSection canStartTrial={canStartTrial} starting={false} onStartTrial={onStartTrial} />
        <CalendarFeedSection />
      </QueryClientProvider>
    </trpc.Provider>,
  );
  return onStartTrial;
}

const alertSwitch = () => screen.findByRole('switch', { name: 'Email me a daily digest of what is due' });

afterEach(() => notifications.clean());

describe('AlertSettingsSection', () => {
  it("turns the daily digest off and says 'Alert settings saved'", async () => {
    const server = fakeServer();
    renderSections(server);
    const toggle = (await alertSwitch()) as HTMLInputElement;
    expect(toggle.checked).toBe(true);
    fireEvent.click(toggle);
    expect(await screen.findByText('Alert settings saved')).toBeTruthy();
    expect(server.calls).toEqual([{ path: 'notifications.update', input: { emailAlerts: false } }]);
    await waitFor(() => expect(toggle.checked).toBe(false));
  });

  it("sends a test email and shows the server's message", async () => {
    const server = fakeServer();
    renderSections(server);
    fireEvent.click(await screen.findByRole('button', { name: 'Send me a test reminder email' }));
    expect(await screen.findByText('Test reminder email sent to thandi@example.co.za')).toBeTruthy();
    expect(server.calls).toEqual([{ path: 'notifications.sendTest', input: undefined }]);
  });

  it("shows a refused test email (too many) in a red 'Error' toast with the server's text", async () => {
    const message = 'Too many test emails. Please try again later.';
    renderSections(fakeServer({ sendTestFails: { httpStatus: 429, code: 'TOO_MANY_REQUESTS', message } }));
    fireEvent.click(await screen.findByRole('button', { name: 'Send me a test reminder email' }));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(screen.getByText('Error')).toBeTruthy();
  });

  it('on the Free plan gives the reason and the trial, with the switch and the test email disabled', async () => {
    const server = fakeServer({ settings: { emailAlerts: true, available: false, reason: UPGRADE } });
    const onStartTrial = renderSections(server, { canStartTrial: true });
    const toggle = (await alertSwitch()) as HTMLInputElement;
    expect(toggle.disabled).toBe(true);
    expect(toggle.checked).toBe(false);
    expect(screen.getByText(UPGRADE)).toBeTruthy();
    expect(
      (screen.getByRole('button', { name: 'Send me a test reminder email' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Start 14-day free trial' }));
    expect(onStartTrial).toHaveBeenCalledTimes(1);
    expect(server.calls).toEqual([]);
  });
});

describe('CalendarFeedSection', () => {
  it('shows the private link read-only, copies it, and resets it after the warning', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const server = fakeServer();
    renderSections(server);
    expect(
      screen.getByText(
        /Subscribe in Google Calendar, Outlook or Apple Calendar to see your maintenance tasks and expiry dates/,
      ),
    ).toBeTruthy();
    const input = screen.getByLabelText('Calendar link') as HTMLInputElement;
    await waitFor(() => expect(input.value).toBe(FEED('first')));
    expect(input.readOnly).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith(FEED('first'));
    expect(await screen.findByText('Link copied')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Reset link' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Reset the calendar link?' }));
    expect(dialog.getByText(/The old link stops working/)).toBeTruthy();
    expect(server.calls).toEqual([]);
    fireEvent.click(dialog.getByRole('button', { name: 'Reset link' }));
    await waitFor(() => expect(input.value).toBe(FEED('second')));
    expect(server.calls).toEqual([{ path: 'calendar.rotate', input: undefined }]);
  });
});
