import type { AppRouter } from '@propertydna/api/router';
import type { OrganizationRole } from '@propertydna/domain';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TRPCLink } from '@trpc/client';
import { observable } from '@trpc/server/observable';
import { afterEach, describe, expect, it } from 'vitest';
import { AuthProvider } from '../../../lib/auth';
import { AUTH_TOKEN_KEY, createQueryClient, trpc } from '../../../lib/trpc';
import { meAnswer } from '../../../test/me';
import { renderWithRouter } from '../../../test/render';
import { WebhooksSection } from './webhooks-section';

const ENDPOINT = {
  id: '6f1c2a7e-3b9d-4f5e-8a21-0c4d7b9e1f30',
  url: 'https://hooks.example.co.za/propertydna',
  description: 'Portfolio sync',
  events: ['document.created', 'claim.created'],
  enabled: true,
  disabledAt: null,
  disabledReason: null,
  previousSecretValidUntil: null,
  created_at: '2026-11-28T08:00:00.000Z',
  updated_at: '2026-11-28T08:00:00.000Z',
};

const DELIVERY = {
  id: '0b7c2a7e-3b9d-4f5e-8a21-0c4d7b9e1f31',
  messageId: 'msg_abc',
  event: 'document.created',
  status: 'failed',
  attempts: 8,
  responseStatus: 500,
  error: 'HTTP 500',
  created_at: '2026-11-28T08:00:00.000Z',
  lastAttemptAt: '2026-11-29T09:00:00.000Z',
  nextAttemptAt: null,
};

/** Only the transport is faked; every call is recorded. */
function fakeApi(role: OrganizationRole, calls: { path: string; input: unknown }[]) {
  const answers: Record<string, unknown> = {
    'auth.me': meAnswer(role),
    'webhooks.list': [ENDPOINT],
    'webhooks.deliveries': [DELIVERY],
    'webhooks.create': {
      ...ENDPOINT,
      id: '7f1c2a7e-3b9d-4f5e-8a21-0c4d7b9e1f32',
      url: 'https://erp.example.co.za/in',
      secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
    },
    'webhooks.sendTest': { ...DELIVERY, event: 'webhook.test', status: 'pending', attempts: 0 },
    'webhooks.resend': { ...DELIVERY, status: 'pending', attempts: 0 },
  };
  const link: TRPCLink<AppRouter> =
    () =>
    ({ op }) =>
      observable((observer) => {
        calls.push({ path: op.path, input: op.input });
        observer.next({ result: { type: 'data', data: answers[op.path] } });
        observer.complete();
      });
  return trpc.createClient({ links: [link] });
}

async function renderSection(role: OrganizationRole) {
  localStorage.setItem(AUTH_TOKEN_KEY, 'session-token');
  const calls: { path: string; input: unknown }[] = [];
  const queryClient = createQueryClient();
  await renderWithRouter(
    <trpc.Provider client={fakeApi(role, calls)} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <AuthProvider>
          <WebhooksSection />
        </AuthProvider>
      </QueryClientProvider>
    </trpc.Provider>,
  );
  await screen.findByRole('heading', { name: 'Webhooks' });
  return calls;
}

afterEach(() => localStorage.clear());

describe('WebhooksSection (issue 30 §2)', () => {
  it('tells a member why they cannot manage webhooks, and asks the server for none', async () => {
    const calls = await renderSection('member');
    await screen.findByText(/Members cannot manage webhooks/);
    expect(screen.queryByRole('button', { name: 'Add endpoint' })).toBeNull();
    expect(calls.some((call) => call.path.startsWith('webhooks.'))).toBe(false);
  });

  it('lets an owner add an endpoint with its events and shows the secret once', async () => {
    const calls = await renderSection('owner');
    await screen.findByText(ENDPOINT.url);
    fireEvent.change(screen.getByRole('textbox', { name: 'URL' }), {
      target: { value: ' https://erp.example.co.za/in ' },
    });
    // Nothing chosen: the domain's message, and no call.
    fireEvent.click(screen.getByRole('button', { name: 'Add endpoint' }));
    await screen.findByText('Choose at least one event');
    expect(calls.some((call) => call.path === 'webhooks.create')).toBe(false);
    fireEvent.click(screen.getByRole('checkbox', { name: /^claim\.created/ }));
    fireEvent.click(screen.getByRole('checkbox', { name: /^document\.expiring/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Add endpoint' }));
    await waitFor(() =>
      expect(calls.find((call) => call.path === 'webhooks.create')?.input).toEqual({
        url: 'https://erp.example.co.za/in',
        events: ['claim.created', 'document.expiring'],
        description: '',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Signing secret' });
    expect(within(dialog).getByRole('textbox', { name: 'Secret' })).toHaveProperty(
      'value',
      'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
    );
  });

  it('sends a test event, shows the delivery log and resends a delivery', async () => {
    const calls = await renderSection('admin');
    await screen.findByText(ENDPOINT.url);
    fireEvent.click(screen.getByRole('button', { name: `Send test event to ${ENDPOINT.url}` }));
    await waitFor(() =>
      expect(calls.find((call) => call.path === 'webhooks.sendTest')?.input).toEqual({ id: ENDPOINT.id }),
    );
    const log = await screen.findByRole('table', { name: `Deliveries to ${ENDPOINT.url}` });
    expect(within(log).getByText('Failed')).toBeTruthy();
    expect(within(log).getByText('500')).toBeTruthy();
    expect(within(log).getByText('8')).toBeTruthy();
    fireEvent.click(within(log).getByRole('button', { name: /^Resend document\.created/ }));
    await waitFor(() =>
      expect(calls.find((call) => call.path === 'webhooks.resend')?.input).toEqual({
        id: ENDPOINT.id,
        deliveryId: DELIVERY.id,
      }),
    );
  });
});
