import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithMantine } from '../../../test/render';
import { READ_DOCUMENT_ID, readExtraction, readField, stubPagePictures } from './extraction.fixture';
import { highlightStyle } from './page-preview';
import { ReadFromDocumentView, type ReadFromDocumentViewProps } from './read-fields-view';

function renderView(overrides: Partial<ReadFromDocumentViewProps> = {}) {
  const onConfirm = vi.fn(async () => true);
  renderWithMantine(
    <ReadFromDocumentView
      documentId={READ_DOCUMENT_ID}
      documentName="coc-photo.jpg"
      extraction={readExtraction()}
      busy={false}
      error={null}
      onConfirm={onConfirm}
      {...overrides}
    />,
  );
  return { onConfirm };
}

const row = (label: string) =>
  screen.getAllByRole('listitem').find((item) => within(item).queryByText(label)) as HTMLElement;

let asked: string[] = [];
beforeEach(() => {
  asked = stubPagePictures();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Read from the document', () => {
  it('shows each field formatted with its confidence in words and the line it was read from', () => {
    renderView();
    expect(screen.getByRole('heading', { name: 'Read from the document' })).toBeTruthy();
    const fields = screen.getByRole('list', { name: 'Fields read' });
    expect(within(fields).getAllByRole('listitem')).toHaveLength(4);
    expect(within(row('Certificate type')).getByText('Electrical Certificate of Compliance')).toBeTruthy();
    expect(within(row('Certificate type')).getByText('High confidence')).toBeTruthy();
    expect(within(row('Issue date')).getByText('Mar 14, 2025')).toBeTruthy();
    expect(within(row('Issue date')).getByText('Check')).toBeTruthy();
    expect(within(row('Issue date')).getByText('Page 1: “Date of issue: 14 March 2025”')).toBeTruthy();
  });

  it("shows the field's page with its line outlined, following the field hovered or focused", async () => {
    renderView();
    const page = await screen.findByRole('img', { name: 'Page 1 of 1 of coc-photo.jpg, as read' });
    // Fetched with the session's credentials, shown from an object URL.
    expect(asked).toEqual([`/api/documents/${READ_DOCUMENT_ID}/extraction/pages/1`]);
    expect(page.getAttribute('src')).toBe('blob:page-1');
    const highlight = screen.getByTestId('read-highlight');
    // The first field waiting: the certificate type's line.
    expect(highlightStyle({ x: 0.1, y: 0.05, w: 0.8, h: 0.04 }).top).toBe('4.60%');
    expect(highlight.style.top).toBe('4.6%');
    expect(screen.getByText('Page 1 of 1 · outlined: Certificate type')).toBeTruthy();

    fireEvent.mouseEnter(row('Issue date'));
    expect(highlight.style.top).toBe('24.6%');
    expect(highlight.style.left).toBe('9.6%');
    expect(row('Issue date').dataset.active).toBe('true');

    fireEvent.focus(within(row('Issuer registration number')).getByRole('button', { name: /^Accept/ }));
    expect(screen.getByTestId('read-highlight').style.top).toBe('79.6%');
    expect(screen.getByText('Page 1 of 1 · outlined: Issuer registration number')).toBeTruthy();
  });

  it('shows the page of the field in focus when fields come from several pages', async () => {
    renderView({
      extraction: readExtraction({
        pages: 3,
        pages_read: 3,
        fields: [
          readField({ name: 'insurer', label: 'Insurer', value: 'Santam', page: 1 }),
          readField({ name: 'cover_to', label: 'Cover to', value: '2026-02-28', page: 2 }),
        ],
      }),
    });
    expect((await screen.findByRole('img')).getAttribute('alt')).toBe(
      'Page 1 of 3 of coc-photo.jpg, as read',
    );
    fireEvent.mouseEnter(row('Cover to'));
    const page = await screen.findByRole('img', { name: 'Page 2 of 3 of coc-photo.jpg, as read' });
    expect(page.getAttribute('src')).toBe('blob:page-2');
    expect(asked.at(-1)).toBe(`/api/documents/${READ_DOCUMENT_ID}/extraction/pages/2`);
    // The first page's picture is let go.
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:page-1');
  });

  it('says when the picture of the page cannot be loaded', async () => {
    vi.unstubAllGlobals();
    stubPagePictures(404);
    renderView();
    expect((await screen.findByRole('status')).textContent).toBe(
      'Page 1 of 1: the picture of the page could not be loaded.',
    );
  });

  it('accepts, rejects, or accepts every field waiting at once', async () => {
    const { onConfirm } = renderView();
    fireEvent.click(screen.getByRole('button', { name: 'Accept Certificate number' }));
    expect(onConfirm).toHaveBeenLastCalledWith({ certificate_number: 'E 123456' });
    fireEvent.click(screen.getByRole('button', { name: 'Reject Issuer registration number' }));
    expect(onConfirm).toHaveBeenLastCalledWith({ issuer_registration: null });
    fireEvent.click(screen.getByRole('button', { name: 'Accept all' }));
    expect(onConfirm).toHaveBeenLastCalledWith({
      certificate_type: 'electrical_coc',
      certificate_number: 'E 123456',
      issue_date: '2025-03-14',
      issuer_registration: 'IE 1234',
    });
  });

  it("edits a field inline, checked by the field's rule before it is sent", async () => {
    const { onConfirm } = renderView();
    fireEvent.click(screen.getByRole('button', { name: 'Edit Certificate number' }));
    const input = screen.getByRole('textbox', { name: 'Certificate number, corrected' });
    fireEvent.change(input, { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter the certificate number')).toBeTruthy();
    expect(onConfirm).not.toHaveBeenCalled();

    fireEvent.change(input, { target: { value: 'E 123457' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onConfirm).toHaveBeenLastCalledWith({ certificate_number: 'E 123457' });
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Save' })).toBeNull());
  });

  it('edits an amount typed in rand and a certificate type from the list', () => {
    const { onConfirm } = renderView({
      extraction: readExtraction({
        fields: [
          readField({ name: 'total', label: 'Total (incl. VAT)', value: '1234.56' }),
          readField({ name: 'certificate_type', label: 'Certificate type', value: 'gas_coc' }),
        ],
      }),
    });
    expect(screen.getByText('R 1 234.56')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Edit Total (incl. VAT)' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Total (incl. VAT), corrected' }), {
      target: { value: 'R 2 345,60' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onConfirm).toHaveBeenLastCalledWith({ total: '2345.60' });

    fireEvent.click(screen.getByRole('button', { name: 'Edit Certificate type' }));
    fireEvent.change(screen.getByRole('combobox', { name: 'Certificate type, corrected' }), {
      target: { value: 'electrical_coc' },
    });
    fireEvent.click(screen.getAllByRole('button', { name: 'Save' }).at(-1) as HTMLElement);
    expect(onConfirm).toHaveBeenLastCalledWith({ certificate_type: 'electrical_coc' });
  });

  it('shows the state of settled fields instead of their buttons, and no Accept all when none waits', () => {
    renderView({
      extraction: readExtraction({
        fields: [
          readField({
            name: 'certificate_type',
            label: 'Certificate type',
            value: 'electrical_coc',
            state: 'auto_accepted',
          }),
          readField({
            name: 'certificate_number',
            label: 'Certificate number',
            value: 'E 1',
            confirmed_value: 'E 12',
            state: 'confirmed',
          }),
          readField({ name: 'issue_date', label: 'Issue date', value: '2025-03-14', state: 'confirmed' }),
          readField({ name: 'erf', label: 'Erf', value: '1234', state: 'rejected' }),
        ],
      }),
    });
    expect(within(row('Certificate type')).getByText('Accepted automatically')).toBeTruthy();
    expect(within(row('Certificate number')).getByText('Confirmed (edited)')).toBeTruthy();
    expect(within(row('Certificate number')).getByText('E 12')).toBeTruthy();
    expect(within(row('Issue date')).getByText('Confirmed')).toBeTruthy();
    expect(within(row('Erf')).getByText('Rejected')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Accept/ })).toBeNull();
  });

  it('shows the progress of a reading on its way', () => {
    renderView({ extraction: readExtraction({ status: 'running', pages: 10, pages_read: 2, fields: [] }) });
    expect(screen.getByRole('status').textContent).toBe('Reading the document… page 3 of 10');
    expect(
      screen.getByRole('progressbar', { name: 'Reading the document' }).getAttribute('aria-valuenow'),
    ).toBe('20');
    expect(screen.queryByRole('list', { name: 'Fields read' })).toBeNull();
  });

  it('says when nothing could be read with confidence', () => {
    renderView({ extraction: readExtraction({ fields: [] }) });
    expect(screen.getByText('Nothing could be read with confidence.')).toBeTruthy();
  });

  it.each([
    ['unreadable', false, 'This document cannot be read', 'The image is too large to read safely'],
    ['failed', false, 'The document could not be read', 'The reader stopped: out of time'],
    ['done', true, 'Not every page was read', 'Only the first 50 pages were read'],
  ] as const)('shows a %s reading with its message', (status, limit, title, message) => {
    renderView({ extraction: readExtraction({ status, page_limit_reached: limit, message }) });
    expect(screen.getByText(title)).toBeTruthy();
    expect(screen.getByText(message)).toBeTruthy();
  });

  it('warns when the address read is not the property’s, and shows the server’s refusal', () => {
    renderView({
      extraction: readExtraction({
        address_mismatch: 'This certificate names 14 Kloof St; this property is 12 Kloof St',
      }),
      error: 'Enter the certificate number',
    });
    const alerts = screen.getAllByRole('alert');
    expect(alerts.map((alert) => alert.textContent)).toEqual([
      expect.stringContaining('This certificate names 14 Kloof St; this property is 12 Kloof St'),
      expect.stringContaining('Enter the certificate number'),
    ]);
  });
});
