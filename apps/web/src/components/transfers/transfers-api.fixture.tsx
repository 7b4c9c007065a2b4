import type { AppRouter } from '@propertydna/api/router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { TRPCClientError, type TRPCLink } from '@trpc/client';
import { observable } from '@trpc/server/observable';
import type { ReactElement } from 'react';
import { type RouterOutputs, trpc } from '../../lib/trpc';
import { renderWithRouter } from '../../test/render';
import type { Transfer, TransferLinkView } from './labels';

export const GARDENS_ID = 'a0000000-0000-4000-8000-000000000001';
export const TRANSFER_ID = 'b0000000-0000-4000-8000-000000000001';
export const EXPIRES_AT = '2026-12-23T08:00:00.000Z';
export const PACK_URL = 'http://localhost:5173/api/transfer-packs/cGFjay1saW5r';

/** A pending transfer of 12 Gardens Road from Dube Family Trust to buyer@example.com. */
export function transfer(overrides: Partial<Transfer> = {}): Transfer {
  return {
    id: TRANSFER_ID,
    status: 'pending',
    property: {
      id: GARDENS_ID,
      name: 'Gardens Home',
      address: '12 Gardens Road, Cape Town',
      dna_code: 'PDNA-ZA-7K3M-9QX2',
    },
    from_organization: 'Dube Family Trust',
    to_email: 'buyer@example.com',
    to_organization: null,
    message: 'Keys at the agent on Friday.',
    documents_count: 12,
    created_at: '2026-11-23T08:00:00.000Z',
    expires_at: EXPIRES_AT,
    decided_at: null,
    ...overrides,
  };
}

export function linkView(overrides: Partial<TransferLinkView> = {}): TransferLinkView {
  const { id, property, from_organization, to_email, message, documents_count, expires_at } = transfer();
  return { id, property, from_organization, to_email, message, documents_count, expires_at, ...overrides };
}

type Finding = RouterOutputs['compliance']['policyCheck']['findings'][number];

export function finding(overrides: Partial<Finding> = {}): Finding {
  return {
    id: 'electrical_coc.transfer:transfer',
    type: 'gap',
    title: 'Electrical Certificate of Compliance missing',
    description: 'A sale needs an electrical CoC issued in the last 2 years.',
    severity: 'high',
    level: 'critical',
    due_date: null,
    rule: 'electrical_coc.transfer',
    source: 'Electrical Installation Regulations, 2009',
    context: 'transfer',
    evidence: [],
    action: 'A registered electrician inspects the installation and issues the CoC.',
    ...overrides,
  };
}

/** What the fake API holds and heard; only the transport is faked, the hooks are real. */
export interface FakeTransfersServer {
  incoming: Transfer[];
  outgoing: Transfer[];
  /** Pending transfers the server withholds until the address is confirmed, with what to do. */
  withheld: { count: number; confirmFirst: string } | null;
  findings: Finding[];
  readiness: { ready: number; required: number };
  /** transfers.ownership's answer. */
  ownership: { organization_name: string; from: string; until: string | null }[];
  /** transferLinks.view's answer, or null for a dead link (404). */
  link: TransferLinkView | null;
  calls: { path: string; input: unknown }[];
  /** A query path fails this many times first. */
  failures: Record<string, number>;
  /** A mutation path answers this refusal. */
  refusals: Record<string, { message: string; code: string; httpStatus: number }>;
  /** Mutations answer once this settles. */
  hold?: Promise<void>;
}

export function fakeTransfersServer(overrides: Partial<FakeTransfersServer> = {}): FakeTransfersServer {
  return {
    ownership: [],
    findings: [],
    readiness: { ready: 0, required: 0 },
    link: null,
    withheld: null,
    calls: [],
    failures: {},
    refusals: {},
    ...overrides,
    // Copies: the fake server changes its transfers, and the fixtures are shared between tests.
    incoming: structuredClone(overrides.incoming ?? []),
    outgoing: structuredClone(overrides.outgoing ?? []),
  };
}

