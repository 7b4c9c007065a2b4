import { USER_TYPES, type UserType } from '@propertydna/domain';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { PortfolioPaging } from '../../../components/portfolio/use-portfolio';
import { fullText, renderWithMantine, renderWithRouter } from '../../../test/render';
import { DashboardHeader } from './dashboard-header';
import { DashboardView } from './dashboard-page';
import type { DashboardProperty } from './property-card';

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

const property = (overrides: Partial<DashboardProperty> = {}): DashboardProperty => ({
  id: '7d0a7a52-8f55-4a59-9c3b-2f8e7f0f5a10',
  name: 'Bree Street Flat',
  dnaCode: 'PDNA-ZA-CPT-A123-2026-ABCDE7',
  address: '4 Bree Street, Cape Town, 8001',
  erfNumber: 'A123',
  township: 'Gardens',
  isDemo: false,
  documentsCount: 3,
  lastActivity: '2026-11-22T08:00:00.000Z',
  complianceStatus: 'good',
  complianceReason: null,
  ...overrides,
});

/** The paging of a portfolio of `total` with `shown` on screen; the callbacks are spies. */
const paging = (overrides: Partial<PortfolioPaging> = {}): PortfolioPaging => ({
  search: '',
  onSearchChange: vi.fn(),
  status: 'all',
  onStatusChange: vi.fn(),
  searchRef: { current: null },
  filtered: false,
  empty: false,
  searching: false,
  shown: 1,
  total: 1,
  hasMore: false,
  loadingMore: false,
  moreError: null,
  onLoadMore: vi.fn(() => true),
  onClear: vi.fn(),
  ...overrides,
});

