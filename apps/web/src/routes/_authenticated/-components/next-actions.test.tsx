import type { AppRouter } from '@propertydna/api/router';
import type { OrganizationRole } from '@propertydna/domain';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, within } from '@testing-library/react';
import type { TRPCLink } from '@trpc/client';
import { observable } from '@trpc/server/observable';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { AuthProvider, useOptionalAuth } from '../../../lib/auth';
import { AUTH_TOKEN_KEY, createQueryClient, trpc } from '../../../lib/trpc';
import { meAnswer } from '../../../test/me';
import { renderWithRouter } from '../../../test/render';
import { type NextActionsData, NextActionsList } from './next-actions';
import { dnaCodeStyle } from './property-card';

const item = (
  id: string,
  level: 'critical' | 'high' | 'medium' | 'low',
  title: string,
  kind: 'upload' | 'book_provider' | 'mark_done',
  tab: 'vault' | 'escalation' | 'actions',
  label: string,
): NextActionsData['items'][number] => ({
  id,
  level,
  title,
  reason: `Why ${title}`,
  property: { id: `p-${id}`, name: `Property ${id}` },
  due_date: null,
  overdue: false,
  action: { kind, label, tab },
  reminder_id: null,
});

/** Says who is signed in once the session is known, so a test can wait for it. */
function SignedIn() {
  const user = useOptionalAuth()?.user;
  return user ? <p>Signed in as {user.role}</p> : null;
}

/** `ui` signed in as a member with `role` (only the transport answering auth.me is faked). */
function signedInAs(role: OrganizationRole, ui: ReactElement) {
  localStorage.setItem(AUTH_TOKEN_KEY, 'session-token');
  const me = meAnswer(role, {
    user: {
      email: 'sipho@example.co.za',
      firstName: 'Sipho',
      lastName: 'Dlamini',
      userType: 'property_manager',
    },
    organization: { name: 'Mokoena Managed Homes' },
  });
  const link: TRPCLink<AppRouter> =
    () =>
    ({ op }) =>
      observable((observer) => {
        observer.next({ result: { type: 'data', data: op.path === 'auth.me' ? me : undefined } });
        observer.complete();
      });
  const queryClient = createQueryClient();
  return (
    <trpc.Provider client={trpc.createClient({ links: [link] })} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <AuthProvider>
          <SignedIn />
          {ui}
        </AuthProvider>
      </QueryClientProvider>
    </trpc.Provider>
  );
}

afterEach(() => localStorage.clear());

const THREE_KINDS: NextActionsData = {
  items: [
    item('a', 'critical', 'Expired insurance policy', 'upload', 'vault', 'Upload'),
    item('b', 'high', 'No electrical certificate', 'book_provider', 'escalation', 'Book a provider'),
    item('c', 'medium', 'Service the geyser', 'mark_done', 'actions', 'Mark done'),
  ],
  total: 3,
};

describe('NextActionsList', () => {
  it('offers a viewer no action: each button stays, disabled, with the reason on focus (issue 29 §1)', async () => {
    const { router } = await renderWithRouter(
      signedInAs('viewer', <NextActionsList data={THREE_KINDS} loading={false} />),
    );
    await screen.findByText('Signed in as viewer');
    const upload = screen.getByRole('link', { name: 'Upload: Expired insurance policy, Property a' });
    for (const action of [
      upload,
      screen.getByRole('link', { name: 'Book a provider: No electrical certificate, Property b' }),
      screen.getByRole('link', { name: 'Mark done: Service the geyser, Property c' }),
    ]) {
      expect(action.getAttribute('aria-disabled')).toBe('true');
      const described = document.getElementById(action.getAttribute('aria-describedby') ?? '');
      expect(described?.textContent).toBe('Viewers can read but not change anything');
    }
    fireEvent.focus(upload);
    expect((await screen.findByRole('tooltip')).textContent).toBe('Viewers can read but not change anything');
    fireEvent.click(upload);
    expect(router.state.location.pathname).toBe('/');
  });

  it('offers a member every action as it is', async () => {
    await renderWithRouter(signedInAs('member', <NextActionsList data={THREE_KINDS} loading={false} />));
    await screen.findByText('Signed in as member');
    const upload = screen.getByRole('link', { name: 'Upload: Expired insurance policy, Property a' });
    expect(upload.getAttribute('aria-disabled')).toBeNull();
    expect(
      screen
        .getByRole('link', { name: 'Mark done: Service the geyser, Property c' })
        .getAttribute('aria-disabled'),
    ).toBeNull();
  });

  it('lists the items in the order given, each with its level, reason, property and one action opening its tab', async () => {
    const data: NextActionsData = {
      items: [
        item('a', 'critical', 'Expired insurance policy', 'upload', 'vault', 'Upload'),
        item('b', 'high', 'Service the geyser', 'mark_done', 'actions', 'Mark done'),
      ],
      total: 2,
    };
    await renderWithRouter(<NextActionsList data={data} loading={false} />);
    const rows = within(await screen.findByRole('list')).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/^CriticalExpired insurance policyProperty aWhy Expired insurance policyUpload$/),
      expect.stringMatching(/^HighService the geyserProperty bWhy Service the geyserMark done$/),
    ]);
    const upload = screen.getByRole('link', { name: 'Upload: Expired insurance policy, Property a' });
    expect(upload.getAttribute('href')).toBe('/properties/p-a?tab=vault');
    const done = screen.getByRole('link', { name: 'Mark done: Service the geyser, Property b' });
    expect(done.getAttribute('href')).toBe('/properties/p-b?tab=actions');
  });

  it('shows the first five and counts the rest; says when nothing needs doing; loading and unavailable', async () => {
    const many = Array.from({ length: 7 }, (_, index) =>
      item(String(index), 'medium', `Gap ${index}`, 'book_provider', 'escalation', 'Book a provider'),
    );
    const { unmount } = await renderWithRouter(
      <NextActionsList data={{ items: many, total: 9 }} loading={false} />,
    );
    expect(await screen.findAllByRole('link', { name: /^Book a provider/ })).toHaveLength(5);
    expect(screen.getByText(/And 4 more/)).toBeTruthy();
    unmount();
    const empty = await renderWithRouter(<NextActionsList data={{ items: [], total: 0 }} loading={false} />);
    expect(await screen.findByText('Nothing needs doing now: every property is in order.')).toBeTruthy();
    empty.unmount();
    const loading = await renderWithRouter(<NextActionsList data={undefined} loading />);
    expect(await screen.findByRole('status', { name: 'Loading what to do next' })).toBeTruthy();
    loading.unmount();
    await renderWithRouter(<NextActionsList data={undefined} loading={false} />);
    expect(await screen.findByText('What to do next is unavailable right now.')).toBeTruthy();
  });
});

describe('dnaCodeStyle', () => {
  it('keeps a DNA code on one line; a very long one breaks only between its parts', () => {
    expect(dnaCodeStyle('PDNA-ZA-CPT-A123-2026-7K3Q9X')).toEqual({ whiteSpace: 'nowrap' });
    expect(dnaCodeStyle('PDNA-ZA-CPT-VERYLONGPARCEL1234-UNIT12A-2026-7K3Q9X')).toEqual({
      wordBreak: 'keep-all',
      overflowWrap: 'normal',
    });
  });
});
