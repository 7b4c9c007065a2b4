import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH_TOKEN_KEY, EARLY_ANSWER_TTL_MS, startEarly, takeEarlyResult } from './early-start';
import { createTrpcClient } from './trpc';

const PAGE_INPUT = { limit: 50, direction: 'forward' };
const DASHBOARD_URL =
  '/trpc/transfers.list,properties.stats,properties.nextActions,properties.page?batch=1&input=' +
  encodeURIComponent(JSON.stringify({ 3: PAGE_INPUT }));

afterEach(() => {
  localStorage.clear();
  // Whatever a test left unanswered is dropped, so the next one starts clean.
  startEarly('/login', async () => undefined);
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

/** A fetch answering each URL with the JSON `answers` holds for it (404 otherwise), and its calls. */
function stubFetch(answers: Record<string, unknown> = {}) {
  const fetch = vi.fn(async (url: string | URL | Request) => {
    const body = answers[String(url)];
    return body === undefined ? new Response('', { status: 404 }) : Response.json(body);
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const me = { user: { firstName: 'Ada' }, organization: null };

describe('startEarly', () => {
  it('sends the session lookup as the tRPC client would, and hands its answer to the first asker only', async () => {
    const fetch = stubFetch({ '/trpc/auth.me?batch=1&input=%7B%7D': [{ result: { data: me } }] });
    localStorage.setItem(AUTH_TOKEN_KEY, 'tok');
    const loadDashboard = vi.fn(async () => undefined);
    startEarly('/app/properties', loadDashboard);
    expect(fetch).toHaveBeenCalledOnce();
    expect(fetch).toHaveBeenCalledWith('/trpc/auth.me?batch=1&input=%7B%7D', {
      headers: { Authorization: 'Bearer tok' },
      credentials: 'include',
    });
    expect(loadDashboard).not.toHaveBeenCalled();
    expect(takeEarlyResult('auth.me', { other: 1 })).toBeUndefined();
    expect(await takeEarlyResult('auth.me', undefined)).toEqual({ data: me });
    expect(takeEarlyResult('auth.me', undefined)).toBeUndefined();
  });

  it("on the dashboard's addresses only, loads its code and sends its first queries in one request", async () => {
    for (const path of ['/app', '/app/', '/app/dashboard', '/dashboard']) {
      const fetch = stubFetch({
        [DASHBOARD_URL]: [
          { result: { data: [] } },
          { error: { message: 'no', code: -32603 } },
          { result: { data: { items: [], total: 0 } } },
          { result: { data: { items: [], nextCursor: null, total: 0 } } },
        ],
      });
      localStorage.setItem(AUTH_TOKEN_KEY, 'tok');
      const loadDashboard = vi.fn(async () => undefined);
      startEarly(path, loadDashboard);
      expect(loadDashboard, path).toHaveBeenCalledOnce();
      expect(fetch.mock.calls.map(([url]) => url)).toEqual([
        '/trpc/auth.me?batch=1&input=%7B%7D',
        DASHBOARD_URL,
      ]);
      expect(await takeEarlyResult('transfers.list', undefined)).toEqual({ data: [] });
      // A failed answer is undefined: the query is sent again, as usual.
      expect(await takeEarlyResult('properties.stats', undefined)).toBeUndefined();
      expect(await takeEarlyResult('properties.nextActions', undefined)).toEqual({
        data: { items: [], total: 0 },
      });
      expect(await takeEarlyResult('properties.page', PAGE_INPUT)).toEqual({
        data: { items: [], nextCursor: null, total: 0 },
      });
    }
    for (const path of ['/', '/app/vault', '/app/old', '/dashboards']) {
      const fetch = stubFetch();
      const loadDashboard = vi.fn(async () => undefined);
      startEarly(path, loadDashboard);
      expect(loadDashboard, path).not.toHaveBeenCalled();
      expect(fetch, path).toHaveBeenCalledOnce();
    }
  });

  it('starts nothing without a stored token or on the login page', () => {
    const fetch = stubFetch();
    const loadDashboard = vi.fn(async () => undefined);
    startEarly('/app', loadDashboard);
    localStorage.setItem(AUTH_TOKEN_KEY, 'tok');
    startEarly('/login/', loadDashboard);
    expect(fetch).not.toHaveBeenCalled();
    expect(loadDashboard).not.toHaveBeenCalled();
    expect(takeEarlyResult('auth.me', undefined)).toBeUndefined();
  });

  it('hands over no answer for another token than the stored one, nor a late one', () => {
    stubFetch();
    localStorage.setItem(AUTH_TOKEN_KEY, 'old');
    startEarly('/app', async () => undefined);
    localStorage.setItem(AUTH_TOKEN_KEY, 'new');
    expect(takeEarlyResult('auth.me', undefined)).toBeUndefined();

    vi.useFakeTimers();
    startEarly('/app', async () => undefined);
    vi.advanceTimersByTime(EARLY_ANSWER_TTL_MS + 1);
    expect(takeEarlyResult('auth.me', undefined)).toBeUndefined();
  });
});

describe('the tRPC client', () => {
  it('takes an early answer once, and sends the query itself when there is none or it failed', async () => {
    const fetch = stubFetch({
      '/trpc/auth.me?batch=1&input=%7B%7D': [{ error: { message: 'UNAUTHORIZED', code: -32001 } }],
      [DASHBOARD_URL]: [
        { result: { data: ['early transfers'] } },
        { result: { data: { early: true } } },
        { result: { data: { items: [], total: 0 } } },
        { result: { data: { items: [], nextCursor: null, total: 0 } } },
      ],
      '/trpc/transfers.list?batch=1&input=%7B%7D': [{ result: { data: ['fresh transfers'] } }],
    });
    localStorage.setItem(AUTH_TOKEN_KEY, 'tok');
    startEarly('/app', async () => undefined);
    expect(fetch).toHaveBeenCalledTimes(2);
    const client = createTrpcClient();

    expect(await client.transfers.list.query()).toEqual(['early transfers']);
    expect(await client.properties.stats.query()).toEqual({ early: true });
    expect(fetch).toHaveBeenCalledTimes(2);
    // Taken once: the next ask is a request of its own.
    expect(await client.transfers.list.query()).toEqual(['fresh transfers']);
    expect(fetch).toHaveBeenCalledTimes(3);
    // The early lookup failed: the client asks itself and gets the server's own error.
    await expect(client.auth.me.query()).rejects.toThrow('UNAUTHORIZED');
    expect(fetch).toHaveBeenCalledTimes(4);
  });
});
