import type { AppRouter } from '@propertydna/api/router';
import {
  CALLBACK_TIME_LABELS,
  type CallbackTime,
  type CoverPolicy,
  claimCover,
  claimEvidence,
  type EvidenceCompletion,
  type EvidenceDocument,
  INCIDENT_TYPE_LABELS,
  type IncidentType,
  PROVINCES,
  type PropertyFeature,
  providerArea,
  provinceSearchTerms,
  vendorMatchesSearch,
  widenedSearchMessage,
} from '@propertydna/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { TRPCClientError, type TRPCLink } from '@trpc/client';
import { observable } from '@trpc/server/observable';
import type { ReactElement } from 'react';
import { trpc } from '../../../../../lib/trpc';
import { renderWithRouter } from '../../../../../test/render';
import type { CallbackRequest, ClaimDetail, OwnVendor, Provider, ProviderSearchResult } from './labels';

export const PROPERTY_ID = 'a1b2c3d4-0000-4000-8000-000000000001';
export const NOW_ISO = '2026-11-23T08:00:00.000Z';
export const INVITE_URL = 'http://localhost:5173/invite/Zm9yLXRoZS10ZXN0cy1vbmx5';

/** A refusal of the server: its message, and its tRPC code and HTTP status (a 400 unless said). */
export interface Refusal {
  message: string;
  code?: string;
  httpStatus?: number;
}

/** What the fake API holds and heard; only the transport is faked, the hooks are real. */
export interface FakeEscalationServer {
  claims: ClaimDetail[];
  providers: Provider[];
  /** The owner's vendor directory, which Find Provider lists first. */
  vendors: OwnVendor[];
  callbacks: CallbackRequest[];
  /** The property's vault and service history, which the evidence of a started claim is read from. */
  vault: EvidenceDocument[];
  completions: EvidenceCompletion[];
  /** The vault's policies with their dates, which a started claim's cover is read from. */
  policies: CoverPolicy[];
  features: PropertyFeature[];
  /** Every mutation's path and input, in order. */
  calls: { path: string; input: unknown }[];
  /** Every query's path and input, in order. */
  queries: { path: string; input: unknown }[];
  /** A query path fails this many times first. */
  failures: Record<string, number>;
  /** A mutation path answers this refusal. */
  refusals: Record<string, Refusal>;
  /** The vault registers a file of this name with this refusal (an upload that fails on its own). */
  refusedFiles: Record<string, string>;
}

export function fakeEscalationServer(overrides: Partial<FakeEscalationServer> = {}): FakeEscalationServer {
  return {
    providers: [],
    vendors: [],
    vault: [],
    completions: [],
    policies: [HOUSEHOLD_POLICY],
    features: [],
    calls: [],
    queries: [],
    failures: {},
    refusals: {},
    refusedFiles: {},
    ...overrides,
    // Copies: the fake server changes them, and the fixtures are shared between tests.
    claims: structuredClone(overrides.claims ?? []),
    callbacks: structuredClone(overrides.callbacks ?? []),
  };
}

/** A claim in full, as escalation.claim answers it. */
export function claimDetail(overrides: Partial<ClaimDetail> = {}): ClaimDetail {
  const incidentType = overrides.incident_type ?? 'burst_geyser';
  return {
    id: 'c1a1c1a1-0000-4000-8000-000000000001',
    property_id: PROPERTY_ID,
    property_name: 'Gardens Family Home',
    incident_type: incidentType,
    incident_type_label: INCIDENT_TYPE_LABELS[incidentType],
    incident_date: '2026-11-20',
    description: 'The geyser in the roof burst overnight; the ceiling of the main bedroom came down.',
    status: 'open',
    created_by: 'Thandiwe Nkosi',
    created_at: '2026-11-21T07:30:00.000Z',
    documents_count: 0,
    property: {
      id: PROPERTY_ID,
      name: 'Gardens Family Home',
      address: '5 Kloof Street, Gardens',
      dna_code: 'RES-4821-CT',
    },
    documents: [],
    cover: claimCover(overrides.incident_date ?? '2026-11-20', [HOUSEHOLD_POLICY]),
    evidence: [],
    ...overrides,
  };
}

/** The policy the fixtures' vault holds: in force from Feb 01, 2026 to Feb 01, 2027. */
export const HOUSEHOLD_POLICY: CoverPolicy = {
  id: 'd0c00000-0000-4000-8000-000000000002',
  name: 'Household policy 2026.pdf',
  starts_on: '2026-02-01',
  expires_on: '2027-02-01',
};

