import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { AuthOrganization, AuthUser } from '../../../../lib/auth';
import { renderWithRouter } from '../../../../test/render';
import { SupplierConsoleView } from './supplier-console';
import {
  SUPPLIER_TABS,
  type SupplierTab,
  supplierConsoleHead,
  validateSupplierSearch,
} from './supplier-tabs';

const supplier: AuthUser = {
  id: 'u1',
  email: 'lerato@karooroofing.co.za',
  firstName: 'Lerato',
  lastName: 'Dlamini',
  userType: 'supplier',
  phone: null,
  email_verified: true,
  pending_email: null,
  role: 'owner',
};

const company: AuthOrganization = {
  id: 'o1',
  name: 'Karoo Roofing (Pty) Ltd',
  accountType: 'company',
  plan: 'free',
  trialEndsAt: null,
  registrationNumber: '2019/123456/07',
  vatNumber: null,
  companyType: null,
  tradingAs: 'Karoo Roofing',
  businessAddress: '12 Bree Street, Cape Town',
  specialties: ['Roofing', 'Gutters'],
  isDemo: false,
};

describe('SupplierConsoleView', () => {
  it('opens on Jobs under a heading naming it, with no tab bar of its own', async () => {
    await renderWithRouter(
      <SupplierConsoleView user={supplier} organization={company} onLogout={() => {}} />,
    );
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Jobs');
    expect(screen.getByText('Karoo Roofing')).toBeTruthy();
    // The app shell's sidebar is the one navigation: the console shows no tabs.
    expect(screen.queryByRole('tablist')).toBeNull();
    expect(screen.queryByRole('tab')).toBeNull();
  });

  it.each([
    ['jobs', 'Jobs', 'Your jobs'],
    ['profile', 'Profile', 'Company profile'],
    ['insurance', 'Insurance', 'Liability insurance'],
    ['verification', 'Verification', 'Verification status'],
    ['templates', 'Templates', null],
    ['settings', 'Settings', 'Account'],
  ] as const)('shows the %s section the URL names, titled %s', async (tab, title, part) => {
    await renderWithRouter(
      <SupplierConsoleView user={supplier} organization={company} onLogout={() => {}} tab={tab} />,
    );
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(title);
    expect(screen.queryAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)[0]).toBe(
      part ?? undefined,
    );
    expect(screen.queryByRole('tablist')).toBeNull();
  });

  it("shows the company's registered details under Profile", async () => {
    await renderWithRouter(
      <SupplierConsoleView user={supplier} organization={company} onLogout={() => {}} tab="profile" />,
    );
    expect(await screen.findByText('Roofing, Gutters')).toBeTruthy();
    expect(screen.getByText('2019/123456/07')).toBeTruthy();
    expect(screen.queryByText('lerato@karooroofing.co.za')).toBeNull();
  });

  it('reads ?tab= from the URL: a known section, else none (Jobs); the title names the section', () => {
    expect(validateSupplierSearch({ tab: 'settings' })).toEqual({ tab: 'settings' });
    expect(validateSupplierSearch({ tab: 'Settings' })).toEqual({ tab: undefined });
    expect(validateSupplierSearch({ tab: ['jobs'] })).toEqual({ tab: undefined });
    expect(validateSupplierSearch({})).toEqual({ tab: undefined });
    expect(SUPPLIER_TABS.map((tab) => tab.key)).toEqual([
      'jobs',
      'profile',
      'insurance',
      'verification',
      'templates',
      'settings',
    ]);
    const titleOf = (tab?: SupplierTab) => supplierConsoleHead({ match: { search: { tab } } }).meta[0]?.title;
    expect(titleOf()).toBe('Jobs · PropertyDNA');
    expect(titleOf('profile')).toBe('Profile · PropertyDNA');
    expect(titleOf('insurance')).toBe('Insurance · PropertyDNA');
    expect(titleOf('templates')).toBe('Templates · PropertyDNA');
    expect(titleOf('settings')).toBe('Settings · PropertyDNA');
  });

  it('shows the account and a Log out button under Settings', async () => {
    const onLogout = vi.fn();
    await renderWithRouter(
      <SupplierConsoleView user={supplier} organization={company} onLogout={onLogout} tab="settings" />,
    );
    expect(await screen.findByText('Lerato Dlamini')).toBeTruthy();
    expect(screen.getByText('lerato@karooroofing.co.za')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Log out' }));
    expect(onLogout).toHaveBeenCalledTimes(1);
  });

  it('tells an owner that the console is for suppliers, without its sections', async () => {
    await renderWithRouter(
      <SupplierConsoleView
        user={{ ...supplier, userType: 'homeowner' }}
        organization={{ ...company, accountType: 'individual' }}
        onLogout={() => {}}
      />,
    );
    expect(await screen.findByText('The supplier console is for supplier accounts.')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Supplier Console');
    expect(screen.queryByRole('button', { name: 'Log out' })).toBeNull();
  });
});
