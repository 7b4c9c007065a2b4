import { type OrganizationRole, READ_ONLY_PROPERTY_MESSAGE } from '@propertydna/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PlanReadOnlyContext } from '../../../../lib/permissions';
import { meAnswer } from '../../../../test/me';
import { renderWithRouter } from '../../../../test/render';
import { expectHeldBack } from '../../../../test/signed-in-as';
import { FINDINGS, policyFinding, WORDING } from '../../-components/policy-analysis/policy-finding.fixture';
import { PolicyCoverView, policyCoverParts } from './policy-cover';

// The candidate task's tRPC calls, stubbed: the accept mutation and the caches it refreshes.
const api = vi.hoisted(() => ({
  accept: vi.fn(),
  invalidate: vi.fn(),
}));
vi.mock('../../../../lib/trpc', () => ({
  trpc: {
    useUtils: () => ({
      policies: { findings: { invalidate: api.invalidate } },
      maintenance: { invalidate: api.invalidate },
    }),
    policies: { acceptTask: { useMutation: () => ({ mutateAsync: api.accept, isPending: false }) } },
  },
}));

// The signed-in member, as useCan asks for it (the tRPC client above is a stub, so no AuthProvider):
// nobody unless a test signs in with a role.
const session = vi.hoisted(() => ({ current: null as { user: { role: OrganizationRole } } | null }));
vi.mock('../../../../lib/auth', async (original) => ({
  ...(await original<typeof import('../../../../lib/auth')>()),
  useOptionalAuth: () => session.current,
}));

const SOLAR = policyFinding({
  id: 'f-solar',
  finding_type: 'endorsement',
  key: 'other',
  title: 'Solar panels and inverters',
  severity: 'low',
  page: 1,
  clause_ref: '3.1',
  topics: ['solar'],
  limit_rands: 150000,
  excerpt: 'We will also pay for accidental damage to solar panels and inverters, up to R150 000.',
});
const TREES = policyFinding({
  id: 'f-trees',
  finding_type: 'maintenance',
  key: 'other',
  title: 'Trees overhanging the roof',
  page: 3,
  clause_ref: '5.2',
  topics: ['trees', 'roof'],
  excerpt: 'you keep trees overhanging the roof\ntrimmed back at all times;',
  candidate_task: {
    title: 'Trees overhanging the roof',
    frequency: 'annually',
    priority: 'medium',
    task_id: null,
  },
});

