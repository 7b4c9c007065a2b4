import type { AppRouter } from '@propertydna/api/router';
import { endedAccessSummary, inviteAccessSummary } from '@propertydna/domain';

/** When the fake server revokes a link. */
const REVOKED_AT = '2026-11-30T08:00:00.000Z';

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { TRPCClientError, type TRPCLink } from '@trpc/client';
import { observable } from '@trpc/server/observable';
import type { ReactElement } from 'react';
import { trpc } from '../../lib/trpc';
import { renderWithRouter } from '../../test/render';
import type { PropertyVendor, Vendor } from './labels';
import { ADDRESSES, GARDENS, propertyVendor, SEA_POINT, vendorAccess } from './vendor.fixture';

export const INVITE_URL = 'http://localhost:5173/invite/Zm9yLXRoZS10ZXN0cy1vbmx5';
export const INVITE_EXPIRES_AT = '2026-12-07T08:00:00.000Z';

/** What the fake API holds and heard; only the transport is faked, the hooks are real. */
export interface FakeVendorsServer {
  /** The vendors (of the property, for byProperty; of the directory, for list). */
  vendors: PropertyVendor[];
  properties: { id: string; name: string }[];
  /** Every mutation's path and input, in order. */
  calls: { path: string; input: unknown }[];
  /** How often each query was asked for. */
  asked: Record<string, number>;
  /** A query path fails this many times first. */
  failures: Record<string, number>;
  /** A mutation path answers this refusal (a 400 with the server's message). */
  refusals: Record<string, string>;
  /** Mutations answer once this settles (to see what the form shows while it is sent). */
  hold?: Promise<void>;
}

export function fakeVendorsServer(overrides: Partial<FakeVendorsServer> = {}): FakeVendorsServer {
  return {
    properties: [GARDENS, SEA_POINT],
    calls: [],
    asked: {},
    failures: {},
    refusals: {},
    ...overrides,
    // Copies: the fake server changes its vendors, and the fixtures are shared between tests.
    vendors: structuredClone(overrides.vendors ?? []),
  };
}

/** A property vendor as the directory lists it (without the one property's access and uploads). */
function asListed({ access: _access, uploads: _uploads, ...listed }: PropertyVendor): Vendor {
  return listed;
}

function answerMutation(server: FakeVendorsServer, path: string, input: Record<string, unknown>): unknown {
  const find = (id: unknown) => server.vendors.find((item) => item.id === id) as PropertyVendor;
  switch (path) {
    case 'vendors.invite': {
      const kinds = input.allowedKinds as PropertyVendor['access']['allowed_kinds'];
      const access = vendorAccess({
        invite_id: `invite-${server.calls.length}`,
        allowed_kinds: kinds,
        summary: inviteAccessSummary(kinds, INVITE_EXPIRES_AT),
        expires_at: INVITE_EXPIRES_AT,
      });
      const propertyId = input.propertyId as string;
      const property = {
        ...(server.properties.find((item) => item.id === propertyId) ?? GARDENS),
        address: ADDRESSES[propertyId] ?? '',
        access,
      };
      const known = server.vendors.find((item) => item.email === input.email);
      const invited =
        known ??
        propertyVendor({
          id: `vendor-${server.calls.length}`,
          name: input.name as string,
          email: input.email as string,
          company: (input.company as string | undefined) ?? null,
          phone: (input.phone as string | undefined) ?? null,
          specialties: [],
          properties: [property],
          access,
        });
      invited.access = access;
      invited.properties = [property];
      if (!known) server.vendors.push(invited);
      return {
        vendor: asListed(invited),
        invite: { id: access.invite_id, url: INVITE_URL, expires_at: INVITE_EXPIRES_AT },
      };
    }
    case 'vendors.revoke': {
      const revoked = find(input.id);
      revoked.access = {
        ...revoked.access,
        status: 'revoked',
        revoked_at: REVOKED_AT,
        summary: endedAccessSummary(revoked.access.allowed_kinds, 'revoked', REVOKED_AT),
      };
      revoked.properties = revoked.properties.map((property) => ({ ...property, access: revoked.access }));
      return { revoked: 1 };
    }
    case 'vendors.update': {
      const updated = find(input.id);
      Object.assign(updated, input.patch);
      return asListed(updated);
    }
    case 'vendors.remove':
      server.vendors = server.vendors.filter((item) => item.id !== input.id);
      return { ok: true };
  }
  throw new Error(`The fake API has no ${path}`);
}

function answerQuery(server: FakeVendorsServer, path: string): unknown {
  switch (path) {
    case 'vendors.byProperty':
      return server.vendors;
    case 'vendors.list':
      return server.vendors.map(asListed);
    case 'properties.list':
      return server.properties;
  }
  throw new Error(`The fake API has no ${path}`);
}

const refusal = (message: string) =>
  TRPCClientError.from({ error: { message, code: -32600, data: { code: 'BAD_REQUEST', httpStatus: 400 } } });

/** A tRPC client answering from `server`. */
export function fakeVendorsApi(server: FakeVendorsServer) {
  const link: TRPCLink<AppRouter> =
    () =>
    ({ op }) =>
      observable((observer) => {
        const input = (op.input ?? {}) as Record<string, unknown>;
        const answer = (data: unknown) => {
          observer.next({ result: { type: 'data', data } });
          observer.complete();
        };
        if (op.type !== 'mutation') {
          server.asked[op.path] = (server.asked[op.path] ?? 0) + 1;
          const failures = server.failures[op.path] ?? 0;
          if (failures > 0) {
            server.failures[op.path] = failures - 1;
            observer.error(TRPCClientError.from(new Error('The database is resting')));
            return;
          }
          answer(answerQuery(server, op.path));
          return;
        }
        server.calls.push({ path: op.path, input: op.input });
        void Promise.resolve(server.hold).then(() => {
          const refused = server.refusals[op.path];
          if (refused) observer.error(refusal(refused));
          else answer(answerMutation(server, op.path, input));
        });
      });
  return trpc.createClient({ links: [link] });
}

/** Renders `ui` with the fake API and a query cache like the app's (no retries, nothing goes stale). */
export async function renderWithVendorsApi(ui: ReactElement, overrides: Partial<FakeVendorsServer> = {}) {
  const server = fakeVendorsServer(overrides);
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } },
  });
  await renderWithRouter(
    <trpc.Provider client={fakeVendorsApi(server)} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>
    </trpc.Provider>,
  );
  return { server, queryClient };
}
