import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithRouter } from '../test/render';
import { NotFoundPage } from './not-found-page';

const auth = vi.hoisted(() => ({
  value: {
    user: null as null | Record<string, unknown>,
    organization: null as null | Record<string, unknown>,
    status: 'anonymous' as string,
    login: () => {},
    logout: async () => {},
  },
}));
vi.mock('../lib/auth', () => ({ useAuth: () => auth.value }));
vi.mock('../lib/plan', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../lib/plan')>()),
  useStartTrial: () => ({ mutate: () => {}, isPending: false }),
}));

function signIn(userType: string) {
  auth.value = {
    ...auth.value,
    status: 'authenticated',
    user: {
      id: 'u',
      email: 'sam@example.co.za',
      firstName: 'Sam',
      lastName: 'Naidoo',
      userType,
      // A confirmed address: the app shell shows no email banner (it asks the server to resend).
      email_verified: true,
    },
    organization: { id: 'o', name: 'Sam Naidoo', accountType: 'individual', plan: 'free', trialEndsAt: null },
  };
}

function expectSpecTexts() {
  const main = screen.getByRole('main');
  expect(within(main).getByRole('heading', { level: 1 }).textContent).toBe('404 Page Not Found');
  expect(within(main).getByText('Did you forget to add the page to the router?')).toBeTruthy();
  return main;
}

describe('NotFoundPage', () => {
  beforeEach(() => {
    auth.value = { ...auth.value, status: 'anonymous', user: null, organization: null };
  });

  it('shows the spec texts under a simple header for a visitor, with a way home', async () => {
    await renderWithRouter(<NotFoundPage />, '/no/such/page');
    const main = expectSpecTexts();
    expect(within(main).getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/');
    const banner = screen.getByRole('banner');
    expect(within(banner).getByRole('link', { name: 'PropertyDNA home' })).toBeTruthy();
    expect(within(banner).getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it("shows the spec texts inside the app shell for an owner, leading to the owner's dashboard", async () => {
    signIn('homeowner');
    await renderWithRouter(<NotFoundPage />, '/no/such/page');
    const main = expectSpecTexts();
    expect(screen.getAllByRole('banner')).toHaveLength(1);
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeTruthy();
    expect(within(main).getByRole('link', { name: 'Go to your dashboard' }).getAttribute('href')).toBe(
      '/app',
    );
  });

  it('leads a supplier back to the supplier console', async () => {
    signIn('supplier');
    await renderWithRouter(<NotFoundPage />, '/no/such/page');
    const main = expectSpecTexts();
    expect(within(main).getByRole('link', { name: 'Go to the supplier console' }).getAttribute('href')).toBe(
      '/supplier',
    );
  });
});
