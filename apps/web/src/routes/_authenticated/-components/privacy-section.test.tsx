import type { AppRouter } from '@propertydna/api/router';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { TRPCLink } from '@trpc/client';
import { observable } from '@trpc/server/observable';
import { describe, expect, it } from 'vitest';
import { createQueryClient, trpc } from '../../../lib/trpc';
import { renderWithRouter } from '../../../test/render';
import { PrivacySection } from './privacy-section';

/** Only the transport is faked: consent starts as `agree`, and every change is recorded and answered. */
function fakeApi(agree: boolean, calls: { path: string; input: unknown }[]) {
  let state = { agree, changedAt: '2026-11-20T08:00:00.000Z' };
  const link: TRPCLink<AppRouter> =
    () =>
    ({ op }) =>
      observable((observer) => {
        calls.push({ path: op.path, input: op.input });
        if (op.path === 'privacy.setMarketingConsent') {
          state = { agree: (op.input as { agree: boolean }).agree, changedAt: '2026-11-28T09:30:00.000Z' };
        }
        observer.next({ result: { type: 'data', data: state } });
        observer.complete();
      });
  return trpc.createClient({ links: [link] });
}

async function renderSection(agree: boolean) {
  const calls: { path: string; input: unknown }[] = [];
  const queryClient = createQueryClient();
  await renderWithRouter(
    <trpc.Provider client={fakeApi(agree, calls)} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <PrivacySection />
      </QueryClientProvider>
    </trpc.Provider>,
  );
  await screen.findByRole('heading', { name: 'Privacy' });
  return calls;
}

describe('PrivacySection (issue 31 §4)', () => {
  it('shows the consent given at sign-up with when it was last changed, and links the notice', async () => {
    await renderSection(false);
    const toggle = await screen.findByRole('switch', {
      name: 'Send me product news and property tips by email',
    });
    expect(toggle).toHaveProperty('checked', false);
    expect(screen.getByText(/Not given · last changed/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Privacy notice' }).getAttribute('href')).toBe('/privacy');
  });

  it('gives and withdraws consent, each a call to the server, and shows the new time', async () => {
    const calls = await renderSection(false);
    fireEvent.click(await screen.findByRole('switch', { name: /product news/ }));
    await waitFor(() =>
      expect(
        calls.filter((call) => call.path === 'privacy.setMarketingConsent').map((call) => call.input),
      ).toEqual([{ agree: true }]),
    );
    await screen.findByText(/^Given · last changed/);
    expect(screen.getByRole('switch', { name: /product news/ })).toHaveProperty('checked', true);
    fireEvent.click(screen.getByRole('switch', { name: /product news/ }));
    await waitFor(() =>
      expect(
        calls.filter((call) => call.path === 'privacy.setMarketingConsent').map((call) => call.input),
      ).toEqual([{ agree: true }, { agree: false }]),
    );
  });
});
