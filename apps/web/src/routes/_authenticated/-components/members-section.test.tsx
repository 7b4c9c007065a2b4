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
import { MembersSection, ONLY_OWNER_NOTE } from './members-section';

interface FakeMember {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  role: OrganizationRole;
}

const MEMBERS: readonly FakeMember[] = [
  { id: 'u1', email: 'thandiwe@example.co.za', firstName: 'Thandiwe', lastName: 'Mokoena', role: 'owner' },
  { id: 'u2', email: 'sipho@example.co.za', firstName: 'Sipho', lastName: 'Dlamini', role: 'viewer' },
];

/** A second owner besides Thandiwe. */
const CO_OWNER: FakeMember = {
  id: 'u3',
  email: 'a.very.long.address.of.the.co-owner@mokoena-managed-homes.example.co.za',
  firstName: 'Naledi',
  lastName: 'Mokoena',
  role: 'owner',
};

/** Only the transport is faked; every call is recorded. */
function fakeApi(
  role: OrganizationRole,
  calls: { path: string; input: unknown }[],
  members: readonly FakeMember[] = MEMBERS,
) {
  const me = members.find((member) => member.role === role) ?? members[0];
  const answers: Record<string, unknown> = {
    'auth.me': meAnswer(role, { user: { ...me, role } }),
    'organization.members': members,
    'closing.leave': { ok: true },
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

async function renderSection(role: OrganizationRole, members: readonly FakeMember[] = MEMBERS) {
  localStorage.setItem(AUTH_TOKEN_KEY, 'session-token');
  const calls: { path: string; input: unknown }[] = [];
  const queryClient = createQueryClient();
  await renderWithRouter(
    <trpc.Provider client={fakeApi(role, calls, members)} queryClient={queryClient}>
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

  it('offers the only owner no role change and no leaving on their own row, and says why', async () => {
    const calls = await renderSection('owner');
    await screen.findByText('Thandiwe Mokoena (you)');
    expect(screen.queryByRole('combobox', { name: 'Role of Thandiwe Mokoena' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Remove Thandiwe Mokoena' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Leave/ })).toBeNull();
    const own = screen.getByText('Thandiwe Mokoena (you)').closest('tr') as HTMLElement;
    expect(within(own).getByText(ONLY_OWNER_NOTE)).toBeTruthy();
    expect(within(own).getByText('Owner')).toBeTruthy();
    // Everyone else stays in the owner's hands.
    expect(screen.getByRole('combobox', { name: 'Role of Sipho Dlamini' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Remove Sipho Dlamini' })).toBeTruthy();
    expect(calls.some((call) => call.path === 'organization.removeMember')).toBe(false);
  });

  it('lets an owner with a co-owner change their own role or leave (the server allows it)', async () => {
    const calls = await renderSection('owner', [...MEMBERS, CO_OWNER]);
    await screen.findByText('Thandiwe Mokoena (you)');
    expect(screen.queryByText(ONLY_OWNER_NOTE)).toBeNull();
    expect(screen.getByRole('combobox', { name: 'Role of Thandiwe Mokoena' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Remove Thandiwe Mokoena' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Leave Mokoena Holdings' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave organisation' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(calls.some((call) => call.path === 'closing.leave')).toBe(true));
    expect(calls.some((call) => call.path === 'organization.removeMember')).toBe(false);
  });

  it('labels every cell with its column, so that on a phone each member is a card with the email on a line of its own', async () => {
    await renderSection('owner', [...MEMBERS, CO_OWNER]);
    const email = await screen.findByText(CO_OWNER.email);
    const row = email.closest('tr') as HTMLElement;
    expect(Array.from(row.querySelectorAll('td')).map((cell) => cell.getAttribute('data-label'))).toEqual([
      'Name',
      'Email',
      'Role',
      'Actions',
    ]);
    // Broken only where the line is full, never anywhere (which squeezes the column to a letter).
    expect(email.style.overflowWrap).not.toBe('anywhere');
    expect(email.style.wordBreak).toBe('break-word');
    // Not Mantine's scroll container, which keeps the table wide and scrolls it sideways on a phone.
    expect(document.querySelector('.mantine-ScrollArea-root')).toBeNull();
  });
});
