import type { AppRouter } from '@propertydna/api/router';
import { formatDate, type OrganizationRole } from '@propertydna/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { TRPCClientError, type TRPCLink } from '@trpc/client';
import { observable } from '@trpc/server/observable';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Property } from '../../../../lib/properties';
import { AUTH_TOKEN_KEY, trpc } from '../../../../lib/trpc';
import { DOWNLOAD_MESSAGES } from '../../../../lib/use-download';
import { renderWithRouter } from '../../../../test/render';
import { expectHeldBack, SignedInAs } from '../../../../test/signed-in-as';
import { REPORT_KINDS } from './report-kinds';
import { REPORTS_PAGE_MESSAGES, Reports } from './reports-page';

function property(id: string, name: string): Property {
  return {
    id,
    dnaCode: `DNA-${id.toUpperCase()}`,
    dna_id: `DNA-${id.toUpperCase()}`,
    name,
    address: `1 ${name} Road, Cape Town`,
    property_type: 'residential',
    country: 'ZA',
    municipality: 'CPT',
    parcel_id: 'ERF 1',
    erfNumber: '1',
    township: null,
    unit: null,
    deed_number: null,
    description: null,
    metadata: {},
    features: [],
    isDemo: false,
    documentsCount: 3,
    lastActivity: '2026-11-20T08:30:00.000Z',
    complianceStatus: 'good',
    complianceReason: null,
    created_at: '2026-01-05T08:00:00.000Z',
    updated_at: '2026-11-20T08:30:00.000Z',
  };
}

const SEA_POINT = property('p-sea', 'Sea Point Flat');
const GARDENS = property('p-gardens', 'Gardens Family Home');

/** properties.list answers `properties`, or fails `failures` times first. */
function fakeApi(server: { properties: Property[]; failures?: number }) {
  const link: TRPCLink<AppRouter> =
    () =>
    ({ op }) =>
      observable((observer) => {
        if (op.path === 'properties.list') {
          if ((server.failures ?? 0) > 0) {
            server.failures = (server.failures ?? 0) - 1;
            observer.error(TRPCClientError.from(new Error('The database is resting')));
            return;
          }
          observer.next({ result: { type: 'data', data: server.properties } });
        }
        observer.complete();
      });
  return trpc.createClient({ links: [link] });
}

/** Renders the page; with `role`, signed in as a member with that role (issue 29 §1). */
async function renderReports(server: { properties: Property[]; failures?: number }, role?: OrganizationRole) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } },
  });
  return renderWithRouter(
    <trpc.Provider client={fakeApi(server)} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        {role ? (
          <SignedInAs role={role}>
            <Reports />
          </SignedInAs>
        ) : (
          <Reports />
        )}
      </QueryClientProvider>
    </trpc.Provider>,
  );
}

/** A file answer: an attachment named `filename`, its body streamed in `chunks`. */
function fileResponse(
  chunks: readonly Uint8Array[],
  {
    filename,
    length,
    type = 'application/octet-stream',
  }: { filename: string; length?: number; type?: string },
) {
  const headers = new Headers({
    'Content-Type': type,
    'Content-Disposition': `attachment; filename="${filename}"`,
  });
  if (length !== undefined) headers.set('Content-Length', String(length));
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });
  return new Response(body, { status: 200, headers });
}

/** A file answer whose body the test feeds: `push` a chunk, `end` it, or `fail` it mid-stream. */
function controlledResponse({ filename, length }: { filename: string; length?: number }) {
  let stream!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      stream = controller;
    },
  });
  const headers = new Headers({ 'Content-Disposition': `attachment; filename="${filename}"` });
  if (length !== undefined) headers.set('Content-Length', String(length));
  return {
    response: new Response(body, { status: 200, headers }),
    push: (bytes: number) => stream.enqueue(new Uint8Array(bytes)),
    end: () => stream.close(),
    fail: () => stream.error(new TypeError('network error')),
  };
}

const fetchMock = vi.fn<typeof fetch>();
/** The name and contents of every file handed to the browser. */
const saved: { name: string; href: string }[] = [];

beforeEach(() => {
  fetchMock.mockReset();
  saved.length = 0;
  vi.stubGlobal('fetch', fetchMock);
  localStorage.setItem(AUTH_TOKEN_KEY, 'session-token');
  URL.createObjectURL = vi.fn(() => 'blob:report');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, href: this.href });
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

