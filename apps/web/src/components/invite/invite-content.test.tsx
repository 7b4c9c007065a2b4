import { createHash } from 'node:crypto';
import { addMonths, VENDOR_MESSAGES } from '@propertydna/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { TRPCClientError } from '@trpc/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithMantine } from '../../test/render';
import { pickCertificateType } from '../../test/select';
import { InviteContent } from './invite-content';
import type { InviteView } from './invite-files';

const TOKEN = 'tok_abc123';

// The page's tRPC calls, stubbed: the invite's view, and the client calls of the upload sequence.
const api = vi.hoisted(() => {
  const view = {
    data: undefined as unknown,
    isLoading: false,
    isFetching: false,
    isError: false,
    error: null as unknown,
    refetch: vi.fn(),
  };
  const sign = vi.fn();
  const register = vi.fn();
  const invalidate = vi.fn(async () => {});
  const utils = {
    client: { invites: { sign: { mutate: sign }, register: { mutate: register } } },
    invites: { view: { invalidate } },
  };
  return { view, sign, register, invalidate, utils };
});
vi.mock('../../lib/trpc', () => ({
  trpc: {
    useUtils: () => api.utils,
    invites: { view: { useQuery: () => api.view } },
  },
}));

/** A stand-in for the browser's XMLHttpRequest: records each PUT and answers 200 after half-way progress. */
class FakeXhr {
  static sent: FakeXhr[] = [];
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: Blob | null = null;
  status = 0;
  statusText = '';
  responseText = '';
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: Blob) {
    this.body = body;
    FakeXhr.sent.push(this);
    setTimeout(() => {
      this.upload.onprogress?.({
        loaded: body.size / 2,
        total: body.size,
        lengthComputable: true,
      } as ProgressEvent);
      this.status = 200;
      this.onload?.();
    }, 0);
  }
}

const view: InviteView = {
  vendor: { name: 'Sipho Dlamini', company: 'Sparks Electrical' },
  property: { address: '5 Kloof Street, Gardens', dna_code: 'RES-4821-CT' },
  owner: { first_name: 'Thandiwe' },
  allowed_kinds: ['certificate', 'inspection'],
  expires_at: '2026-12-07T08:00:00.000Z',
  limits: { max_files: 20, max_bytes: 250 * 1024 * 1024 },
  used: { files: 2, bytes: 10 * 1024 * 1024 },
  uploading_as: null,
  uploads: [
    { id: 'doc-1', name: 'coc-2026.pdf', kind: 'certificate', created_at: '2026-11-24T09:30:00.000Z' },
  ],
};

const trpcError = (message: string, code: string, httpStatus: number) =>
  TRPCClientError.from({ error: { message, code: -32000, data: { code, httpStatus } } });

function showView(data: InviteView = view) {
  api.view.data = data;
}

function showError(error: unknown) {
  api.view.data = undefined;
  api.view.isError = true;
  api.view.error = error;
}

