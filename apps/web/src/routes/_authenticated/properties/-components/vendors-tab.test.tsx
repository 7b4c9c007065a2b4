import { notifications } from '@mantine/notifications';
import { VENDOR_MESSAGES } from '@propertydna/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { INVITE_MESSAGES } from '../../../../components/vendors/invite-vendor-modal';
import { ACME, GARDENS, propertyVendor, vendorAccess } from '../../../../components/vendors/vendor.fixture';
import {
  type FakeVendorsServer,
  INVITE_URL,
  renderWithVendorsApi,
} from '../../../../components/vendors/vendors-api.fixture';
import { fullText } from '../../../../test/render';
import { VENDORS_TAB_MESSAGES, VendorsTab } from './vendors-tab';

const NOW = new Date('2026-11-23T08:00:00Z');

const SIPHO = propertyVendor();
const LAPSED = propertyVendor({
  id: 'f00d0000-0000-4000-8000-000000000003',
  name: 'Pieter van Wyk',
  company: 'Van Wyk Gas',
  email: 'pieter@vanwykgas.example',
  phone: null,
  access: vendorAccess({
    invite_id: 'c0ffee00-0000-4000-8000-000000000003',
    status: 'expired',
    allowed_kinds: ['certificate'],
    summary: 'The link for certificates expired on Nov 01, 2026',
    expires_at: '2026-11-01T08:00:00.000Z',
  }),
});

function renderTab(overrides: Partial<FakeVendorsServer> = {}) {
  return renderWithVendorsApi(<VendorsTab propertyId={GARDENS.id} now={NOW} />, {
    vendors: [ACME, SIPHO, LAPSED],
    ...overrides,
  });
}

const item = async (name: string) => within(await screen.findByRole('listitem', { name }));

async function openInvite() {
  fireEvent.click(screen.getAllByRole('button', { name: VENDORS_TAB_MESSAGES.invite })[0] as HTMLElement);
  return within(await screen.findByRole('dialog', { name: VENDORS_TAB_MESSAGES.invite }));
}

