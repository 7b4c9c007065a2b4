import {
  EMAIL_VERIFICATION_MESSAGES,
  FREE_PLAN_LIMIT_MESSAGE,
  type OrganizationRole,
} from '@propertydna/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TRANSFER_UI } from '../../../../components/transfers/labels';
import {
  GARDENS_ID,
  renderWithTransfersApi,
  transfer,
} from '../../../../components/transfers/transfers-api.fixture';
import { DashboardTransfers } from './dashboard-transfers';

/** The signed-in member's role as the permissions (lib/permissions, issue 29 §1) see it; null: none known. */
const session = vi.hoisted(() => ({ role: null as OrganizationRole | null }));
vi.mock('../../../../lib/auth', () => ({
  useAuth: () => ({ organization: { plan: 'free', trialEndsAt: null }, status: 'authenticated' }),
  useOptionalAuth: () => (session.role ? { user: { role: session.role } } : null),
}));
// The Upgrade button (PayFast's checkout) asks the server; its own test is components/premium-upgrade.test.tsx.
vi.mock('../../../../components/premium-upgrade', () => ({
  UpgradeButton: () => <button type="button">Upgrade for R99 per year</button>,
}));

const card = async () => within(await screen.findByRole('article', { name: 'Gardens Home' }));

describe('DashboardTransfers', () => {
  it('shows nothing without transfers', async () => {
    const { container } = await renderWithTransfersApi(<DashboardTransfers />);
    await waitFor(() => expect(container.querySelector('[data-testid="incoming-transfer"]')).toBeNull());
    expect(screen.queryByRole('heading', { name: 'Your transfers' })).toBeNull();
  });

  it('shows a pending incoming transfer: property, address, DNA code, from whom, message, what is included', async () => {
    await renderWithTransfersApi(<DashboardTransfers />, {
      incoming: [transfer(), transfer({ id: 'old', status: 'declined' })],
    });
    const incoming = await card();
    expect(incoming.getByText('12 Gardens Road, Cape Town')).toBeTruthy();
    expect(incoming.getByText('PDNA-ZA-7K3M-9QX2')).toBeTruthy();
    expect(incoming.getByText('Dube Family Trust')).toBeTruthy();
    expect(incoming.getByText('“Keys at the agent on Friday.”')).toBeTruthy();
    expect(incoming.getByText(/12 documents/)).toBeTruthy();
    // Only the pending one has a card.
    expect(screen.getAllByTestId('incoming-transfer')).toHaveLength(1);
  });

  it('accepts once confirmed and opens the property', async () => {
    const { server, router } = await renderWithTransfersApi(<DashboardTransfers />, {
      incoming: [transfer()],
    });
    fireEvent.click((await card()).getByRole('button', { name: TRANSFER_UI.accept }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Accept this transfer?' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Accept transfer' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/properties/${GARDENS_ID}`));
    expect(server.calls).toEqual([{ path: 'transfers.accept', input: { id: transfer().id } }]);
  });

  it('holds Accept and Decline back from a viewer, with the reason, and sends nothing (issue 29 §1)', async () => {
    session.role = 'viewer';
    const { server } = await renderWithTransfersApi(<DashboardTransfers />, { incoming: [transfer()] });
    const incoming = await card();
    for (const name of [TRANSFER_UI.accept, TRANSFER_UI.decline]) {
      const button = incoming.getByRole('button', { name });
      expect(button.getAttribute('aria-disabled')).toBe('true');
      const reason = document.getElementById(button.getAttribute('aria-describedby') ?? '');
      expect(reason?.textContent).toBe('Viewers can read but not change anything');
      fireEvent.click(button);
    }
    fireEvent.focus(incoming.getByRole('button', { name: TRANSFER_UI.accept }));
    expect((await screen.findByRole('tooltip')).textContent).toBe('Viewers can read but not change anything');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(server.calls).toEqual([]);
  });

  it('lets a member accept as before', async () => {
    session.role = 'member';
    const { server } = await renderWithTransfersApi(<DashboardTransfers />, { incoming: [transfer()] });
    const accept = (await card()).getByRole('button', { name: TRANSFER_UI.accept });
    expect(accept.getAttribute('aria-disabled')).toBeNull();
    fireEvent.click(accept);
    const dialog = within(await screen.findByRole('dialog', { name: 'Accept this transfer?' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Accept transfer' }));
    await waitFor(() =>
      expect(server.calls).toEqual([{ path: 'transfers.accept', input: { id: transfer().id } }]),
    );
  });

  it('declines only once confirmed; the card goes', async () => {
    const { server } = await renderWithTransfersApi(<DashboardTransfers />, { incoming: [transfer()] });
    fireEvent.click((await card()).getByRole('button', { name: TRANSFER_UI.decline }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Decline this transfer?' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.calls).toHaveLength(0);

    fireEvent.click((await card()).getByRole('button', { name: TRANSFER_UI.decline }));
    const again = within(await screen.findByRole('dialog', { name: 'Decline this transfer?' }));
    fireEvent.click(again.getByRole('button', { name: 'Decline transfer' }));
    await waitFor(() => expect(screen.queryByTestId('incoming-transfer')).toBeNull());
    expect(server.calls).toEqual([{ path: 'transfers.decline', input: { id: transfer().id } }]);
  });

  it("shows the plan's limit with the upgrade offer, and the card stays", async () => {
    await renderWithTransfersApi(<DashboardTransfers />, {
      incoming: [transfer()],
      refusals: {
        'transfers.accept': { message: FREE_PLAN_LIMIT_MESSAGE, code: 'FORBIDDEN', httpStatus: 403 },
      },
    });
    fireEvent.click((await card()).getByRole('button', { name: TRANSFER_UI.accept }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Accept this transfer?' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Accept transfer' }));
    const prompt = await screen.findByTestId('upgrade-prompt');
    expect(prompt.textContent).toContain(FREE_PLAN_LIMIT_MESSAGE);
    expect(within(prompt).getByRole('button', { name: /trial/i })).toBeTruthy();
    expect(within(prompt).getByRole('button', { name: 'Upgrade for R99 per year' })).toBeTruthy();
    expect(screen.getByTestId('incoming-transfer')).toBeTruthy();
  });

  it('says to confirm the address first (no upgrade offer) when the account has not confirmed it', async () => {
    const message = EMAIL_VERIFICATION_MESSAGES.required('buyer@example.co.za');
    await renderWithTransfersApi(<DashboardTransfers />, {
      incoming: [transfer()],
      refusals: { 'transfers.accept': { message, code: 'FORBIDDEN', httpStatus: 403 } },
    });
    fireEvent.click((await card()).getByRole('button', { name: TRANSFER_UI.accept }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Accept this transfer?' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Accept transfer' }));
    expect((await screen.findByRole('alert')).textContent).toContain(message);
    expect(screen.queryByTestId('upgrade-prompt')).toBeNull();
    expect(screen.getByTestId('incoming-transfer')).toBeTruthy();
  });

  it('until the address is confirmed, says only that a transfer waits and what to do', async () => {
    const message = EMAIL_VERIFICATION_MESSAGES.required('buyer@example.co.za');
    await renderWithTransfersApi(<DashboardTransfers />, { withheld: { count: 1, confirmFirst: message } });
    const notice = within(await screen.findByTestId('withheld-transfers'));
    expect(notice.getByText(TRANSFER_UI.withheld(1))).toBeTruthy();
    expect(notice.getByText(message)).toBeTruthy();
    expect(screen.queryByTestId('incoming-transfer')).toBeNull();
    expect(TRANSFER_UI.withheld(2)).toBe('2 property transfers are waiting for you');
  });

  it("lists the seller's transfers with Download receipt once accepted", async () => {
    await renderWithTransfersApi(<DashboardTransfers />, {
      outgoing: [
        transfer({
          status: 'accepted',
          to_organization: 'Naidoo Holdings',
          decided_at: '2026-11-24T08:00:00.000Z',
        }),
      ],
    });
    const list = within(await screen.findByRole('list', { name: 'Your transfers' }));
    const row = within(list.getByRole('listitem', { name: 'Gardens Home' }));
    expect(row.getByText('Accepted')).toBeTruthy();
    expect(row.getByText(/To Naidoo Holdings, accepted Nov 24, 2026/)).toBeTruthy();
    expect(row.getByRole('button', { name: TRANSFER_UI.receipt })).toBeTruthy();
  });

  it('fetches the receipt from the API and says why it failed', async () => {
    const fetchMock = vi.fn<typeof fetch>(
      async () =>
        new Response(JSON.stringify({ error: 'Transfer not found' }), {
          status: 404,
          headers: { 'Content-Type': 'application/json' },
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    await renderWithTransfersApi(<DashboardTransfers />, {
      outgoing: [transfer({ status: 'accepted', decided_at: '2026-11-24T08:00:00.000Z' })],
    });
    const row = within(await screen.findByRole('listitem', { name: 'Gardens Home' }));
    fireEvent.click(row.getByRole('button', { name: TRANSFER_UI.receipt }));
    const alert = await row.findByRole('alert');
    expect(alert.textContent).toContain(TRANSFER_UI.receiptFailed);
    expect(alert.textContent).toContain('Transfer not found');
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe(`/api/transfers/${transfer().id}/receipt`);
  });

  it('lists a received transfer with its property and the transfer pack', async () => {
    await renderWithTransfersApi(<DashboardTransfers />, {
      incoming: [transfer({ status: 'accepted', decided_at: '2026-11-24T08:00:00.000Z' })],
    });
    const row = within(await screen.findByRole('listitem', { name: 'Gardens Home' }));
    expect(row.getByRole('link', { name: 'Gardens Home' }).getAttribute('href')).toBe(
      `/properties/${GARDENS_ID}`,
    );
    expect(row.getByText(/From Dube Family Trust, accepted Nov 24, 2026/)).toBeTruthy();
    expect(row.getByRole('button', { name: TRANSFER_UI.pack })).toBeTruthy();
    expect(screen.queryByTestId('incoming-transfer')).toBeNull();
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  session.role = null;
});
