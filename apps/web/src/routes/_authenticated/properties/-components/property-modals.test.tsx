import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Property } from '../../../../lib/properties';
import { renderWithMantine } from '../../../../test/render';
import { EditPropertyModal } from './property-modals';

const PROPERTY = {
  id: '7d0a7a52-8f55-4a59-9c3b-2f8e7f0f5a10',
  dna_id: 'PDNA-ZA-CPT-A123-2026-ABCDE7',
  dnaCode: 'PDNA-ZA-CPT-A123-2026-ABCDE7',
  name: 'Bree Street Flat',
  property_type: 'residential',
  address: '4 Bree Street, Cape Town',
  country: 'ZA',
  municipality: 'CPT',
  parcel_id: 'A123',
  township: 'Gardens',
  unit: null,
  deed_number: null,
  description: null,
} as unknown as Property;

const field = (label: string) =>
  screen.getByLabelText((content) => content.replace(/\s*\*$/, '').trim() === label) as HTMLInputElement;

describe('EditPropertyModal', () => {
  it('shows what identifies the property read-only and explains that the DNA code never changes', async () => {
    const onSubmit = vi.fn();
    renderWithMantine(
      <EditPropertyModal property={PROPERTY} opened onClose={() => {}} busy={false} onSubmit={onSubmit} />,
    );
    expect(await screen.findByText('The DNA code never changes')).toBeTruthy();
    expect(screen.getByText('PDNA-ZA-CPT-A123-2026-ABCDE7')).toBeTruthy();
    expect(field('Country').value).toBe('South Africa');
    expect(field('Country').readOnly).toBe(true);
    expect(field('Municipality').value).toBe('City of Cape Town (CPT)');
    expect(field('Municipality').readOnly).toBe(true);
    expect(field('Parcel ID / ERF number').value).toBe('A123');
    for (const label of [
      'Property Name',
      'Property Type',
      'Address',
      'Township/Extension',
      'Unit (Optional)',
      'Deed Number (Optional)',
      'Description (Optional)',
    ]) {
      expect(field(label)).toBeTruthy();
    }
    fireEvent.change(field('Property Name'), { target: { value: 'Bree Street Loft' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledOnce());
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({ name: 'Bree Street Loft' });
  });

  it('shows a municipality typed before the official list as it was stored', async () => {
    renderWithMantine(
      <EditPropertyModal
        property={{ ...PROPERTY, municipality: 'City of Cape Town' }}
        opened
        onClose={() => {}}
        busy={false}
        onSubmit={() => {}}
      />,
    );
    await screen.findByText('The DNA code never changes');
    expect(field('Municipality').value).toBe('City of Cape Town');
  });
});