describe('VendorsTab', () => {
  it('lists each vendor with company or Independent, Verified, contact, status, access and uploads', async () => {
    await renderTab();
    const acme = await item('Thandi Mokoena');
    expect(acme.getByText('Acme Electrical')).toBeTruthy();
    const verified = acme.getByTestId('verified-badge');
    expect(verified.textContent).toBe(
      'Verified: Registered supplier Acme Electrical (Pty) Ltd, liability insurance current',
    );
    expect(acme.getByText('Active')).toBeTruthy();
    expect(acme.getByText('Certificate Upload')).toBeTruthy();
    expect(acme.getByText('May upload certificates and inspection reports until Dec 07, 2026')).toBeTruthy();
    expect(acme.getByText(fullText('Electrical CoC.pdf (Certificate, Nov 24, 2026)'))).toBeTruthy();
    expect(acme.getByRole('link', { name: 'Email Thandi Mokoena' }).getAttribute('href')).toBe(
      'mailto:thandi@acme.example',
    );
    // No phone number, no Call.
    expect(acme.queryByRole('link', { name: 'Call Thandi Mokoena' })).toBeNull();
    expect(acme.getByRole('button', { name: 'Revoke Thandi Mokoena' })).toBeTruthy();

    const sipho = await item('Sipho Dlamini');
    expect(sipho.getByText('Independent')).toBeTruthy();
    expect(sipho.queryByTestId('verified-badge')).toBeNull();
    expect(sipho.getByText(VENDORS_TAB_MESSAGES.nothingUploaded)).toBeTruthy();
    expect(sipho.getByRole('link', { name: 'Call Sipho Dlamini' }).getAttribute('href')).toBe(
      'tel:0825550199',
    );
    expect(sipho.getByText('sipho@example.com · 082 555 0199')).toBeTruthy();

    // A link that ran out says so, and offers a new one instead of Revoke.
    const lapsed = await item('Pieter van Wyk');
    expect(lapsed.getByText('Expired')).toBeTruthy();
    expect(lapsed.getByText('The link for certificates expired on Nov 01, 2026')).toBeTruthy();
    expect(lapsed.queryByRole('button', { name: /^Revoke/ })).toBeNull();
    expect(lapsed.getByRole('button', { name: 'Re-invite Pieter van Wyk' })).toBeTruthy();
  });

  it('says No vendors yet, with what an invite is for and the invite button', async () => {
    await renderTab({ vendors: [] });
    expect(await screen.findByText(VENDORS_TAB_MESSAGES.empty)).toBeTruthy();
    expect(screen.getByText(VENDORS_TAB_MESSAGES.emptyHint)).toBeTruthy();
    expect(screen.getAllByRole('button', { name: VENDORS_TAB_MESSAGES.invite })).toHaveLength(2);
  });

  it('checks the invite with the domain’s messages, sends it, shows the link once and refetches', async () => {
    const { server } = await renderTab({ vendors: [] });
    await screen.findByText(VENDORS_TAB_MESSAGES.empty);
    const dialog = await openInvite();
    // Certificate and inspection at first (spec §6), for 14 days.
    const checked = dialog
      .getAllByRole('checkbox')
      .filter((box) => (box as HTMLInputElement).checked)
      .map((box) => box.getAttribute('value'));
    expect(checked).toEqual(['certificate', 'inspection']);
    expect(dialog.getByRole('group', { name: 'Documents they may upload' })).toBeTruthy();
    expect((dialog.getByLabelText('Link valid for (days)') as HTMLInputElement).value).toBe('14');
    expect(dialog.getByTestId('access-preview').textContent).toBe(
      'Access: Certificate Upload. May upload certificates and inspection reports until Dec 07, 2026.',
    );
    // No property to choose: the tab's property is the one.
    expect(dialog.queryByLabelText(/^Property/)).toBeNull();

    fireEvent.click(dialog.getByRole('checkbox', { name: 'Certificate' }));
    fireEvent.click(dialog.getByRole('checkbox', { name: 'Inspection' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Send invite' }));
    expect(await dialog.findByText(VENDOR_MESSAGES.nameRequired)).toBeTruthy();
    expect(dialog.getByText('Email is required')).toBeTruthy();
    expect(dialog.getByText(VENDOR_MESSAGES.kindsRequired)).toBeTruthy();

    fireEvent.change(dialog.getByLabelText(/^Email/), { target: { value: 'not-an-address' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Send invite' }));
    expect(await dialog.findByText('Enter a valid email address')).toBeTruthy();
    expect(server.calls).toEqual([]);

    fireEvent.change(dialog.getByLabelText(/^Name/), { target: { value: ' Sipho Dlamini ' } });
    fireEvent.change(dialog.getByLabelText(/^Email/), { target: { value: 'Sipho@Example.com' } });
    fireEvent.change(dialog.getByLabelText('Phone (Optional)'), { target: { value: '082 555 0199' } });
    fireEvent.click(dialog.getByRole('checkbox', { name: 'Inspection' }));
    fireEvent.click(dialog.getByRole('checkbox', { name: 'Certificate' }));
    fireEvent.change(dialog.getByLabelText('Link valid for (days)'), { target: { value: '30' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Send invite' }));

    expect(await screen.findByText(INVITE_MESSAGES.sentTo('sipho@example.com'))).toBeTruthy();
    expect(server.calls).toEqual([
      {
        path: 'vendors.invite',
        input: {
          name: 'Sipho Dlamini',
          email: 'sipho@example.com',
          phone: '082 555 0199',
          propertyId: GARDENS.id,
          // In the kinds' order, whatever order they were ticked in.
          allowedKinds: ['certificate', 'inspection'],
          expiresInDays: 30,
        },
      },
    ]);
    // The link, once, to copy; the form is gone.
    expect((await dialog.findByLabelText(/^Upload link/)) as HTMLInputElement).toHaveProperty(
      'value',
      INVITE_URL,
    );
    expect(dialog.getByRole('button', { name: 'Copy link' })).toBeTruthy();
    expect(dialog.queryByRole('button', { name: 'Send invite' })).toBeNull();
    // Done closes it; the list was refetched and shows the vendor.
    fireEvent.click(dialog.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByRole('listitem', { name: 'Sipho Dlamini' })).toBeTruthy();
    expect(server.asked['vendors.byProperty']).toBe(2);
  });

  it('reads Sending… while the invite is out, and keeps what was typed when the server refuses', async () => {
    let release = () => {};
    const hold = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { server } = await renderTab({
      vendors: [],
      hold,
      refusals: { 'vendors.invite': 'Property not found' },
    });
    await screen.findByText(VENDORS_TAB_MESSAGES.empty);
    const dialog = await openInvite();
    fireEvent.change(dialog.getByLabelText(/^Name/), { target: { value: 'Sipho Dlamini' } });
    fireEvent.change(dialog.getByLabelText(/^Email/), { target: { value: 'sipho@example.com' } });
    fireEvent.change(dialog.getByLabelText('Company (Optional)'), {
      target: { value: 'Dlamini Electrical' },
    });
    fireEvent.click(dialog.getByRole('button', { name: 'Send invite' }));
    const sending = await dialog.findByRole('button', { name: 'Sending…' });
    expect(sending.hasAttribute('disabled')).toBe(true);
    release();
    expect((await dialog.findByRole('alert')).textContent).toBe('Property not found');
    expect((dialog.getByLabelText(/^Name/) as HTMLInputElement).value).toBe('Sipho Dlamini');
    expect((dialog.getByLabelText('Company (Optional)') as HTMLInputElement).value).toBe(
      'Dlamini Electrical',
    );
    expect(dialog.getByRole('button', { name: 'Send invite' })).toBeTruthy();
    expect(server.calls).toHaveLength(1);
  });

  it('revokes an active vendor after asking, then shows them as Revoked with Re-invite', async () => {
    const { server } = await renderTab();
    let sipho = await item('Sipho Dlamini');
    fireEvent.click(sipho.getByRole('button', { name: 'Revoke Sipho Dlamini' }));
    let confirm = within(await screen.findByRole('dialog', { name: "Revoke this vendor's access?" }));
    fireEvent.click(confirm.getByRole('button', { name: 'Cancel' }));
    expect(server.calls).toEqual([]);

    fireEvent.click(sipho.getByRole('button', { name: 'Revoke Sipho Dlamini' }));
    confirm = within(await screen.findByRole('dialog', { name: "Revoke this vendor's access?" }));
    fireEvent.click(confirm.getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText(VENDORS_TAB_MESSAGES.revokedMessage('Sipho Dlamini'))).toBeTruthy();
    expect(server.calls).toEqual([
      { path: 'vendors.revoke', input: { id: SIPHO.id, propertyId: GARDENS.id } },
    ]);
    await waitFor(async () => {
      sipho = await item('Sipho Dlamini');
      expect(sipho.getByText('Revoked')).toBeTruthy();
    });
    expect(
      sipho.getByText('The link for certificates and inspection reports was revoked on Nov 30, 2026'),
    ).toBeTruthy();
    expect(sipho.getByRole('button', { name: 'Re-invite Sipho Dlamini' })).toBeTruthy();
  });

  it('Re-invite opens the invite prefilled with the vendor and what their link allowed', async () => {
    const { server } = await renderTab();
    const lapsed = await item('Pieter van Wyk');
    fireEvent.click(lapsed.getByRole('button', { name: 'Re-invite Pieter van Wyk' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Re-invite Pieter van Wyk' }));
    expect((dialog.getByLabelText(/^Name/) as HTMLInputElement).value).toBe('Pieter van Wyk');
    expect((dialog.getByLabelText(/^Email/) as HTMLInputElement).value).toBe('pieter@vanwykgas.example');
    expect((dialog.getByLabelText('Company (Optional)') as HTMLInputElement).value).toBe('Van Wyk Gas');
    expect((dialog.getByRole('checkbox', { name: 'Certificate' }) as HTMLInputElement).checked).toBe(true);
    expect((dialog.getByRole('checkbox', { name: 'Inspection' }) as HTMLInputElement).checked).toBe(false);
    fireEvent.click(dialog.getByRole('button', { name: 'Send invite' }));
    expect(await screen.findByText(INVITE_MESSAGES.sentTo('pieter@vanwykgas.example'))).toBeTruthy();
    expect(server.calls[0]?.input).toMatchObject({
      email: 'pieter@vanwykgas.example',
      company: 'Van Wyk Gas',
      allowedKinds: ['certificate'],
      expiresInDays: 14,
    });
    fireEvent.click(dialog.getByRole('button', { name: 'Done' }));
    await waitFor(async () => expect((await item('Pieter van Wyk')).getByText('Active')).toBeTruthy());
  });

  it('shows Loading vendors... while loading, then an error with Retry', async () => {
    await renderTab({ failures: { 'vendors.byProperty': 1 } });
    expect(screen.getByText(VENDORS_TAB_MESSAGES.loading)).toBeTruthy();
    expect(await screen.findByText(VENDORS_TAB_MESSAGES.loadFailed)).toBeTruthy();
    notifications.clean();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('listitem', { name: 'Sipho Dlamini' })).toBeTruthy();
  });
});
