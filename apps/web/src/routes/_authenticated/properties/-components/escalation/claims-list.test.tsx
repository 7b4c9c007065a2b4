import { COVER_ADVICE, COVER_TITLES, claimCover, formatDate } from '@propertydna/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTH_TOKEN_KEY } from '../../../../../lib/trpc';
import { DOWNLOAD_MESSAGES } from '../../../../../lib/use-download';
import {
  claimDetail,
  type FakeEscalationServer,
  HOUSEHOLD_POLICY,
  PROPERTY_ID,
  renderWithEscalationApi,
} from './escalation-api.fixture';
import { EscalationTab } from './escalation-tab';
import { CLAIM_MESSAGES, ESCALATION_TAB_MESSAGES } from './labels';

const GEYSER = claimDetail({
  documents_count: 1,
  documents: [
    {
      id: 'd0c00000-0000-4000-8000-000000000001',
      name: 'ceiling.jpg',
      kind: 'other',
      content_type: 'image/jpeg',
      bytes: 2048,
      uploaded_at: '2026-11-21T07:29:00.000Z',
    },
  ],
  evidence: [
    {
      key: 'policy',
      label: 'Your insurance policy (schedule and wording)',
      why: 'The claim is assessed against its cover.',
      found: [
        {
          source: 'document',
          name: 'Household policy 2026.pdf',
          date: '2026-02-01',
          document_id: 'd0c00000-0000-4000-8000-000000000002',
          task_id: null,
          expires_on: null,
          expired: false,
        },
      ],
      missing: false,
    },
    {
      key: 'photos',
      label: 'Photos of the damage',
      why: 'They show what happened.',
      found: [
        {
          source: 'document',
          name: 'ceiling.jpg',
          date: '2026-11-21',
          document_id: 'd0c00000-0000-4000-8000-000000000001',
          task_id: null,
          expires_on: null,
          expired: false,
        },
      ],
      missing: false,
    },
    {
      key: 'geyser_certificate',
      label: 'Geyser certificate of compliance (SANS 10254)',
      why: 'Insurers may reject a claim without a compliance certificate.',
      found: [],
      missing: true,
    },
    {
      key: 'geyser_service',
      label: 'Geyser service history',
      why: 'Shows the geyser was looked after.',
      found: [
        {
          source: 'maintenance',
          name: 'Geyser service',
          date: '2025-09-14',
          document_id: null,
          task_id: 'f0000000-0000-4000-8000-000000000001',
          expires_on: null,
          expired: false,
        },
      ],
      missing: false,
    },
  ],
});

const PROPERTY = { id: PROPERTY_ID, municipality: 'CPT', features: [] };

function renderTab(overrides: Partial<FakeEscalationServer> = {}) {
  return renderWithEscalationApi(<EscalationTab property={PROPERTY} />, { claims: [GEYSER], ...overrides });
}

const claimCard = async () =>
  within(await screen.findByRole('article', { name: `Burst geyser on ${formatDate('2026-11-20')}` }));

const fetchMock = vi.fn<typeof fetch>();
const saved: string[] = [];