describe('From your policy (Policy Check)', () => {
  beforeEach(() => {
    session.current = null;
    api.accept.mockReset();
    api.invalidate.mockReset();
  });

  it('keeps the endorsements and the maintenance conditions, in order', () => {
    const parts = policyCoverParts([...FINDINGS, SOLAR, TREES]);
    expect(parts.cover.map((finding) => finding.id)).toEqual(['f-theft', 'f-solar']);
    expect(parts.conditions.map((finding) => finding.id)).toEqual(['f-geyser', 'f-trees']);
  });

  it('says what the policy covers, with its limit, clause and page, and links to the page', async () => {
    await renderWithRouter(<PolicyCoverView findings={[SOLAR, TREES]} />);
    const covered = screen.getByRole('list', { name: 'What your policy covers' });
    const [solar] = within(covered).getAllByTestId('policy-cover');
    expect(
      within(solar as HTMLElement).getByText(
        'Solar panels and inverters: covered up to R150 000 (clause 3.1, page 1)',
      ),
    ).toBeTruthy();
    expect(
      within(solar as HTMLElement)
        .getByRole('link', { name: /^Page 1 of Fynbos Direct wording\.pdf ?\(opens in a new tab\)$/ })
        .getAttribute('href'),
    ).toBe(`/api/documents/${WORDING.id}/view#page=1`);
  });

  it("offers each maintenance condition's task, with the clause's words and page; one click adds it", async () => {
    api.accept.mockResolvedValue({
      created: true,
      message: 'Added to the maintenance schedule: Trees overhanging the roof',
    });
    await renderWithRouter(<PolicyCoverView findings={[SOLAR, TREES]} />);
    const conditions = screen.getByRole('list', { name: 'Maintenance your policy asks for' });
    const trees = within(within(conditions).getByTestId('policy-condition'));
    expect(trees.getByText('(clause 5.2 · page 3)')).toBeTruthy();
    expect(trees.getByText('“you keep trees overhanging the roof trimmed back at all times;”')).toBeTruthy();
    fireEvent.click(trees.getByRole('button', { name: 'Add to maintenance: Trees overhanging the roof' }));
    await waitFor(() => expect(api.accept).toHaveBeenCalledWith({ id: 'f-trees' }));
    await waitFor(() => expect(api.invalidate).toHaveBeenCalledTimes(2));
  });

  it('a task already accepted says it is in the schedule; a failure says why', async () => {
    api.accept.mockRejectedValue(new Error('The database is resting'));
    await renderWithRouter(
      <PolicyCoverView
        findings={[
          {
            ...TREES,
            candidate_task: {
              ...(TREES.candidate_task as NonNullable<typeof TREES.candidate_task>),
              task_id: 'task-1',
            },
          },
          {
            ...TREES,
            id: 'f-drains',
            title: 'Drains',
            candidate_task: {
              ...(TREES.candidate_task as NonNullable<typeof TREES.candidate_task>),
              title: 'Drains',
            },
          },
        ]}
      />,
    );
    const [accepted, drains] = screen.getAllByTestId('policy-condition') as [HTMLElement, HTMLElement];
    expect(within(accepted).getByTestId('candidate-task').textContent).toBe(
      'In your maintenance schedule (annually): Trees overhanging the roof',
    );
    fireEvent.click(within(drains).getByRole('button', { name: 'Add to maintenance: Drains' }));
    await screen.findByText(
      /^The task could not be added to the maintenance schedule|The database is resting/,
    );
  });

  it('shows nothing when the policies have neither cover nor conditions', async () => {
    const { container } = await renderWithRouter(
      <PolicyCoverView findings={[FINDINGS[0] as (typeof FINDINGS)[0]]} />,
    );
    expect(container.querySelector('section')).toBeNull();
  });
});

describe('From your policy for the roles and a read-only property (issue 29 §1, issue 31 §5)', () => {
  beforeEach(() => {
    session.current = null;
    api.accept.mockReset();
  });

  const addTrees = () =>
    screen.getByRole('button', { name: 'Add to maintenance: Trees overhanging the roof' });

  it("holds a condition's Add to maintenance back from a viewer, with the reason; the clause stays to read", async () => {
    session.current = { user: meAnswer('viewer').user };
    await renderWithRouter(<PolicyCoverView findings={[SOLAR, TREES]} />);
    expectHeldBack(addTrees());
    fireEvent.click(addTrees());
    expect(api.accept).not.toHaveBeenCalled();
    const link = screen.getAllByRole('link', { name: /^Page 3 of / })[0] as HTMLElement;
    expect(link.getAttribute('aria-disabled')).toBeNull();
  });

  it('lets a member add it as before', async () => {
    session.current = { user: meAnswer('member').user };
    api.accept.mockResolvedValue({ created: true, message: 'Added' });
    await renderWithRouter(<PolicyCoverView findings={[SOLAR, TREES]} />);
    fireEvent.click(addTrees());
    await waitFor(() => expect(api.accept).toHaveBeenCalledWith({ id: 'f-trees' }));
  });

  it('holds it back on a property read-only on the Free plan, saying why', async () => {
    session.current = { user: meAnswer('owner').user };
    await renderWithRouter(
      <PlanReadOnlyContext.Provider value={READ_ONLY_PROPERTY_MESSAGE}>
        <PolicyCoverView findings={[SOLAR, TREES]} />
      </PlanReadOnlyContext.Provider>,
    );
    expectHeldBack(addTrees(), READ_ONLY_PROPERTY_MESSAGE);
    fireEvent.click(addTrees());
    expect(api.accept).not.toHaveBeenCalled();
  });
});
