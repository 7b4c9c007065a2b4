import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithRouter } from '../../test/render';
import { AppShellLayout } from './app-shell';
import { OWNER_NAV, SUPPLIER_NAV } from './nav-items';

const auth = vi.hoisted(() => ({
  value: {
    user: null as null | Record<string, unknown>,
    organization: null as null | Record<string, unknown>,
    status: 'authenticated',
    login: () => {},
    logout: async () => {},
  },
}));
const startTrial = vi.hoisted(() => ({ mutate: vi.fn(), isPending: false }));

vi.mock('../../lib/auth', () => ({ useAuth: () => auth.value }));
// Not staff: the back office's link stays out of the menu (its own test is the e2e's).
vi.mock('../../lib/staff-access', () => ({ useStaffAccess: () => false }));
vi.mock('../../lib/plan', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/plan')>()),
  useStartTrial: () => startTrial,
}));

const organization = {
  id: 'org-1',
  name: 'Thandi Mokoena',
  accountType: 'individual',
  plan: 'free',
  trialEndsAt: null,
  tradingAs: null,
  registrationNumber: null,
  businessAddress: null,
  specialties: [],
};

function signIn(userType: string) {
  auth.value = {
    ...auth.value,
    status: 'authenticated',
    user: {
      id: 'user-1',
      email: 'thandi@example.co.za',
      firstName: 'Thandi',
      lastName: 'Mokoena',
      userType,
      email_verified: true,
      pending_email: null,
      role: 'owner',
    },
    organization,
    logout: vi.fn().mockResolvedValue(undefined),
  };
}

const renderShell = (path: string) =>
  renderWithRouter(
    <AppShellLayout>
      <h1>Page content</h1>
    </AppShellLayout>,
    path,
  );

const navLinks = () => within(screen.getByRole('navigation')).getAllByRole('link');

