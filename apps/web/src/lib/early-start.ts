/**
 * What the entry (main.tsx) starts before the app's code has arrived, so that it travels alongside
 * it instead of after it: the stored session's lookup and, on the dashboard's addresses, the code of
 * the app shell and the dashboard. This module is part of the entry, which every page loads: it
 * imports nothing.
 */

/** Where the session token is kept when the API hands one out (the cookie is sent as well). */
export const AUTH_TOKEN_KEY = 'auth_token';

/** The request `trpc.auth.me` makes on its own (httpBatchLink, a batch of one, no input). */
export const SESSION_LOOKUP_URL = '/trpc/auth.me?batch=1&input=%7B%7D';

/** The addresses of the dashboard, the signed-in home (routes /app/, /app/dashboard and /dashboard). */
const DASHBOARD_PATH = /^\/(app(\/dashboard)?|dashboard)\/?$/;

export function readStoredToken(): string | null {
  try {
    return globalThis.localStorage?.getItem(AUTH_TOKEN_KEY) || null;
  } catch {
    return null;
  }
}

/** The login page ends any session as it opens, so nobody's session is looked up there (see AuthProvider). */
export function isLoginPage(pathname: string): boolean {
  return pathname.replace(/\/+$/, '') === '/login';
}

/** Whether the app looks the stored session up as it starts on `pathname` (see prefetchSession). */
export function looksUpSession(pathname: string): boolean {
  return readStoredToken() !== null && !isLoginPage(pathname);
}

let early: { url: string; token: string; response: Promise<Response> } | undefined;

/**
 * Sends the session lookup the app is about to make, with the same headers (bearer token, cookie),
 * and, on a dashboard address, starts loading its code (`loadDashboard`). Called by the entry.
 */
export function startEarly(pathname: string, loadDashboard: () => Promise<unknown>): void {
  const token = readStoredToken();
  if (token === null || isLoginPage(pathname)) return;
  early = {
    url: SESSION_LOOKUP_URL,
    token,
    response: fetch(SESSION_LOOKUP_URL, {
      headers: { Authorization: `Bearer ${token}` },
      credentials: 'include',
    }),
  };
  // Not awaited: the router loads the same chunks when it gets there, and reports any failure then.
  if (DASHBOARD_PATH.test(pathname)) loadDashboard().catch(() => {});
}

/**
 * The answer of the early request for `url`, once, if it was sent for the token stored now; otherwise
 * undefined and the caller fetches as usual. The tRPC client's fetch asks here first.
 */
export function takeEarlyResponse(url: string, method = 'GET'): Promise<Response> | undefined {
  if (!early || method !== 'GET' || url !== early.url) return undefined;
  const { token, response } = early;
  early = undefined;
  return token === readStoredToken() ? response : undefined;
}
