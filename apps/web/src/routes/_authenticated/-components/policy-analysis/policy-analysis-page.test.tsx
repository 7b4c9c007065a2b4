import type { AppRouter } from '@propertydna/api/router';
import type { OrganizationRole } from '@propertydna/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { TRPCClientError, type TRPCLink } from '@trpc/client';
import { observable } from '@trpc/server/observable';
import { afterEach, describe, expect, it } from 'vitest';
import { trpc } from '../../../../lib/trpc';
import { renderWithRouter } from '../../../../test/render';
import { expectHeldBack, SignedInAs } from '../../../../test/signed-in-as';
import { AnalysisProgress } from './analysis-progress';
import { PolicyAnalysis } from './policy-analysis-page';
import { FINDINGS, GARDENS, policyAnalysis, SCHEDULE, SEA_POINT, WORDING } from './policy-finding.fixture';
import type { PolicyAnalysis as PolicyAnalysisRow, PolicyFinding } from './policy-findings';

/** The Karoo schedule's document, as a second policy of the Gardens home. */
const SCHEDULE_ON_GARDENS = { document_id: SCHEDULE.id, document_name: SCHEDULE.name };

const EMPTY =
  "No policy analysed yet: upload your insurance policy wording (PDF) to a property's vault as a Policy, then Analyze Policies";
const NO_POLICY =
  'This property has no insurance policy in its vault yet: upload the policy wording as a Policy';

interface FakeServer {
  findings: PolicyFinding[];
  /** What policies.analyses answers until Analyze Policies is pressed. */
  analyses: PolicyAnalysisRow[];
  /** What it answers after, call after call (the last one again once they run out). */
  afterAnalyze: PolicyAnalysisRow[][];
  /** The inputs policies.analyze was called with. */
  analyzed: unknown[];
  /** The inputs policies.findings was called with. */
  findingsAsked: unknown[];
  /** policies.findings fails this many times first. */
  findingsFailures: number;
  /** The findings policies.acceptTask was called for. */
  accepted: unknown[];
}

function fakeServer(overrides: Partial<FakeServer> = {}): FakeServer {
  return {
    findings: FINDINGS,
    analyses: [policyAnalysis()],
    afterAnalyze: [],
    analyzed: [],
    findingsAsked: [],
    findingsFailures: 0,
    accepted: [],
    ...overrides,
  };
}

/** A tRPC client answering from the fake server (only the transport is faked: the hooks are real). */
function fakeApi(server: FakeServer) {
  const link: TRPCLink<AppRouter> =
    () =>
    ({ op }) =>
      observable((observer) => {
        const input = (op.input ?? {}) as { propertyId?: string };
        const answer = (data: unknown) => observer.next({ result: { type: 'data', data } });
        const mine = <T extends { property_id: string }>(rows: readonly T[]) =>
          input.propertyId ? rows.filter((row) => row.property_id === input.propertyId) : [...rows];
        if (op.path === 'properties.list') {
          answer([SEA_POINT, GARDENS]);
        } else if (op.path === 'policies.findings') {
          server.findingsAsked.push(op.input);
          if (server.findingsFailures > 0) {
            server.findingsFailures -= 1;
            observer.error(TRPCClientError.from(new Error('The database is resting')));
            return;
          }
          answer(mine(server.findings));
        } else if (op.path === 'policies.analyses') {
          const script = server.afterAnalyze;
          const rows =
            server.analyzed.length === 0 || script.length === 0
              ? server.analyses
              : ((script.length > 1 ? script.shift() : script[0]) as PolicyAnalysisRow[]);
          answer(mine(rows));
        } else if (op.path === 'policies.acceptTask') {
          const { id } = op.input as { id: string };
          server.accepted.push(op.input);
          // The server's answer: the task added, and the condition now names it.
          server.findings = server.findings.map((finding) =>
            finding.id === id && finding.candidate_task
              ? { ...finding, candidate_task: { ...finding.candidate_task, task_id: 'task-1' } }
              : finding,
          );
          answer({
            created: true,
            message: 'Added to the maintenance schedule: Geyser installed to SANS 10254',
            task: { id: 'task-1' },
          });
        } else if (op.path === 'policies.analyze') {
          server.analyzed.push(op.input);
          const rows = mine(server.analyses).map((row) => ({
            ...row,
            state: 'queued',
            pages: null,
            error: null,
          }));
          answer({
            queued: rows.length,
            message: rows.length > 0 ? `Analysing ${rows.length} policies` : NO_POLICY,
            analyses: rows,
          });
        }
        observer.complete();
      });
  return trpc.createClient({ links: [link] });
}