function pdf(name: string, text = `%PDF-1.7 ${name}`): File {
  return new File([text], name, { type: 'application/pdf' });
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

function choose(files: File[]) {
  const input = document.getElementById('invite-files') as HTMLInputElement | null;
  if (!input) throw new Error('no file input');
  fireEvent.change(input, { target: { files } });
}

/** The group of fields and progress of one chosen file, named by the file. */
const fileGroup = (name: string) => screen.getByRole('group', { name });

beforeEach(() => {
  Object.assign(api.view, {
    data: undefined,
    isLoading: false,
    isFetching: false,
    isError: false,
    error: null,
  });
  api.view.refetch.mockReset();
  api.sign.mockReset();
  api.register.mockReset();
  api.invalidate.mockClear();
  FakeXhr.sent = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  api.sign.mockImplementation(async ({ sha256: hash }: { sha256: string }) => ({
    url: `https://store.test/upload/${hash.slice(0, 8)}`,
    storageKey: `key-${hash.slice(0, 8)}`,
    method: 'PUT',
    headers: { 'Content-Type': 'application/pdf', 'x-upload-token': 'signed' },
    expiresAt: '2026-11-24T10:00:00.000Z',
  }));
  api.register.mockImplementation(async ({ document }: { document: { name: string; kind: string } }) => ({
    id: `doc-${document.name}`,
    name: document.name,
    kind: document.kind,
    created_at: '2026-11-24T09:31:00.000Z',
  }));
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('InviteContent: the header', () => {
  it('greets the vendor and says who asks for what, for which property, until when', () => {
    showView({ ...view, uploading_as: 'Acme Electrical' });
    renderWithMantine(<InviteContent token={TOKEN} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Hi Sipho Dlamini' })).toBeTruthy();
    expect(
      screen.getByText(
        (_, element) =>
          element?.tagName === 'P' &&
          element.textContent ===
            'Thandiwe asks you to upload certificates and inspection reports for 5 Kloof Street, Gardens.',
      ),
    ).toBeTruthy();
    expect(screen.getByText('RES-4821-CT')).toBeTruthy();
    expect(screen.getByText('This link works until Dec 07, 2026.')).toBeTruthy();
    expect(
      screen.getByText(
        (_, element) =>
          element?.tagName === 'P' &&
          element.textContent === 'You are signed in: uploads are verified as Acme Electrical.',
      ),
    ).toBeTruthy();
    // What the link still takes, and what came in through it (never the owner's vault).
    expect(screen.getByText('You can upload 18 more files (up to 240.0 MB) through this link.')).toBeTruthy();
    const uploaded = screen.getByRole('region', { name: 'Uploaded' });
    expect(within(uploaded).getByText('coc-2026.pdf')).toBeTruthy();
    expect(within(uploaded).getByText('Certificate · uploaded Nov 24, 2026')).toBeTruthy();
  });

  it('says nothing about signing in to an anonymous vendor', () => {
    showView();
    renderWithMantine(<InviteContent token={TOKEN} />);
    expect(screen.queryByText(/You are signed in/)).toBeNull();
  });

  it('says when the link is full, and offers no way to add files', () => {
    showView({ ...view, used: { files: 20, bytes: 20 * 1024 * 1024 } });
    renderWithMantine(<InviteContent token={TOKEN} />);
    expect(screen.getByText('This link is full. Ask Thandiwe for a new one to upload more.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Choose files' })).toBeNull();
  });
});

describe('InviteContent: a link that cannot be opened', () => {
  it('says an unknown, expired or revoked link is not valid any more, with nothing to retry', () => {
    showError(trpcError(VENDOR_MESSAGES.inviteNotFound, 'NOT_FOUND', 404));
    renderWithMantine(<InviteContent token={TOKEN} />);
    expect(
      screen.getByRole('heading', {
        level: 1,
        name: 'This upload link is not valid any more. Ask the property owner for a new one.',
      }),
    ).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it("says how long to wait when rate-limited, in the server's words", () => {
    showError(trpcError('Too many invalid upload links. Try again in 12 minutes.', 'TOO_MANY_REQUESTS', 429));
    renderWithMantine(<InviteContent token={TOKEN} />);
    expect(screen.getByRole('heading', { name: 'Please wait a moment' })).toBeTruthy();
    expect(screen.getByText('Too many invalid upload links. Try again in 12 minutes.')).toBeTruthy();
  });

  it('shows another failure with a retry', () => {
    showError(trpcError('Internal server error', 'INTERNAL_SERVER_ERROR', 500));
    renderWithMantine(<InviteContent token={TOKEN} />);
    expect(screen.getByRole('alert').textContent).toContain('Internal server error');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(api.view.refetch).toHaveBeenCalled();
  });

  it('shows the retry loading while it is under way', () => {
    showError(trpcError('Internal server error', 'INTERNAL_SERVER_ERROR', 500));
    api.view.isFetching = true;
    renderWithMantine(<InviteContent token={TOKEN} />);
    expect(screen.getByRole('heading', { name: 'Unable to load this upload link' })).toBeTruthy();
    const retry = screen.getByRole('button', { name: 'Try again' });
    expect(retry.hasAttribute('data-loading')).toBe(true);
    expect(retry.hasAttribute('disabled')).toBe(true);
  });

  it('says it is loading', () => {
    api.view.isLoading = true;
    renderWithMantine(<InviteContent token={TOKEN} />);
    expect(screen.getByRole('status').textContent).toBe('Loading the upload link…');
  });
});

describe('InviteContent: choosing files', () => {
  it('offers only the kinds the link accepts, the first by default, with the fields of each', () => {
    showView();
    renderWithMantine(<InviteContent token={TOKEN} />);
    choose([pdf('coc.pdf')]);
    const group = fileGroup('coc.pdf');
    const kind = within(group).getByLabelText('Document type') as HTMLSelectElement;
    expect(Array.from(kind.options).map((option) => option.value)).toEqual(['certificate', 'inspection']);
    expect(kind.value).toBe('certificate');
    expect(within(group).getByRole('combobox', { name: 'Certificate type' })).toBeTruthy();
    // Never defaulted: the vendor types the date on the certificate.
    const issued = within(group).getByLabelText('Issued on') as HTMLInputElement;
    expect(issued.value).toBe('');
    expect(within(group).getByLabelText('Expiry date')).toBeTruthy();

    // An inspection says which one and when, but has no expiry.
    fireEvent.change(kind, { target: { value: 'inspection' } });
    expect(within(group).getByLabelText('Issued on')).toBeTruthy();
    expect(within(group).queryByLabelText('Expiry date')).toBeNull();
    expect(screen.getByRole('button', { name: 'Upload 1 file' })).toBeTruthy();
  });

  it("dates a certificate's expiry by its type's validity, and keeps an edited one", () => {
    showView();
    renderWithMantine(<InviteContent token={TOKEN} />);
    choose([pdf('beetle.pdf')]);
    const group = fileGroup('beetle.pdf');
    fireEvent.change(within(group).getByLabelText('Issued on'), { target: { value: '2026-11-23' } });
    pickCertificateType('Entomologist (beetle) certificate');
    const expiry = within(group).getByLabelText('Expiry date') as HTMLInputElement;
    expect(expiry.value).toBe(addMonths('2026-11-23', 3));
    fireEvent.change(expiry, { target: { value: '2026-11-01' } });
    expect(within(group).getByText('The expiry date must be after the issue date')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Upload 1 file' })).toHaveProperty('disabled', true);
  });

  it('refuses more than 5 files at a time, and a file the browser cannot send', () => {
    showView();
    renderWithMantine(<InviteContent token={TOKEN} />);
    choose(Array.from({ length: 6 }, (_, index) => pdf(`${index}.pdf`)));
    expect(screen.getByRole('alert').textContent).toBe('You can upload at most 5 files at a time');
    expect(screen.queryByRole('list', { name: 'Chosen files' })).toBeNull();

    choose([new File(['x'], 'notes.exe', { type: 'application/x-msdownload' })]);
    const group = fileGroup('notes.exe');
    expect(within(group).getByRole('alert').textContent).toBe('This file type is not allowed');
    expect(within(group).queryByLabelText('Document type')).toBeNull();
    expect(within(group).queryByRole('button', { name: 'Retry notes.exe' })).toBeNull();
    fireEvent.click(within(group).getByRole('button', { name: 'Remove notes.exe' }));
    expect(screen.queryByRole('group', { name: 'notes.exe' })).toBeNull();
  });

  it('says when the chosen files are more than the link still accepts', () => {
    showView({ ...view, used: { files: 19, bytes: 0 } });
    renderWithMantine(<InviteContent token={TOKEN} />);
    choose([pdf('a.pdf'), pdf('b.pdf')]);
    expect(screen.getByRole('alert').textContent).toBe(
      'This link accepts 1 more file. Remove 1 file before uploading.',
    );
    expect(screen.getByRole('button', { name: 'Upload 2 files' })).toHaveProperty('disabled', true);
  });
});

describe('InviteContent: uploading', () => {
  it('hashes, signs through the invite, PUTs with the signed headers and registers each file', async () => {
    showView();
    renderWithMantine(<InviteContent token={TOKEN} />);
    const text = '%PDF-1.7 beetle certificate';
    const file = pdf('beetle.pdf', text);
    choose([file]);
    const group = fileGroup('beetle.pdf');
    fireEvent.change(within(group).getByLabelText('Issued on'), { target: { value: '2026-11-23' } });
    pickCertificateType('Entomologist (beetle) certificate');
    fireEvent.click(screen.getByRole('button', { name: 'Upload 1 file' }));

    await waitFor(() => expect(within(group).getByText('Uploaded')).toBeTruthy());
    const hash = sha256(text);
    expect(api.sign).toHaveBeenCalledTimes(1);
    expect(api.sign).toHaveBeenCalledWith({
      token: TOKEN,
      contentType: 'application/pdf',
      sha256: hash,
      bytes: file.size,
    });
    expect(FakeXhr.sent).toHaveLength(1);
    expect(FakeXhr.sent[0]).toMatchObject({
      method: 'PUT',
      url: `https://store.test/upload/${hash.slice(0, 8)}`,
      headers: { 'Content-Type': 'application/pdf', 'x-upload-token': 'signed' },
      body: file,
    });
    expect(api.register).toHaveBeenCalledWith({
      token: TOKEN,
      document: {
        kind: 'certificate',
        name: 'beetle.pdf',
        storage_key: `key-${hash.slice(0, 8)}`,
        sha256: hash,
        bytes: file.size,
        content_type: 'application/pdf',
        expires_at: '2027-02-23',
        metadata: { certificate_type: 'beetle_clearance', issued_on: '2026-11-23' },
      },
    });
    // The list of uploads (and what the link still takes) is fetched again.
    expect(api.invalidate).toHaveBeenCalledWith({ token: TOKEN });
    expect(screen.getByText('1 file uploaded. Thank you!')).toBeTruthy();
    expect(
      screen.getByRole('progressbar', { name: 'Upload of beetle.pdf' }).getAttribute('aria-valuenow'),
    ).toBe('100');
    expect(screen.queryByRole('button', { name: /^Upload \d/ })).toBeNull();
  });

  it('shows a refused registration on that file only, and retries it without losing the others', async () => {
    showView();
    api.register.mockImplementationOnce(async ({ document }: { document: { name: string } }) => {
      if (document.name === 'a.pdf') {
        throw trpcError('This link only accepts certificates and inspection reports', 'BAD_REQUEST', 400);
      }
      return {
        id: 'doc-x',
        name: document.name,
        kind: 'certificate',
        created_at: '2026-11-24T09:31:00.000Z',
      };
    });
    renderWithMantine(<InviteContent token={TOKEN} />);
    choose([pdf('a.pdf'), pdf('b.pdf')]);
    fireEvent.click(screen.getByRole('button', { name: 'Upload 2 files' }));

    const failed = fileGroup('a.pdf');
    const ok = fileGroup('b.pdf');
    await waitFor(() =>
      expect(within(failed).getByRole('alert').textContent).toBe(
        'This link only accepts certificates and inspection reports',
      ),
    );
    await waitFor(() => expect(within(ok).getByText('Uploaded')).toBeTruthy());
    expect(within(ok).queryByRole('alert')).toBeNull();
    expect(screen.getByText('1 file uploaded; 1 could not be: see the message on each.')).toBeTruthy();
    // The failed file can still be changed, then sent again alone.
    expect(within(failed).getByLabelText('Document type')).toBeTruthy();
    expect(api.sign).toHaveBeenCalledTimes(2);
    fireEvent.click(within(failed).getByRole('button', { name: 'Retry a.pdf' }));
    await waitFor(() => expect(within(failed).getByText('Uploaded')).toBeTruthy());
    expect(api.sign).toHaveBeenCalledTimes(3);
    expect(api.register).toHaveBeenCalledTimes(3);
    expect(within(ok).getByText('Uploaded')).toBeTruthy();
    expect(screen.getByText('1 file uploaded. Thank you!')).toBeTruthy();
  });

  it("shows a refused signing (the link's cap) on the file", async () => {
    showView();
    api.sign.mockRejectedValueOnce(trpcError(VENDOR_MESSAGES.tooManyBytes, 'PAYLOAD_TOO_LARGE', 413));
    renderWithMantine(<InviteContent token={TOKEN} />);
    choose([pdf('big.pdf')]);
    fireEvent.click(screen.getByRole('button', { name: 'Upload 1 file' }));
    const group = fileGroup('big.pdf');
    await waitFor(() =>
      expect(within(group).getByRole('alert').textContent).toBe(VENDOR_MESSAGES.tooManyBytes),
    );
    expect(FakeXhr.sent).toHaveLength(0);
    expect(api.register).not.toHaveBeenCalled();
  });
});
