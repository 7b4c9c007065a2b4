import type { AppRouter } from '@propertydna/api/router';
import {
  type ComplianceStatus,
  type OrganizationRole,
  PROPERTY_PAGE_SIZE,
  type PropertyPageInput,
} from '@propertydna/domain';
import { QueryClientProvider } from '@tanstack/react-query';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { TRPCClientError, type TRPCLink } from '@trpc/client';
import { observable } from '@trpc/server/observable';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AuthProvider } from '../../../lib/auth';
import type { Property } from '../../../lib/properties';
import { AUTH_TOKEN_KEY, createQueryClient, trpc } from '../../../lib/trpc';
import { renderWithRouter } from '../../../test/render';
import { PropertiesPage } from './properties-page';

const STATUSES: ComplianceStatus[] = ['good', 'warning', 'critical'];

// A page of 50 cards renders in the background (deferred), which jsdom on a busy machine does slowly.
configure({ asyncUtilTimeout: 10_000 });

/** Property n of the fake portfolio: every third is warning, every third critical, the rest good. */
function property(n: number): Property {
  const code = `PDNA-ZA-CPT-E${n}-2026-AB${String(n).padStart(4, '0')}`;
  return {
    id: `p-${n}`,
    dnaCode: code,
    dna_id: code,
    name: `Property ${String(n).padStart(3, '0')}`,
    address: `${n} Long Street, Cape Town`,
    property_type: 'residential',
    country: 'ZA',
    municipality: 'CPT',
    parcel_id: `E${n}`,
    erfNumber: `E${n}`,
    township: null,
    unit: null,
    deed_number: null,
    description: null,
    metadata: {},
    features: [],
    isDemo: false,
    documentsCount: 2,
    lastActivity: '2026-11-20T08:30:00.000Z',
    complianceStatus: STATUSES[n % 3] as ComplianceStatus,
    complianceReason: STATUSES[n % 3] === 'good' ? null : `Gap ${n}`,
    created_at: '2026-01-05T08:00:00.000Z',
    updated_at: '2026-11-20T08:30:00.000Z',
  };
}

interface FakeServer {
  properties: Property[];
  plan: 'free' | 'premium';
  /** Every properties.page input, in order. */
  pages: PropertyPageInput[];
  /** The page whose cursor is this fails (once each time it is listed here). */
  failCursors: string[];
  /** The signed-in member's role (issue 29 §1). */
  role: OrganizationRole;
}

/** The fake properties.page: the real procedure's filters (q over name, address, DNA code, ERF; status); cursor = offset. */
function answerPage(server: FakeServer, input: PropertyPageInput) {
  const q = input.q?.toLowerCase();
  const matching = server.properties.filter(
    (item) =>
      (!q ||
        [item.name, item.address, item.dnaCode, item.erfNumber].some((text) =>
          text?.toLowerCase().includes(q),
        )) &&
      (!input.status || item.complianceStatus === input.status),
  );
  const from = input.cursor ? Number(input.cursor) : 0;
  const limit = input.limit ?? PROPERTY_PAGE_SIZE;
  const to = from + limit;
  return {
    items: matching.slice(from, to),
    nextCursor: to < matching.length ? String(to) : null,
    total: matching.length,
  };
}

/** Only the transport is faked: the hooks, the query cache and the page are real. */
function fakeApi(server: FakeServer) {
  const link: TRPCLink<AppRouter> =
    () =>
    ({ op }) =>
      observable((observer) => {
        if (op.path === 'auth.me') {
          observer.next({
            result: {
              type: 'data',
              data: {
                user: {
                  id: 'u1',
                  email: 'thandiwe@example.co.za',
                  firstName: 'Thandiwe',
                  lastName: 'Mokoena',
                  userType: 'homeowner',
                  phone: null,
                  email_verified: true,
                  pending_email: null,
                  role: server.role,
                },
                organization: {
                  id: 'o1',
                  name: 'Mokoena',
                  accountType: 'individual',
                  plan: server.plan,
                  trialEndsAt: null,
                  registrationNumber: null,
                  vatNumber: null,
                  companyType: null,
                  tradingAs: null,
                  businessAddress: null,
                  specialties: [],
                  isDemo: false,
                },
              },
            },
          });
        } else if (op.path === 'properties.page') {
          // The infinite query's own field (the direction it pages in) is not part of the procedure's input.
          const { direction: _direction, ...input } = op.input as PropertyPageInput & { direction?: string };
          server.pages.push(input);
          const failing = server.failCursors.indexOf(input.cursor ?? '');
          if (failing >= 0) {
            server.failCursors.splice(failing, 1);
            observer.error(TRPCClientError.from(new Error('The database is resting')));
            return;
          }
          // Answered on a later turn, as a network would: the page shows what it has meanwhile.
          setTimeout(() => {
            observer.next({ result: { type: 'data', data: answerPage(server, input) } });
            observer.complete();
          }, 0);
          return;
        }
        observer.complete();
      });
  return trpc.createClient({ links: [link] });
}

