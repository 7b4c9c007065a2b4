import { type OrganizationRole, READ_ONLY_PROPERTY_MESSAGE } from '@propertydna/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { vaultDocument } from '../../../../components/documents/vault-document.fixture';
import { PlanReadOnlyContext } from '../../../../lib/permissions';
import { meAnswer } from '../../../../test/me';
import { renderWithMantine } from '../../../../test/render';
import { expectHeldBack } from '../../../../test/signed-in-as';
import {
  asksForDetails,
  checkResultMessage,
  groupFindings,
  type PolicyCheck,
  type PolicyCheckFinding,
  PolicyCheckTab,
  PolicyCheckView,
} from './policy-check-tab';

// The tab's tRPC calls, stubbed: the check query, the run mutation and the caches it touches, the
// property's documents and the details editor's update (its documents have no reading here).
const api = vi.hoisted(() => ({
  query: { data: undefined as unknown, isPending: false, isError: false, error: null, refetch: vi.fn() },
  documents: { data: undefined as unknown },
  run: vi.fn(),
  setData: vi.fn(),
  invalidate: { byId: vi.fn(), list: vi.fn(), page: vi.fn(), stats: vi.fn() },
}));
vi.mock('../../../../lib/trpc', () => ({
  trpc: {
    useUtils: () => ({
      compliance: { policyCheck: { setData: api.setData } },
      properties: {
        byId: { invalidate: api.invalidate.byId },
        list: { invalidate: api.invalidate.list },
        page: { invalidate: api.invalidate.page },
        stats: { invalidate: api.invalidate.stats },
      },
    }),
    compliance: {
      policyCheck: { useQuery: () => api.query },
      runCheck: { useMutation: () => ({ mutateAsync: api.run, isPending: false }) },
    },
    documents: {
      byProperty: { useQuery: () => api.documents },
      update: { useMutation: () => ({ mutateAsync: vi.fn(), isPending: false }) },
    },
    // The policies' findings ('From your policy'): none here (policy-cover.test.tsx shows them).
    policies: {
      findings: { useQuery: () => ({ data: [], isPending: false, isError: false }) },
    },
    extraction: {
      get: { useQuery: () => ({ data: undefined, isPending: false, isError: true }) },
      confirm: { useMutation: () => ({ mutateAsync: vi.fn(), isPending: false }) },
    },
  },
}));

// The signed-in member, as useCan asks for it (the tRPC client above is a stub, so no AuthProvider):
// nobody unless a test signs in with a role.
const session = vi.hoisted(() => ({ current: null as { user: { role: OrganizationRole } } | null }));
vi.mock('../../../../lib/auth', async (original) => ({
  ...(await original<typeof import('../../../../lib/auth')>()),
  useOptionalAuth: () => session.current,
}));
const signIn = (role: OrganizationRole) => {
  session.current = { user: meAnswer(role).user };
};

function finding(
  overrides: Partial<PolicyCheckFinding> & Pick<PolicyCheckFinding, 'id'>,
): PolicyCheckFinding {
  return {
    type: 'gap',
    title: overrides.id,
    description: `About ${overrides.id}.`,
    severity: 'medium',
    level: overrides.severity ?? 'medium',
    due_date: null,
    rule: overrides.id.split(':')[0] as string,
    source: 'A regulation',
    context: 'ongoing',
    evidence: [],
    action: `Do something about ${overrides.id}`,
    ...overrides,
  };
}

/** A check of a property with an electric fence: its certificate asked for in three contexts. */
const FINDINGS: PolicyCheckFinding[] = [
  finding({
    id: 'electrical_coc.ongoing:ongoing',
    type: 'compliant',
    severity: 'low',
    title: 'Electrical Certificate of Compliance in order',
    evidence: [{ id: 'doc-1', name: 'coc.pdf' }],
    source: 'Electrical Installation Regulations 2009, reg 7(1)',
  }),
  finding({
    id: 'electric_fence_coc.ongoing:ongoing',
    title: 'No Electric Fence System Certificate',
    description: 'There is no Electric Fence System Certificate in the vault.',
    action:
      'Upload your Electric Fence System Certificate, or ask a registered electric fence installer for one',
  }),
  finding({
    id: 'sseg_registration.ongoing:ongoing',
    title: 'SSEG registration expires soon',
    due_date: '2026-12-10',
  }),
  finding({
    id: 'electric_fence_coc.transfer:transfer',
    context: 'transfer',
    title: 'No Electric Fence System Certificate',
    description: 'A sale needs one.',
  }),
  finding({
    id: 'electrical_coc.transfer:transfer',
    context: 'transfer',
    type: 'compliant',
    severity: 'low',
    title: 'CoC in order',
  }),
  finding({
    id: 'gas_coc.transfer:transfer',
    context: 'transfer',
    severity: 'high',
    title: 'No gas CoC for the sale',
  }),
  finding({
    id: 'beetle_clearance.transfer:transfer',
    context: 'transfer',
    type: 'unknown',
    title: 'Beetle certificate undated',
  }),
  finding({
    id: 'insurance_policy.insurance:insurance',
    context: 'insurance',
    severity: 'high',
    level: 'critical',
    due_date: '2026-11-20',
    title: 'Expired insurance policy',
    action: 'Renew the policy, or upload the current schedule if it was renewed',
  }),
  finding({
    id: 'policy_condition.electric_fence:insurance',
    context: 'insurance',
    title: 'Policy condition not proven: Electric fence certified',
    description: 'Your policy asks for it.',
  }),
];

