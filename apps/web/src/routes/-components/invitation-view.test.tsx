import type { AppRouter } from '@propertydna/api/router';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { TRPCLink } from '@trpc/client';
import { observable } from '@trpc/server/observable';
import { afterEach, describe, expect, it } from 'vitest';
import { AuthProvider, useAuth } from '../../lib/auth';
import { AUTH_TOKEN_KEY, createQueryClient, trpc } from '../../lib/trpc';
import { renderWithRouter } from '../../test/render';
import { InvitationContent } from './invitation-view';

const ORGANIZATION = {
  accountType: 'company',
  plan: 'free',
  trialEndsAt: null,
  registrationNumber: null,
  vatNumber: null,
  companyType: null,
  tradingAs: null,
  businessAddress: null,
  specialties: [],
  isDemo: false,
};
const USER = {
  id: 'u2',
  email: 'sipho@example.co.za',
  firstName: 'Sipho',
  lastName: 'Dlamini',
  phone: null,
  email_verified: true,
  pending_email: null,
};
/** Before joining: a homeowner alone in an organisation of their own. */
const BEFORE = {
  user: { ...USER, role: 'owner', userType: 'homeowner' },
  organization: { ...ORGANIZATION, id: 'o-own', name: 'Sipho Dlamini', accountType: 'individual' },
};
/** After: a viewer of the property manager's organisation, on its trial. */
const AFTER = {
  user: { ...USER, role: 'viewer', userType: 'property_manager' },
  organization: { ...ORGANIZATION, id: 'o1', name: 'Mokoena Managed Homes', plan: 'premium' },
};

/** Only the transport is faked: auth.me answers the session as the server has it, joined or not. */
function fakeApi(calls: string[]) {
  let joined = false;
  const answer = (path: string): unknown => {
    switch (path) {
      case 'auth.me':
        return joined ? AFTER : BEFORE;
      case 'invitations.view':
        return {
          organizationName: 'Mokoena Managed Homes',
          inviterName: 'Thandiwe Mokoena',
          role: 'viewer',
          email: USER.email,
          expires_at: '2026-12-12T08:00:00.000Z',
        };
      case 'invitations.accept':
        joined = true;
        return {
          ok: true,
          message: 'You joined Mokoena Managed Homes',
          member: { ...USER, role: 'viewer' },
        };
      default:
        return null;
    }
  };
  const link: TRPCLink<AppRouter> =
    () =>
    ({ op }) =>
      observable((observer) => {
        calls.push(op.path);
        observer.next({ result: { type: 'data', data: answer(op.path) } });
        observer.complete();
      });
  return trpc.createClient({ links: [link] });
}

/** What the rest of the app reads of the session. */
function SessionProbe() {
  const { user, organization } = useAuth();
  return (
    <p data-testid="session">
      {user ? `${user.role} ${user.userType} in ${organization?.name} on ${organization?.plan}` : 'none'}
    </p>
  );
}

afterEach(() => localStorage.clear());

describe('InvitationContent (issue 29 §2)', () => {
  it('joins, then the session is the organisation joined with the role given, not the one left', async () => {
    localStorage.setItem(AUTH_TOKEN_KEY, 'session-token');
    const calls: string[] = [];
    const queryClient = createQueryClient();
    await renderWithRouter(
      <trpc.Provider client={fakeApi(calls)} queryClient={queryClient}>
        <QueryClientProvider client={queryClient}>
          <AuthProvider>
            <InvitationContent token="invite-token" />
            <SessionProbe />
          </AuthProvider>
        </QueryClientProvider>
      </trpc.Provider>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Join Mokoena Managed Homes' }));
    await waitFor(() =>
      expect(screen.getByTestId('session').textContent).toBe(
        'viewer property_manager in Mokoena Managed Homes on premium',
      ),
    );
    expect(calls.slice(calls.indexOf('invitations.accept'))).toContain('auth.me');
  });
});