describe('AppShellLayout', () => {
  beforeEach(() => signIn('homeowner'));

  it('has one banner, one labelled navigation and one main holding the page', async () => {
    await renderShell('/app/dashboard');
    expect(screen.getAllByRole('banner')).toHaveLength(1);
    expect(screen.getAllByRole('navigation')).toHaveLength(1);
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeTruthy();
    const main = screen.getByRole('main');
    expect(within(main).getByRole('heading', { name: 'Page content' })).toBeTruthy();
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'PropertyDNA home' })).toBeTruthy();
  });

  it("lists the owner's sections at their /app addresses", async () => {
    await renderShell('/app/dashboard');
    expect(navLinks().map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Dashboard', '/app/dashboard'],
      ['Properties', '/app/properties'],
      ['Vault', '/app/vault'],
      ['Policies', '/app/policies'],
      ['Maintenance', '/app/maintenance'],
      ['Vendors', '/app/vendors'],
      ['Reports', '/app/reports'],
      ['Shared with me', '/shared-with-me'],
    ]);
  });

  for (const [path, label] of [
    ['/app', 'Dashboard'],
    ['/dashboard', 'Dashboard'],
    ['/app/vault', 'Vault'],
    ['/vault', 'Vault'],
    ['/properties/7d0a7a52', 'Properties'],
    ['/properties/new', 'Properties'],
    ['/app/reports/', 'Reports'],
    ['/shared-with-me/7d0a7a52', 'Shared with me'],
  ] as const) {
    it(`marks ${label} as the current page at ${path}`, async () => {
      await renderShell(path);
      const current = navLinks().filter((link) => link.getAttribute('aria-current') === 'page');
      expect(current.map((link) => link.textContent)).toEqual([label]);
    });
  }

  it('marks no entry on a page outside the sections (the Account page)', async () => {
    await renderShell('/account');
    expect(navLinks().filter((link) => link.hasAttribute('aria-current'))).toHaveLength(0);
  });

  it('navigates within the app when an entry is clicked', async () => {
    const { router } = await renderShell('/app/dashboard');
    fireEvent.click(screen.getByRole('link', { name: 'Vault' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/vault'));
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Vault' }).getAttribute('aria-current')).toBe('page'),
    );
  });

  it('has a burger that opens and closes the navigation on a phone', async () => {
    await renderShell('/app/dashboard');
    // Shown below the sm breakpoint only (a media query jsdom applies as if the screen were wide).
    const burger = () => document.querySelector<HTMLButtonElement>('button[aria-controls]');
    expect(burger()?.getAttribute('aria-controls')).toBe(screen.getByRole('navigation').id);
    expect(burger()?.getAttribute('aria-label')).toBe('Open navigation');
    expect(burger()?.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(burger() as HTMLButtonElement);
    expect(burger()?.getAttribute('aria-label')).toBe('Close navigation');
    expect(burger()?.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(burger() as HTMLButtonElement);
    expect(burger()?.getAttribute('aria-expanded')).toBe('false');
  });

  it('holds account settings, the plan with the trial offer, and Log out in the user menu', async () => {
    await renderShell('/app/dashboard');
    fireEvent.click(screen.getByRole('button', { name: 'Thandi Mokoena, account menu' }));
    const account = await screen.findByRole('menuitem', { name: 'Account settings' });
    expect(account.getAttribute('href')).toBe('/account');
    expect(screen.getByText('thandi@example.co.za')).toBeTruthy();
    expect(screen.getByText('Plan: Free')).toBeTruthy();
    fireEvent.click(screen.getByText('Upgrade: Start 14-day free trial'));
    expect(startTrial.mutate).toHaveBeenCalledTimes(1);
  });

  it('logs out from the user menu and opens the login page', async () => {
    const { router } = await renderShell('/app/dashboard');
    fireEvent.click(screen.getByRole('button', { name: 'Thandi Mokoena, account menu' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Log out' }));
    await waitFor(() => expect(auth.value.logout).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});

describe('AppShellLayout for a supplier', () => {
  beforeEach(() => signIn('supplier'));

  it("lists the console's tabs by their addresses, Jobs current on /supplier", async () => {
    await renderShell('/supplier');
    expect(screen.getByRole('navigation', { name: 'Supplier console' })).toBeTruthy();
    expect(navLinks().map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Jobs', '/supplier?tab=jobs'],
      ['Profile', '/supplier?tab=profile'],
      ['Insurance', '/supplier?tab=insurance'],
      ['Verification', '/supplier?tab=verification'],
      ['Templates', '/supplier?tab=templates'],
      ['Settings', '/supplier?tab=settings'],
    ]);
    expect(screen.getByRole('link', { name: 'Jobs' }).getAttribute('aria-current')).toBe('page');
  });

  it('marks the tab of the address, and Jobs on a job page', async () => {
    await renderShell('/supplier?tab=templates');
    expect(screen.getByRole('link', { name: 'Templates' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Jobs' }).hasAttribute('aria-current')).toBe(false);
  });

  it('marks Jobs where the console shows Jobs: an unknown tab, /supplier/dashboard, a job page', async () => {
    for (const path of ['/supplier?tab=nonsense', '/supplier/dashboard', '/supplier/jobs/job-1']) {
      const { unmount } = await renderShell(path);
      expect(
        navLinks()
          .filter((link) => link.getAttribute('aria-current') === 'page')
          .map((link) => link.textContent),
      ).toEqual(['Jobs']);
      unmount();
    }
  });

  it("leads 'Account settings' to the console's Settings tab and offers no plan", async () => {
    await renderShell('/supplier');
    fireEvent.click(screen.getByRole('button', { name: 'Thandi Mokoena, account menu' }));
    const account = await screen.findByRole('menuitem', { name: 'Account settings' });
    expect(account.getAttribute('href')).toBe('/supplier?tab=settings');
    expect(screen.queryByText(/^Plan:/)).toBeNull();
  });
});

describe('navigation entries', () => {
  it('match their own canonical address', () => {
    for (const item of OWNER_NAV) expect(item.matches(item.href, undefined)).toBe(true);
    for (const item of SUPPLIER_NAV) {
      const [pathname, query] = item.href.split('?');
      expect(item.matches(pathname ?? '', new URLSearchParams(query).get('tab') ?? undefined)).toBe(true);
    }
  });

  it('do not match neighbours that only share a prefix', () => {
    const vault = OWNER_NAV.find((item) => item.label === 'Vault');
    expect(vault?.matches('/vaults', undefined)).toBe(false);
    expect(vault?.matches('/app/old/vault', undefined)).toBe(false);
  });
});
