import { DOCUMENT_MESSAGES } from '@propertydna/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { UploadItem } from '../../lib/upload/upload-documents';
import { renderWithMantine } from '../../test/render';
import { UploadProgressList, uploadStatusText } from './upload-progress-list';

const item = (overrides: Partial<UploadItem>): UploadItem => ({
  key: 'k',
  name: 'deed.pdf',
  bytes: 12_595,
  phase: 'queued',
  percent: 0,
  error: null,
  ...overrides,
});

describe('UploadProgressList', () => {
  it('shows one labelled progress bar per file with its phase and percentage', () => {
    renderWithMantine(
      <UploadProgressList
        items={[
          item({ key: '1', name: 'deed.pdf', phase: 'hashing', percent: 40 }),
          item({ key: '2', name: 'plan.png', phase: 'uploading', percent: 73, bytes: 2_621_440 }),
          item({ key: '3', name: 'rates.pdf', phase: 'registering', percent: 100 }),
          item({ key: '4', name: 'policy.pdf', phase: 'done', percent: 100 }),
        ]}
      />,
    );
    const list = screen.getByRole('list', { name: 'Uploads' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(4);

    const hashing = screen.getByRole('progressbar', { name: 'Upload of deed.pdf' });
    expect(hashing.getAttribute('aria-valuenow')).toBe('40');
    expect(screen.getByText('Hashing 40%')).toBeTruthy();

    const uploading = screen.getByRole('progressbar', { name: 'Upload of plan.png' });
    expect(uploading.getAttribute('aria-valuenow')).toBe('73');
    expect(screen.getByText('Uploading 73%')).toBeTruthy();
    expect(screen.getByText('2.5 MB')).toBeTruthy();

    expect(screen.getByText('Registering')).toBeTruthy();
    expect(screen.getByText('Uploaded')).toBeTruthy();
    expect(
      screen.getByRole('progressbar', { name: 'Upload of policy.pdf' }).getAttribute('aria-valuenow'),
    ).toBe('100');
  });

  it("shows a failed file's message as an alert on its own row", () => {
    renderWithMantine(
      <UploadProgressList
        items={[
          item({ key: '1', name: 'huge.pdf', phase: 'error', error: DOCUMENT_MESSAGES.tooLarge }),
          item({ key: '2', name: 'ok.pdf', phase: 'uploading', percent: 10 }),
        ]}
      />,
    );
    const [failedRow, okRow] = screen.getAllByRole('listitem');
    expect(within(failedRow as HTMLElement).getByRole('alert').textContent).toBe(
      'Files can be at most 50 MB',
    );
    expect(within(okRow as HTMLElement).queryByRole('alert')).toBeNull();
  });

  it('renders nothing without files', () => {
    renderWithMantine(<UploadProgressList items={[]} />);
    expect(screen.queryByRole('list')).toBeNull();
  });
});

describe('uploadStatusText', () => {
  it('names every phase', () => {
    expect(uploadStatusText(item({ phase: 'queued' }))).toBe('Waiting');
    expect(uploadStatusText(item({ phase: 'waiting' }))).toBe('Waiting to upload');
    expect(uploadStatusText(item({ phase: 'error', error: null }))).toBe('Upload failed');
  });
});