const card = (title: string) => screen.findByRole('article', { name: title });
const requestedUrls = () => fetchMock.mock.calls.map(([url]) => String(url));

/** Waits for the only property to be chosen by itself. */
async function onlyPropertyChosen() {
  await waitFor(() =>
    expect(screen.getByRole('button', { name: 'Quick Export' })).toHaveProperty('disabled', false),
  );
}

async function chooseProperty(name: string) {
  fireEvent.click(await screen.findByRole('combobox', { name: 'Property' }));
  fireEvent.click(await screen.findByRole('option', { name, hidden: true }));
}

describe('Reports', () => {
  it('keeps Quick Export, every format and every Generate Report disabled until a property is chosen, saying why', async () => {
    await renderReports({ properties: [SEA_POINT, GARDENS] });
    const quickExport = await screen.findByRole('button', { name: 'Quick Export' });
    expect(quickExport).toHaveProperty('disabled', true);
    const hint = screen.getByText(REPORTS_PAGE_MESSAGES.chooseProperty);
    expect(quickExport.getAttribute('aria-describedby')).toContain(hint.id);
    expect(screen.getByRole('combobox', { name: 'Property' }).getAttribute('placeholder')).toBe(
      'Choose a property',
    );

    const cards = screen.getAllByRole('article');
    expect(cards.map((element) => within(element).getByRole('heading').textContent)).toEqual([
      'Insurance Pack Export',
      'Property Summary Report',
      'Document Audit Trail',
      'Compliance Report',
    ]);
    for (const element of cards) {
      const generate = within(element).getByRole('button', { name: 'Generate Report' });
      expect(generate).toHaveProperty('disabled', true);
      expect(generate.getAttribute('aria-describedby')).toContain(hint.id);
      for (const radio of within(element).getAllByRole('radio'))
        expect(radio).toHaveProperty('disabled', true);
    }
    fireEvent.click(quickExport);
    expect(fetchMock).not.toHaveBeenCalled();

    await chooseProperty('Gardens Family Home');
    expect(screen.getByRole('button', { name: 'Quick Export' })).toHaveProperty('disabled', false);
    for (const element of screen.getAllByRole('article')) {
      expect(within(element).getByRole('button', { name: 'Generate Report' })).toHaveProperty(
        'disabled',
        false,
      );
    }
    expect(screen.queryByText(REPORTS_PAGE_MESSAGES.chooseProperty)).toBeNull();
    // What the chosen property is, its last activity as the domain writes dates.
    expect(screen.getByTestId('chosen-property').textContent).toContain(formatDate(GARDENS.lastActivity));
    expect(screen.getByTestId('chosen-property').textContent).toContain('DNA-P-GARDENS');
  });

  it('chooses the only property of an owner who has one', async () => {
    await renderReports({ properties: [SEA_POINT] });
    await onlyPropertyChosen();
    expect((screen.getByRole('combobox', { name: 'Property' }) as HTMLInputElement).value).toBe(
      'Sea Point Flat',
    );
  });

  it('offers the insurance pack as a PDF first (issue 32: not JSON)', async () => {
    await renderReports({ properties: [SEA_POINT, GARDENS] });
    await chooseProperty('Sea Point Flat');
    const insurance = await card('Insurance Pack Export');
    expect((within(insurance).getByRole('radio', { name: 'PDF' }) as HTMLInputElement).checked).toBe(true);
    expect((within(insurance).getByRole('radio', { name: 'JSON' }) as HTMLInputElement).checked).toBe(false);
  });

  it('requests each report in each of its formats, and Quick Export, with the session credentials', async () => {
    fetchMock.mockImplementation(async () =>
      fileResponse([new TextEncoder().encode('{}')], { filename: `from-server-${saved.length}`, length: 2 }),
    );
    await renderReports({ properties: [SEA_POINT, GARDENS] });
    await chooseProperty('Sea Point Flat');

    const expected: string[] = [];
    for (const kind of REPORT_KINDS) {
      const reportCard = await card(kind.title);
      expect(within(reportCard).getAllByRole('radio')).toHaveLength(kind.formats.length);
      expect(within(reportCard).getByRole('radiogroup', { name: 'Format' })).toBeTruthy();
      for (const { value } of kind.formats) {
        fireEvent.click(within(reportCard).getByRole('radio', { name: value.toUpperCase() }));
        fireEvent.click(within(reportCard).getByRole('button', { name: 'Generate Report' }));
        expected.push(`/api/reports/${kind.path}?propertyId=p-sea&format=${value}`);
        await waitFor(() => expect(saved).toHaveLength(expected.length));
      }
    }
    fireEvent.click(screen.getByRole('button', { name: 'Quick Export' }));
    expected.push('/api/reports/quick-export?propertyId=p-sea');
    await waitFor(() => expect(saved).toHaveLength(expected.length));

    expect(requestedUrls()).toEqual(expected);
    expect(expected).toContain('/api/reports/insurance-pack?propertyId=p-sea&format=json');
    expect(expected).toContain('/api/reports/audit-trail?propertyId=p-sea&format=csv');
    for (const [, init] of fetchMock.mock.calls) {
      expect(init?.credentials).toBe('include');
      expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer session-token');
    }
    // Each file is saved under the name the server gave it.
    expect(saved.map(({ name }) => name)).toEqual(expected.map((_url, index) => `from-server-${index}`));
  });

  it('shows the progress of a download of known length, then saves it under its Content-Disposition name', async () => {
    const answer = controlledResponse({ filename: 'insurance-pack-p-sea.pdf', length: 1000 });
    fetchMock.mockResolvedValue(answer.response);
    await renderReports({ properties: [SEA_POINT] });
    await onlyPropertyChosen();
    const insurance = await card('Insurance Pack Export');
    fireEvent.click(within(insurance).getByRole('radio', { name: 'PDF' }));
    fireEvent.click(within(insurance).getByRole('button', { name: 'Generate Report' }));

    await waitFor(() => expect(within(insurance).getByText('Preparing the file…')).toBeTruthy());
    answer.push(400);
    const bar = await within(insurance).findByRole('progressbar', {
      name: 'Insurance Pack Export (PDF) for Sea Point Flat',
    });
    await waitFor(() => expect(bar.getAttribute('aria-valuenow')).toBe('40'));
    expect(within(insurance).getByText('40% · 400 bytes of 1000 bytes')).toBeTruthy();
    expect(
      within(insurance).getByRole('button', { name: 'Generate Report' }).getAttribute('data-loading'),
    ).toBe('true');

    answer.push(600);
    answer.end();
    await waitFor(() => expect(saved).toEqual([{ name: 'insurance-pack-p-sea.pdf', href: 'blob:report' }]));
    expect(await screen.findByText(DOWNLOAD_MESSAGES.started)).toBeTruthy();
    expect(within(insurance).queryByRole('progressbar')).toBeNull();
    expect(requestedUrls()).toEqual(['/api/reports/insurance-pack?propertyId=p-sea&format=pdf']);
  });

  it('shows the megabytes received of a streamed ZIP, which has no length', async () => {
    const answer = controlledResponse({ filename: 'insurance-pack-p-sea.zip' });
    fetchMock.mockResolvedValue(answer.response);
    await renderReports({ properties: [SEA_POINT] });
    await onlyPropertyChosen();
    const insurance = await card('Insurance Pack Export');
    fireEvent.click(within(insurance).getByRole('radio', { name: 'ZIP' }));
    fireEvent.click(within(insurance).getByRole('button', { name: 'Generate Report' }));
    answer.push(1.5 * 1024 * 1024);
    const bar = await within(insurance).findByRole('progressbar');
    await waitFor(() => expect(bar.getAttribute('aria-valuetext')).toBe('1.5 MB received'));
    expect(bar.getAttribute('aria-valuenow')).toBeNull();
    expect(within(insurance).getByText('1.5 MB received')).toBeTruthy();
    answer.end();
    await waitFor(() => expect(saved.map(({ name }) => name)).toEqual(['insurance-pack-p-sea.zip']));
  });

  it("says the server's error in the card and in a toast when a report fails (404 Property not found)", async () => {
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify({ error: 'Property not found' }), {
        status: 404,
        headers: { 'Content-Type': 'application/json' },
      }),
    );
    await renderReports({ properties: [SEA_POINT] });
    await onlyPropertyChosen();
    const summary = await card('Property Summary Report');
    fireEvent.click(within(summary).getByRole('button', { name: 'Generate Report' }));

    const alert = await within(summary).findByRole('alert');
    expect(alert.textContent).toContain('Export failed');
    expect(alert.textContent).toContain('Property not found');
    await waitFor(() => expect(screen.getAllByText('Property not found')).toHaveLength(2));
    expect(saved).toEqual([]);
    // The rest of the page is untouched and the report can be tried again.
    expect(within(await card('Compliance Report')).queryByRole('alert')).toBeNull();
    expect(within(summary).getByRole('button', { name: 'Generate Report' })).toHaveProperty(
      'disabled',
      false,
    );
  });

  it('says the download was interrupted when the stream breaks off, keeping the rest of the page', async () => {
    const answer = controlledResponse({ filename: 'quick-export-p-sea.zip' });
    fetchMock.mockResolvedValue(answer.response);
    await renderReports({ properties: [SEA_POINT, GARDENS] });
    await chooseProperty('Sea Point Flat');
    fireEvent.click(screen.getByRole('button', { name: 'Quick Export' }));
    answer.push(64 * 1024);
    await screen.findByRole('progressbar', { name: 'Quick Export for Sea Point Flat' });
    answer.fail();

    // Said under Quick Export, and in the toast.
    await waitFor(() => {
      const alerts = screen
        .getAllByRole('alert')
        .filter((alert) => !alert.closest('.mantine-Notification-root'));
      expect(alerts.map((alert) => alert.textContent)).toEqual([
        `Export failed${DOWNLOAD_MESSAGES.interrupted}`,
      ]);
    });
    const toast = (
      await screen.findByText('Export failed', { selector: '.mantine-Notification-title' })
    ).closest('.mantine-Notification-root') as HTMLElement;
    expect(toast.textContent).toContain(DOWNLOAD_MESSAGES.interrupted);
    expect(saved).toEqual([]);
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect((screen.getByRole('combobox', { name: 'Property' }) as HTMLInputElement).value).toBe(
      'Sea Point Flat',
    );
    expect(screen.getAllByRole('article')).toHaveLength(4);

    // Another property's page does not carry this failure.
    await chooseProperty('Gardens Family Home');
    expect(
      screen.getAllByRole('alert').filter((alert) => !alert.closest('.mantine-Notification-root')),
    ).toEqual([]);
  });

  it('leads an owner without properties to add one', async () => {
    await renderReports({ properties: [] });
    expect(await screen.findByText(REPORTS_PAGE_MESSAGES.noProperties)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add Property' }).getAttribute('href')).toBe('/properties/new');
    expect(screen.queryByRole('combobox', { name: 'Property' })).toBeNull();
    for (const element of screen.getAllByRole('article')) {
      expect(within(element).getByRole('button', { name: 'Generate Report' })).toHaveProperty(
        'disabled',
        true,
      );
    }
  });

  it('says when the properties could not be loaded, and Retry loads them', async () => {
    await renderReports({ properties: [SEA_POINT], failures: 1 });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(REPORTS_PAGE_MESSAGES.loadFailed);
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    await onlyPropertyChosen();
  });
});