/** A registered supplier as Find Provider lists it. */
export function provider(overrides: Partial<Provider> = {}): Provider {
  return {
    id: 'b0b0b0b0-0000-4000-8000-000000000001',
    company_name: 'Atlantic Plumbing (Pty) Ltd',
    trading_as: 'Atlantic Plumbing',
    description: 'Geysers, burst pipes and leak detection on the Atlantic seaboard.',
    specialties: ['Plumbing', 'Geysers'],
    area: '12 Main Road, Sea Point, Cape Town',
    email: 'jobs@atlanticplumbing.example',
    phone: '021 555 0101',
    website: 'atlanticplumbing.example',
    insured_until: '2027-03-31',
    verified: true,
    verification: {
      level: 'documents_checked',
      checks: [
        {
          kind: 'company_registration',
          status: 'approved',
          checked_at: '2026-11-02T09:00:00.000Z',
          valid_until: null,
          source: 'PropertyDNA review',
          trade: null,
          checked: 'CIPC certificate: name and number match',
        },
        {
          kind: 'trade_registration',
          status: 'approved',
          checked_at: '2026-11-02T09:05:00.000Z',
          valid_until: '2027-06-30',
          source: 'PropertyDNA review',
          trade: 'plumbing',
          checked: 'PIRB card',
        },
        {
          kind: 'liability_insurance',
          status: 'approved',
          checked_at: '2026-11-02T09:10:00.000Z',
          valid_until: '2027-03-31',
          source: 'PropertyDNA review',
          trade: null,
          checked: 'Certificate of insurance',
        },
      ],
    },
    ...overrides,
  };
}

/** One of the owner's own vendors, as Find Provider lists it first. */
export function ownVendor(overrides: Partial<OwnVendor> = {}): OwnVendor {
  return {
    id: 'f0f0f0f0-0000-4000-8000-000000000001',
    name: 'Thabo Nkosi',
    company: 'Sun Sparks Electrical',
    email: 'thabo@sunsparks.example',
    phone: '+27825550123',
    specialties: ['Solar', 'Electrical'],
    verified: false,
    verification_level: null,
    registered_supplier: null,
    notes: null,
    created_at: '2026-10-01T08:00:00.000Z',
    properties: [],
    documents_count: 0,
    ...overrides,
  };
}

/** A callback request. */
export function callbackRequest(overrides: Partial<CallbackRequest> = {}): CallbackRequest {
  const time = overrides.preferred_time ?? 'morning';
  return {
    id: 'ca11bac0-0000-4000-8000-000000000001',
    property_id: PROPERTY_ID,
    phone: '082 555 0199',
    preferred_time: time,
    preferred_time_label: CALLBACK_TIME_LABELS[time],
    topic: 'Whether my policy covers the burst geyser',
    status: 'requested',
    requested_by: 'Thandiwe Nkosi',
    created_at: '2026-11-22T09:00:00.000Z',
    ...overrides,
  };
}

const contains = (text: string | null, term: unknown) =>
  typeof term !== 'string' || (text ?? '').toLowerCase().includes(term.toLowerCase());

/**
 * Find Provider as the API answers it, by the domain's rules: the owner's vendors matching the specialty
 * and words; the providers whose area holds the searched area's terms, else its province's.
 */
function findProviders(server: FakeEscalationServer, input: Record<string, unknown>): ProviderSearchResult {
  const specialty = input.specialty as string | undefined;
  const q = input.q as string | undefined;
  const area = providerArea((input.municipality as string | undefined) ?? 'CPT');
  const matching = server.providers.filter(
    (item) =>
      (specialty === undefined || item.specialties.some((s) => contains(s, specialty))) &&
      (q === undefined ||
        contains(`${item.company_name} ${item.description ?? ''} ${item.specialties.join(' ')}`, q)),
  );
  const within = (terms: readonly string[]) =>
    matching.filter((item) => terms.some((term) => contains(item.area, term)));
  const inArea = area ? within(area.terms) : matching;
  const province = area?.province && inArea.length === 0 ? area.province : null;
  const providers = province ? within(provinceSearchTerms(province)) : inArea;
  return {
    area: area?.label ?? null,
    province: province ? PROVINCES[province] : null,
    message:
      area && province
        ? widenedSearchMessage({ specialty, area: area.label, province, foundInProvince: providers.length })
        : null,
    vendors: server.vendors.filter((vendor) => vendorMatchesSearch(vendor, { specialty, q })),
    providers,
  };
}

function answerQuery(server: FakeEscalationServer, path: string, input: Record<string, unknown>): unknown {
  switch (path) {
    case 'escalation.propertyClaims':
      return server.claims.map(({ property: _p, documents: _d, evidence: _e, ...claim }) => claim);
    case 'escalation.claim': {
      const claim = server.claims.find((item) => item.id === input.id);
      if (!claim) throw refusal({ message: 'Claim not found', code: 'NOT_FOUND', httpStatus: 404 });
      return claim;
    }
    case 'escalation.findProviders':
      return findProviders(server, input);
    case 'escalation.callbacks':
      return server.callbacks;
  }
  throw new Error(`The fake API has no ${path}`);
}