/** Renders the page; with `role`, signed in as a member with that role (issue 29 §1). */
async function renderAnalysis(server: FakeServer, pollMs = 20, role?: OrganizationRole) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } },
  });
  const page = <PolicyAnalysis pollMs={pollMs} />;
  await renderWithRouter(
    <trpc.Provider client={fakeApi(server)} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        {role ? <SignedInAs role={role}>{page}</SignedInAs> : page}
      </QueryClientProvider>
    </trpc.Provider>,
  );
}

afterEach(() => localStorage.clear());

const findingCard = (title: string) =>
  screen
    .getAllByTestId('finding')
    .find((card) => within(card).getByRole('heading').textContent === title) as HTMLElement;
const tabNames = () => screen.getAllByRole('tab').map((tab) => tab.textContent);
const cardTitles = () =>
  screen.getAllByTestId('finding').map((card) => within(card).getByRole('heading').textContent);

async function chooseProperty(name: string) {
  fireEvent.click(screen.getByRole('combobox', { name: 'Property' }));
  fireEvent.click(await screen.findByRole('option', { name, hidden: true }));
}

describe('PolicyAnalysis', () => {
  it('shows the findings as cards under tabs with their counts; a tab and the search filter them', async () => {
    await renderAnalysis(fakeServer());
    await screen.findAllByTestId('finding');
    expect(tabNames()).toEqual(['All 5', 'Evidence 1', 'Exclusions 2', 'Maintenance 1', 'Endorsements 1']);
    expect(cardTitles()).toHaveLength(5);

    // The most severe first (critical, high, medium, low), then in clause order.
    expect(cardTitles()).toEqual([
      'Geyser installed to SANS 10254',
      'Power surge damage is excluded',
      'Theft only with forced entry',
      'Wear and tear is excluded',
      'Plumbing certificate on file',
    ]);

    fireEvent.click(screen.getByRole('tab', { name: 'Exclusions 2' }));
    expect(cardTitles()).toEqual(['Power surge damage is excluded', 'Wear and tear is excluded']);

    const search = screen.getByRole('searchbox', { name: 'Search findings' });
    expect(search.getAttribute('placeholder')).toBe('Search findings...');
    fireEvent.change(search, { target: { value: 'load-shedding' } });
    expect(tabNames()).toEqual(['All 1', 'Evidence 0', 'Exclusions 1', 'Maintenance 0', 'Endorsements 0']);
    expect(cardTitles()).toEqual(['Power surge damage is excluded']);

    fireEvent.click(screen.getByRole('tab', { name: 'Endorsements 0' }));
    expect(screen.queryAllByTestId('finding')).toHaveLength(0);
    expect(screen.getByText('No findings match “load-shedding”')).toBeTruthy();

    fireEvent.change(search, { target: { value: '' } });
    expect(cardTitles()).toEqual(['Theft only with forced entry']);
  });

  it("shows each card's badges, confidence, clause number and page, topics, property, the clause opened, and proof", async () => {
    await renderAnalysis(fakeServer());
    await screen.findAllByTestId('finding');
    const card = within(findingCard('Wear and tear is excluded'));
    expect(card.getByText('Exclusion')).toBeTruthy();
    expect(card.getByText('Medium severity')).toBeTruthy();
    expect(card.getByText('Confidence 87%')).toBeTruthy();
    expect(card.getByTestId('clause-place').textContent).toBe('Clause 4.1 · page 2');
    expect(within(card.getByRole('list', { name: 'Topics' })).getByText('Wear and tear')).toBeTruthy();
    // All properties: each finding says whose policy it is in.
    expect(card.getByText(GARDENS.name)).toBeTruthy();
    // The clause in the policy's own words opens from its button (a disclosure), with its page link and reason.
    const open = card.getByRole('button', { name: 'Read clause 4.1' });
    expect(open.getAttribute('aria-expanded')).toBe('false');
    expect(card.queryByRole('link', { name: `Page 2 of ${WORDING.name}` })).toBeNull();
    fireEvent.click(open);
    expect(open.getAttribute('aria-expanded')).toBe('true');
    const clause = document.getElementById(open.getAttribute('aria-controls') ?? '') as HTMLElement;
    expect(clause.hidden).toBe(false);
    expect(within(clause).getByText(/^We won’t pay for wear and tear/)).toBeTruthy();
    expect(within(clause).getByText('says "we won’t pay" under "What is not covered"')).toBeTruthy();
    const page = card.getByRole('link', { name: `Page 2 of ${WORDING.name}` });
    expect(page.getAttribute('href')).toBe(`/api/documents/${WORDING.id}/view#page=2`);
    expect(page.getAttribute('target')).toBe('_blank');
    fireEvent.click(open);
    expect(clause.hidden).toBe(true);

    fireEvent.click(screen.getByRole('tab', { name: 'Evidence 1' }));
    const [evidence] = screen.getAllByTestId('finding');
    const proof = within(evidence as HTMLElement).getByRole('link', { name: 'Plumbing COC.pdf' });
    expect(proof.getAttribute('href')).toBe('/api/documents/c0c0c0c0-1111-4222-8333-444455556666/view');
    expect(within(evidence as HTMLElement).getByText('Low severity')).toBeTruthy();

    // Without a page, the link opens the policy at its start.
    fireEvent.click(screen.getByRole('tab', { name: 'Endorsements 1' }));
    const [theft] = screen.getAllByTestId('finding');
    expect(within(theft as HTMLElement).getByText('Confidence 66%')).toBeTruthy();
    // No clause number and no page: neither is shown; its clause opens all the same.
    expect(within(theft as HTMLElement).queryByTestId('clause-place')).toBeNull();
    fireEvent.click(within(theft as HTMLElement).getByRole('button', { name: 'Read the clause' }));
    expect(
      within(theft as HTMLElement)
        .getByRole('link', { name: SCHEDULE.name })
        .getAttribute('href'),
    ).toBe(`/api/documents/${SCHEDULE.id}/view`);
  });

  it('filters by topic (after the search), the tabs counting what is left', async () => {
    await renderAnalysis(fakeServer());
    await screen.findAllByTestId('finding');
    const topic = screen.getByRole('combobox', { name: 'Topic' });
    fireEvent.click(topic);
    await waitFor(() => expect(topic.getAttribute('aria-controls')).toBeTruthy());
    const listbox = document.getElementById(topic.getAttribute('aria-controls') ?? '') as HTMLElement;
    const options = within(listbox)
      .getAllByRole('option', { hidden: true })
      .map((option) => option.textContent);
    expect(options).toEqual([
      'All topics',
      'Geyser (2)',
      'Security (1)',
      'Theft (1)',
      'Electrical (1)',
      'Power surge (1)',
      'Wear and tear (1)',
    ]);
    fireEvent.click(within(listbox).getByRole('option', { name: 'Geyser (2)', hidden: true }));
    expect(tabNames()).toEqual(['All 2', 'Evidence 1', 'Exclusions 0', 'Maintenance 1', 'Endorsements 0']);
    expect(cardTitles()).toEqual(['Geyser installed to SANS 10254', 'Plumbing certificate on file']);
    fireEvent.click(screen.getByRole('tab', { name: 'Exclusions 0' }));
    expect(screen.getByText('No findings about geyser here')).toBeTruthy();

    // A search that leaves no geyser finding keeps the topic chosen, with none.
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search findings' }), {
      target: { value: 'surge' },
    });
    expect((topic as HTMLInputElement).value).toBe('Geyser (0)');
    expect(tabNames()).toEqual(['All 0', 'Evidence 0', 'Exclusions 0', 'Maintenance 0', 'Endorsements 0']);
  });

  it("offers a maintenance condition's candidate task, added with one click, then says it is in the schedule", async () => {
    const server = fakeServer();
    await renderAnalysis(server);
    await screen.findAllByTestId('finding');
    const card = within(findingCard('Geyser installed to SANS 10254'));
    expect(card.getByText('Candidate task: Geyser installed to SANS 10254, annually')).toBeTruthy();
    // Only a maintenance condition offers one.
    expect(within(findingCard('Wear and tear is excluded')).queryByTestId('candidate-task')).toBeNull();
    fireEvent.click(card.getByRole('button', { name: 'Add to maintenance: Geyser installed to SANS 10254' }));
    await waitFor(() => expect(server.accepted).toEqual([{ id: 'f-geyser' }]));
    await screen.findByText('Added to the maintenance schedule: Geyser installed to SANS 10254');
    await waitFor(() =>
      expect(
        within(findingCard('Geyser installed to SANS 10254')).getByTestId('candidate-task').textContent,
      ).toBe('In your maintenance schedule (annually): Geyser installed to SANS 10254'),
    );
    expect(
      within(findingCard('Geyser installed to SANS 10254'))
        .getByRole('link', { name: 'Geyser installed to SANS 10254' })
        .getAttribute('href'),
    ).toBe('/app/maintenance');
  });

  it("shows one property's findings, without its name on each card", async () => {
    const server = fakeServer();
    await renderAnalysis(server);
    await screen.findAllByTestId('finding');
    await chooseProperty(SEA_POINT.name);
    await waitFor(() => expect(cardTitles()).toEqual(['Theft only with forced entry']));
    expect(server.findingsAsked).toContainEqual({ propertyId: SEA_POINT.id });
    expect(within(screen.getByTestId('finding')).queryByText(SEA_POINT.name)).toBeNull();
  });

  it('analyses the chosen property, shows each policy going queued → running → done, then the findings and a toast', async () => {
    const wording = policyAnalysis({ state: 'not_analysed', pages: null });
    const schedule = { ...wording, ...SCHEDULE_ON_GARDENS };
    const server = fakeServer({
      findings: [],
      analyses: [wording, schedule],
      afterAnalyze: [
        [
          { ...wording, state: 'running' },
          { ...schedule, state: 'queued' },
        ],
        [
          policyAnalysis(),
          { ...schedule, state: 'failed', error: 'The PDF could not be read: it is damaged' },
        ],
      ],
    });
    await renderAnalysis(server, 300);
    await chooseProperty(GARDENS.name);
    const progress = await screen.findByRole('region', { name: 'Analysis progress' });
    expect(within(progress).getAllByText('Not analysed')).toHaveLength(2);
    expect(await screen.findByText(EMPTY)).toBeTruthy();

    // The analysis finds these.
    server.findings = FINDINGS.filter((finding) => finding.document_id === WORDING.id);
    fireEvent.click(screen.getByRole('button', { name: 'Analyze Policies' }));
    await waitFor(() => expect(within(progress).getAllByText('Queued')).toHaveLength(2));
    expect(server.analyzed).toEqual([{ propertyId: GARDENS.id }]);
    await within(progress).findByText('Running');
    // Busy: the button keeps its name and focus, and does nothing until the analysis is over.
    const button = screen.getByRole('button', { name: 'Analyze Policies' });
    expect(button.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(button);
    expect(within(progress).getByRole('status').textContent).toBe(
      'Analysing 2 policies: 1 running, 1 queued',
    );

    await within(progress).findByText('Failed');
    expect(within(progress).getByText('Done · 3 pages')).toBeTruthy();
    expect(within(progress).getByText('The PDF could not be read: it is damaged')).toBeTruthy();
    expect(
      await screen.findByText('Analysis complete: 4 findings in 1 policy; 1 policy could not be read'),
    ).toBeTruthy();
    await waitFor(() => expect(cardTitles()).toHaveLength(4));
    expect(server.analyzed).toHaveLength(1);
    expect(button.getAttribute('aria-disabled')).toBe('false');
    // Still shown, now the analysis is over: the failure's reason stays readable.
    expect(screen.getByRole('region', { name: 'Analysis progress' })).toBeTruthy();
  });

  it('with All properties, analyses every property that has a policy', async () => {
    const gardens = policyAnalysis();
    const seaPoint = policyAnalysis({
      ...SCHEDULE_ON_GARDENS,
      property_id: SEA_POINT.id,
      property_name: SEA_POINT.name,
    });
    const server = fakeServer({
      analyses: [gardens, seaPoint],
      afterAnalyze: [
        [
          { ...gardens, state: 'queued' },
          { ...seaPoint, state: 'queued' },
        ],
        [gardens, seaPoint],
      ],
    });
    await renderAnalysis(server);
    await screen.findAllByTestId('finding');
    // Nothing to show while every policy is analysed and no analysis was run here.
    expect(screen.queryByRole('region', { name: 'Analysis progress' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Analyze Policies' }));
    // Polled every 20 ms: on a busy machine the two rounds of polling can take a few seconds.
    expect(
      await screen.findByText('Analysis complete: 5 findings in 2 policies', {}, { timeout: 15_000 }),
    ).toBeTruthy();
    expect(server.analyzed).toEqual([{ propertyId: GARDENS.id }, { propertyId: SEA_POINT.id }]);
    const progress = screen.getByRole('region', { name: 'Analysis progress' });
    expect(within(progress).getByText(SEA_POINT.name)).toBeTruthy();
    expect(within(progress).getAllByText('Done · 3 pages')).toHaveLength(2);
  });

  it('says so when the chosen property has no policy to analyse', async () => {
    const server = fakeServer();
    await renderAnalysis(server);
    await chooseProperty(SEA_POINT.name);
    await waitFor(() => expect(cardTitles()).toEqual(['Theft only with forced entry']));
    fireEvent.click(screen.getByRole('button', { name: 'Analyze Policies' }));
    expect(await screen.findByText(NO_POLICY)).toBeTruthy();
    expect(server.analyzed).toEqual([{ propertyId: SEA_POINT.id }]);
    expect(screen.queryByRole('region', { name: 'Analysis progress' })).toBeNull();
  });

  it('says what to do when no policy has been analysed', async () => {
    await renderAnalysis(fakeServer({ findings: [], analyses: [] }));
    expect(await screen.findByText(EMPTY)).toBeTruthy();
    expect(tabNames()).toEqual(['All 0', 'Evidence 0', 'Exclusions 0', 'Maintenance 0', 'Endorsements 0']);
  });

  it('shows skeletons while loading, then an error with Retry that loads again', async () => {
    const server = fakeServer({ findingsFailures: 1 });
    await renderAnalysis(server);
    expect(screen.getAllByTestId('finding-skeleton')).toHaveLength(3);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Unable to load the findings');
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(cardTitles()).toHaveLength(5));
    expect(server.findingsAsked).toHaveLength(2);
  });
});

describe('AnalysisProgress', () => {
  it("lists each policy with its state, its property when all are shown, and the server's reason", async () => {
    await renderWithRouter(
      <AnalysisProgress
        showProperty
        analyses={[
          policyAnalysis({ state: 'queued', pages: null }),
          policyAnalysis({
            ...SCHEDULE_ON_GARDENS,
            property_id: SEA_POINT.id,
            property_name: SEA_POINT.name,
            state: 'no_text',
            pages: 2,
            error: 'No text could be read in this scan or photo',
          }),
          // A scan's analysis waits for its reading (OCR), and says so.
          policyAnalysis({
            ...SCHEDULE_ON_GARDENS,
            document_id: 'scan',
            document_name: 'Scanned schedule.jpg',
            state: 'queued',
            pages: null,
            error: 'Reading the scan first: its clauses are analysed as soon as its text has been read.',
          }),
        ]}
      />,
    );
    const rows = screen.getAllByTestId('analysis-row');
    expect(rows.map((row) => row.textContent)).toEqual([
      `${WORDING.name}${GARDENS.name}Queued`,
      `${SCHEDULE.name}${SEA_POINT.name}No textNo text could be read in this scan or photo`,
      `Scanned schedule.jpg${GARDENS.name}QueuedReading the scan first: its clauses are analysed as soon as its text has been read.`,
    ]);
    expect(screen.getByRole('status').textContent).toBe('Analysing 3 policies: 1 no text, 2 queued');
    expect(screen.getByRole('progressbar', { name: 'Policies analysed' }).getAttribute('aria-valuenow')).toBe(
      String((1 / 3) * 100),
    );
  });
});

describe('PolicyAnalysis for the roles (issue 29 §1)', () => {
  const ADD = 'Add to maintenance: Geyser installed to SANS 10254';

  it('holds Analyze Policies and Add to maintenance back from a viewer, with the reason; reading stays', async () => {
    const server = fakeServer();
    await renderAnalysis(server, 20, 'viewer');
    await screen.findAllByTestId('finding');
    await chooseProperty(GARDENS.name);
    await screen.findAllByTestId('finding');
    const controls = [
      screen.getByRole('button', { name: 'Analyze Policies' }),
      within(findingCard('Geyser installed to SANS 10254')).getByRole('button', { name: ADD }),
    ];
    for (const control of controls) {
      expectHeldBack(control);
      fireEvent.click(control);
    }
    // The clause still opens: reading is not a write.
    const read = within(findingCard('Geyser installed to SANS 10254')).getByRole('button', {
      name: 'Read clause 5.1',
    });
    expect(read.getAttribute('aria-disabled')).toBeNull();
    fireEvent.click(read);
    expect(read.getAttribute('aria-expanded')).toBe('true');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.analyzed).toEqual([]);
    expect(server.accepted).toEqual([]);
  });

  it('lets a member analyse and add the candidate task as before', async () => {
    const server = fakeServer();
    await renderAnalysis(server, 20, 'member');
    await screen.findAllByTestId('finding');
    await chooseProperty(GARDENS.name);
    await screen.findAllByTestId('finding');
    fireEvent.click(within(findingCard('Geyser installed to SANS 10254')).getByRole('button', { name: ADD }));
    await waitFor(() => expect(server.accepted).toEqual([{ id: 'f-geyser' }]));
    fireEvent.click(screen.getByRole('button', { name: 'Analyze Policies' }));
    await waitFor(() => expect(server.analyzed).toEqual([{ propertyId: GARDENS.id }]));
  });
});
