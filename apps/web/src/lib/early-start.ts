/**
 * What the entry (main.tsx) starts before the app's code has arrived, so that it travels alongside
 * that code instead of after it: the stored session's lookup and, on the dashboard's addresses, the
 * dashboard's code and its first queries. This module is part of the entry, which every page loads:
 * it imports nothing.
 */

/** Where the session token is kept when the API hands one out (the cookie is sent as well). */
export const AUTH_TOKEN_KEY = 'auth_token';

/** The addresses of the dashboard, the signed-in home (routes /app/, /app/dashboard and /dashboard). */
const DASHBOARD_PATH = /^\/(app(\/dashboard)?|dashboard)\/?$/;

/** A query the app makes as it starts: the procedure and its input (as the tRPC client sends it). */
export interface EarlyQuery {
  path: string;
  input?: unknown;
}

/** The session lookup (prefetchSession, AuthProvider). */
export const SESSION_QUERY: EarlyQuery = { path: 'auth.me' };

/**
 * The owner dashboard's first queries (its transfers, figures, next actions and first page of properties, see
 * dashboard-page and use-portfolio). The first query for each takes the early answer, whichever
 * batch the client would have put it in; a query not listed here is simply sent as usual.
 */
export const DASHBOARD_QUERIES: readonly EarlyQuery[] = [
  { path: 'transfers.list' },
  { path: 'properties.stats' },
  { path: 'properties.nextActions' },
  { path: 'properties.page', input: { limit: 50, direction: 'forward' } },
];

/** An early answer is taken within this long of the page's start, or dropped: never a stale one. */
export const EARLY_ANSWER_TTL_MS = 10_000;

/** What an early answer hands over: the procedure's data; undefined when it failed (ask again). */
export type EarlyResult = { data: unknown } | undefined;

interface EarlyEntry {
  token: string;
  result: Promise<EarlyResult>;
}

const early = new Map<string, EarlyEntry>();
let startedAt = 0;

const keyOf = (path: string, input: unknown) => `${path} ${JSON.stringify(input) ?? ''}`;

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

/**
 * Sends `queries` as one request the way the tRPC client's httpBatchLink does (GET /trpc/a,b?batch=1
 * &input={"i": input}, bearer token and cookie) and keeps a promise of each one's answer.
 */
function sendBatch(queries: readonly EarlyQuery[], token: string): void {
  const inputs: Record<number, unknown> = {};
  queries.forEach(({ input }, index) => {
    if (input !== undefined) inputs[index] = input;
  });
  const url = `/trpc/${queries.map(({ path }) => path).join(',')}?batch=1&input=${encodeURIComponent(JSON.stringify(inputs))}`;
  const answers: Promise<unknown[] | undefined> = fetch(url, {
    headers: { Authorization: `Bearer ${token}` },
    credentials: 'include',
  })
    .then((response) => response.json())
    .then((body: unknown) => (Array.isArray(body) && body.length === queries.length ? body : undefined))
    .catch(() => undefined);
  queries.forEach(({ path, input }, index) => {
    const result = answers.then((body): EarlyResult => {
      const envelope = body?.[index] as { result?: { data?: unknown } } | undefined;
      return envelope?.result && 'data' in envelope.result ? { data: envelope.result.data } : undefined;
    });
    early.set(keyOf(path, input), { token, result });
  });
}

/**
 * Sends the session lookup the app is about to make and, on a dashboard address, the dashboard's
 * first queries, and starts loading its code (`loadDashboard`). Called by the entry, once.
 */
export function startEarly(pathname: string, loadDashboard: () => Promise<unknown>): void {
  early.clear();
  const token = readStoredToken();
  if (token === null || isLoginPage(pathname)) return;
  startedAt = Date.now();
  sendBatch([SESSION_QUERY], token);
  if (!DASHBOARD_PATH.test(pathname)) return;
  // Not awaited: the router loads the same chunks when it gets there, and reports any failure then.
  loadDashboard().catch(() => {});
  sendBatch(DASHBOARD_QUERIES, token);
}

/**
 * The early answer to query `path` with `input`, once, if it was asked for the token stored now and
 * the page started moments ago; otherwise undefined, and the caller sends the query as usual. An
 * answer that turns out to have failed resolves to undefined: the caller then sends it too (the
 * tRPC client's earlyLink does; the error is the server's own the second time).
 */
export function takeEarlyResult(path: string, input: unknown): Promise<EarlyResult> | undefined {
  const key = keyOf(path, input);
  const entry = early.get(key);
  if (!entry) return undefined;
  early.delete(key);
  if (entry.token !== readStoredToken() || Date.now() - startedAt > EARLY_ANSWER_TTL_MS) return undefined;
  return entry.result;
}
