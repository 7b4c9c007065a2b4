import { EMAIL_VERIFICATION_MESSAGES, GRANT_MESSAGES } from '@propertydna/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  GRANT_ID,
  offer,
  refusal,
  renderWithGrantsApi,
  sharedGrant,
} from '../_authenticated/shared-with-me/-components/grants-api.fixture';
import { AccessLinkContent } from './access-link-view';

const TOKEN = 'YWNjZXNzLXRva2Vu';
const HERE = `/access/${TOKEN}`;

const session = vi.hoisted(() => ({
  current: { status: 'anonymous', user: null } as {
    status: 'loading' | 'anonymous' | 'authenticated';
    user: { email: string; email_verified: boolean } | null;
  },
}));
vi.mock('../../lib/auth', () => ({ useAuth: () => session.current }));

const ACCEPTED = {
  ok: true,
  message: GRANT_MESSAGES.accepted('Gardens Home'),
  grant: sharedGrant(),
};

function renderPage(answers: Record<string, unknown> = { 'grants.offer': offer() }) {
  return renderWithGrantsApi(<AccessLinkContent token={TOKEN} />, answers, HERE);
}

describe('AccessLinkContent (issue 29 §3)', () => {
  beforeEach(() => {
    session.current = { status: 'anonymous', user: null };
  });

  it('shows the offer: who grants which property, as what, seeing what, until when', async () => {
    await renderPage();
    const region = within(await screen.findByRole('region', { name: 'Gardens Home' }));
    expect(region.getByText('Thandi Dube (Dube Family Trust) gives you read-only access to')).toBeTruthy();
    expect(region.getByText('12 Gardens Road, Cape Town')).toBeTruthy();
    expect(region.getByText('PDNA-ZA-7K3M-9QX2')).toBeTruthy();
    expect(region.getByText('Conveyancer')).toBeTruthy();
    expect(region.getByText('documents and compliance')).toBeTruthy();
    expect(region.getByText('conveyancer@example.co.za')).toBeTruthy();
    expect(region.getByText(/until Feb 26, 2027/)).toBeTruthy();
  });

  it('signed out: Sign up and Log in come back here with the address filled in', async () => {
    const { router } = await renderPage();
    const signup = await screen.findByRole('link', { name: 'Sign up' });
    const login = screen.getByRole('link', { name: 'Log in' });
    expect(signup.getAttribute('href')).toBe(`/signup?redirect=${encodeURIComponent(HERE)}`);
    expect(login.getAttribute('href')).toBe(`/login?redirect=${encodeURIComponent(HERE)}`);
    login.click();
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.state.prefillEmail).toBe('conveyancer@example.co.za');
    expect(screen.queryByRole('button', { name: 'Accept' })).toBeNull();
  });

  it('signed in with the invited, confirmed address: Accept, then the shared property', async () => {
    session.current = {
      status: 'authenticated',
      user: { email: 'Conveyancer@Example.co.za', email_verified: true },
    };
    const { server, router } = await renderPage({ 'grants.offer': offer(), 'grants.accept': ACCEPTED });
    fireEvent.click(await screen.findByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/shared-with-me/${GRANT_ID}`));
    expect(server.calls.filter((call) => call.path === 'grants.accept')).toEqual([
      { path: 'grants.accept', input: { token: TOKEN } },
    ]);
    expect(await screen.findByText(ACCEPTED.message)).toBeTruthy();
  });

  it('a refused accept says why, and stays', async () => {
    session.current = {
      status: 'authenticated',
      user: { email: 'conveyancer@example.co.za', email_verified: true },
    };
    await renderPage({
      'grants.offer': offer(),
      'grants.accept': refusal('Access not found', 'NOT_FOUND', 404),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Accept' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Could not accept')).toBeTruthy();
    expect(alert.textContent).toContain('Access not found');
  });

  it('signed in, the address not confirmed yet: says to confirm it first, no Accept', async () => {
    session.current = {
      status: 'authenticated',
      user: { email: 'conveyancer@example.co.za', email_verified: false },
    };
    await renderPage();
    expect(
      await screen.findByText(EMAIL_VERIFICATION_MESSAGES.required('conveyancer@example.co.za'), {
        exact: false,
      }),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Accept' })).toBeNull();
  });

  it('signed in with another address: says which address the access is for', async () => {
    session.current = {
      status: 'authenticated',
      user: { email: 'someone@else.example', email_verified: true },
    };
    await renderPage();
    expect(await screen.findByText('This access is for another address')).toBeTruthy();
    expect(screen.getByText(GRANT_MESSAGES.otherEmail('conveyancer@example.co.za'))).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Log in with conveyancer@example.co.za' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Accept' })).toBeNull();
  });

  it('an invalid, used or expired link says so, without a retry', async () => {
    await renderPage({ 'grants.offer': refusal('Access not found', 'NOT_FOUND', 404) });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('This access link has expired, was revoked or was already used');
    expect(within(alert).queryByRole('button')).toBeNull();
  });

  it('a failure of the server offers Try again', async () => {
    await renderPage({ 'grants.offer': refusal('The database is resting', 'INTERNAL_SERVER_ERROR', 500) });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
