import type { AppRouter } from '@propertydna/api/router';
import { formatDate, type OrganizationRole } from '@propertydna/domain';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { TRPCClientError, type TRPCLink } from '@trpc/client';
import { observable } from '@trpc/server/observable';
import { afterEach, describe, expect, it } from 'vitest';
import { AuthProvider } from '../../../lib/auth';
import { formatDateTime } from '../../../lib/time';
import { AUTH_TOKEN_KEY, createQueryClient, trpc } from '../../../lib/trpc';
import { meAnswer } from '../../../test/me';
import { renderWithRouter } from '../../../test/render';
import { ApiTokensSection } from './api-tokens-section';

const USED = {
  id: '3a1c2a7e-3b9d-4f5e-8a21-0c4d7b9e1f30',
  name: 'Nightly export',
  scope: 'read_write',
  createdAt: '2026-11-28T08:00:00.000Z',
  expiresAt: '2099-11-28T08:00:00.000Z',
  lastUsedAt: '2026-11-29T07:30:00.000Z',
  lastUsedIp: '196.25.1.10',
  property: null,
};
const PROPERTIES = [
  { id: '7e1c2a7e-3b9d-4f5e-8a21-0c4d7b9e1f40', name: 'Harbour View' },
  { id: '8f1c2a7e-3b9d-4f5e-8a21-0c4d7b9e1f41', name: 'Karoo Farmhouse' },
];
const UNUSED = {
  id: '4b1c2a7e-3b9d-4f5e-8a21-0c4d7b9e1f31',
  name: 'Insurance broker sync',
  scope: 'read',
  createdAt: '2026-11-30T08:00:00.000Z',
  expiresAt: '2099-11-30T08:00:00.000Z',
  lastUsedAt: null,
  lastUsedIp: null,
  property: PROPERTIES[1],
};
const EXPIRED = {
  id: '5c1c2a7e-3b9d-4f5e-8a21-0c4d7b9e1f32',
  name: 'Old spreadsheet',
  scope: 'read',
  createdAt: '2024-01-10T08:00:00.000Z',
  expiresAt: '2025-01-10T08:00:00.000Z',
  lastUsedAt: null,
  lastUsedIp: null,
  property: null,
};
const SECRET = 'pdna_Q2hhbmdlLXRoaXMtc2VjcmV0LWl0LWlzLW9ubHktYS10ZXN0';

type Call = { path: string; input: unknown };

/** Only the transport is faked; every call is recorded, and a path in `refusals` answers that error. */
function fakeApi(
  role: OrganizationRole,
  calls: Call[],
  tokens: unknown[],
  refusals: Record<string, { message: string; code: string; httpStatus: number }>,
) {
  const answers: Record<string, unknown> = {
    'auth.me': meAnswer(role),
    'apiTokens.list': tokens,
    'properties.list': PROPERTIES,
    'apiTokens.create': {
      id: '6d1c2a7e-3b9d-4f5e-8a21-0c4d7b9e1f33',
      name: 'Portfolio dashboard',
      scope: 'read_write',
      createdAt: '2026-12-01T08:00:00.000Z',
      expiresAt: '2028-12-01T08:00:00.000Z',
      lastUsedAt: null,
      lastUsedIp: null,
      secret: SECRET,
    },
    'apiTokens.revoke': { ok: true },
  };
  const link: TRPCLink<AppRouter> =
    () =>
    ({ op }) =>
      observable((observer) => {
        calls.push({ path: op.path, input: op.input });
        const refusal = refusals[op.path];
        if (refusal) {
          observer.error(
            TRPCClientError.from({
              error: {
                message: refusal.message,
                code: -32600,
                data: { code: refusal.code, httpStatus: refusal.httpStatus },
              },
            }),
          );
          return;
        }
        observer.next({ result: { type: 'data', data: answers[op.path] } });
        observer.complete();
      });
  return trpc.createClient({ links: [link] });
}

async function renderSection(
  role: OrganizationRole,
  {
    tokens = [USED, UNUSED, EXPIRED],
    refusals = {},
  }: {
    tokens?: unknown[];
    refusals?: Record<string, { message: string; code: string; httpStatus: number }>;
  } = {},
) {
  localStorage.setItem(AUTH_TOKEN_KEY, 'session-token');
  const calls: Call[] = [];
  const queryClient = createQueryClient();
  await renderWithRouter(
    <trpc.Provider client={fakeApi(role, calls, tokens, refusals)} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <AuthProvider>
          <ApiTokensSection />
        </AuthProvider>
      </QueryClientProvider>
    </trpc.Provider>,
  );
  await screen.findByRole('heading', { name: 'API tokens' });
  return calls;
}

const listCalls = (calls: Call[]) => calls.filter((call) => call.path === 'apiTokens.list').length;

afterEach(() => localStorage.clear());

