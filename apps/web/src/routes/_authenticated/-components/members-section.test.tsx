import type { AppRouter } from '@propertydna/api/router';
import type { OrganizationRole } from '@propertydna/domain';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { TRPCLink } from '@trpc/client';
import { observable } from '@trpc/server/observable';
import { afterEach, describe, expect, it } from 'vitest';
import { AuthProvider } from '../../../lib/auth';
import { AUTH_TOKEN_KEY, createQueryClient, trpc } from '../../../lib/trpc';
import { renderWithRouter } from '../../../test/render';
import { MembersSection } from './members-section';

const MEMBERS = [
  { id: 'u1', email: 'thandiwe@example.co.za', firstName: 'Thandiwe', lastName: 'Mokoena', role: 'owner' },
  { id: 'u2', email: 'sipho@example.co.za', firstName: 'Sipho', lastName: 'Dlamini', role: 'viewer' },
] as const;

/** Only the transport is faked; every call is recorded. */
function fakeApi(role: OrganizationRole, calls: { path: string; input: unknown }[]) {
  const me = MEMBERS.find((member) => member.role === role) ?? MEMBERS[0];
  const answers: Record<string, unknown> = {
    'auth.me': {
      user: {
        ...me,
        role,
        userType: 'company_investor',
        phone: null,
        email_verified: true,
        pending_email: null,
      },
      organization: {
        id: 'o1',
        name: 'Mokoena Holdings',
        accountType: 'company',
        plan: 'premium',
        trialEndsAt: null,
        registrationNumber: null,
        vatNumber: null,
        companyType: null,
        tradingAs: null,
        businessAddress: null,
        specialties: [],
        isDemo: false,
      },
    },
    'organization.members': MEMBERS,
    'organization.invites': [],
    'organization.invite': {
      id: 'i1',
      email: 'new@example.co.za',
      role: 'viewer',
      invitedBy: 'Thandiwe Mokoena',
      created_at: '2026-11-28T08:00:00.000Z',
      expires_at: '2026-12-12T08:00:00.000Z',
    },
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
          <MembersSection />
        </AuthProvider>
      </QueryClientProvider>
    </trpc.Provider>,
  );
  await screen.findByText('sipho@example.co.za');
  return calls;
}

afterEach(() => localStorage.clear());

describe('MembersSection (issue 29)', () => {
  it('shows a viewer the members and their roles, and why they cannot manage them', async () => {
    const calls = await renderSection('viewer');
    expect(screen.getByText('Owner')).toBeTruthy();
    expect(screen.getByText(/Viewers can read but not change anything/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Send invite' })).toBeNull();
    expect(screen.queryByRole('combobox', { name: /Role of/ })).toBeNull();
    expect(calls.some((call) => call.path === 'organization.invites')).toBe(false);
  });

  it('lets the owner change a role and invite a colleague by email with a role', async () => {
    const calls = await renderSection('owner');
    const role = screen.getByRole('combobox', { name: 'Role of Sipho Dlamini' });
    fireEvent.change(role, { target: { value: 'member' } });
    await waitFor(() =>
      expect(calls.find((call) => call.path === 'organization.changeRole')?.input).toEqual({
        id: 'u2',
        role: 'member',
      }),
    );
    fireEvent.change(screen.getByRole('textbox', { name: 'Email' }), {
      target: { value: 'New@Example.co.za' },
    });
    fireEvent.change(screen.getByRole('combobox', { name: 'Role' }), { target: { value: 'viewer' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send invite' }));
    await waitFor(() =>
      expect(calls.find((call) => call.path === 'organization.invite')?.input).toEqual({
        email: 'new@example.co.za',
        role: 'viewer',
      }),
    );
  });
});
