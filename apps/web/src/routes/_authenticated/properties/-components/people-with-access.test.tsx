import type { AppRouter } from '@propertydna/api/router';
import type { OrganizationRole } from '@propertydna/domain';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TRPCLink } from '@trpc/client';
import { observable } from '@trpc/server/observable';
import { afterEach, describe, expect, it } from 'vitest';
import { AuthProvider, useAuth } from '../../../../lib/auth';
import { AUTH_TOKEN_KEY, createQueryClient, trpc } from '../../../../lib/trpc';
import { meAnswer } from '../../../../test/me';
import { renderWithRouter } from '../../../../test/render';
import { PeopleWithAccess, PeopleWithAccessToggle } from './people-with-access';

const PROPERTY_ID = 'a0000000-0000-4000-8000-000000000001';

const GRANT = {
  id: 'c0000000-0000-4000-8000-000000000001',
  propertyId: PROPERTY_ID,
  email: 'conveyancer@example.co.za',
  role: 'conveyancer',
  scope: 'documents_and_compliance',
  status: 'active',
  granteeName: 'Sipho Dlamini',
  grantedBy: 'Thandiwe Mokoena',
  created_at: '2026-11-28T08:00:00.000Z',
  expires_at: '2027-02-26T08:00:00.000Z',
  accepted_at: '2026-11-28T09:00:00.000Z',
  revoked_at: null,
};

const ENDED = {
  ...GRANT,
  id: 'c0000000-0000-4000-8000-000000000002',
  email: 'broker@example.co.za',
  role: 'insurance_broker',
  scope: 'documents_only',
  status: 'revoked',
  granteeName: null,
  accepted_at: null,
  revoked_at: '2026-11-20T08:00:00.000Z',
};

/** Only the transport is faked; every call is recorded. */
function fakeApi(role: OrganizationRole, calls: { path: string; input: unknown }[]) {
  const answers: Record<string, unknown> = {
    'auth.me': meAnswer(role, {
      user: { userType: 'individual_owner' },
      organization: { accountType: 'individual' },
    }),
    'grants.list': [GRANT, ENDED],
    'grants.create': {
      ...GRANT,
      id: 'c0000000-0000-4000-8000-000000000003',
      email: 'tenant@example.co.za',
      role: 'tenant',
      scope: 'documents_only',
      status: 'pending',
      granteeName: null,
      accepted_at: null,
    },
    'grants.revoke': { ok: true },
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

/** Says when the session is known, so a test can wait for the role to be read. */
function SessionStatus() {
  return <span data-testid="session">{useAuth().status}</span>;
}

async function renderPanel(role: OrganizationRole) {
  localStorage.setItem(AUTH_TOKEN_KEY, 'session-token');
  const calls: { path: string; input: unknown }[] = [];
  const queryClient = createQueryClient();
  await renderWithRouter(
    <trpc.Provider client={fakeApi(role, calls)} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <AuthProvider>
          <SessionStatus />
          <PeopleWithAccessToggle opened controls="panel" onToggle={() => undefined} />
          <PeopleWithAccess id="panel" propertyId={PROPERTY_ID} />
        </AuthProvider>
      </QueryClientProvider>
    </trpc.Provider>,
  );
  await waitFor(() => expect(screen.getByTestId('session').textContent).toBe('authenticated'));
  return calls;
}

afterEach(() => localStorage.clear());

describe('PeopleWithAccess (issue 29 §3)', () => {
  it('lists who has, or had, access, with role, scope, state and expiry', async () => {
    const calls = await renderPanel('owner');
    const panel = within(await screen.findByRole('region', { name: 'People with access' }));
    expect(screen.getByRole('button', { name: 'People with access' }).getAttribute('aria-expanded')).toBe(
      'true',
    );
    expect(await panel.findByText('Sipho Dlamini (conveyancer@example.co.za)')).toBeTruthy();
    expect(panel.getByText('Active')).toBeTruthy();
    expect(panel.getByText('Conveyancer · Documents and compliance · until Feb 26, 2027')).toBeTruthy();
    expect(panel.getByText('broker@example.co.za')).toBeTruthy();
    expect(panel.getByText('Revoked')).toBeTruthy();
    // An ended grant has nothing left to revoke.
    expect(panel.queryByRole('button', { name: 'Revoke access for broker@example.co.za' })).toBeNull();
    expect(calls.find((call) => call.path === 'grants.list')?.input).toEqual({ id: PROPERTY_ID });
  });

  it('grants access by email with role, scope and days, checked by the domain schema first', async () => {
    const calls = await renderPanel('admin');
    const form = within(await screen.findByRole('form', { name: 'Grant access' }));
    fireEvent.change(form.getByRole('textbox', { name: 'Email' }), { target: { value: 'not an address' } });
    fireEvent.click(form.getByRole('button', { name: 'Grant access' }));
    await form.findByText(/email/i, { selector: '.mantine-TextInput-error' });
    expect(calls.some((call) => call.path === 'grants.create')).toBe(false);

    fireEvent.change(form.getByRole('textbox', { name: 'Email' }), {
      target: { value: 'Tenant@Example.co.za' },
    });
    fireEvent.change(form.getByRole('combobox', { name: 'Role' }), { target: { value: 'tenant' } });
    fireEvent.change(form.getByRole('combobox', { name: 'Sees' }), { target: { value: 'documents_only' } });
    fireEvent.change(form.getByRole('textbox', { name: 'Days' }), { target: { value: '30' } });
    fireEvent.click(form.getByRole('button', { name: 'Grant access' }));
    await waitFor(() =>
      expect(calls.find((call) => call.path === 'grants.create')?.input).toEqual({
        propertyId: PROPERTY_ID,
        email: 'tenant@example.co.za',
        role: 'tenant',
        scope: 'documents_only',
        expiresInDays: 30,
      }),
    );
    expect(await screen.findByText(/We sent tenant@example.co.za a link/)).toBeTruthy();
  });

  it('revokes after a confirmation', async () => {
    const calls = await renderPanel('owner');
    fireEvent.click(
      await screen.findByRole('button', { name: 'Revoke access for conveyancer@example.co.za' }),
    );
    const dialog = within(await screen.findByRole('dialog', { name: 'Revoke access' }));
    expect(calls.some((call) => call.path === 'grants.revoke')).toBe(false);
    fireEvent.click(dialog.getByRole('button', { name: 'Revoke' }));
    await waitFor(() =>
      expect(calls.find((call) => call.path === 'grants.revoke')?.input).toEqual({
        id: PROPERTY_ID,
        grantId: GRANT.id,
      }),
    );
  });

  for (const role of ['member', 'viewer'] as const) {
    it(`is hidden from a ${role}, who asks the server for no grants`, async () => {
      const calls = await renderPanel(role);
      expect(screen.queryByRole('button')).toBeNull();
      expect(screen.queryByRole('region', { name: 'People with access' })).toBeNull();
      expect(calls.some((call) => call.path.startsWith('grants.'))).toBe(false);
    });
  }
});
