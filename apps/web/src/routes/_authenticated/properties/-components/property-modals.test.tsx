import { act, fireEvent, screen, waitFor } from '@testing-library/react';
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
  it('shows the country and parcel read-only, the municipality in words, and says the DNA code stays as issued', async () => {
    const onSubmit = vi.fn();
    renderWithMantine(
      <EditPropertyModal property={PROPERTY} opened onClose={() => {}} busy={false} onSubmit={onSubmit} />,
    );
    expect(await screen.findByText('The DNA code stays as issued')).toBeTruthy();
    expect(screen.getAllByText('PDNA-ZA-CPT-A123-2026-ABCDE7').length).toBeGreaterThan(0);
    // The text that said the municipality could never change is gone.
    expect(
      screen.queryByText(/never changes|cannot be edited|archive this property and add it again/),
    ).toBeNull();
    expect(field('Country').value).toBe('South Africa');
    expect(field('Country').readOnly).toBe(true);
    expect(field('Parcel ID / ERF number').value).toBe('A123');
    expect(field('Parcel ID / ERF number').readOnly).toBe(true);
    const municipality = screen.getByRole('combobox', { name: /^Municipality/ }) as HTMLInputElement;
    expect(municipality.readOnly).toBe(false);
    expect(municipality.value).toBe('City of Cape Town (CPT)');
    expect(screen.getByTestId('municipality-words').textContent).toBe(
      'City of Cape Town (CPT), Western Cape',
    );
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
    // The municipality was not corrected: it is not sent.
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({ name: 'Bree Street Loft' });
    expect(onSubmit.mock.calls[0]?.[0]).not.toHaveProperty('municipality');
  });

  it('corrects the municipality: the new one in words, from which it was corrected, and the same DNA code', async () => {
    const onSubmit = vi.fn();
    renderWithMantine(
      <EditPropertyModal
        property={{ ...PROPERTY, municipality: 'WC033', dna_id: 'PDNA-ZA-WC033-A123-2026-ABCDE7' }}
        opened
        onClose={() => {}}
        busy={false}
        onSubmit={onSubmit}
      />,
    );
    const municipality = (await screen.findByRole('combobox', { name: /^Municipality/ })) as HTMLInputElement;
    expect(screen.getByTestId('municipality-words').textContent).toBe('Cape Agulhas (WC033), Western Cape');
    act(() => municipality.focus());
    fireEvent.change(municipality, { target: { value: 'City of' } });
    fireEvent.click(await screen.findByRole('option', { name: 'City of Cape Town (CPT)', hidden: true }));
    expect(screen.getByTestId('municipality-words').textContent).toBe(
      'City of Cape Town (CPT), Western Cape',
    );
    const status = screen.getByRole('status');
    expect(status.textContent).toBe(
      'Corrected from Cape Agulhas (WC033), Western Cape. The DNA code stays PDNA-ZA-WC033-A123-2026-ABCDE7.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledOnce());
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({ municipality: 'CPT' });
  });

  it('shows a municipality typed before the official list as it was stored, and sends it only when corrected', async () => {
    const onSubmit = vi.fn();
    renderWithMantine(
      <EditPropertyModal
        property={{ ...PROPERTY, municipality: 'City of Cape Town' }}
        opened
        onClose={() => {}}
        busy={false}
        onSubmit={onSubmit}
      />,
    );
    await screen.findByText('The DNA code stays as issued');
    expect(
      screen.getByText(/Stored as .City of Cape Town., not from the official list: choose the municipality/),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledOnce());
    expect(onSubmit.mock.calls[0]?.[0]).not.toHaveProperty('municipality');
  });

  it('takes free text for a municipality outside South Africa', async () => {
    const onSubmit = vi.fn();
    renderWithMantine(
      <EditPropertyModal
        property={{ ...PROPERTY, country: 'US', municipality: 'Springfield' }}
        opened
        onClose={() => {}}
        busy={false}
        onSubmit={onSubmit}
      />,
    );
    await screen.findByText('The DNA code stays as issued');
    fireEvent.change(field('Municipality'), { target: { value: 'Shelbyville' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledOnce());
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({ municipality: 'Shelbyville' });
  });
});
