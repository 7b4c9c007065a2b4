import type { AppRouter } from '@propertydna/api/router';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { TRPCClientError, type TRPCLink } from '@trpc/client';
import { observable } from '@trpc/server/observable';
import { afterEach, describe, expect, it } from 'vitest';
import { AuthProvider } from '../lib/auth';
import { createQueryClient, trpc } from '../lib/trpc';
import { renderWithRouter } from '../test/render';
import { AccountClosedView } from './account-closed-view';
import { LoginScreen } from './login-screen';

const DELETE_AFTER = '2026-12-28T10:00:00.000Z';
const ME = {
  user: {
    id: 'u1',
    email: 'thandiwe@example.co.za',
    firstName: 'Thandiwe',
    lastName: 'Mokoena',
    role: 'owner',
    userType: 'homeowner',
    phone: null,
    email_verified: true,
    pending_email: null,
  },
  organization: {
    id: 'o1',
    name: 'Thandiwe Mokoena',
    accountType: 'individual',
    plan: 'free',
    trialEndsAt: null,
    registrationNumber: null,
    vatNumber: null,
    companyType: null,
    tradingAs: null,
    businessAddress: null,
    specialties: [],
    isDemo: false,
  },
};

/** Sign-in answers 403 "Your account is closed" with the server's details; Reopen answers a session. */
function fakeApi(canReopen: boolean, calls: { path: string; input: unknown }[]) {
  const link: TRPCLink<AppRouter> =
    () =>
    ({ op }) =>
      observable((observer) => {
        calls.push({ path: op.path, input: op.input });
        if (op.path === 'auth.login') {
          observer.error(
            TRPCClientError.from({
              error: {
                message: canReopen
                  ? 'Your account is closed'
                  : 'Your organisation’s account is closed. Only its owner can reopen it.',
                code: -32603,
                data: {
                  code: 'FORBIDDEN',
                  httpStatus: 403,
                  details: { accountClosed: true, deleteAfter: DELETE_AFTER, canReopen },
                },
              },
            }),
          );
          return;
        }
        const data =
          op.path === 'closing.reopen'
            ? { ...ME, token: 'new-session' }
            : op.path === 'auth.me'
              ? ME
              : { ok: true };
        observer.next({ result: { type: 'data', data } });
        observer.complete();
      });
  return trpc.createClient({ links: [link] });
}

async function signIn(canReopen: boolean) {
  const calls: { path: string; input: unknown }[] = [];
  const queryClient = createQueryClient();
  const { router } = await renderWithRouter(
    <trpc.Provider client={fakeApi(canReopen, calls)} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <AuthProvider>
          <LoginScreen />
        </AuthProvider>
      </QueryClientProvider>
    </trpc.Provider>,
    '/login',
  );
  fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'thandiwe@example.co.za' } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'a long password' } });
  fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
  await screen.findByRole('heading', { name: 'Your account is closed' });
  return { calls, router };
}

afterEach(() => localStorage.clear());

describe('a closed account at sign-in (issue 31 §2)', () => {
  it("shows the owner 'Your account is closed' with Reopen instead of the app; Reopen sends the same credentials and opens the app", async () => {
    const { calls, router } = await signIn(true);
    expect(screen.getByText(/Nothing has been deleted yet/).textContent).toContain('Dec 28, 2026');
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Reopen' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app'));
    expect(calls.find((call) => call.path === 'closing.reopen')?.input).toEqual({
      email: 'thandiwe@example.co.za',
      password: 'a long password',
    });
  });

  it('tells a member who is not an owner that only the owner can reopen, and goes back to the form', async () => {
    const { calls } = await signIn(false);
    expect(screen.getByText(/Only its owner can reopen it/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Reopen' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Back to login' }));
    expect(await screen.findByRole('button', { name: 'Log in' })).toBeTruthy();
    expect(calls.some((call) => call.path === 'closing.reopen')).toBe(false);
  });

  it('the closed page says until when the owner can change their mind', async () => {
    await renderWithRouter(<AccountClosedView until={DELETE_AFTER} />);
    expect(screen.getByRole('heading', { name: 'Your account is closed' })).toBeTruthy();
    expect(screen.getByText(/Until Dec 28, 2026 you can change your mind/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to sign in' }).getAttribute('href')).toBe('/login');
  });
});
