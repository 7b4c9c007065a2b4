import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { AuthOrganization, AuthUser } from '../../../../lib/auth';
import { renderWithRouter } from '../../../../test/render';
import { SupplierConsoleView } from './supplier-console';
import { SUPPLIER_TABS, validateSupplierSearch } from './supplier-tabs';

const supplier: AuthUser = {
  id: 'u1',
  email: 'lerato@karooroofing.co.za',
  firstName: 'Lerato',
  lastName: 'Dlamini',
  userType: 'supplier',
  phone: null,
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
  it('shows a supplier the five tabs and opens on Jobs', async () => {
    await renderWithRouter(
      <SupplierConsoleView user={supplier} organization={company} onLogout={() => {}} />,
    );
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual([
      'Profile',
      'Insurance',
      'Templates',
      'Jobs',
      'Settings',
    ]);
    expect(screen.getByRole('tab', { name: 'Jobs' }).getAttribute('aria-selected')).toBe('true');
    fireEvent.click(screen.getByRole('tab', { name: 'Profile' }));
    expect(screen.getByRole('tab', { name: 'Profile' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByText('Roofing, Gutters')).toBeTruthy();
  });

  it('shows the tab the URL names, and hands a chosen tab to the route', async () => {
    const onTabChange = vi.fn();
    await renderWithRouter(
      <SupplierConsoleView
        user={supplier}
        organization={company}
        onLogout={() => {}}
        tab="insurance"
        onTabChange={onTabChange}
      />,
    );
    expect((await screen.findByRole('tab', { name: 'Insurance' })).getAttribute('aria-selected')).toBe(
      'true',
    );
    fireEvent.click(screen.getByRole('tab', { name: 'Templates' }));
    expect(onTabChange).toHaveBeenCalledWith('templates');
    // Controlled by the URL: nothing moves until the route answers with the new tab.
    expect(screen.getByRole('tab', { name: 'Insurance' }).getAttribute('aria-selected')).toBe('true');
    fireEvent.click(screen.getByRole('tab', { name: 'Insurance' }));
    expect(onTabChange).toHaveBeenCalledTimes(1);
  });

  it('reads ?tab= from the URL: a known tab, else none (Jobs)', () => {
    expect(validateSupplierSearch({ tab: 'settings' })).toEqual({ tab: 'settings' });
    expect(validateSupplierSearch({ tab: 'Settings' })).toEqual({ tab: undefined });
    expect(validateSupplierSearch({ tab: ['jobs'] })).toEqual({ tab: undefined });
    expect(validateSupplierSearch({})).toEqual({ tab: undefined });
    expect(SUPPLIER_TABS.map((tab) => tab.key)).toEqual([
      'profile',
      'insurance',
      'templates',
      'jobs',
      'settings',
    ]);
  });

  it('shows the account and a Log out button under Settings', async () => {
    const onLogout = vi.fn();
    await renderWithRouter(
      <SupplierConsoleView user={supplier} organization={company} onLogout={onLogout} />,
    );
    fireEvent.click(await screen.findByRole('tab', { name: 'Settings' }));
    expect(screen.getByText('Lerato Dlamini')).toBeTruthy();
    expect(screen.getByText('lerato@karooroofing.co.za')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Log out' }));
    expect(onLogout).toHaveBeenCalledTimes(1);
  });

  it('tells an owner that the console is for suppliers, without the tabs', async () => {
    await renderWithRouter(
      <SupplierConsoleView
        user={{ ...supplier, userType: 'homeowner' }}
        organization={{ ...company, accountType: 'individual' }}
        onLogout={() => {}}
      />,
    );
    expect(await screen.findByText('The supplier console is for supplier accounts.')).toBeTruthy();
    expect(screen.queryByRole('tab')).toBeNull();
  });
});