const trpcError = (message: string, code: string, httpStatus: number) =>
  TRPCClientError.from({ error: { message, code: -32000, data: { code, httpStatus } } });

function answerQuery(server: FakeTransfersServer, path: string): unknown {
  switch (path) {
    case 'transfers.list':
      // Copies: the fake server changes its transfers in place, and the cache shares what it is given.
      return structuredClone({
        incoming: server.incoming,
        outgoing: server.outgoing,
        incoming_withheld: server.withheld?.count ?? 0,
        confirm_first: server.withheld?.confirmFirst ?? null,
      });
    case 'compliance.policyCheck':
      return {
        status: 'gaps_detected',
        lastChecked: '2026-11-23T08:00:00.000Z',
        complianceStatus: 'warning',
        findings: server.findings,
        transferReadiness: server.readiness,
      };
    case 'transfers.ownership':
      return server.ownership;
    case 'escalation.providers':
      return [];
    case 'escalation.findProviders':
      return { area: null, province: null, message: null, vendors: [], providers: [] };
  }
  throw new Error(`The fake API has no ${path}`);
}

function answerMutation(server: FakeTransfersServer, path: string, input: Record<string, unknown>): unknown {
  const decide = (list: Transfer[], status: Transfer['status']) => {
    const found = list.find((item) => item.id === input.id) as Transfer;
    found.status = status;
    found.decided_at = '2026-11-24T08:00:00.000Z';
    return found;
  };
  switch (path) {
    case 'transfers.start': {
      const started = transfer({
        id: `transfer-${server.calls.length}`,
        to_email: input.email as string,
        message: (input.message as string | undefined) ?? null,
        property: { ...transfer().property, id: input.propertyId as string },
      });
      server.outgoing.push(started);
      return { id: started.id, status: 'pending', expires_at: started.expires_at };
    }
    case 'transfers.packLink':
      return { url: PACK_URL, expires_at: '2026-12-07T08:00:00.000Z' };
    case 'transfers.cancel':
      return structuredClone(decide(server.outgoing, 'cancelled'));
    case 'transfers.accept':
      return structuredClone(decide(server.incoming, 'accepted'));
    case 'transfers.decline':
      return structuredClone(decide(server.incoming, 'declined'));
  }
  throw new Error(`The fake API has no ${path}`);
}

/** A tRPC client answering from `server`. */
export function fakeTransfersApi(server: FakeTransfersServer) {
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
          const failures = server.failures[op.path] ?? 0;
          if (failures > 0) {
            server.failures[op.path] = failures - 1;
            observer.error(trpcError('The database is resting', 'INTERNAL_SERVER_ERROR', 500));
            return;
          }
          if (op.path === 'transferLinks.view') {
            if (server.link) answer(server.link);
            else observer.error(trpcError('This transfer link is not valid any more.', 'NOT_FOUND', 404));
            return;
          }
          answer(answerQuery(server, op.path));
          return;
        }
        server.calls.push({ path: op.path, input: op.input });
        void Promise.resolve(server.hold).then(() => {
          const refused = server.refusals[op.path];
          if (refused) observer.error(trpcError(refused.message, refused.code, refused.httpStatus));
          else answer(answerMutation(server, op.path, input));
        });
      });
  return trpc.createClient({ links: [link] });
}

/** Renders `ui` with the fake API and a query cache like the app's (no retries, nothing goes stale). */
export async function renderWithTransfersApi(
  ui: ReactElement,
  overrides: Partial<FakeTransfersServer> = {},
  path = '/',
) {
  const server = fakeTransfersServer(overrides);
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } },
  });
  const rendered = await renderWithRouter(
    <trpc.Provider client={fakeTransfersApi(server)} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>
    </trpc.Provider>,
    path,
  );
  return { server, queryClient, ...rendered };
}
