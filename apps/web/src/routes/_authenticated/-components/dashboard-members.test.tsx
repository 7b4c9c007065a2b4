import type { AppRouter } from '@propertydna/api/router';
import { type OrganizationRole, USER_TYPES, type UserType } from '@propertydna/domain';
import { QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import type { TRPCLink } from '@trpc/client';
import { observable } from '@trpc/server/observable';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { AuthProvider } from '../../../lib/auth';
import { AUTH_TOKEN_KEY, createQueryClient, trpc } from '../../../lib/trpc';
import { meAnswer } from '../../../test/me';
import { renderWithRouter } from '../../../test/render';
import { DashboardMembers, showsMembersPanel } from './dashboard-members';
import { DashboardView } from './dashboard-page';

const MEMBERS = [
  { id: 'u1', email: 'thandiwe@example.co.za', firstName: 'Thandiwe', lastName: 'Mokoena', role: 'owner' },
  { id: 'u2', email: 'sipho@example.co.za', firstName: 'Sipho', lastName: 'Dlamini', role: 'viewer' },
] as const;

const INVITE = {
  id: 'i1',
  email: 'lerato@example.co.za',
  role: 'member',
  invitedBy: 'Thandiwe Mokoena',
  created_at: '2026-11-28T08:00:00.000Z',
  expires_at: '2026-12-12T08:00:00.000Z',
};

/** Only the transport is faked; every call is recorded. */
function fakeApi(role: OrganizationRole, calls: string[], invites: unknown[]) {
  const me = MEMBERS.find((member) => member.role === role) ?? MEMBERS[0];
  const answers: Record<string, unknown> = {
    'auth.me': meAnswer(role, {
      user: { ...me, role, userType: 'property_manager' },
      organization: { name: 'Mokoena Managed Homes' },
    }),
    'organization.members': MEMBERS,
    'organization.invites': invites,
  };
  const link: TRPCLink<AppRouter> =
    () =>
    ({ op }) =>
      observable((observer) => {
        calls.push(op.path);
        observer.next({ result: { type: 'data', data: answers[op.path] } });
        observer.complete();
      });
  return trpc.createClient({ links: [link] });
}

async function renderSignedIn(role: OrganizationRole, ui: ReactElement, invites: unknown[] = [INVITE]) {
  localStorage.setItem(AUTH_TOKEN_KEY, 'session-token');
  const calls: string[] = [];
  const queryClient = createQueryClient();
  await renderWithRouter(
    <trpc.Provider client={fakeApi(role, calls, invites)} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <AuthProvider>{ui}</AuthProvider>
      </QueryClientProvider>
    </trpc.Provider>,
  );
  return calls;
}

afterEach(() => localStorage.clear());

describe('showsMembersPanel (issue 29 §5)', () => {
  it('is for the company accounts with a portfolio only', () => {
    expect(USER_TYPES.filter(showsMembersPanel)).toEqual(['company_investor', 'property_manager']);
  });
});

describe('DashboardMembers (issue 29 §5)', () => {
  it('shows an owner the members with their roles, the invitations waiting and the way to manage them', async () => {
    const calls = await renderSignedIn('owner', <DashboardMembers />);
    const panel = await screen.findByRole('region', { name: 'Members' });
    const list = await within(panel).findByRole('list', { name: 'Members and their roles' });
    const rows = within(list)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(rows).toEqual(['Thandiwe MokoenaOwner', 'Sipho DlaminiViewer']);
    expect(await within(panel).findByText('1 invitation waiting')).toBeTruthy();
    expect(
      within(panel).getByRole('link', { name: 'Manage members and invitations' }).getAttribute('href'),
    ).toBe('/account#account-members');
    expect(calls).toContain('organization.invites');
  });

  it('counts several invitations waiting', async () => {
    await renderSignedIn('owner', <DashboardMembers />, [INVITE, { ...INVITE, id: 'i2' }]);
    expect(await screen.findByText('2 invitations waiting')).toBeTruthy();
  });

  it('says when no invitation is waiting', async () => {
    await renderSignedIn('owner', <DashboardMembers />, []);
    expect(await screen.findByText('0 invitations waiting')).toBeTruthy();
  });

  it('shows a viewer the members and why they cannot manage them, without asking for the invitations', async () => {
    const calls = await renderSignedIn('viewer', <DashboardMembers />);
    const panel = await screen.findByRole('region', { name: 'Members' });
    await within(panel).findByText('Sipho Dlamini');
    expect(within(panel).getByText('Viewers can read but not change anything.')).toBeTruthy();
    expect(within(panel).queryByRole('link')).toBeNull();
    expect(within(panel).queryByText(/invitations? waiting/)).toBeNull();
    expect(calls).not.toContain('organization.invites');
  });
});

describe('DashboardView for a viewer (issue 29 §1)', () => {
  it('keeps Get Started in place but disabled, with the reason', async () => {
    await renderSignedIn(
      'viewer',
      <DashboardView
        userType={'property_manager' satisfies UserType}
        firstName="Sipho"
        portfolio={{ properties: [], loading: false }}
      />,
    );
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Get Started' }).getAttribute('aria-disabled')).toBe('true'),
    );
    expect(screen.getByText('Viewers can read but not change anything', { selector: 'span' })).toBeTruthy();
  });
});