describe('Reports for the roles (issue 29 §1)', () => {
  it('lets a viewer generate every report and Quick Export: the server answers them to every role', async () => {
    fetchMock.mockImplementation(async () =>
      fileResponse([new TextEncoder().encode('{}')], { filename: `from-server-${saved.length}`, length: 2 }),
    );
    await renderReports({ properties: [SEA_POINT, GARDENS] }, 'viewer');
    await chooseProperty('Sea Point Flat');
    const buttons = [
      ...(await screen.findAllByRole('button', { name: 'Generate Report' })),
      screen.getByRole('button', { name: 'Quick Export' }),
    ];
    expect(buttons).toHaveLength(REPORT_KINDS.length + 1);
    for (const button of buttons) {
      expect(button.getAttribute('aria-disabled')).toBeNull();
      fireEvent.click(button);
      await waitFor(() => expect(saved.length).toBe(buttons.indexOf(button) + 1));
    }
  });

  it('holds Add Property back from a viewer without properties, with the reason', async () => {
    const { router } = await renderReports({ properties: [] }, 'viewer');
    await screen.findByText(REPORTS_PAGE_MESSAGES.noProperties);
    const add = screen.getByRole('link', { name: 'Add Property' });
    expectHeldBack(add);
    fireEvent.click(add);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(router.state.location.pathname).toBe('/');
  });

  it('offers a member Add Property as it is', async () => {
    await renderReports({ properties: [] }, 'member');
    await screen.findByText(REPORTS_PAGE_MESSAGES.noProperties);
    expect(screen.getByRole('link', { name: 'Add Property' }).getAttribute('aria-disabled')).toBeNull();
  });
});
