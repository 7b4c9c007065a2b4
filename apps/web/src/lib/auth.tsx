import { useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { isLoginPage, looksUpSession, readStoredToken } from './early-start';
import { AUTH_TOKEN_KEY, type RouterOutputs, type TrpcUtils, trpc } from './trpc';

export { isLoginPage, readStoredToken };

export type Me = RouterOutputs['auth']['me'];
export type AuthUser = Me['user'];
export type AuthOrganization = Me['organization'];
export type AuthStatus = 'loading' | 'authenticated' | 'anonymous';

export interface AuthContextValue {
  user: AuthUser | null;
  organization: AuthOrganization | null;
  status: AuthStatus;
  /** Starts the session a login or demo login answered: stores the token and the user. */
  login: (token: string, user: AuthUser, organization: AuthOrganization) => void;
  /** Ends the session on the server, then forgets the token, the user, the organisation and all cached data. */
  logout: () => Promise<void>;
}

export const AUTH_CONTEXT_ERROR = 'useAuth must be used within an AuthProvider';

const AuthContext = createContext<AuthContextValue | null>(null);

function writeStoredToken(token: string | null): void {
  try {
    if (token) globalThis.localStorage?.setItem(AUTH_TOKEN_KEY, token);
    else globalThis.localStorage?.removeItem(AUTH_TOKEN_KEY);
  } catch {
    // Storage refused (private mode, quota): the session lives as long as the page.
  }
}

/**
 * Asks for the stored session's user at once, as the app starts: the router first loads the page's
 * code, and only then does AuthProvider mount and ask. The answer is then in the cache (or on its way),
 * and a protected page's own requests follow it without waiting a further round trip. The entry has
 * sent this very query already (lib/early-start): the tRPC client takes its answer.
 */
export function prefetchSession(utils: TrpcUtils, pathname: string): void {
  if (looksUpSession(pathname)) void utils.auth.me.prefetch();
}

/**
 * The session (spec §4): on load a stored token is sent to fetch the current user, and a failed lookup
 * removes the token. The user lives in the query cache under `auth.me`, so a login fills it without a
 * second request and a logout empties it with everything else.
 *
 * `lookupUser` is false on the login page, which ends any session as it opens: a lookup there would
 * race that logout and could only fail or fetch a user about to be signed out.
 */
export function AuthProvider({ children, lookupUser = true }: { children: ReactNode; lookupUser?: boolean }) {
  const queryClient = useQueryClient();
  const utils = trpc.useUtils();
  const [token, setToken] = useState(readStoredToken);
  const me = trpc.auth.me.useQuery(undefined, { enabled: token !== null && lookupUser });
  const { mutateAsync: endServerSession } = trpc.auth.logout.useMutation();

  const lookupFailed = token !== null && me.isError && !me.data;
  useEffect(() => {
    if (!lookupFailed) return;
    // Only the token that failed is dropped: a login in the meantime has stored a new one.
    if (readStoredToken() === token) writeStoredToken(null);
    setToken(readStoredToken());
  }, [lookupFailed, token]);

  const login = useCallback<AuthContextValue['login']>(
    (newToken, user, organization) => {
      writeStoredToken(newToken);
      utils.auth.me.setData(undefined, { user, organization });
      setToken(newToken);
    },
    [utils],
  );

  const logout = useCallback(async () => {
    const ending = readStoredToken();
    try {
      // Sent while the token is still stored, so the server knows which session to end.
      await endServerSession();
    } catch {
      // The server session may outlive this failure; this browser forgets it all the same.
    }
    // Someone logged in while the request was out: that new session stays.
    if (readStoredToken() !== ending) return;
    writeStoredToken(null);
    setToken(null);
    queryClient.clear();
  }, [endServerSession, queryClient]);

  const value = useMemo<AuthContextValue>(() => {
    const session = token !== null && !lookupFailed ? me.data : undefined;
    const status: AuthStatus = session
      ? 'authenticated'
      : token === null || lookupFailed
        ? 'anonymous'
        : 'loading';
    return {
      user: session?.user ?? null,
      organization: session?.organization ?? null,
      status,
      login,
      logout,
    };
  }, [token, lookupFailed, me.data, login, logout]);

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

/** The session where there is one; null outside an AuthProvider (a component shown on its own). */
export function useOptionalAuth(): AuthContextValue | null {
  return useContext(AuthContext);
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error(AUTH_CONTEXT_ERROR);
  return value;
}
