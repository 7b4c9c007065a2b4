import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TRANSFER_UI } from '../../../../../components/transfers/labels';
import {
  finding,
  GARDENS_ID,
  PACK_URL,
  renderWithTransfersApi,
  transfer,
} from '../../../../../components/transfers/transfers-api.fixture';
import { TransferPanel } from './transfer-panel';

const NOW = new Date('2026-11-23T08:00:00Z');
const PROPERTY = { id: GARDENS_ID, name: 'Gardens Home', municipality: 'CPT' };

const GAS = finding({
  id: 'gas_coc.transfer:transfer',
  rule: 'gas_coc.transfer',
  title: 'Gas Certificate of Conformity missing',
  description: 'A property with a gas installation needs a gas CoC at transfer.',
  action: 'A SAQCC Gas registered installer issues it.',
});
const FENCE = finding({
  id: 'electric_fence.transfer:transfer',
  rule: 'electric_fence.transfer',
  type: 'compliant',
  title: 'Electric fence certificate on file',
});

function renderPanel(overrides: Parameters<typeof renderWithTransfersApi>[1] = {}) {
  return renderWithTransfersApi(<TransferPanel property={PROPERTY} now={NOW} />, {
    findings: [finding(), GAS, FENCE],
    readiness: { ready: 1, required: 3 },
    ...overrides,
  });
}

describe('TransferPanel', () => {
  it('shows the readiness with each missing certificate, who issues it, Find a provider and Invite as vendor', async () => {
    await renderPanel();
    expect(
      await screen.findByRole('heading', { name: 'Ready for transfer: 1 of 3 certificates' }),
    ).toBeTruthy();
    const missing = within(screen.getByRole('list', { name: 'Missing for transfer' }));
    const items = missing.getAllByRole('listitem');
    expect(items).toHaveLength(2);
    const coc = within(
      missing.getByRole('listitem', { name: 'Electrical Certificate of Compliance missing' }),
    );
    expect(coc.getByText(/registered electrician/)).toBeTruthy();
    // The compliant one is not listed as missing.
    expect(screen.queryByText('Electric fence certificate on file')).toBeNull();

    const find = coc.getByRole('button', { name: TRANSFER_UI.findProvider });
    expect(find.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(find);
    expect(find.getAttribute('aria-expanded')).toBe('true');
    expect(await screen.findByRole('form', { name: 'Search providers' })).toBeTruthy();

    fireEvent.click(coc.getByRole('button', { name: TRANSFER_UI.inviteVendor }));
    expect(
      await screen.findByRole('dialog', { name: 'Invite a vendor to upload a certificate' }),
    ).toBeTruthy();
  });

  it('says so when no transfer certificates apply', async () => {
    await renderPanel({ findings: [], readiness: { ready: 0, required: 0 } });
    expect(await screen.findByText(/No transfer certificates apply/)).toBeTruthy();
  });

  it("checks the buyer's email before sending, then starts the transfer and shows it pending", async () => {
    const { server } = await renderPanel();
    const form = within(await screen.findByRole('form', { name: 'Start a transfer' }));
    fireEvent.click(form.getByRole('button', { name: TRANSFER_UI.start }));
    await waitFor(() =>
      expect(form.getByLabelText(/Buyer's email/).getAttribute('aria-invalid')).toBe('true'),
    );
    expect(server.calls).toHaveLength(0);

    fireEvent.change(form.getByLabelText(/Buyer's email/), { target: { value: 'buyer@example.com' } });
    fireEvent.change(form.getByLabelText('Message (optional)'), {
      target: { value: 'Keys at the agent on Friday.' },
    });
    fireEvent.click(form.getByRole('button', { name: TRANSFER_UI.start }));

    const pending = await screen.findByTestId('pending-transfer');
    expect(server.calls).toEqual([
      {
        path: 'transfers.start',
        input: {
          propertyId: GARDENS_ID,
          email: 'buyer@example.com',
          message: 'Keys at the agent on Friday.',
        },
      },
    ]);
    expect(pending.textContent).toContain('Offered to buyer@example.com until Dec 23, 2026');
    expect(screen.queryByRole('form', { name: 'Start a transfer' })).toBeNull();
    // The button pressed has gone: focus is on the section's title.
    await waitFor(() =>
      expect(document.activeElement).toBe(
        screen.getByRole('heading', { name: TRANSFER_UI.transferOwnership }),
      ),
    );
  });

  it("shows the server's refusal and keeps what was typed", async () => {
    await renderPanel({
      refusals: {
        'transfers.start': {
          message: 'This property already has a pending transfer. Cancel it before starting another.',
          code: 'CONFLICT',
          httpStatus: 409,
        },
      },
    });
    const form = within(await screen.findByRole('form', { name: 'Start a transfer' }));
    fireEvent.change(form.getByLabelText(/Buyer's email/), { target: { value: 'buyer@example.com' } });
    fireEvent.click(form.getByRole('button', { name: TRANSFER_UI.start }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('already has a pending transfer');
    expect((form.getByLabelText(/Buyer's email/) as HTMLInputElement).value).toBe('buyer@example.com');
  });

  it('cancels a pending transfer only once confirmed', async () => {
    const { server } = await renderPanel({ outgoing: [transfer()] });
    const pending = within(await screen.findByTestId('pending-transfer'));
    expect(pending.getByText('buyer@example.com')).toBeTruthy();
    fireEvent.click(pending.getByRole('button', { name: TRANSFER_UI.cancel }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Cancel this transfer?' }));

    fireEvent.click(dialog.getByRole('button', { name: TRANSFER_UI.keep }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.calls).toHaveLength(0);

    fireEvent.click(pending.getByRole('button', { name: TRANSFER_UI.cancel }));
    const again = within(await screen.findByRole('dialog', { name: 'Cancel this transfer?' }));
    fireEvent.click(again.getByRole('button', { name: TRANSFER_UI.cancel }));
    expect(await screen.findByRole('form', { name: 'Start a transfer' })).toBeTruthy();
    expect(server.calls).toEqual([{ path: 'transfers.cancel', input: { id: transfer().id } }]);
    await waitFor(() =>
      expect(document.activeElement).toBe(
        screen.getByRole('heading', { name: TRANSFER_UI.transferOwnership }),
      ),
    );
  });

  it('creates a link to the transfer pack for the conveyancer, shown once to copy', async () => {
    const { server } = await renderPanel({ outgoing: [transfer()] });
    fireEvent.click(await screen.findByRole('button', { name: TRANSFER_UI.packLink }));
    const field = (await screen.findByLabelText('Transfer pack link')) as HTMLInputElement;
    expect(field.value).toBe(PACK_URL);
    expect(screen.getByText(/works until Dec 07, 2026/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Copy link' })).toBeTruthy();
    expect(server.calls).toEqual([{ path: 'transfers.packLink', input: { id: transfer().id } }]);
  });

  it('says when the transfers cannot be loaded, and retries', async () => {
    await renderPanel({ failures: { 'transfers.list': 1 } });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(TRANSFER_UI.listFailed);
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('form', { name: 'Start a transfer' })).toBeTruthy();
  });
});