describe('DashboardView', () => {
  it('turns Get Started into the plan offer while the plan is full', async () => {
    const onAddAtPlanLimit = vi.fn();
    await renderWithRouter(
      <DashboardView
        userType="homeowner"
        firstName="Thandiwe"
        portfolio={{ properties: [property()], loading: false }}
        onAddAtPlanLimit={onAddAtPlanLimit}
      />,
    );
    expect(screen.queryByRole('link', { name: 'Get Started' })).toBeNull();
    fireEvent.click(await screen.findByRole('button', { name: 'Get Started' }));
    expect(onAddAtPlanLimit).toHaveBeenCalledOnce();
  });

  it('shows an owner the intro banner and the Add New Property card, and no property cards for an empty list', async () => {
    await renderWithRouter(
      <DashboardView
        userType="homeowner"
        firstName="Thandiwe"
        portfolio={{ properties: [], loading: false }}
      />,
    );
    expect(await screen.findByRole('heading', { name: 'Welcome, Thandiwe' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Add New Property' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Get Started' }).getAttribute('href')).toBe('/properties/new');
    expect(screen.queryByText(/docs$/)).toBeNull();
    expect(screen.queryByText('RES-DEMO-CT')).toBeNull();
    expect(screen.queryByText('Loading properties...')).toBeNull();
  });

  it("shows a 'Loading properties...' card while the list loads, and no demo property", async () => {
    await renderWithRouter(
      <DashboardView
        userType="homeowner"
        firstName="Thandiwe"
        portfolio={{ properties: undefined, loading: true }}
      />,
    );
    expect(await screen.findByText('Loading properties...')).toBeTruthy();
    expect(screen.queryByText('RES-DEMO-CT')).toBeNull();
  });

  it('shows one card per property, each opening its detail', async () => {
    const first = property();
    const second = property({ id: 'a1b2', dnaCode: 'PDNA-ZA-JHB-77-2026-XYZ234', township: null });
    await renderWithRouter(
      <DashboardView
        userType="investor"
        firstName="Sipho"
        portfolio={{ properties: [first, second], loading: false }}
      />,
    );
    const card = await screen.findByRole('link', { name: /PDNA-ZA-CPT-A123-2026-ABCDE7/ });
    expect(card.getAttribute('href')).toBe(`/properties/${first.id}`);
    expect(screen.getByRole('link', { name: /PDNA-ZA-JHB-77-2026-XYZ234/ }).getAttribute('href')).toBe(
      '/properties/a1b2',
    );
    expect(screen.queryByText('RES-DEMO-CT')).toBeNull();
  });

  it('shows the built-in demo property when the list is absent, with the reason and a retry', async () => {
    const onRetry = vi.fn();
    await renderWithRouter(
      <DashboardView
        userType="homeowner"
        firstName="Thandiwe"
        portfolio={{ properties: undefined, loading: false, error: 'HTTP 502', onRetry }}
      />,
    );
    const demo = await screen.findByRole('link', { name: /RES-DEMO-CT/ });
    expect(demo.getAttribute('href')).toBe('/properties/demo');
    const card = within(demo);
    expect(card.getByText('DEMO')).toBeTruthy();
    expect(card.getByText('ERF number: ERF123')).toBeTruthy();
    expect(card.getByText('Area: Gardens')).toBeTruthy();
    expect(card.getByText('5 docs')).toBeTruthy();
    expect(card.getByText(fullText('Compliance: Good'))).toBeTruthy();
    expect(card.getByText(/Cape Town/)).toBeTruthy();
    expect(screen.getByText('HTTP 502')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('shows the summary (plan and figures) it is given', async () => {
    await renderWithRouter(
      <DashboardView
        userType="homeowner"
        firstName="Thandiwe"
        portfolio={{ properties: [], loading: false }}
        summary={<p>Plan: Free</p>}
      />,
    );
    expect(await screen.findByText('Plan: Free')).toBeTruthy();
  });

  it('shows the other company types only the Coming Soon placeholder', async () => {
    await renderWithRouter(
      <DashboardView
        userType="developer"
        firstName="Sipho"
        portfolio={{ properties: undefined, loading: false }}
      />,
    );
    expect(await screen.findByRole('heading', { name: 'Company Dashboard' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Get Started' })).toBeNull();
    expect(screen.queryByText('RES-DEMO-CT')).toBeNull();
  });

  it('searches and filters the portfolio, says how many are shown and offers the next page', async () => {
    const portfolioPaging = paging({ shown: 1, total: 120, hasMore: true });
    await renderWithRouter(
      <DashboardView
        userType="homeowner"
        firstName="Thandiwe"
        portfolio={{ properties: [property()], loading: false, paging: portfolioPaging }}
      />,
    );
    const box = await screen.findByRole('searchbox', { name: 'Search properties' });
    expect(box.getAttribute('placeholder')).toBe('Name, address, DNA code or ERF');
    fireEvent.change(box, { target: { value: 'Bree' } });
    expect(portfolioPaging.onSearchChange).toHaveBeenCalledWith('Bree');
    const statuses = screen.getByRole('radiogroup', { name: 'Compliance status' });
    fireEvent.click(within(statuses).getByLabelText('Warning'));
    expect(portfolioPaging.onStatusChange).toHaveBeenCalledWith('warning');
    expect(screen.getByTestId('portfolio-count').textContent).toBe('Showing 1 of 120 properties');
    fireEvent.click(screen.getByRole('button', { name: 'Load more properties' }));
    expect(portfolioPaging.onLoadMore).toHaveBeenCalledOnce();
  });

  it('tells a search that matches nothing from an empty portfolio, and clears it', async () => {
    const portfolioPaging = paging({ filtered: true, search: 'Nowhere', shown: 0, total: 0 });
    await renderWithRouter(
      <DashboardView
        userType="homeowner"
        firstName="Thandiwe"
        portfolio={{ properties: [], loading: false, paging: portfolioPaging }}
      />,
    );
    expect(await screen.findByRole('heading', { name: 'No property matches your search' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Add New Property' })).toBeTruthy();
    expect(screen.queryByText('RES-DEMO-CT')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Clear search and filter' }));
    expect(portfolioPaging.onClear).toHaveBeenCalledOnce();
  });

  it('has no search for an empty portfolio, nor while the demo property stands in', async () => {
    const { unmount } = await renderWithRouter(
      <DashboardView
        userType="homeowner"
        firstName="Thandiwe"
        portfolio={{ properties: [], loading: false, paging: paging({ empty: true, shown: 0, total: 0 }) }}
      />,
    );
    await screen.findByRole('heading', { name: 'Add New Property' });
    expect(screen.queryByRole('searchbox')).toBeNull();
    expect(screen.queryByText('No property matches your search')).toBeNull();
    unmount();
    await renderWithRouter(
      <DashboardView
        userType="homeowner"
        firstName="Thandiwe"
        portfolio={{ properties: undefined, loading: false, error: 'HTTP 502', paging: paging() }}
      />,
    );
    await screen.findByRole('link', { name: /RES-DEMO-CT/ });
    expect(screen.queryByRole('searchbox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Load more properties' })).toBeNull();
  });
});
