import type { PropertyDialog } from '@propertydna/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithMantine } from '../../../../test/render';
import { AddPropertyDialog } from './add-property-dialog';

function renderDialog({ busy = false, created = true } = {}) {
  const onSubmit = vi.fn<(payload: PropertyDialog) => Promise<boolean>>(async () => created);
  const onClose = vi.fn();
  renderWithMantine(
    <AddPropertyDialog opened onClose={onClose} busy={busy} onSubmit={onSubmit}>
      <p>prompt slot</p>
    </AddPropertyDialog>,
  );
  return { onSubmit, onClose };
}

/** The input labelled `label`, with or without the required-field asterisk. */
/** The input or select labelled `label` (a Mantine Select's listbox shares the label: the input wins). */
const field = (label: string) =>
  screen
    .getAllByLabelText((content) => content.replace(/\s*\*$/, '').trim() === label)
    .find(
      (element) => element instanceof HTMLInputElement || element instanceof HTMLSelectElement,
    ) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
/** Searches the municipality select and picks the option named `option`. */
async function pick(search: string, option: string) {
  fireEvent.change(field('Municipality'), { target: { value: search } });
  // jsdom never shows Mantine's dropdown (display: none): its options are there, hidden.
  fireEvent.click(await screen.findByRole('option', { name: option, hidden: true }));
}
const preview = () => screen.getByRole('status', { name: 'Generated DNA ID Preview' }).textContent;

describe('AddPropertyDialog', () => {
  it('has the fields of the spec with their placeholders and defaults', async () => {
    renderDialog();
    expect(await screen.findByRole('dialog', { name: 'Add New Property' })).toBeTruthy();
    expect(field('Property Name')).toBeTruthy();
    expect(field('Property Type').value).toBe('residential');
    expect(field('Address')).toBeTruthy();
    expect(field('Country').value).toBe('ZA');
    expect(
      Array.from((field('Country') as unknown as HTMLSelectElement).options).map((option) => option.text),
    ).toEqual(['South Africa', 'United States', 'United Kingdom']);
    expect(field('Municipality').placeholder).toBe('e.g. CPT');
    expect(field('Parcel ID').placeholder).toBe('e.g. A123');
    expect(field('Unit (Optional)').placeholder).toBe('e.g. 12A');
    expect(field('Deed Number (Optional)').placeholder).toBe('Deed reference');
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Create Property' })).toBeTruthy();
    expect(screen.getByText('prompt slot')).toBeTruthy();
  });

  it('updates the Generated DNA ID Preview as you type', async () => {
    renderDialog();
    await screen.findByRole('dialog');
    expect(preview()).toBe('PDNA-ZA-{MUNICIPALITY}-{PARCEL}-2024-XXXXXX');
    await pick('cpt', 'City of Cape Town (CPT)');
    expect(preview()).toBe('PDNA-ZA-CPT-{PARCEL}-2024-XXXXXX');
    type('Parcel ID', 'a123');
    expect(preview()).toBe('PDNA-ZA-CPT-A123-2024-XXXXXX');
    type('Unit (Optional)', '12a');
    expect(preview()).toBe('PDNA-ZA-CPT-A123-12A-2024-XXXXXX');
    fireEvent.change(field('Country'), { target: { value: 'UK' } });
    expect(preview()).toBe('PDNA-UK-CPT-A123-12A-2024-XXXXXX');
    type('Unit (Optional)', '  ');
    expect(preview()).toBe('PDNA-UK-CPT-A123-2024-XXXXXX');
  });

  it('searches the official list by name or code, and takes free text outside South Africa', async () => {
    renderDialog();
    await screen.findByRole('dialog');
    await pick('wc011', 'Matzikama (WC011)');
    expect(field('Municipality').value).toBe('Matzikama (WC011)');
    expect(preview()).toBe('PDNA-ZA-WC011-{PARCEL}-2024-XXXXXX');
    // Every metro and local municipality is an option, its label naming its code.
    const labels = screen.getAllByRole('option', { hidden: true }).map((option) => option.textContent);
    expect(labels.filter((label) => /\((?:[A-Z]{3}|[A-Z]{2,3}\d{3})\)$/.test(label ?? ''))).toHaveLength(213);
    fireEvent.change(field('Country'), { target: { value: 'US' } });
    type('Municipality', 'Boston');
    expect(preview()).toBe('PDNA-US-BOSTON-{PARCEL}-2024-XXXXXX');
  });

  it("shows the schema's messages and sends nothing when required fields are empty", async () => {
    const { onSubmit } = renderDialog();
    await screen.findByRole('dialog');
    fireEvent.click(screen.getByRole('button', { name: 'Create Property' }));
    expect(await screen.findByText('Property name is required')).toBeTruthy();
    expect(screen.getByText('Address is required')).toBeTruthy();
    expect(screen.getByText('Municipality is required')).toBeTruthy();
    expect(screen.getByText('Parcel ID is required')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(field('Property Name'));
  });

  it('sends the dialog payload and resets the form once the property is created', async () => {
    const { onSubmit } = renderDialog();
    await screen.findByRole('dialog');
    type('Property Name', 'Bree Street Flat');
    fireEvent.change(field('Property Type'), { target: { value: 'commercial' } });
    type('Address', '4 Bree Street, Cape Town');
    await pick('cape town', 'City of Cape Town (CPT)');
    type('Parcel ID', 'A123');
    fireEvent.click(screen.getByRole('button', { name: 'Create Property' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledOnce());
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({
      name: 'Bree Street Flat',
      property_type: 'commercial',
      address: '4 Bree Street, Cape Town',
      country: 'ZA',
      municipality: 'CPT',
      parcel_id: 'A123',
      unit: undefined,
      deed_number: undefined,
    });
    await waitFor(() => expect(field('Property Name').value).toBe(''));
    expect(preview()).toBe('PDNA-ZA-{MUNICIPALITY}-{PARCEL}-2024-XXXXXX');
  });

  it('in South Africa, pre-selects the municipality the address names and shows it in words (issue 32)', async () => {
    renderDialog();
    await screen.findByRole('dialog');
    type('Address', '4 Bree Street, Cape Town, 8001');
    expect(preview()).toBe('PDNA-ZA-CPT-{PARCEL}-2024-XXXXXX');
    expect(screen.getByTestId('municipality-words').textContent).toBe(
      'City of Cape Town (CPT), Western Cape',
    );
    expect(screen.getByText(/suggested from the address \(Cape Town, 8001\)/)).toBeTruthy();
    // Abroad the address suggests nothing.
    fireEvent.change(field('Country'), { target: { value: 'US' } });
    type('Municipality', '');
    type('Address', '1 Main Street, Cape Town');
    expect(field('Municipality').value).toBe('');
  });

  it('keeps what was typed when the create fails', async () => {
    const { onSubmit } = renderDialog({ created: false });
    await screen.findByRole('dialog');
    type('Property Name', 'Bree Street Flat');
    type('Address', '4 Bree Street, Cape Town');
    await pick('cape town', 'City of Cape Town (CPT)');
    type('Parcel ID', 'A123');
    fireEvent.click(screen.getByRole('button', { name: 'Create Property' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledOnce());
    expect(field('Property Name').value).toBe('Bree Street Flat');
  });

  it("reads 'Creating...' and is disabled while a create is pending", async () => {
    renderDialog({ busy: true });
    const button = await screen.findByRole('button', { name: 'Creating...' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Create Property' })).toBeNull();
  });

  it('closes on Cancel', async () => {
    const { onClose } = renderDialog();
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledOnce();
  });
});