/** Ids the fake server hands out, one sequence for all its servers (unique however calls interleave). */
let sequence = 0;

function answerMutation(server: FakeEscalationServer, path: string, input: Record<string, unknown>): unknown {
  sequence += 1;
  const n = sequence;
  switch (path) {
    case 'documents.signBatch':
      return (input.files as unknown[]).map((_, index) => ({
        url: `https://store.example/put/${n}-${index}`,
        storageKey: `uploads/${n}-${index}`,
        headers: {},
      }));
    case 'documents.register': {
      const refused = server.refusedFiles[input.name as string];
      if (refused) throw refusal({ message: refused });
      const id = `d0c00000-0000-4000-8000-${String(n).padStart(12, '0')}`;
      server.vault.push({
        id,
        name: input.name as string,
        kind: 'other',
        certificate_type: null,
        date: NOW_ISO.slice(0, 10),
      });
      return { id, name: input.name };
    }
    case 'escalation.startClaim': {
      const type = input.incident_type as IncidentType;
      const ids = (input.document_ids as string[] | undefined) ?? [];
      const documents = server.vault.filter((document) => ids.includes(document.id));
      const claim = claimDetail({
        id: `c1a1c1a1-0000-4000-8000-${String(n).padStart(12, '0')}`,
        incident_type: type,
        incident_type_label: INCIDENT_TYPE_LABELS[type],
        incident_date: input.incident_date as string,
        description: input.description as string,
        created_at: NOW_ISO,
        documents_count: documents.length,
        documents: documents.map((document) => ({
          id: document.id,
          name: document.name,
          kind: document.kind,
          content_type: 'image/jpeg',
          bytes: 1024,
          uploaded_at: NOW_ISO,
        })),
        cover: claimCover(input.incident_date as string, server.policies),
        evidence: claimEvidence({
          incidentType: type,
          features: server.features,
          documents: server.vault,
          claimDocumentIds: ids,
          completions: server.completions,
        }),
      });
      server.claims.unshift(claim);
      return claim;
    }
    case 'escalation.requestCallback': {
      const time = input.preferred_time as CallbackTime;
      const callback = callbackRequest({
        id: `ca11bac0-0000-4000-8000-${String(n).padStart(12, '0')}`,
        phone: input.phone as string,
        preferred_time: time,
        preferred_time_label: CALLBACK_TIME_LABELS[time],
        topic: input.topic as string,
        created_at: NOW_ISO,
      });
      server.callbacks.unshift(callback);
      return callback;
    }
    case 'vendors.invite':
      return {
        vendor: { id: `vendor-${n}`, name: input.name, email: input.email },
        invite: { id: `invite-${n}`, url: INVITE_URL, expires_at: '2026-12-07T08:00:00.000Z' },
      };
  }
  throw new Error(`The fake API has no ${path}`);
}

export const refusal = ({ message, code = 'BAD_REQUEST', httpStatus = 400 }: Refusal) =>
  TRPCClientError.from({ error: { message, code: -32600, data: { code, httpStatus } } });

/** A tRPC client answering from `server`. */
export function fakeEscalationApi(server: FakeEscalationServer) {
  const link: TRPCLink<AppRouter> =
    () =>
    ({ op }) =>
      observable((observer) => {
        const input = (op.input ?? {}) as Record<string, unknown>;
        const settle = (answer: () => unknown) => {
          try {
            observer.next({ result: { type: 'data', data: answer() } });
            observer.complete();
          } catch (error) {
            observer.error(error instanceof TRPCClientError ? error : TRPCClientError.from(error as Error));
          }
        };
        if (op.type !== 'mutation') {
          server.queries.push({ path: op.path, input: op.input });
          const failures = server.failures[op.path] ?? 0;
          if (failures > 0) {
            server.failures[op.path] = failures - 1;
            observer.error(TRPCClientError.from(new Error('The database is resting')));
            return;
          }
          settle(() => answerQuery(server, op.path, input));
          return;
        }
        server.calls.push({ path: op.path, input: op.input });
        void Promise.resolve().then(() => {
          const refused = server.refusals[op.path];
          if (refused) observer.error(refusal(refused));
          else settle(() => answerMutation(server, op.path, input));
        });
      });
  return trpc.createClient({ links: [link] });
}

/** Renders `ui` with the fake API and a query cache like the app's (no retries, nothing goes stale). */
export async function renderWithEscalationApi(
  ui: ReactElement,
  overrides: Partial<FakeEscalationServer> = {},
) {
  const server = fakeEscalationServer(overrides);
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } },
  });
  const rendered = await renderWithRouter(
    <trpc.Provider client={fakeEscalationApi(server)} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>
    </trpc.Provider>,
  );
  return { ...rendered, server, queryClient };
}
