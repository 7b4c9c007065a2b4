import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithRouter } from '../../../../test/render';
import { type ListedProperty, PropertiesView, SKELETON_CARD_COUNT } from './properties-view';

const LISTED: ListedProperty[] = [
  {
    id: 'p1',
    name: 'Bree Street Flat',
    dna_id: 'PDNA-ZA-CPT-A123-12A-2026-ABCDE7',
    property_type: 'residential',
    address: '4 Bree Street, Cape Town, 8001',
    created_at: '2026-11-22T08:00:00.000Z',
  },
  {
    id: 'p2',
    name: 'Rosebank Offices',
    dna_id: 'PDNA-ZA-JHB-ERF77-2026-XYZ234',
    property_type: 'commercial',
    address: '1 Cradock Avenue, Rosebank, 2196',
    created_at: '2026-01-05T08:00:00.000Z',
  },
];

function renderView(props: Partial<Parameters<typeof PropertiesView>[0]> = {}) {
  const onAdd = vi.fn();
  const rendered = renderWithRouter(
    <PropertiesView properties={undefined} loading={false} onAdd={onAdd} {...props} />,
  );
  return { onAdd, rendered };
}

describe('PropertiesView', () => {
  it('has the title, the subtitle and an Add Property button', async () => {
    const { onAdd } = renderView({ properties: [] });
    expect(await screen.findByRole('heading', { level: 1, name: 'Properties' })).toBeTruthy();
    expect(screen.getByText('Manage your property portfolio')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add Property' }));
    expect(onAdd).toHaveBeenCalledOnce();
  });

  it('shows 6 placeholder cards while loading, and neither the empty state nor cards', async () => {
    renderView({ loading: true });
    await screen.findByRole('heading', { level: 1, name: 'Properties' });
    expect(SKELETON_CARD_COUNT).toBe(6);
    expect(screen.getAllByTestId('property-skeleton')).toHaveLength(6);
    expect(screen.getByRole('status', { name: 'Loading properties' })).toBeTruthy();
    expect(screen.queryByText('No properties yet')).toBeNull();
  });

  it('shows the empty state with an add button when there are no properties', async () => {
    const { onAdd } = renderView({ properties: [] });
    expect(await screen.findByText('No properties yet')).toBeTruthy();
    expect(screen.getByText('Get started by adding your first property')).toBeTruthy();
    expect(screen.queryAllByTestId('property-skeleton')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Add your first property' }));
    expect(onAdd).toHaveBeenCalledOnce();
  });

  it('shows a card per property with name, DNA id, type badge, address and date added', async () => {
    renderView({ properties: LISTED });
    const first = within(await screen.findByRole('link', { name: /Bree Street Flat/ }));
    expect(first.getByRole('heading', { name: 'Bree Street Flat' })).toBeTruthy();
    expect(first.getByText('PDNA-ZA-CPT-A123-12A-2026-ABCDE7')).toBeTruthy();
    expect(first.getByText('Residential')).toBeTruthy();
    expect(first.getByText('4 Bree Street, Cape Town, 8001')).toBeTruthy();
    expect(first.getByText('Added Nov 22, 2026')).toBeTruthy();
    const second = screen.getByRole('link', { name: /Rosebank Offices/ });
    expect(second.getAttribute('href')).toBe('/properties/p2');
    expect(within(second).getByText('Commercial')).toBeTruthy();
    expect(within(second).getByText('Added Jan 05, 2026')).toBeTruthy();
    expect(screen.queryByText('No properties yet')).toBeNull();
  });

  it('names a property its address names once: the address is not repeated under it', async () => {
    const address = '9 Loop Street, Cape Town, 8001';
    renderView({ properties: [{ ...(LISTED[0] as ListedProperty), name: address, address }] });
    const card = within(await screen.findByRole('link', { name: /9 Loop Street/ }));
    expect(card.getAllByText(address)).toHaveLength(1);
  });

  it('says why the list could not be loaded and offers a retry', async () => {
    const onRetry = vi.fn();
    renderView({ error: 'HTTP 503', onRetry });
    expect(await screen.findByText('HTTP 503')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledOnce();
    expect(screen.queryByText('No properties yet')).toBeNull();
  });
});
