import type { AddPropertyForm as AddPropertyPayload } from '@propertydna/domain';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithRouter } from '../../../../test/render';
import { AddPropertyForm } from './add-property-form';

async function renderForm({ busy = false } = {}) {
  const onSubmit = vi.fn<(payload: AddPropertyPayload) => void>();
  await renderWithRouter(<AddPropertyForm busy={busy} onSubmit={onSubmit} />);
  return { onSubmit };
}

const field = (label: string) =>
  screen.getByLabelText((content) => content.replace(/\s*\*$/, '').trim() === label) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });

describe('AddPropertyForm', () => {
  it('shows the spec §5 message of every required field and sends nothing', async () => {
    const { onSubmit } = await renderForm();
    fireEvent.click(screen.getByRole('button', { name: 'Create Property' }));
    expect(await screen.findByText('ERF/Portion/Stand number is required')).toBeTruthy();
    expect(screen.getByText('Township/Extension is required')).toBeTruthy();
    expect(screen.getByText('Municipality is required')).toBeTruthy();
    expect(screen.getByText('Property address is required')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(field('ERF/Portion/Stand number'));
  });

  it('treats blank text as missing, and clears a message once the field is filled', async () => {
    await renderForm();
    type('Township/Extension', '   ');
    fireEvent.click(screen.getByRole('button', { name: 'Create Property' }));
    expect(await screen.findByText('Township/Extension is required')).toBeTruthy();
    type('Township/Extension', 'Gardens');
    expect(screen.queryByText('Township/Extension is required')).toBeNull();
  });

  it('sends the form payload, trimmed, with the description optional', async () => {
    const { onSubmit } = await renderForm();
    type('ERF/Portion/Stand number', ' ERF 1234 ');
    type('Township/Extension', 'Gardens');
    type('Municipality', 'City of Cape Town');
    type('Property address', '12 Kloof Street, Gardens, Cape Town');
    fireEvent.click(screen.getByRole('button', { name: 'Create Property' }));
    expect(onSubmit).toHaveBeenCalledOnce();
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({
      erfNumber: 'ERF 1234',
      township: 'Gardens',
      municipality: 'City of Cape Town',
      address: '12 Kloof Street, Gardens, Cape Town',
      description: undefined,
    });
  });

  it("reads 'Creating Property...' and is disabled while busy", async () => {
    await renderForm({ busy: true });
    const button = screen.getByRole('button', { name: 'Creating Property...' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
  });

  it('has no file inputs yet', async () => {
    await renderForm();
    expect(document.querySelector('input[type="file"]')).toBeNull();
  });
});