function fakeServer(overrides: Partial<FakeServer> = {}): FakeServer {
  return {
    properties: Array.from({ length: 120 }, (_, index) => property(index + 1)),
    plan: 'premium',
    pages: [],
    failCursors: [],
    role: 'owner',
    ...overrides,
  };
}

async function renderPage(server: FakeServer) {
  localStorage.setItem(AUTH_TOKEN_KEY, 'session-token');
  const queryClient = createQueryClient();
  return renderWithRouter(
    <trpc.Provider client={fakeApi(server)} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <AuthProvider>
          <PropertiesPage />
        </AuthProvider>
      </QueryClientProvider>
    </trpc.Provider>,
  );
}

/** The list's pages asked for (not the one-row count of the whole portfolio a search also asks). */
const listPages = (server: FakeServer) => server.pages.filter((page) => page.limit === PROPERTY_PAGE_SIZE);

const cards = () => screen.queryAllByRole('link', { name: /^Property \d{3}/ });
const count = () => screen.getByTestId('portfolio-count').textContent;
const search = () => screen.getByRole('searchbox', { name: 'Search properties' });

/** IntersectionObserver as the browser runs it, with `intersect()` to scroll the sentinel into view. */
class FakeIntersectionObserver {
  static live: FakeIntersectionObserver[] = [];
  constructor(private readonly callback: IntersectionObserverCallback) {}
  observe() {
    FakeIntersectionObserver.live.push(this);
  }
  disconnect() {
    FakeIntersectionObserver.live = FakeIntersectionObserver.live.filter((one) => one !== this);
  }
  static intersect() {
    for (const observer of FakeIntersectionObserver.live) {
      observer.callback(
        [{ isIntersecting: true } as IntersectionObserverEntry],
        observer as unknown as IntersectionObserver,
      );
    }
  }
}

afterEach(() => {
  localStorage.clear();
  FakeIntersectionObserver.live = [];
  Reflect.deleteProperty(window, 'IntersectionObserver');
});

