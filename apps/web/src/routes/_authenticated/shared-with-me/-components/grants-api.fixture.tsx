import type { AppRouter } from '@propertydna/api/router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { TRPCClientError, type TRPCLink } from '@trpc/client';
import { observable } from '@trpc/server/observable';
import type { ReactElement } from 'react';
import { type RouterOutputs, trpc } from '../../../../lib/trpc';
import { renderWithRouter } from '../../../../test/render';

export const GRANT_ID = 'c0000000-0000-4000-8000-000000000001';
export const PROPERTY_ID = 'a0000000-0000-4000-8000-000000000001';
export const DOCUMENT_ID = 'd0000000-0000-4000-8000-000000000001';

const PROPERTY = {
  id: PROPERTY_ID,
  name: 'Gardens Home',
  address: '12 Gardens Road, Cape Town',
  dna_code: 'PDNA-ZA-7K3M-9QX2',
};

/** What the mailed link offers: Gardens Home to a conveyancer, documents and compliance, until 26 Feb 2027. */
export const offer = (): RouterOutputs['grants']['offer'] => ({
  organizationName: 'Dube Family Trust',
  granterName: 'Thandi Dube',
  property: PROPERTY,
  role: 'conveyancer',
  scope: 'documents_and_compliance',
  email: 'conveyancer@example.co.za',
  expires_at: '2027-02-26T08:00:00.000Z',
});

export const sharedGrant = (
  overrides: Partial<RouterOutputs['grants']['sharedWithMe'][number]> = {},
): RouterOutputs['grants']['sharedWithMe'][number] => ({
  grantId: GRANT_ID,
  organizationName: 'Dube Family Trust',
  property: PROPERTY,
  role: 'conveyancer',
  scope: 'documents_and_compliance',
  expires_at: '2027-02-26T08:00:00.000Z',
  accepted_at: '2026-11-28T08:00:00.000Z',
  ...overrides,
});

const DOCUMENT = {
  id: DOCUMENT_ID,
  kind: 'certificate',
  name: 'Electrical COC.pdf',
  bytes: 1024,
  content_type: 'application/pdf',
  created_at: '2026-11-01T08:00:00.000Z',
  expires_at: null,
  property_id: PROPERTY_ID,
  property_name: 'Gardens Home',
};

export const TASK_ID = 'e0000000-0000-4000-8000-000000000001';

/** A tenant's view of the property's upkeep: one overdue task, one scheduled. */
export const TENANT_TASKS = [
  { id: TASK_ID, title: 'Service the geyser', next_due: '2026-11-01', status: 'Overdue' },
  {
    id: 'e0000000-0000-4000-8000-000000000002',
    title: 'Clear the gutters',
    next_due: '2027-05-01',
    status: 'Scheduled',
  },
] as const;

/**
 * The shared property's view: one document and, unless `documents_only`, a check with one gap; a
 * tenant's also the property's maintenance tasks.
 */
export const sharedProperty = (
  scope: 'documents_and_compliance' | 'documents_only' = 'documents_and_compliance',
  role: RouterOutputs['grants']['sharedWithMe'][number]['role'] = 'conveyancer',
): RouterOutputs['grants']['sharedProperty'] =>
  ({
    grant: sharedGrant({ scope, role }),
    documents: [DOCUMENT],
    maintenance: role === 'tenant' ? structuredClone(TENANT_TASKS) : null,
    compliance:
      scope === 'documents_only'
        ? null
        : {
            status: 'gaps_detected',
            lastChecked: '2026-11-28T08:00:00.000Z',
            complianceStatus: 'non_compliant',
            findings: [],
            transferReadiness: { ready: 2, required: 5 },
            items: [
              {
                id: 'i1',
                type: 'gap',
                level: 'critical',
                title: 'Electric fence certificate missing',
                action: 'Upload the electric fence certificate',
                due_date: null,
                contexts: ['transfer'],
                finding_ids: [],
              },
            ],
          },
  }) as unknown as RouterOutputs['grants']['sharedProperty'];

export interface FakeGrantsServer {
  /** The answer of each query path; an Error-like `{ code, message }` answers that error. */
  answers: Record<string, unknown>;
  calls: { path: string; input: unknown }[];
}

export const trpcError = (message: string, code: string, httpStatus: number) =>
  TRPCClientError.from({ error: { message, code: -32000, data: { code, httpStatus } } });

/** An answer that is an error: the fake server refuses with it. */
export const refusal = (message: string, code: string, httpStatus: number) => ({
  refusal: { message, code, httpStatus },
});

function fakeGrantsApi(server: FakeGrantsServer) {
  const link: TRPCLink<AppRouter> =
    () =>
    ({ op }) =>
      observable((observer) => {
        server.calls.push({ path: op.path, input: op.input });
        const answer = server.answers[op.path];
        if (answer && typeof answer === 'object' && 'refusal' in answer) {
          const { message, code, httpStatus } = (
            answer as { refusal: { message: string; code: string; httpStatus: number } }
          ).refusal;
          observer.error(trpcError(message, code, httpStatus));
          return;
        }
        observer.next({ result: { type: 'data', data: structuredClone(answer) } });
        observer.complete();
      });
  return trpc.createClient({ links: [link] });
}

/** Renders `ui` with the fake API (every call recorded) and a query cache like the app's. */
export async function renderWithGrantsApi(ui: ReactElement, answers: Record<string, unknown>, path = '/') {
  const server: FakeGrantsServer = { answers, calls: [] };
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } },
  });
  const rendered = await renderWithRouter(
    <trpc.Provider client={fakeGrantsApi(server)} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>
    </trpc.Provider>,
    path,
  );
  return { ...rendered, server };
}