const CHECK: PolicyCheck = {
  status: 'gaps_detected',
  lastChecked: '2026-11-23T08:00:00.000Z',
  complianceStatus: 'critical',
  findings: FINDINGS,
  transferReadiness: { ready: 1, required: 5 },
  // The tab makes its items of the findings (policyCheckItems), as the server makes these.
  items: [],
};

/** An old upload the untyped-certificates rule judged, one a supplier issued, and a CoC without its date. */
const OLD = vaultDocument({
  id: 'old',
  kind: 'certificate',
  name: 'old.pdf',
  expires_at: '2026-01-30T22:00:00.000Z',
});
const SUPPLIED = vaultDocument({
  id: 'supplied',
  kind: 'certificate',
  name: 'supplied.pdf',
  source: 'supplier_verified',
});
const UNDATED = vaultDocument({
  id: 'undated',
  kind: 'certificate',
  name: 'undated.pdf',
  metadata: { certificate_type: 'electrical_coc' },
});
const DETAIL_FINDINGS: PolicyCheckFinding[] = [
  finding({
    id: 'untyped_certificates.ongoing:ongoing',
    rule: 'untyped_certificates.ongoing',
    title: 'Expired certificates',
    severity: 'high',
    evidence: [
      { id: OLD.id, name: OLD.name },
      { id: SUPPLIED.id, name: SUPPLIED.name },
    ],
  }),
  finding({
    id: 'electrical_coc.transfer:transfer',
    rule: 'electrical_coc.transfer',
    context: 'transfer',
    type: 'unknown',
    title: 'Electrical Certificate of Compliance: issue date needed',
    evidence: [{ id: UNDATED.id, name: UNDATED.name }],
  }),
  finding({
    id: 'electrical_coc.ongoing:ongoing',
    rule: 'electrical_coc.ongoing',
    type: 'compliant',
    title: 'Electrical Certificate of Compliance in order',
    evidence: [{ id: UNDATED.id, name: UNDATED.name }],
  }),
];

beforeEach(() => {
  session.current = null;
  api.query = { data: undefined, isPending: false, isError: false, error: null, refetch: vi.fn() };
  api.documents = { data: undefined };
  api.run.mockReset();
  api.setData.mockReset();
  for (const invalidate of Object.values(api.invalidate)) invalidate.mockReset().mockResolvedValue(undefined);
});

describe('groupFindings', () => {
  it('groups by context in the order Ongoing, Transfer, Insurance, gaps first by severity, then unknown, then compliant', () => {
    const groups = groupFindings(FINDINGS);
    expect(groups.map((group) => group.context)).toEqual(['ongoing', 'transfer', 'insurance']);
    expect(groups[1]?.findings.map((item) => item.id)).toEqual([
      'gas_coc.transfer:transfer',
      'electric_fence_coc.transfer:transfer',
      'beetle_clearance.transfer:transfer',
      'electrical_coc.transfer:transfer',
    ]);
  });

  it('leaves out a context without findings', () => {
    expect(
      groupFindings(FINDINGS.filter((item) => item.context !== 'transfer')).map((g) => g.context),
    ).toEqual(['ongoing', 'insurance']);
    expect(groupFindings([])).toEqual([]);
  });
});

