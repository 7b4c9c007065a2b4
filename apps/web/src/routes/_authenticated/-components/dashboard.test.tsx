import { USER_TYPES, type UserType } from '@propertydna/domain';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithMantine, renderWithRouter } from '../../../test/render';
import { DashboardHeader } from './dashboard-header';
import { DashboardView } from './dashboard-page';

// Suppliers never see the dashboard: they are sent to /supplier.
const EXPECTED: Record<Exclude<UserType, 'supplier'>, [title: string, subtitle: string] | 'company'> = {
  homeowner: ['Your Properties', 'Manage your property files and documentation'],
  investor: ['Your Properties', 'Manage your property files and documentation'],
  company_investor: [
    'Corporate Property Portfolio',
    "Manage your company's property investments and documentation",
  ],
  property_manager: ['Managed Properties', 'Oversee property portfolios and tenant relationships'],
  main_contractor: 'company',
  developer: 'company',
  insurance_agent: 'company',
};

describe('DashboardHeader', () => {
  for (const userType of USER_TYPES.filter((type) => type !== 'supplier')) {
    const expected = EXPECTED[userType];
    it(`titles the dashboard of a ${userType}`, () => {
      renderWithMantine(<DashboardHeader userType={userType} />);
      const heading = screen.getByRole('heading', { level: 1 });
      if (expected === 'company') {
        expect(heading.textContent).toBe('Company Dashboard');
        expect(screen.getByText('Coming Soon')).toBeTruthy();
      } else {
        expect(heading.textContent).toBe(expected[0]);
        expect(screen.getByText(expected[1])).toBeTruthy();
        expect(screen.queryByText('Coming Soon')).toBeNull();
      }
    });
  }
});

describe('DashboardView', () => {
  it('shows an owner the intro banner and the Add New Property card, and no property cards', async () => {
    await renderWithRouter(<DashboardView userType="homeowner" firstName="Thandiwe" />);
    expect(await screen.findByRole('heading', { name: 'Welcome, Thandiwe' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Add New Property' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Get Started' }).getAttribute('href')).toBe('/properties/new');
  });

  it('shows the other company types only the Coming Soon placeholder', async () => {
    await renderWithRouter(<DashboardView userType="developer" firstName="Sipho" />);
    expect(await screen.findByRole('heading', { name: 'Company Dashboard' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Get Started' })).toBeNull();
  });
});