describe('PropertiesPage', () => {
  beforeEach(() => {
    Reflect.deleteProperty(window, 'IntersectionObserver');
  });

  it('offers a viewer no Add Property: the button stays, disabled, with the reason on focus (issue 29 §1)', async () => {
    await renderPage(fakeServer({ role: 'viewer' }));
    await screen.findByText('Property 001');
    const add = screen.getByRole('button', { name: 'Add Property' });
    expect(add.getAttribute('aria-disabled')).toBe('true');
    const described = document.getElementById(add.getAttribute('aria-describedby') ?? '');
    expect(described?.textContent).toBe('Viewers can read but not change anything');
    fireEvent.focus(add);
    expect((await screen.findByRole('tooltip')).textContent).toBe('Viewers can read but not change anything');
    fireEvent.click(add);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('offers a member Add Property as it is', async () => {
    await renderPage(fakeServer({ role: 'member' }));
    await screen.findByText('Property 001');
    const add = screen.getByRole('button', { name: 'Add Property' });
    expect(add.getAttribute('aria-disabled')).toBeNull();
  });

  it('shows the first 50 with the total, and the next 50 from the keyboard with focus on the first new card', async () => {
    const server = fakeServer();
    await renderPage(server);
    await screen.findByText('Property 001');
    expect(cards()).toHaveLength(50);
    expect(count()).toBe('Showing 50 of 120 properties');
    expect(listPages(server)).toEqual([{ limit: 50 }]);

    fireEvent.click(screen.getByRole('button', { name: 'Load more properties' }));
    await screen.findByText('Property 100');
    expect(cards()).toHaveLength(100);
    expect(count()).toBe('Showing 100 of 120 properties');
    expect(listPages(server)[1]).toEqual({ limit: 50, cursor: '50' });
    await waitFor(() => expect(document.activeElement?.textContent).toMatch(/^Property 051/));

    fireEvent.click(screen.getByRole('button', { name: 'Load more properties' }));
    await screen.findByText('Property 120');
    expect(count()).toBe('Showing 120 of 120 properties');
    expect(screen.queryByRole('button', { name: 'Load more properties' })).toBeNull();
    // Each page was asked for once.
    expect(listPages(server).map((page) => page.cursor)).toEqual([undefined, '50', '100']);
  });

  it('loads the next page by itself when the end of the list comes near', async () => {
    window.IntersectionObserver = FakeIntersectionObserver as unknown as typeof IntersectionObserver;
    const server = fakeServer();
    await renderPage(server);
    await screen.findByText('Property 050');
    expect(listPages(server)).toHaveLength(1);
    FakeIntersectionObserver.intersect();
    await screen.findByText('Property 100');
    expect(screen.getByText('Property 001')).toBeTruthy();
    expect(count()).toBe('Showing 100 of 120 properties');
  });

  it('searches name, address, DNA code or ERF once typing pauses, keeping the results shown meanwhile', async () => {
    const server = fakeServer();
    await renderPage(server);
    await screen.findByText('Property 001');
    expect(search().getAttribute('placeholder')).toBe('Name, address, DNA code or ERF');

    for (const typed of ['e', 'e7', 'e77']) fireEvent.change(search(), { target: { value: typed } });
    // The previous results stay while the search is on its way.
    expect(cards()).toHaveLength(50);
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(cards()[0]?.textContent).toContain('PDNA-ZA-CPT-E77-2026-AB0077');
    expect(count()).toBe('Showing 1 of 1 property');
    // One request for the pause, none per key.
    expect(listPages(server).slice(1)).toEqual([{ limit: 50, q: 'e77' }]);

    fireEvent.change(search(), { target: { value: '  AB0012  ' } });
    await waitFor(() =>
      expect(cards().map((card) => card.textContent?.slice(0, 12))).toEqual(['Property 012']),
    );
    expect(listPages(server).at(-1)).toEqual({ limit: 50, q: 'AB0012' });
  });

  it('filters by compliance status, and clears a search that matches nothing back to the pages loaded', async () => {
    const server = fakeServer();
    await renderPage(server);
    await screen.findByText('Property 001');
    fireEvent.click(screen.getByRole('button', { name: 'Load more properties' }));
    await screen.findByText('Property 100');
    const statuses = screen.getByRole('radiogroup', { name: 'Compliance status' });
    expect(
      within(statuses)
        .getAllByRole('radio')
        .map((radio) => radio.parentElement?.textContent),
    ).toEqual(['All', 'Good', 'Warning', 'Critical']);

    fireEvent.click(within(statuses).getByLabelText('Critical'));
    await waitFor(() => expect(count()).toBe('Showing 40 of 40 properties'));
    expect(listPages(server).at(-1)).toEqual({ limit: 50, status: 'critical' });
    // Every third property from the second is critical in the fake portfolio.
    const numbers = cards().map((card) => Number(card.textContent?.slice(9, 12)));
    expect(numbers).toHaveLength(40);
    expect(numbers.every((n) => n % 3 === 2)).toBe(true);

    fireEvent.change(search(), { target: { value: 'Nowhere Street' } });
    await screen.findByRole('heading', { name: 'No property matches your search' });
    expect(screen.queryByText('No properties yet')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Clear search and filter' }));
    // The search box stays where it is, focused, while the whole portfolio comes back as it was.
    expect(document.activeElement).toBe(search());
    await waitFor(() => expect(cards()).toHaveLength(100));
    expect(count()).toBe('Showing 100 of 120 properties');
    expect(document.activeElement).toBe(search());
    expect((within(statuses).getByLabelText('All') as HTMLInputElement).checked).toBe(true);
  });

  it('keeps the pages shown when the next one fails, and retries it', async () => {
    const server = fakeServer({ failCursors: ['50'] });
    await renderPage(server);
    await screen.findByText('Property 001');
    fireEvent.click(screen.getByRole('button', { name: 'Load more properties' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('More properties could not be loaded')).toBeTruthy();
    expect(within(alert).getByText('The server could not be reached.')).toBeTruthy();
    expect(cards()).toHaveLength(50);
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    await screen.findByText('Property 100');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('has no search for an empty portfolio, only the empty state', async () => {
    await renderPage(fakeServer({ properties: [] }));
    await screen.findByText('No properties yet');
    expect(screen.queryByRole('searchbox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Load more properties' })).toBeNull();
  });

  it("counts every property for the Free plan's limit, whatever the search shows", async () => {
    const server = fakeServer({ plan: 'free', properties: [property(1)] });
    await renderPage(server);
    await screen.findByText('Property 001');
    fireEvent.change(search(), { target: { value: 'Nowhere Street' } });
    await screen.findByText('No property matches your search');
    await waitFor(() => expect(server.pages).toContainEqual({ limit: 1 }));
    fireEvent.click(screen.getByRole('button', { name: 'Add Property' }));
    expect(await screen.findByRole('dialog', { name: 'Add another property' })).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Add New Property' })).toBeNull();
  });
});
