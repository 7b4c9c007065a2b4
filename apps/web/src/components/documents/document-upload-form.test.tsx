import { addMonths, certificateExpiryFor, DOCUMENT_MESSAGES } from '@propertydna/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { initialUploadItems } from '../../lib/upload/upload-documents';
import { validateUploadBatch } from '../../lib/upload/validate';
import { renderWithMantine } from '../../test/render';
import { pickCertificateType } from '../../test/select';
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

/** The form of a property's vault; answers the upload spy. */
function renderForm() {
  const onUpload = vi.fn(() => ({ refusal: null }));
  renderWithMantine(
    <DocumentUploadForm items={[]} busy={false} onUpload={onUpload} destination={{ propertyId: 'p1' }} />,
  );
  return onUpload;
}

describe('certificateExpiryFor', () => {
  it("is the issue date plus the type's validity, month-end safe; none for a type without one", () => {
    expect(certificateExpiryFor('beetle_clearance', '2026-11-23')).toBe('2027-02-23');
    expect(certificateExpiryFor('beetle_clearance', '2026-11-30')).toBe('2027-02-28');
    expect(certificateExpiryFor('alarm_service', '2026-01-31')).toBe('2026-07-31');
    expect(certificateExpiryFor('thatch_retardant', '2026-05-01')).toBe('2029-05-01');
    expect(certificateExpiryFor('electrical_coc', '2026-05-01')).toBeNull();
    expect(certificateExpiryFor(null, '2026-05-01')).toBeNull();
    expect(certificateExpiryFor('beetle_clearance', '')).toBeNull();
  });
});

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
    const onUpload = renderForm();
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

  it("offers a certificate's type and issue date, and dates its expiry by the type's validity", async () => {
    const onUpload = renderForm();
    expect(screen.queryByRole('combobox', { name: 'Certificate type' })).toBeNull();
    expect(screen.queryByLabelText('Issued on')).toBeNull();

    fireEvent.change(screen.getByLabelText('Type'), { target: { value: 'certificate' } });
    const issued = screen.getByLabelText('Issued on') as HTMLInputElement;
    const expiry = screen.getByLabelText('Expiry date') as HTMLInputElement;
    // Never defaulted: an issue date nobody typed would make an old certificate look new.
    expect(issued.value).toBe('');
    // No type yet: no validity, no expiry.
    expect(expiry.value).toBe('');

    // A type with a validity, but no issue date: still no expiry to suggest.
    pickCertificateType('Entomologist (beetle) certificate');
    expect(expiry.value).toBe('');

    fireEvent.change(issued, { target: { value: '2026-11-01' } });
    expect(expiry.value).toBe(addMonths('2026-11-01', 3));
    expect(screen.getByText('3 months after issue; change or clear it')).toBeTruthy();

    fireEvent.change(issued, { target: { value: '2026-11-30' } });
    expect(expiry.value).toBe('2027-02-28');

    const chosen = [file('beetle.pdf')];
    choose(chosen);
    await waitFor(() =>
      expect(onUpload).toHaveBeenCalledWith(chosen, {
        destination: { propertyId: 'p1' },
        kind: 'certificate',
        expiresAt: '2027-02-28',
        certificateType: 'beetle_clearance',
        issuedOn: '2026-11-30',
      }),
    );
  });

  it('sends no issue date when none was typed (the server then says "date unknown")', async () => {
    const onUpload = renderForm();
    fireEvent.change(screen.getByLabelText('Type'), { target: { value: 'inspection' } });
    pickCertificateType('Roof inspection report');
    const chosen = [file('roof.pdf')];
    choose(chosen);
    await waitFor(() =>
      expect(onUpload).toHaveBeenCalledWith(chosen, {
        destination: { propertyId: 'p1' },
        kind: 'inspection',
        expiresAt: null,
        certificateType: 'roof_inspection',
        issuedOn: null,
      }),
    );
  });

  it('keeps an expiry set by hand, and refuses one on or before the issue date', () => {
    renderForm();
    fireEvent.change(screen.getByLabelText('Type'), { target: { value: 'certificate' } });
    const issued = screen.getByLabelText('Issued on') as HTMLInputElement;
    const expiry = screen.getByLabelText('Expiry date') as HTMLInputElement;
    fireEvent.change(issued, { target: { value: '2026-01-10' } });
    fireEvent.change(expiry, { target: { value: '2026-06-30' } });
    pickCertificateType('Roof inspection report');
    expect(expiry.value).toBe('2026-06-30');

    fireEvent.change(expiry, { target: { value: '' } });
    pickCertificateType('Alarm service certificate');
    expect(expiry.value).toBe('');

    fireEvent.change(expiry, { target: { value: '2026-01-10' } });
    expect(screen.getByText(DOCUMENT_MESSAGES.expiryBeforeIssue)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Choose files' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('sends an inspection with its type and issue date but no expiry', async () => {
    const onUpload = renderForm();
    fireEvent.change(screen.getByLabelText('Type'), { target: { value: 'inspection' } });
    expect((screen.getByLabelText('Expiry date') as HTMLInputElement).disabled).toBe(true);
    pickCertificateType('Roof inspection report');
    fireEvent.change(screen.getByLabelText('Issued on'), { target: { value: '2026-08-01' } });
    choose([file('roof.pdf')]);
    await waitFor(() =>
      expect(onUpload).toHaveBeenCalledWith([expect.any(File)], {
        destination: { propertyId: 'p1' },
        kind: 'inspection',
        expiresAt: null,
        certificateType: 'roof_inspection',
        issuedOn: '2026-08-01',
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