beforeEach(() => {
  fetchMock.mockReset();
  saved.length = 0;
  vi.stubGlobal('fetch', fetchMock);
  localStorage.setItem(AUTH_TOKEN_KEY, 'session-token');
  URL.createObjectURL = vi.fn(() => 'blob:claim-pack');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('Escalation tab: claims', () => {
  it('says No claims yet when the property has none', async () => {
    await renderTab({ claims: [] });
    expect(await screen.findByText(ESCALATION_TAB_MESSAGES.noClaims)).toBeTruthy();
  });

  it('names the member who started a claim, and "A former member" once they have left (issue 29 §4)', async () => {
    await renderTab({ claims: [{ ...GEYSER, created_by: 'A former member' }] });
    const card = await claimCard();
    expect(card.getByText(`Started ${formatDate(GEYSER.created_at)} by A former member`)).toBeTruthy();
  });

  it('shows each claim with its type, status, date, description and photos', async () => {
    await renderTab();
    const card = await claimCard();
    expect(card.getByRole('heading', { name: 'Burst geyser' })).toBeTruthy();
    expect(card.getByText('Open')).toBeTruthy();
    expect(card.getByText(`Incident on ${formatDate('2026-11-20')}`)).toBeTruthy();
    expect(card.getByText(`Started ${formatDate(GEYSER.created_at)} by Thandiwe Nkosi`)).toBeTruthy();
    expect(card.getByText(GEYSER.description)).toBeTruthy();
    expect(card.getByText('1 photo')).toBeTruthy();
    expect(await card.findByRole('link', { name: 'ceiling.jpg' })).toHaveProperty(
      'href',
      expect.stringContaining('/api/documents/d0c00000-0000-4000-8000-000000000001/view'),
    );
  });

  it('says the policy was in force on the incident date in one quiet line', async () => {
    await renderTab();
    const card = await claimCard();
    const cover = await card.findByTestId('claim-cover');
    expect(cover.dataset.status).toBe('in_force');
    expect(cover.textContent).toContain(COVER_TITLES.in_force);
    expect(card.queryByText(COVER_TITLES.lapsed)).toBeNull();
  });

  it('a claim after the policy expired says plainly it had lapsed, when, and what to do; the policy is not Found', async () => {
    const lapsed = claimCover('2026-11-20', [{ ...HOUSEHOLD_POLICY, expires_on: '2026-10-01' }]);
    await renderTab({ claims: [{ ...GEYSER, cover: lapsed }] });
    const card = await claimCard();
    const cover = await card.findByTestId('claim-cover');
    expect(cover.dataset.status).toBe('lapsed');
    expect(within(cover).getByText(COVER_TITLES.lapsed)).toBeTruthy();
    expect(cover.textContent).toContain(`expired on ${formatDate('2026-10-01')}`);
    expect(cover.textContent).toContain(COVER_ADVICE);
    expect(card.getByText('2 of 4 found; 1 missing; lapsed policy.')).toBeTruthy();
    const policy = within(card.getByTestId('evidence-policy'));
    expect(policy.getByText(CLAIM_MESSAGES.notCover.lapsed)).toBeTruthy();
    expect(policy.queryByText(CLAIM_MESSAGES.found)).toBeNull();
  });

  it('a policy without an expiry date: says the cover is not known, never that it was in force', async () => {
    const unknown = claimCover('2026-11-20', [{ ...HOUSEHOLD_POLICY, starts_on: null, expires_on: null }]);
    await renderTab({ claims: [{ ...GEYSER, cover: unknown }] });
    const cover = await (await claimCard()).findByTestId('claim-cover');
    expect(cover.dataset.status).toBe('unknown');
    expect(cover.textContent).toContain(COVER_TITLES.unknown);
    expect(cover.textContent).not.toContain(COVER_TITLES.in_force);
  });

  it('lists the evidence found, with names and dates, and marks what is missing with why and what to do', async () => {
    await renderTab();
    const card = await claimCard();
    expect(await card.findByText('3 of 4 found; 1 missing.')).toBeTruthy();

    const policy = within(card.getByTestId('evidence-policy'));
    expect(policy.getByText('Found')).toBeTruthy();
    expect(policy.getByText('Household policy 2026.pdf')).toBeTruthy();
    expect(policy.getByText(`(Vault, ${formatDate('2026-02-01')})`)).toBeTruthy();
    const service = within(card.getByTestId('evidence-geyser_service'));
    expect(service.getByText(`(Service record, ${formatDate('2025-09-14')})`)).toBeTruthy();

    const certificate = card.getByTestId('evidence-geyser_certificate');
    expect(certificate.getAttribute('data-missing')).toBe('true');
    const missing = within(certificate);
    expect(missing.getByText(CLAIM_MESSAGES.missing)).toBeTruthy();
    expect(missing.getByText('Geyser certificate of compliance (SANS 10254)')).toBeTruthy();
    expect(missing.getByText('Insurers may reject a claim without a compliance certificate.')).toBeTruthy();
    expect(
      missing.getByText('Upload it on the Vault tab, or invite a provider to upload it for you.'),
    ).toBeTruthy();

    // 'Find a provider' opens Find Provider, its heading taking the focus.
    fireEvent.click(missing.getByRole('button', { name: 'Find a provider' }));
    const heading = await screen.findByRole('heading', { name: 'Find Provider' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
  });

  it('an expired certificate is Expired, not Found, and a document nobody dated says date unknown', async () => {
    const evidence = GEYSER.evidence.map((item) =>
      item.key === 'geyser_certificate'
        ? {
            ...item,
            missing: false,
            found: [
              {
                source: 'document' as const,
                name: 'Geyser CoC 2023.pdf',
                date: null,
                expires_on: '2025-06-30',
                expired: true,
                document_id: 'd0c00000-0000-4000-8000-000000000009',
                task_id: null,
              },
            ],
          }
        : item,
    );
    await renderTab({ claims: [{ ...GEYSER, evidence }] });
    const card = await claimCard();
    const certificate = within(await card.findByTestId('evidence-geyser_certificate'));
    expect(certificate.getByText(CLAIM_MESSAGES.expired)).toBeTruthy();
    expect(certificate.queryByText(CLAIM_MESSAGES.found)).toBeNull();
    expect(
      certificate.getByText(`(Vault, ${CLAIM_MESSAGES.dateUnknown}; expired ${formatDate('2025-06-30')})`),
    ).toBeTruthy();
  });

  it('Download claim pack fetches the ZIP with progress and hands it to the browser', async () => {
    let finish!: () => void;
    fetchMock.mockImplementation(async () => {
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new Uint8Array(512));
          finish = () => {
            controller.enqueue(new Uint8Array(512));
            controller.close();
          };
        },
      });
      return new Response(body, {
        status: 200,
        headers: {
          'Content-Type': 'application/zip',
          'Content-Length': '1024',
          'Content-Disposition': 'attachment; filename="kloof-house-claim-pack-2026-11-28.zip"',
        },
      });
    });
    await renderTab();
    const card = await claimCard();
    fireEvent.click(card.getByRole('button', { name: CLAIM_MESSAGES.downloadPack }));
    const bar = await card.findByRole('progressbar', {
      name: `Claim pack: Burst geyser on ${formatDate('2026-11-20')}`,
    });
    await waitFor(() => expect(bar.getAttribute('aria-valuenow')).toBe('50'));
    finish();
    expect(await screen.findByText(DOWNLOAD_MESSAGES.started)).toBeTruthy();
    expect(saved).toEqual(['kloof-house-claim-pack-2026-11-28.zip']);
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe(`/api/claims/${GEYSER.id}/pack`);
    const headers = fetchMock.mock.calls[0]?.[1]?.headers as Record<string, string>;
    expect(headers.Authorization).toBe('Bearer session-token');
  });

  it('says clearly why the claim pack could not be downloaded', async () => {
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify({ error: 'A stored file failed its integrity check' }), {
        status: 500,
        headers: { 'Content-Type': 'application/json' },
      }),
    );
    await renderTab();
    const card = await claimCard();
    fireEvent.click(card.getByRole('button', { name: CLAIM_MESSAGES.downloadPack }));
    const alert = await card.findByRole('alert');
    expect(alert.textContent).toContain(CLAIM_MESSAGES.packFailed);
    expect(alert.textContent).toContain('A stored file failed its integrity check');
    expect(saved).toEqual([]);
  });

  it('says Loading claims… as a status, then an error with Retry', async () => {
    await renderTab({ failures: { 'escalation.propertyClaims': 1 } });
    expect(screen.getAllByRole('status').map((status) => status.textContent)).toContain(
      ESCALATION_TAB_MESSAGES.claimsLoading,
    );
    expect(await screen.findByText(ESCALATION_TAB_MESSAGES.claimsLoadFailed)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await claimCard()).toBeTruthy();
  });

  it('a claim whose evidence cannot be checked says so with Retry', async () => {
    await renderTab({ failures: { 'escalation.claim': 1 } });
    const card = await claimCard();
    expect(await card.findByText(CLAIM_MESSAGES.evidenceLoadFailed)).toBeTruthy();
    fireEvent.click(card.getByRole('button', { name: 'Retry' }));
    expect(await card.findByText('3 of 4 found; 1 missing.')).toBeTruthy();
  });
});
