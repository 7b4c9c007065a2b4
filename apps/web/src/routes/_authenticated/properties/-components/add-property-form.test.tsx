import { type AddPropertyForm as AddPropertyPayload, PROPERTY_MESSAGES } from '@propertydna/domain';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithRouter } from '../../../../test/render';
import { type AddPropertyFiles, AddPropertyForm } from './add-property-form';

async function renderForm({ busy = false } = {}) {
  const onSubmit = vi.fn<(payload: AddPropertyPayload, files: AddPropertyFiles) => void>();
  await renderWithRouter(<AddPropertyForm busy={busy} onSubmit={onSubmit} />);
  return { onSubmit };
}

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
    await pick('City of Cape Town', 'City of Cape Town (CPT)');
    type('Property address', '12 Kloof Street, Gardens, Cape Town');
    fireEvent.click(screen.getByRole('button', { name: 'Create Property' }));
    expect(onSubmit).toHaveBeenCalledOnce();
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({
      name: undefined,
      erfNumber: 'ERF 1234',
      township: 'Gardens',
      municipality: 'CPT',
      address: '12 Kloof Street, Gardens, Cape Town',
      description: undefined,
    });
    expect(onSubmit.mock.calls[0]?.[1]).toEqual({ titleDeed: null, proofOfResidence: null });
  });

  it('sends the features ticked, in the list order', async () => {
    const { onSubmit } = await renderForm();
    await fillRequired();
    const features = screen.getByRole('group', { name: 'Features (Optional)' });
    fireEvent.click(within(features).getByLabelText('Thatch roof'));
    fireEvent.click(within(features).getByLabelText('Gas installation'));
    fireEvent.click(screen.getByRole('button', { name: 'Create Property' }));
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({ features: ['gas', 'thatch_roof'] });
  });

  it('sends the Property Name when one is given', async () => {
    const { onSubmit } = await renderForm();
    type('Property Name (Optional)', ' Kloof house ');
    await fillRequired();
    fireEvent.click(screen.getByRole('button', { name: 'Create Property' }));
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({ name: 'Kloof house', municipality: 'CPT' });
  });

  it("reads 'Creating Property...' and is disabled while busy", async () => {
    await renderForm({ busy: true });
    const button = screen.getByRole('button', { name: 'Creating Property...' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
  });

  it('offers an optional title deed and proof of residence, pdf, jpg, jpeg or png', async () => {
    await renderForm();
    for (const label of ['Title deed (Optional)', 'Proof of residence (Optional)']) {
      const input = screen.getByLabelText(label) as HTMLInputElement;
      expect(input.type).toBe('file');
      expect(input.accept).toBe('.pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png');
    }
  });

  it('refuses a file of another type or over 10 MB with the domain messages, and sends nothing', async () => {
    const { onSubmit } = await renderForm();
    await fillRequired();
    choose('Title deed (Optional)', fileOf('deed.docx', 1_000, 'application/msword'));
    expect(await screen.findByText(PROPERTY_MESSAGES.fileType)).toBeTruthy();
    expect(PROPERTY_MESSAGES.fileType).toBe('Only PDF, JPG and PNG files are allowed');
    choose('Proof of residence (Optional)', fileOf('bill.png', 11 * 1024 * 1024, 'image/png'));
    expect(await screen.findByText('File is larger than 10 MB')).toBeTruthy();
    expect(PROPERTY_MESSAGES.fileTooLarge).toBe('File is larger than 10 MB');
    fireEvent.click(screen.getByRole('button', { name: 'Create Property' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(screen.getByLabelText('Title deed (Optional)'));
  });

  it('sends the accepted files with the payload, once a refused one is replaced', async () => {
    const { onSubmit } = await renderForm();
    await fillRequired();
    const deed = fileOf('deed.pdf', 20_000, 'application/pdf');
    const proof = fileOf('bill.png', 2_000, 'image/png');
    choose('Title deed (Optional)', deed);
    choose('Proof of residence (Optional)', fileOf('bill.png', 10 * 1024 * 1024 + 1, 'image/png'));
    expect(await screen.findByText('File is larger than 10 MB')).toBeTruthy();
    choose('Proof of residence (Optional)', proof);
    expect(screen.queryByText('File is larger than 10 MB')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Create Property' }));
    expect(onSubmit).toHaveBeenCalledOnce();
    expect(onSubmit.mock.calls[0]?.[1]).toEqual({ titleDeed: deed, proofOfResidence: proof });
  });

  it('shows the progress of the uploads it is given', async () => {
    await renderWithRouter(
      <AddPropertyForm
        busy
        onSubmit={vi.fn()}
        uploads={[{ key: 'a', name: 'deed.pdf', bytes: 2048, phase: 'uploading', percent: 40, error: null }]}
      />,
    );
    expect(screen.getByRole('progressbar', { name: 'Upload of deed.pdf' })).toBeTruthy();
    expect(screen.getByText('Uploading 40%')).toBeTruthy();
  });
});

async function fillRequired() {
  type('ERF/Portion/Stand number', 'ERF 1234');
  type('Township/Extension', 'Gardens');
  await pick('City of Cape Town', 'City of Cape Town (CPT)');
  type('Property address', '12 Kloof Street, Gardens, Cape Town');
}

/** A file of the given size without allocating it (jsdom reads `size` from the blob). */
function fileOf(name: string, size: number, type: string): File {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

function choose(label: string, file: File) {
  fireEvent.change(screen.getByLabelText(label), { target: { files: [file] } });
}
