import type { AppRouter } from '@propertydna/api/router';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, renderHook, screen } from '@testing-library/react';
import { TRPCClientError, type TRPCLink } from '@trpc/client';
import { observable } from '@trpc/server/observable';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { AuthProvider, useAuth } from './auth';
import { AUTH_TOKEN_KEY, createQueryClient, trpc } from './trpc';

afterEach(() => {
  localStorage.clear();
});

describe('useAuth', () => {
  it('throws the exact message outside an AuthProvider', () => {
    // React reports the thrown error on the console as well; that is expected here.
    const consoleError = console.error;
    console.error = () => {};
    try {
      expect(() => renderHook(() => useAuth())).toThrow('useAuth must be used within an AuthProvider');
    } finally {
      console.error = consoleError;
    }
  });
});

describe('AuthProvider', () => {
  function Status() {
    const { status, user, organization } = useAuth();
    return <p data-testid="auth">{`${status} ${String(user)} ${String(organization)}`}</p>;
  }

  /** The providers with a transport that records each request and fails it, as when the network is down. */
  function renderProvider({ lookupUser = true } = {}) {
    const requests: string[] = [];
    const offline: TRPCLink<AppRouter> =
      () =>
      ({ op }) => {
        requests.push(op.path);
        return observable((observer) => {
          observer.error(TRPCClientError.from(new TypeError('Failed to fetch')));
        });
      };
    const queryClient = createQueryClient();
    const client = trpc.createClient({ links: [offline] });
    function Providers({ children }: { children: ReactNode }) {
      return (
        <trpc.Provider client={client} queryClient={queryClient}>
          <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
        </trpc.Provider>
      );
    }
    render(
      <AuthProvider lookupUser={lookupUser}>
        <Status />
      </AuthProvider>,
      { wrapper: Providers },
    );
    return { requests };
  }

  it('is anonymous without a stored token, and asks the server nothing', async () => {
    const { requests } = renderProvider();
    expect(screen.getByTestId('auth').textContent).toBe('anonymous null null');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(requests).toEqual([]);
  });

  it('loads the user for a stored token, and drops the token when that lookup fails', async () => {
    localStorage.setItem(AUTH_TOKEN_KEY, 'stale-token');
    const { requests } = renderProvider();
    expect(screen.getByTestId('auth').textContent).toBe('loading null null');
    await screen.findByText('anonymous null null');
    expect(requests).toEqual(['auth.me']);
    expect(localStorage.getItem(AUTH_TOKEN_KEY)).toBeNull();
  });

  it('leaves a stored token alone and asks nothing where the user is not looked up (the login page)', async () => {
    localStorage.setItem(AUTH_TOKEN_KEY, 'token-being-logged-out');
    const { requests } = renderProvider({ lookupUser: false });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(requests).toEqual([]);
    expect(screen.getByTestId('auth').textContent).toBe('loading null null');
    expect(localStorage.getItem(AUTH_TOKEN_KEY)).toBe('token-being-logged-out');
  });
});
