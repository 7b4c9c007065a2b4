import type { AddPropertyForm as AddPropertyPayload } from '@propertydna/domain';
import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  type AddPropertyFiles,
  AddPropertyForm,
} from '../routes/_authenticated/properties/-components/add-property-form';
import { renderWithRouter } from '../test/render';
import { chooseFromListMessage } from './property-location-fields';

async function renderForm() {
  const onSubmit = vi.fn<(payload: AddPropertyPayload, files: AddPropertyFiles) => void>();
  await renderWithRouter(<AddPropertyForm busy={false} onSubmit={onSubmit} />);
  return { onSubmit };
}

const municipality = () => screen.getByRole('combobox', { name: /^Municipality/ }) as HTMLInputElement;
const input = (id: string) => document.getElementById(id) as HTMLInputElement;

/** Types `text` into the focused input one character at a time, as a keyboard user does. */
async function typeInto(element: HTMLInputElement, text: string) {
  act(() => element.focus());
  for (let i = 1; i <= text.length; i++) {
    fireEvent.change(element, { target: { value: text.slice(0, i) } });
    await act(async () => {});
  }
}

const press = async (element: HTMLElement, key: 'Enter' | 'ArrowDown') => {
  fireEvent.keyDown(element, { key, code: key });
  await act(async () => {});
};

/** The municipality in words under the field, as the owner confirms it. */
const words = () => screen.queryByTestId('municipality-words')?.textContent ?? null;

async function fillTheRest() {
  fireEvent.change(input('add-property-erfNumber'), { target: { value: 'ERF 1' } });
  fireEvent.change(input('add-property-township'), { target: { value: 'Gardens' } });
}

describe('MunicipalitySelect: a half-typed name is never taken (issue 32: Cape + Enter → Cape Agulhas)', () => {
  it("'Cape' + Enter picks nothing, says to choose from the list and sends nothing", async () => {
    const { onSubmit } = await renderForm();
    await fillTheRest();
    fireEvent.change(input('add-property-address'), { target: { value: '12 Long Street, Cape Town' } });
    // The address chose City of Cape Town; the owner types 'Cape' over it and presses Enter.
    await typeInto(municipality(), 'Cape');
    await press(municipality(), 'Enter');
    expect(await screen.findByText(chooseFromListMessage('Cape'))).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
    // Nothing was picked from the prefix: the suggestion stands.
    expect(words()).toBe('City of Cape Town (CPT), Western Cape');
  });

  it("'Cape' + Enter on an empty field leaves it empty", async () => {
    const { onSubmit } = await renderForm();
    await typeInto(municipality(), 'Cape');
    await press(municipality(), 'Enter');
    expect(await screen.findByText(chooseFromListMessage('Cape'))).toBeTruthy();
    expect(words()).toBeNull();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("'Cape', the arrow down into the list and Enter pick the first option there, not the second", async () => {
    await renderForm();
    await typeInto(municipality(), 'Cape');
    await press(municipality(), 'ArrowDown');
    await press(municipality(), 'Enter');
    expect(municipality().value).toBe('City of Cape Town (CPT)');
    expect(words()).toBe('City of Cape Town (CPT), Western Cape');
  });

  it('a typed name or code of exactly one municipality + Enter is taken, and shown in words before saving', async () => {
    const { onSubmit } = await renderForm();
    await typeInto(municipality(), 'stellenbosch');
    await press(municipality(), 'Enter');
    expect(words()).toBe('Stellenbosch (WC024), Western Cape');
    expect(onSubmit).not.toHaveBeenCalled();
  });
});

describe('the address suggests its municipality', () => {
  it('pre-selects City of Cape Town for a Cape Town address, in words with what it was read from, and sends it', async () => {
    const { onSubmit } = await renderForm();
    await fillTheRest();
    await typeInto(input('add-property-address'), '12 Long Street, Cape Town, 8001');
    expect(words()).toBe('City of Cape Town (CPT), Western Cape');
    expect(
      screen.getByText(/suggested from the address \(Cape Town, 8001\)\. Check it before you save\./),
    ).toBeTruthy();
    expect(municipality().value).toBe('City of Cape Town (CPT)');
    fireEvent.click(screen.getByRole('button', { name: 'Create Property' }));
    expect(onSubmit).toHaveBeenCalledOnce();
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({ municipality: 'CPT' });
  });

  it("never suggests from a prefix: '12 Long Street, Cape' suggests nothing, and a suggestion it made goes", async () => {
    await renderForm();
    await typeInto(input('add-property-address'), '12 Long Street, Cape Town');
    expect(words()).toBe('City of Cape Town (CPT), Western Cape');
    fireEvent.change(input('add-property-address'), { target: { value: '12 Long Street, Cape' } });
    expect(words()).toBeNull();
    expect(municipality().value).toBe('');
  });

  it("keeps the owner's own choice whatever the address says", async () => {
    await renderForm();
    await typeInto(municipality(), 'Stellenbosch');
    fireEvent.click(screen.getByRole('option', { name: 'Stellenbosch (WC024)', hidden: true }));
    await typeInto(input('add-property-address'), '12 Long Street, Cape Town, 8001');
    expect(words()).toBe('Stellenbosch (WC024), Western Cape');
    expect(screen.queryByText(/suggested from the address/)).toBeNull();
  });
});
