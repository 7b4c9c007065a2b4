import { EMAIL_VERIFICATION_MESSAGES, TRANSFER_MESSAGES } from '@propertydna/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { TRANSFER_UI } from '../../components/transfers/labels';
import {
  GARDENS_ID,
  linkView,
  renderWithTransfersApi,
  transfer,
} from '../../components/transfers/transfers-api.fixture';
import { TransferLinkContent } from './transfer-link-view';

const TOKEN = 'dHJhbnNmZXItdG9rZW4';
const HERE = `/transfers/${TOKEN}`;

const session = vi.hoisted(() => ({
  current: { status: 'anonymous', user: null } as {
    status: 'loading' | 'anonymous' | 'authenticated';
    user: { email: string } | null;
  },
}));
// useOptionalAuth is what the role's permissions (lib/permissions) ask: no role here, the server decides.
vi.mock('../../lib/auth', () => ({ useAuth: () => session.current, useOptionalAuth: () => null }));
vi.mock('../../lib/plan', async (original) => ({
  ...(await original<typeof import('../../lib/plan')>()),
  useStartTrial: () => ({ isPending: false, mutate: () => undefined }),
}));

function renderPage(overrides: Parameters<typeof renderWithTransfersApi>[1] = { link: linkView() }) {
  return renderWithTransfersApi(<TransferLinkContent token={TOKEN} />, overrides, HERE);
}

describe('TransferLinkContent', () => {
  beforeEach(() => {
    session.current = { status: 'anonymous', user: null };
  });

  it('shows what is offered: the property, its DNA code, from whom, the message and what is included', async () => {
    await renderPage();
    const offer = within(await screen.findByRole('region', { name: 'Gardens Home' }));
    expect(offer.getByText('Dube Family Trust is transferring a property to you')).toBeTruthy();
    expect(offer.getByText('12 Gardens Road, Cape Town')).toBeTruthy();
    expect(offer.getByText('PDNA-ZA-7K3M-9QX2')).toBeTruthy();
    expect(offer.getByText('“Keys at the agent on Friday.”')).toBeTruthy();
    expect(offer.getByText(/12 documents/)).toBeTruthy();
    expect(offer.getByText(/open until Dec 23, 2026/)).toBeTruthy();
  });

  it('signed out: Sign up and Log in come back to this page with the address filled in', async () => {
    const { router } = await renderPage();
    const signup = await screen.findByRole('link', { name: 'Sign up' });
    const login = screen.getByRole('link', { name: 'Log in' });
    expect(signup.getAttribute('href')).toBe(`/signup?redirect=${encodeURIComponent(HERE)}`);
    expect(login.getAttribute('href')).toBe(`/login?redirect=${encodeURIComponent(HERE)}`);
    login.click();
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.state.prefillEmail).toBe('buyer@example.com');
  });

  it('signed in with the addressed email: accepts right here once confirmed, and opens the property', async () => {
    session.current = { status: 'authenticated', user: { email: 'Buyer@Example.com' } };
    const { server, router } = await renderPage({ link: linkView(), incoming: [transfer()] });
    fireEvent.click(await screen.findByRole('button', { name: TRANSFER_UI.accept }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Accept this transfer?' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Accept transfer' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/properties/${GARDENS_ID}`));
    // With the link's token: an account newer than the offer needs it to accept.
    expect(server.calls).toEqual([{ path: 'transfers.accept', input: { id: transfer().id, token: TOKEN } }]);
    expect(screen.queryByRole('link', { name: 'Sign up' })).toBeNull();
  });

  it('signed in with the addressed email, the transfer not in their list yet: on to the dashboard', async () => {
    session.current = { status: 'authenticated', user: { email: 'buyer@example.com' } };
    await renderPage();
    const link = await screen.findByRole('link', { name: 'Review on your dashboard' });
    expect(link.getAttribute('href')).toBe('/app');
  });

  it('signed in with the addressed email, not confirmed yet: says to confirm it first', async () => {
    session.current = { status: 'authenticated', user: { email: 'buyer@example.com' } };
    const confirmFirst = EMAIL_VERIFICATION_MESSAGES.required('buyer@example.com');
    await renderPage({ link: linkView(), withheld: { count: 1, confirmFirst } });
    expect(await screen.findByText(confirmFirst, { exact: false })).toBeTruthy();
    expect(screen.queryByText(/Accept or decline the transfer on your dashboard/)).toBeNull();
  });

  it('signed in with another email: says which address the transfer is for', async () => {
    session.current = { status: 'authenticated', user: { email: 'someone@else.example' } };
    await renderPage();
    const note = await screen.findByText('This transfer is for another address');
    expect(note).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Log in with buyer@example.com' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Review on your dashboard' })).toBeNull();
  });

  it('a dead link says so, without a retry', async () => {
    await renderPage({ link: null });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(TRANSFER_MESSAGES.linkNotFound);
    expect(within(alert).queryByRole('button')).toBeNull();
  });

  it('a failure of the server offers Try again', async () => {
    await renderPage({ link: linkView(), failures: { 'transferLinks.view': 1 } });
    const alert = await screen.findByRole('alert');
    within(alert).getByRole('button', { name: 'Try again' }).click();
    expect(await screen.findByRole('region', { name: 'Gardens Home' })).toBeTruthy();
  });
});
