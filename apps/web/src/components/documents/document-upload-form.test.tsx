import { DOCUMENT_MESSAGES } from '@propertydna/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { initialUploadItems } from '../../lib/upload/upload-documents';
import { validateUploadBatch } from '../../lib/upload/validate';
import { renderWithMantine } from '../../test/render';
import { DocumentUploadForm } from './document-upload-form';

const MB = 1024 * 1024;

function file(name: string, size = 10, type = 'application/pdf'): File {
  const created = new File(['x'], name, { type });
  Object.defineProperty(created, 'size', { value: size });
  return created;
}

function choose(files: File[]) {
  const input = document.querySelector<HTMLInputElement>('input[type=file]');
  if (!input) throw new Error('no file input');
  fireEvent.change(input, { target: { files } });
}

describe('DocumentUploadForm', () => {
  it("refuses 6 files with the domain's tooManyFiles message and uploads nothing", async () => {
    const onUpload = vi.fn();
    renderWithMantine(
      <DocumentUploadForm items={[]} busy={false} onUpload={onUpload} destination={{ propertyId: 'p1' }} />,
    );
    choose(Array.from({ length: 6 }, (_, index) => file(`${index}.pdf`)));
    expect((await screen.findByRole('alert')).textContent).toBe(DOCUMENT_MESSAGES.tooManyFiles);
    expect(onUpload).not.toHaveBeenCalled();
  });

  it('starts the upload with the kind and the expiry (certificates and policies only)', async () => {
    const onUpload = vi.fn(() => ({ refusal: null }));
    renderWithMantine(
      <DocumentUploadForm items={[]} busy={false} onUpload={onUpload} destination={{ propertyId: 'p1' }} />,
    );
    const kind = screen.getByLabelText('Type') as HTMLSelectElement;
    const expiry = screen.getByLabelText('Expiry date') as HTMLInputElement;
    expect(kind.value).toBe('other');
    expect(expiry.disabled).toBe(true);

    fireEvent.change(kind, { target: { value: 'policy' } });
    expect(expiry.disabled).toBe(false);
    fireEvent.change(expiry, { target: { value: '2027-06-30' } });
    const chosen = [file('policy.pdf'), file('schedule.pdf')];
    choose(chosen);
    await waitFor(() =>
      expect(onUpload).toHaveBeenCalledWith(chosen, {
        destination: { propertyId: 'p1' },
        kind: 'policy',
        expiresAt: '2027-06-30',
      }),
    );
  });

  it('requires the property when it offers a choice', async () => {
    const onUpload = vi.fn(() => ({ refusal: null }));
    renderWithMantine(
      <DocumentUploadForm
        items={[]}
        busy={false}
        onUpload={onUpload}
        properties={[{ id: 'p1', name: 'Gardens Family Home' }]}
      />,
    );
    expect(screen.getByText('Choose the property first.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Choose files' }) as HTMLButtonElement).disabled).toBe(true);
    choose([file('deed.pdf')]);
    expect(onUpload).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText(/Property/), { target: { value: 'p1' } });
    expect((screen.getByRole('button', { name: 'Choose files' }) as HTMLButtonElement).disabled).toBe(false);
    choose([file('deed.pdf')]);
    await waitFor(() =>
      expect(onUpload).toHaveBeenCalledWith([expect.any(File)], {
        destination: { propertyId: 'p1' },
        kind: 'other',
        expiresAt: null,
      }),
    );
  });

  it("shows a 51 MB file's row with the domain's tooLarge message", () => {
    const files = [file('plans.pdf', 51 * MB), file('deed.pdf')];
    const items = initialUploadItems(files, validateUploadBatch(files).fileErrors, 'b1');
    renderWithMantine(
      <DocumentUploadForm items={items} busy onUpload={vi.fn()} destination={{ propertyId: 'p1' }} />,
    );
    expect(screen.getByRole('alert').textContent).toBe('Files can be at most 50 MB');
    expect(screen.getByRole('progressbar', { name: 'Upload of deed.pdf' })).toBeTruthy();
    expect(screen.getByText('Waiting')).toBeTruthy();
  });
});