describe('ApiTokensSection (issue 30 §1)', () => {
  it('lists the tokens with scope, created, last use (time and address) and expiry', async () => {
    await renderSection('member');
    const used = await screen.findByRole('article', { name: USED.name });
    expect(within(used).getByText('Read and write')).toBeTruthy();
    expect(within(used).getByText(formatDate(USED.createdAt))).toBeTruthy();
    expect(within(used).getByText(`${formatDateTime(USED.lastUsedAt)} from ${USED.lastUsedIp}`)).toBeTruthy();
    expect(within(used).getByText(formatDate(USED.expiresAt))).toBeTruthy();
    expect(within(used).queryByText('Expired')).toBeNull();

    expect(within(used).getByText('All properties')).toBeTruthy();
    const unused = screen.getByRole('article', { name: UNUSED.name });
    expect(within(unused).getByText('Read only')).toBeTruthy();
    expect(within(unused).getByText('Karoo Farmhouse')).toBeTruthy();
    expect(within(unused).getByText('Never used')).toBeTruthy();

    const expired = screen.getByRole('article', { name: EXPIRED.name });
    expect(within(expired).getAllByText('Expired').length).toBeGreaterThan(0);
    // How to use one, in the product's words.
    expect(screen.getByText('Authorization: Bearer pdna_…')).toBeTruthy();
    expect(screen.getByRole('link', { name: '/api/docs' }).getAttribute('href')).toBe('/api/docs');
  });

  it('says so when there is no token yet', async () => {
    await renderSection('owner', { tokens: [] });
    await screen.findByText('No API tokens yet.');
    expect(screen.queryAllByRole('article')).toHaveLength(0);
  });

  it('shows why the list could not be loaded', async () => {
    await renderSection('owner', {
      refusals: {
        'apiTokens.list': {
          message: 'Too many requests: wait a minute',
          code: 'TOO_MANY_REQUESTS',
          httpStatus: 429,
        },
      },
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Too many requests: wait a minute');
  });

  it('creates a token from the shared schema and shows its secret once', async () => {
    const calls = await renderSection('admin');
    await screen.findByRole('article', { name: USED.name });
    // The defaults: read only, a year.
    expect(screen.getByRole('radio', { name: 'Read only' })).toHaveProperty('checked', true);
    expect(screen.getByRole('combobox', { name: 'Expires after' })).toHaveProperty('value', '365');
    // No name: the domain's message, and no call.
    fireEvent.click(screen.getByRole('button', { name: 'Create token' }));
    await screen.findByText('Name is required');
    expect(calls.some((call) => call.path === 'apiTokens.create')).toBe(false);

    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), {
      target: { value: '  Portfolio dashboard ' },
    });
    fireEvent.click(screen.getByRole('radio', { name: 'Read and write' }));
    fireEvent.change(screen.getByRole('combobox', { name: 'Expires after' }), { target: { value: '730' } });
    // One property only: the token sees and changes that property, nothing else.
    expect(screen.getByRole('combobox', { name: 'Property' })).toHaveProperty('value', '');
    fireEvent.change(screen.getByRole('combobox', { name: 'Property' }), {
      target: { value: PROPERTIES[0]?.id },
    });
    const before = listCalls(calls);
    fireEvent.click(screen.getByRole('button', { name: 'Create token' }));
    await waitFor(() =>
      expect(calls.find((call) => call.path === 'apiTokens.create')?.input).toEqual({
        name: 'Portfolio dashboard',
        scope: 'read_write',
        expiresInDays: 730,
        propertyId: PROPERTIES[0]?.id,
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Your new API token' });
    expect(within(dialog).getByRole('textbox', { name: 'Token' })).toHaveProperty('value', SECRET);
    expect(within(dialog).getByText(/it will not be shown again/)).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Copy token' })).toBeTruthy();
    // The list is asked again, and the form is empty for the next one.
    await waitFor(() => expect(listCalls(calls)).toBeGreaterThan(before));
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveProperty('value', '');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Your new API token' })).toBeNull());
    expect(screen.queryByDisplayValue(SECRET)).toBeNull();
  });

  it("shows the server's refusal of a new token", async () => {
    await renderSection('owner', {
      refusals: {
        'apiTokens.create': {
          message: 'An API token cannot do this: sign in to the app',
          code: 'FORBIDDEN',
          httpStatus: 403,
        },
      },
    });
    await screen.findByRole('article', { name: USED.name });
    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: 'CI' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create token' }));
    await screen.findByText('An API token cannot do this: sign in to the app');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('asks before revoking, then revokes and asks for the list again', async () => {
    const calls = await renderSection('member');
    await screen.findByRole('article', { name: USED.name });
    fireEvent.click(screen.getByRole('button', { name: `Revoke ${USED.name}` }));
    let dialog = await screen.findByRole('dialog', { name: 'Revoke token' });
    expect(within(dialog).getByText(/stops working at once/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Revoke token' })).toBeNull());
    expect(calls.some((call) => call.path === 'apiTokens.revoke')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: `Revoke ${USED.name}` }));
    dialog = await screen.findByRole('dialog', { name: 'Revoke token' });
    const before = listCalls(calls);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    await waitFor(() =>
      expect(calls.find((call) => call.path === 'apiTokens.revoke')?.input).toEqual({ id: USED.id }),
    );
    await waitFor(() => expect(listCalls(calls)).toBeGreaterThan(before));
    await screen.findByText(`${USED.name} was revoked: it no longer works`);
  });

  it("shows the server's refusal of a revoke and keeps the dialog open", async () => {
    await renderSection('owner', {
      refusals: {
        'apiTokens.revoke': { message: 'API token not found', code: 'NOT_FOUND', httpStatus: 404 },
      },
    });
    await screen.findByRole('article', { name: UNUSED.name });
    fireEvent.click(screen.getByRole('button', { name: `Revoke ${UNUSED.name}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke token' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    await screen.findByText('API token not found');
    expect(screen.getByRole('dialog', { name: 'Revoke token' })).toBeTruthy();
  });

  it('lets a viewer manage their own tokens (the server allows every role) and says a token of theirs only reads', async () => {
    const calls = await renderSection('viewer');
    await screen.findByRole('article', { name: USED.name });
    expect(screen.getByRole('button', { name: 'Create token' })).toBeTruthy();
    expect(screen.getByRole('button', { name: `Revoke ${USED.name}` })).toBeTruthy();
    expect(screen.getByText('Your role only reads, so any token of yours only reads too.')).toBeTruthy();
    expect(calls.some((call) => call.path === 'apiTokens.list')).toBe(true);
  });
});
