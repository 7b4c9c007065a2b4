import type { AppRouter } from '@propertydna/api/router';
import type { OrganizationRole } from '@propertydna/domain';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { TRPCLink } from '@trpc/client';
import { observable } from '@trpc/server/observable';
import { afterEach, describe, expect, it } from 'vitest';
import { AuthProvider } from '../../../lib/auth';
import { AUTH_TOKEN_KEY, createQueryClient, trpc } from '../../../lib/trpc';
import { meAnswer } from '../../../test/me';
import { renderWithRouter } from '../../../test/render';
import { ExportSection } from './export-section';

const EXPORT = {
  id: '3c1e2a7e-3b9d-4f5e-8a21-0c4d7b9e1f40',
  status: 'running',
  files_total: 5,
  files_done: 2,
  percent: 40,
  bytes: null,
  sha256: null,
  error: null,
  created_at: '2026-11-28T08:00:00.000Z',
  finished_at: null,
  expires_at: null,
  download_url: null,
};
const READY = {
  ...EXPORT,
  status: 'ready',
  files_done: 5,
  percent: 100,
  bytes: 2_621_440,
  sha256: 'a'.repeat(64),
  finished_at: '2026-11-28T08:05:00.000Z',
  expires_at: '2026-12-05T08:05:00.000Z',
  download_url: `/api/account/export/${EXPORT.id}/download`,
};

/** Only the transport is faked; every call is recorded. */
function fakeApi(role: OrganizationRole, latest: unknown, calls: { path: string; input: unknown }[]) {
  const answers: Record<string, unknown> = {
    'auth.me': meAnswer(role),
    'accountExport.latest': latest,
    'accountExport.start': { ...EXPORT, status: 'queued', files_total: 0, files_done: 0, percent: 0 },
  };
  const link: TRPCLink<AppRouter> =
    () =>
    ({ op }) =>
      observable((observer) => {
        calls.push({ path: op.path, input: op.input });
        observer.next({ result: { type: 'data', data: answers[op.path] } });
        observer.complete();
      });
  return trpc.createClient({ links: [link] });
}

async function renderSection(role: OrganizationRole, latest: unknown) {
  localStorage.setItem(AUTH_TOKEN_KEY, 'session-token');
  const calls: { path: string; input: unknown }[] = [];
  const queryClient = createQueryClient();
  await renderWithRouter(
    <trpc.Provider client={fakeApi(role, latest, calls)} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <AuthProvider>
          <ExportSection />
        </AuthProvider>
      </QueryClientProvider>
    </trpc.Provider>,
  );
  await screen.findByRole('heading', { name: 'Download all my data' });
  return calls;
}

afterEach(() => localStorage.clear());

describe('ExportSection (issue 31 §1)', () => {
  it('tells a member why they cannot export, and asks the server for nothing', async () => {
    const calls = await renderSection('member', null);
    await screen.findByText(/Members cannot export all of the organisation/);
    expect(screen.queryByRole('button', { name: 'Download all my data' })).toBeNull();
    expect(calls.some((call) => call.path.startsWith('accountExport.'))).toBe(false);
  });

  it('starts an export for an owner and shows it being prepared', async () => {
    const calls = await renderSection('owner', null);
    fireEvent.click(await screen.findByRole('button', { name: 'Download all my data' }));
    await waitFor(() => expect(calls.some((call) => call.path === 'accountExport.start')).toBe(true));
    await screen.findByText('Preparing your export…');
    expect(screen.getByRole('progressbar', { name: 'Export progress' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Download all my data' })).toBeNull();
  });

  it('shows the progress of a running export: files packed of the total', async () => {
    await renderSection('admin', EXPORT);
    await screen.findByText('Packing files: 2 of 5');
    const bar = screen.getByRole('progressbar', { name: 'Export progress' });
    expect(bar.getAttribute('aria-valuenow')).toBe('40');
  });

  it('offers a ready export with its size and the day it expires', async () => {
    await renderSection('owner', READY);
    await screen.findByRole('button', { name: 'Download your data (ZIP)' });
    expect(screen.getByText(/2\.5 MB, 5 files/)).toBeTruthy();
    expect(screen.getByText(/Available until/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Start a new export' })).toBeTruthy();
  });

  it('says when an export failed, and offers a new one', async () => {
    await renderSection('owner', { ...EXPORT, status: 'failed', error: 'The export could not be completed' });
    await screen.findByText('The export could not be completed');
    expect(screen.getByRole('button', { name: 'Download all my data' })).toBeTruthy();
  });
});
