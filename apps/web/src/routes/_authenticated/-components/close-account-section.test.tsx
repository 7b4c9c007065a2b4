import type { AppRouter } from '@propertydna/api/router';
import type { OrganizationRole } from '@propertydna/domain';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { TRPCClientError, type TRPCLink } from '@trpc/client';
import { observable } from '@trpc/server/observable';
import { afterEach, describe, expect, it } from 'vitest';
import { AuthProvider } from '../../../lib/auth';
import { AUTH_TOKEN_KEY, createQueryClient, trpc } from '../../../lib/trpc';
import { meAnswer } from '../../../test/me';
import { renderWithRouter } from '../../../test/render';
import { CloseAccountSection } from './close-account-section';

const DELETE_AFTER = '2026-12-28T10:00:00.000Z';

/** Only the transport is faked; every call is recorded. A wrong password is refused as the server does. */
function fakeApi(role: OrganizationRole, calls: { path: string; input: unknown }[]) {
  const answers: Record<string, unknown> = {
    'auth.me': meAnswer(role, {
      user: { userType: 'homeowner' },
      organization: { accountType: 'individual' },
    }),
    'closing.close': { closedAt: '2026-11-28T10:00:00.000Z', deleteAfter: DELETE_AFTER },
    'closing.leave': { ok: true },
    'auth.logout': { ok: true },
  };
  const link: TRPCLink<AppRouter> =
    () =>
    ({ op }) =>
      observable((observer) => {
        calls.push({ path: op.path, input: op.input });
        if (
          op.path === 'closing.close' &&
          (op.input as { password: string }).password !== 'a long password'
        ) {
          observer.error(
            TRPCClientError.from({
              error: {
                message: 'Incorrect password',
                code: -32600,
                data: { code: 'BAD_REQUEST', httpStatus: 400 },
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

async function renderSection(role: OrganizationRole) {
  localStorage.setItem(AUTH_TOKEN_KEY, 'session-token');
  const calls: { path: string; input: unknown }[] = [];
  const queryClient = createQueryClient();
  const rendered = await renderWithRouter(
    <trpc.Provider client={fakeApi(role, calls)} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <AuthProvider>
          <CloseAccountSection />
        </AuthProvider>
      </QueryClientProvider>
    </trpc.Provider>,
    '/account',
  );
  await screen.findByRole('heading', { name: 'Danger zone' });
  return { calls, router: rendered.router };
}

afterEach(() => localStorage.clear());

describe('CloseAccountSection (issue 31 §2)', () => {
  it("asks the owner for the password and the word CLOSE, shows the server's refusal, then closes and shows the closed page", async () => {
    const { calls, router } = await renderSection('owner');
    expect(screen.queryByRole('button', { name: 'Leave organisation' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Close my account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Close my account' });
    const submit = () =>
      fireEvent.click(
        Array.from(dialog.querySelectorAll('button[type="submit"]')).at(-1) as HTMLButtonElement,
      );
    submit();
    expect(await screen.findByText('Enter your password')).toBeTruthy();
    expect(
      screen.getByText('Type CLOSE to confirm', { selector: '.mantine-InputWrapper-error' }),
    ).toBeTruthy();
    expect(calls.some((call) => call.path === 'closing.close')).toBe(false);

    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'not my password' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Type CLOSE to confirm' }), {
      target: { value: 'CLOSE' },
    });
    submit();
    expect(await screen.findByText('Incorrect password')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'a long password' } });
    submit();
    await waitFor(() => expect(router.state.location.pathname).toBe('/account-closed'));
    expect(router.state.location.search).toEqual({ until: DELETE_AFTER });
    expect(calls.filter((call) => call.path === 'closing.close').map((call) => call.input)).toEqual([
      { password: 'not my password', confirm: 'CLOSE' },
      { password: 'a long password', confirm: 'CLOSE' },
    ]);
    expect(calls.some((call) => call.path === 'auth.logout')).toBe(true);
  });

  it('offers a member who is not an owner Leave organisation instead, which leaves after a confirmation', async () => {
    const { calls, router } = await renderSection('member');
    expect(screen.queryByRole('button', { name: 'Close my account' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Leave organisation' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave organisation' });
    expect(dialog.textContent).toContain('Leave Mokoena Holdings?');
    fireEvent.click(Array.from(dialog.querySelectorAll('button[type="submit"]')).at(-1) as HTMLButtonElement);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(calls.filter((call) => call.path === 'closing.leave')).toHaveLength(1);
  });
});