describe('checkResultMessage', () => {
  it('counts the gaps in the toast, each once however many contexts ask for it', () => {
    // Seven gap findings: the fence certificate's three are one gap.
    expect(FINDINGS.filter((item) => item.type === 'gap')).toHaveLength(6);
    expect(checkResultMessage({ findings: FINDINGS })).toBe('Compliance check complete: 4 gaps found');
    expect(checkResultMessage({ findings: [finding({ id: 'one' })] })).toBe(
      'Compliance check complete: 1 gap found',
    );
    expect(checkResultMessage({ findings: FINDINGS.filter((item) => item.type !== 'gap') })).toBe(
      'Compliance check complete: no gaps',
    );
  });
});

/** The items of the 'What to do' list (not the reasons listed inside each). */
const toDoItems = () =>
  within(screen.getByRole('list', { name: 'What to do' }))
    .getAllByRole('listitem')
    .filter((item) => item.hasAttribute('data-item'));

describe('PolicyCheckView', () => {
  const now = new Date('2026-11-23T08:03:00.000Z');

  it('shows the status, when it last ran, the transfer readiness, what to do once per item by severity, and what is in order', () => {
    renderWithMantine(
      <PolicyCheckView check={CHECK} loading={false} running={false} onRun={vi.fn()} now={now} />,
    );
    expect(screen.getByTestId('policy-status').textContent).toBe('Gaps detected');
    const time = screen.getByText('3 minutes ago');
    expect(time.getAttribute('dateTime')).toBe(CHECK.lastChecked);
    expect(time.getAttribute('title')).toBe('Nov 23, 2026 10:00');

    const transfer = screen.getByRole('region', { name: 'Ready for transfer: 1 of 5' });
    expect(within(transfer).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('20');
    expect(transfer.textContent).toContain(
      'Still needed for a sale: No gas CoC for the sale; No Electric Fence System Certificate; Beetle certificate undated.',
    );

    expect(screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual([
      'Ready for transfer: 1 of 5',
      'What to do',
      'In order',
    ]);
    // Most severe first, then by due date: the fence certificate once, naming its three contexts.
    const items = toDoItems();
    expect(
      items.map((item) => [item.getAttribute('data-level'), item.querySelector('h4')?.textContent]),
    ).toEqual([
      ['critical', 'Expired insurance policy'],
      ['high', 'No gas CoC for the sale'],
      ['medium', 'SSEG registration expires soon'],
      ['medium', 'No Electric Fence System Certificate'],
      ['medium', 'Beetle certificate undated'],
    ]);
    expect(screen.getAllByText('No Electric Fence System Certificate')).toHaveLength(1);
    const fence = within(screen.getByRole('listitem', { name: 'No Electric Fence System Certificate' }));
    expect(fence.getByText('Medium')).toBeTruthy();
    expect(fence.getByText('Gap')).toBeTruthy();
    expect(fence.getByTestId('item-contexts').textContent).toBe(
      'Asked for in: Ongoing, Transfer and Insurance',
    );
    expect(
      screen.getByRole('listitem', { name: 'No Electric Fence System Certificate' }).textContent,
    ).toContain(
      'Next step: Upload your Electric Fence System Certificate, or ask a registered electric fence installer for one',
    );
    expect(fence.getAllByRole('listitem').map((reason) => reason.textContent)).toEqual([
      'Ongoing: There is no Electric Fence System Certificate in the vault. (Source: A regulation)',
      'Transfer: A sale needs one. (Source: A regulation)',
      'Insurance: Policy condition not proven: Electric fence certified. Your policy asks for it. (Source: A regulation)',
    ]);
    const policy = within(screen.getByRole('listitem', { name: 'Expired insurance policy' }));
    expect(policy.getByText('Critical')).toBeTruthy();
    expect(policy.getByText('Overdue since Nov 20, 2026')).toBeTruthy();
    expect(
      within(screen.getByRole('listitem', { name: 'SSEG registration expires soon' })).getByText(
        'Due Dec 10, 2026',
      ),
    ).toBeTruthy();
    expect(
      within(screen.getByRole('listitem', { name: 'Beetle certificate undated' })).getByText('Unknown'),
    ).toBeTruthy();

    // What is in order, by context, with its evidence and source.
    const ongoing = within(screen.getByRole('list', { name: 'Ongoing' }));
    const [coc] = ongoing.getAllByRole('listitem');
    expect(within(coc as HTMLElement).getByText('Compliant')).toBeTruthy();
    expect(coc?.textContent).toContain('Source: Electrical Installation Regulations 2009, reg 7(1)');
    const evidence = within(coc as HTMLElement).getByRole('link', { name: /^coc.pdf/ });
    expect(evidence.getAttribute('href')).toBe('/api/documents/doc-1/view');
    expect(evidence.getAttribute('target')).toBe('_blank');
    expect(evidence.textContent).toBe('coc.pdf (opens in a new tab)');
    expect(screen.queryByRole('list', { name: 'Insurance' })).toBeNull();
  });

  it('says there is nothing to do when every rule is met', () => {
    renderWithMantine(
      <PolicyCheckView
        check={{
          ...CHECK,
          status: 'compliant',
          findings: FINDINGS.filter((item) => item.type === 'compliant'),
        }}
        loading={false}
        running={false}
        onRun={vi.fn()}
      />,
    );
    expect(screen.getByText('Nothing: every rule that applies is met.')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'What to do' })).toBeNull();
  });

  it("offers 'Edit details' of the owner's own document where a finding asks what it is or when it was issued", () => {
    const onEditDetails = vi.fn();
    renderWithMantine(
      <PolicyCheckView
        check={{ ...CHECK, findings: DETAIL_FINDINGS }}
        loading={false}
        running={false}
        onRun={vi.fn()}
        documents={[OLD, SUPPLIED, UNDATED]}
        onEditDetails={onEditDetails}
      />,
    );
    const untyped = screen.getByRole('listitem', { name: 'Expired certificates' });
    // The supplier's certificate stays as issued: only the owner's gets the button.
    expect(
      within(untyped)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Edit details']);
    fireEvent.click(within(untyped).getByRole('button', { name: 'Edit details of old.pdf' }));
    expect(onEditDetails).toHaveBeenCalledWith(OLD);
    const undated = screen.getByRole('listitem', {
      name: 'Electrical Certificate of Compliance: issue date needed',
    });
    fireEvent.click(within(undated).getByRole('button', { name: 'Edit details of undated.pdf' }));
    expect(onEditDetails).toHaveBeenLastCalledWith(UNDATED);
    // A compliant finding naming the same document asks for nothing.
    expect(screen.getAllByRole('button', { name: /^Edit details/ })).toHaveLength(2);
  });

  it('asks for details on the untyped-certificates rule and on a missing issue date only', () => {
    expect(DETAIL_FINDINGS.map(asksForDetails)).toEqual([true, true, false]);
  });

  it('has a loading, an empty and an error state', () => {
    const { rerender } = renderWithMantine(
      <PolicyCheckView check={undefined} loading running={false} onRun={vi.fn()} />,
    );
    expect(screen.getByText('Loading the compliance check...')).toBeTruthy();

    rerender(
      <PolicyCheckView
        check={{ ...CHECK, status: 'unknown', findings: [], transferReadiness: { ready: 0, required: 0 } }}
        loading={false}
        running={false}
        onRun={vi.fn()}
      />,
    );
    expect(screen.getByText('Nothing to check yet.')).toBeTruthy();
    expect(screen.getByTestId('policy-status').textContent).toBe('Unknown');

    const onRetry = vi.fn();
    rerender(
      <PolicyCheckView
        check={undefined}
        loading={false}
        error="The server could not be reached."
        onRetry={onRetry}
        running={false}
        onRun={vi.fn()}
      />,
    );
    expect(screen.getByRole('alert').textContent).toContain('The server could not be reached.');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });
});

describe('PolicyCheckTab', () => {
  it("runs the check, toasts how many gaps it found and refreshes the property, the portfolio's lists and the stats", async () => {
    api.query.data = { ...CHECK, complianceStatus: 'good', findings: [], status: 'unknown' };
    api.run.mockResolvedValue(CHECK);
    renderWithMantine(<PolicyCheckTab propertyId="p1" complianceStatus="good" />);
    fireEvent.click(screen.getByRole('button', { name: 'Run Full Compliance Check' }));
    expect(await screen.findByText('Compliance check complete: 4 gaps found')).toBeTruthy();
    expect(api.run).toHaveBeenCalledWith({ id: 'p1' });
    expect(api.setData).toHaveBeenCalledWith({ id: 'p1' }, CHECK);
    await waitFor(() => expect(api.invalidate.list).toHaveBeenCalled());
    expect(api.invalidate.page).toHaveBeenCalled();
    expect(api.invalidate.stats).toHaveBeenCalled();
    expect(api.invalidate.byId).toHaveBeenCalledWith({ id: 'p1' });
  });

  it("toasts 'no gaps' when there are none", async () => {
    const clean = {
      ...CHECK,
      status: 'compliant' as const,
      findings: FINDINGS.filter((f) => f.type === 'compliant'),
    };
    api.query.data = clean;
    api.run.mockResolvedValue(clean);
    renderWithMantine(<PolicyCheckTab propertyId="p1" complianceStatus="critical" />);
    fireEvent.click(screen.getByRole('button', { name: 'Run Full Compliance Check' }));
    expect(await screen.findByText('Compliance check complete: no gaps')).toBeTruthy();
  });

  it('refreshes the cards when the check shown disagrees with the status the property was loaded with', async () => {
    api.query.data = CHECK;
    renderWithMantine(<PolicyCheckTab propertyId="p1" complianceStatus="good" />);
    await waitFor(() => expect(api.invalidate.list).toHaveBeenCalled());
    expect(api.invalidate.page).toHaveBeenCalled();
    expect(api.invalidate.stats).toHaveBeenCalled();
  });

  it("opens the details editor of the document a finding names from 'Edit details'", async () => {
    api.query.data = { ...CHECK, findings: DETAIL_FINDINGS };
    api.documents = { data: [OLD, SUPPLIED, UNDATED] };
    renderWithMantine(<PolicyCheckTab propertyId="p1" complianceStatus="critical" />);
    fireEvent.click(screen.getByRole('button', { name: 'Edit details of old.pdf' }));
    const dialog = await screen.findByRole('dialog', { name: 'Document details' });
    expect(within(dialog).getByText('old.pdf')).toBeTruthy();
    expect((within(dialog).getByLabelText('Expiry date') as HTMLInputElement).value).toBe('2026-01-31');
  });

  it('says when the check could not be run', async () => {
    api.query.data = CHECK;
    api.run.mockRejectedValue(new Error('Property not found'));
    renderWithMantine(<PolicyCheckTab propertyId="p1" complianceStatus="critical" />);
    fireEvent.click(screen.getByRole('button', { name: 'Run Full Compliance Check' }));
    expect(await screen.findByText('Compliance check failed')).toBeTruthy();
    expect(api.invalidate.list).not.toHaveBeenCalled();
    expect(api.invalidate.page).not.toHaveBeenCalled();
  });
});

describe('PolicyCheckTab for the roles and a read-only property (issue 29 §1, issue 31 §5)', () => {
  /** Run Full Compliance Check (compliance.runCheck) and each 'Edit details' (documents.update). */
  function writes() {
    const edits = screen.getAllByRole('button', { name: /^Edit details/ });
    expect(edits).toHaveLength(2);
    return [screen.getByRole('button', { name: 'Run Full Compliance Check' }), ...edits];
  }

  function renderTab({ readOnly = false } = {}) {
    api.query.data = { ...CHECK, findings: DETAIL_FINDINGS };
    api.documents = { data: [OLD, SUPPLIED, UNDATED] };
    const tab = <PolicyCheckTab propertyId="p1" complianceStatus="critical" />;
    return renderWithMantine(
      readOnly ? (
        <PlanReadOnlyContext.Provider value={READ_ONLY_PROPERTY_MESSAGE}>{tab}</PlanReadOnlyContext.Provider>
      ) : (
        tab
      ),
    );
  }

  it('holds the check and the details back from a viewer, with the reason; pressing them does nothing', () => {
    signIn('viewer');
    renderTab();
    for (const control of writes()) {
      expectHeldBack(control);
      fireEvent.click(control);
    }
    expect(api.run).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).toBeNull();
    // Reading stays: what to do, and the evidence opens.
    expect(screen.getByRole('listitem', { name: 'Expired certificates' })).toBeTruthy();
    expect(screen.getAllByRole('link', { name: /^old\.pdf/ })[0]?.getAttribute('aria-disabled')).toBeNull();
  });

  it('lets a member run the check and edit the details as before', async () => {
    signIn('member');
    api.run.mockResolvedValue(CHECK);
    renderTab();
    for (const control of writes()) expect(control.getAttribute('aria-disabled')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Edit details of old.pdf' }));
    expect(await screen.findByRole('dialog', { name: 'Document details' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Run Full Compliance Check' }));
    await waitFor(() => expect(api.run).toHaveBeenCalledWith({ id: 'p1' }));
  });

  it("holds the owner's check and details back on a property read-only on the Free plan, saying why", () => {
    signIn('owner');
    renderTab({ readOnly: true });
    for (const control of writes()) {
      expectHeldBack(control, READ_ONLY_PROPERTY_MESSAGE);
      fireEvent.click(control);
    }
    expect(api.run).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
