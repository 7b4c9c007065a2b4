import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH_TOKEN_KEY, SESSION_LOOKUP_URL, startEarly, takeEarlyResponse } from './early-start';

afterEach(() => {
  localStorage.clear();
  // Whatever a test left unanswered is taken, so the next one starts clean.
  takeEarlyResponse(SESSION_LOOKUP_URL);
  vi.unstubAllGlobals();
});

function stubFetch() {
  const fetch = vi.fn(async () => new Response('[]'));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

describe('startEarly', () => {
  it('sends the session lookup with the stored token and hands its answer to the first asker only', async () => {
    const fetch = stubFetch();
    localStorage.setItem(AUTH_TOKEN_KEY, 'tok');
    const loadDashboard = vi.fn(async () => undefined);
    startEarly('/app/properties', loadDashboard);
    expect(fetch).toHaveBeenCalledWith(SESSION_LOOKUP_URL, {
      headers: { Authorization: 'Bearer tok' },
      credentials: 'include',
    });
    expect(loadDashboard).not.toHaveBeenCalled();
    expect(takeEarlyResponse('/trpc/auth.me,properties.stats?batch=1&input=%7B%7D')).toBeUndefined();
    expect(takeEarlyResponse(SESSION_LOOKUP_URL, 'POST')).toBeUndefined();
    const response = takeEarlyResponse(SESSION_LOOKUP_URL);
    expect(await response).toBeInstanceOf(Response);
    expect(takeEarlyResponse(SESSION_LOOKUP_URL)).toBeUndefined();
  });

  it('loads the dashboard on its addresses only', () => {
    stubFetch();
    localStorage.setItem(AUTH_TOKEN_KEY, 'tok');
    for (const path of ['/app', '/app/', '/app/dashboard', '/dashboard']) {
      const loadDashboard = vi.fn(async () => undefined);
      startEarly(path, loadDashboard);
      expect(loadDashboard, path).toHaveBeenCalledOnce();
    }
    for (const path of ['/', '/app/vault', '/app/old', '/dashboards']) {
      const loadDashboard = vi.fn(async () => undefined);
      startEarly(path, loadDashboard);
      expect(loadDashboard, path).not.toHaveBeenCalled();
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
    expect(takeEarlyResponse(SESSION_LOOKUP_URL)).toBeUndefined();
  });

  it('does not hand over an answer for a token that is no longer the stored one', () => {
    stubFetch();
    localStorage.setItem(AUTH_TOKEN_KEY, 'old');
    startEarly('/app', async () => undefined);
    localStorage.setItem(AUTH_TOKEN_KEY, 'new');
    expect(takeEarlyResponse(SESSION_LOOKUP_URL)).toBeUndefined();
  });
});
