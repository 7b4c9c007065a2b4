import { notifications } from '@mantine/notifications';
import { type OrganizationRole, READ_ONLY_PROPERTY_MESSAGE, VENDOR_MESSAGES } from '@propertydna/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { INVITE_MESSAGES } from '../../../../components/vendors/invite-vendor-modal';
import { ACME, GARDENS, propertyVendor, vendorAccess } from '../../../../components/vendors/vendor.fixture';
import {
  type FakeVendorsServer,
  INVITE_URL,
  renderWithVendorsApi,
} from '../../../../components/vendors/vendors-api.fixture';
import { PlanReadOnlyContext } from '../../../../lib/permissions';
import { fullText } from '../../../../test/render';
import { expectHeldBack, SignedInAs } from '../../../../test/signed-in-as';
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

/** Mantine's size of a button or button-link: 'sm' is 36px tall, big enough to tap. */
const sizeOf = (element: HTMLElement) => element.getAttribute('data-size');

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
      'Documents checked: Registered supplier Acme Electrical (Pty) Ltd, documents checked by PropertyDNA',
    );
    expect(acme.getByText('Active')).toBeTruthy();
    expect(acme.getByText('Certificate Upload')).toBeTruthy();
    expect(acme.getByText('May upload certificates and inspection reports until Dec 07, 2026')).toBeTruthy();
    expect(acme.getByText(fullText('Electrical CoC.pdf (Certificate, Nov 24, 2026)'))).toBeTruthy();
    // Spec §2 'Contact': the links under a Contact label that names their group.
    const contact = within(acme.getByRole('group', { name: 'Contact' }));
    expect(acme.getByText('Contact')).toBeTruthy();
    expect(contact.getByRole('link', { name: 'Email Thandi Mokoena' }).getAttribute('href')).toBe(
      'mailto:thandi@acme.example',
    );
    // No phone number, no Call.
    expect(acme.queryByRole('link', { name: 'Call Thandi Mokoena' })).toBeNull();
    expect(acme.getByRole('button', { name: 'Revoke Thandi Mokoena' })).toBeTruthy();
    // A live link can be sent again.
    expect(acme.getByRole('button', { name: 'Resend link to Thandi Mokoena' })).toBeTruthy();

    const sipho = await item('Sipho Dlamini');
    expect(sipho.getByText('Independent')).toBeTruthy();
    expect(sipho.queryByTestId('verified-badge')).toBeNull();
    expect(sipho.getByText(VENDORS_TAB_MESSAGES.nothingUploaded)).toBeTruthy();
    expect(sipho.getByRole('link', { name: 'Call Sipho Dlamini' }).getAttribute('href')).toBe(
      'tel:0825550199',
    );
    expect(sipho.getByText('sipho@example.com · 082 555 0199')).toBeTruthy();
    // Every button and link is big enough to tap (36px, Mantine's sm).
    for (const control of [...sipho.getAllByRole('link'), ...sipho.getAllByRole('button')]) {
      expect(sizeOf(control)).toBe('sm');
    }

    // A link that ran out says so, and offers a new one instead of Revoke.
    const lapsed = await item('Pieter van Wyk');
    expect(lapsed.getByText('Expired')).toBeTruthy();
    expect(lapsed.getByText('The link for certificates expired on Nov 01, 2026')).toBeTruthy();
    expect(lapsed.queryByRole('button', { name: /^Revoke/ })).toBeNull();
    expect(lapsed.queryByRole('button', { name: /^Resend link/ })).toBeNull();
    expect(sizeOf(lapsed.getByRole('button', { name: 'Re-invite Pieter van Wyk' }))).toBe('sm');
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
    // Only certificate and inspection are offered (spec §6, §9), both at first, for 14 days.
    const boxes = dialog.getAllByRole('checkbox') as HTMLInputElement[];
    expect(boxes.map((box) => box.getAttribute('value'))).toEqual(['certificate', 'inspection']);
    expect(boxes.every((box) => box.checked)).toBe(true);
    expect(dialog.getByText(/upload documents to this property's vault\./)).toBeTruthy();
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
          // Sent as the domain normalises a South African number.
          phone: '+27825550199',
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

  it('Re-invite asks only for the kinds an invite may allow, when the old link allowed others', async () => {
    const legacy = propertyVendor({
      ...LAPSED,
      access: vendorAccess({ ...LAPSED.access, allowed_kinds: ['deed', 'certificate'] }),
    });
    const { server } = await renderTab({ vendors: [legacy] });
    fireEvent.click((await item('Pieter van Wyk')).getByRole('button', { name: 'Re-invite Pieter van Wyk' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Re-invite Pieter van Wyk' }));
    expect(dialog.queryByRole('checkbox', { name: 'Deed' })).toBeNull();
    expect((dialog.getByRole('checkbox', { name: 'Certificate' }) as HTMLInputElement).checked).toBe(true);
    expect((dialog.getByRole('checkbox', { name: 'Inspection' }) as HTMLInputElement).checked).toBe(false);
    fireEvent.click(dialog.getByRole('button', { name: 'Send invite' }));
    expect(await screen.findByText(INVITE_MESSAGES.sentTo('pieter@vanwykgas.example'))).toBeTruthy();
    expect(server.calls[0]?.input).toMatchObject({ allowedKinds: ['certificate'] });
  });

  it('Resend link sends a live vendor a new link after saying the old one stops working', async () => {
    const { server } = await renderTab();
    const sipho = await item('Sipho Dlamini');
    fireEvent.click(sipho.getByRole('button', { name: 'Resend link to Sipho Dlamini' }));
    let confirm = within(await screen.findByRole('dialog', { name: VENDORS_TAB_MESSAGES.resendTitle }));
    expect(
      confirm.getByText('Send Sipho Dlamini a new link? The link sent before stops working.'),
    ).toBeTruthy();
    fireEvent.click(confirm.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.calls).toEqual([]);

    fireEvent.click(sipho.getByRole('button', { name: 'Resend link to Sipho Dlamini' }));
    confirm = within(await screen.findByRole('dialog', { name: VENDORS_TAB_MESSAGES.resendTitle }));
    fireEvent.click(confirm.getByRole('button', { name: VENDORS_TAB_MESSAGES.resend }));
    expect(await screen.findByText(INVITE_MESSAGES.sent)).toBeTruthy();
    expect(screen.getByText(INVITE_MESSAGES.sentTo('sipho@example.com'))).toBeTruthy();
    expect(server.calls).toEqual([
      {
        path: 'vendors.invite',
        input: {
          name: 'Sipho Dlamini',
          email: 'sipho@example.com',
          company: null,
          phone: '082 555 0199',
          propertyId: GARDENS.id,
          allowedKinds: ['certificate', 'inspection'],
        },
      },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The vendors were refetched.
    await waitFor(() => expect(server.asked['vendors.byProperty']).toBe(2));
  });

  it('Resend link keeps the question open and says why when the server refuses', async () => {
    const { server } = await renderTab({ refusals: { 'vendors.invite': 'Property not found' } });
    const acme = await item('Thandi Mokoena');
    fireEvent.click(acme.getByRole('button', { name: 'Resend link to Thandi Mokoena' }));
    const confirm = within(await screen.findByRole('dialog', { name: VENDORS_TAB_MESSAGES.resendTitle }));
    fireEvent.click(confirm.getByRole('button', { name: VENDORS_TAB_MESSAGES.resend }));
    expect(await screen.findByText('Property not found')).toBeTruthy();
    expect(server.calls[0]?.input).toMatchObject({
      email: 'thandi@acme.example',
      company: 'Acme Electrical',
      allowedKinds: ['certificate', 'inspection'],
    });
    expect(screen.getByRole('dialog', { name: VENDORS_TAB_MESSAGES.resendTitle })).toBeTruthy();
  });

  it('says Loading vendors… as a status while loading, then an error with Retry', async () => {
    await renderTab({ failures: { 'vendors.byProperty': 1 } });
    // A status, so screen readers say it; the skeletons are hidden from them.
    expect(screen.getByRole('status').textContent).toBe('Loading vendors…');
    for (const skeleton of screen.getAllByTestId('vendor-skeleton')) {
      expect(skeleton.getAttribute('aria-hidden')).toBe('true');
    }
    expect(await screen.findByText(VENDORS_TAB_MESSAGES.loadFailed)).toBeTruthy();
    notifications.clean();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('listitem', { name: 'Sipho Dlamini' })).toBeTruthy();
  });
});

describe('VendorsTab for the roles and a read-only property (issue 29 §1, issue 31 §5)', () => {
  afterEach(() => localStorage.clear());

  /** The tab signed in with `role`, on a property read-only on the Free plan when `readOnly`. */
  function renderAs(
    role: OrganizationRole,
    { readOnly = false, ...overrides }: Partial<FakeVendorsServer> & { readOnly?: boolean } = {},
  ) {
    const tab = <VendorsTab propertyId={GARDENS.id} now={NOW} />;
    return renderWithVendorsApi(
      <SignedInAs role={role}>
        {readOnly ? (
          <PlanReadOnlyContext.Provider value={READ_ONLY_PROPERTY_MESSAGE}>
            {tab}
          </PlanReadOnlyContext.Provider>
        ) : (
          tab
        )}
      </SignedInAs>,
      { vendors: [ACME, SIPHO, LAPSED], ...overrides },
    );
  }

  /** Invite Service Provider, and each vendor's Resend link and Revoke (live link) or Re-invite. */
  async function writes() {
    await item('Pieter van Wyk');
    const list = within(screen.getByRole('list', { name: 'Vendors of this property' }));
    const perVendor = list.getAllByRole('button', { name: /^(Resend link to|Revoke|Re-invite) / });
    expect(perVendor.map((button) => button.getAttribute('aria-label'))).toEqual([
      'Resend link to Thandi Mokoena',
      'Revoke Thandi Mokoena',
      'Resend link to Sipho Dlamini',
      'Revoke Sipho Dlamini',
      'Re-invite Pieter van Wyk',
    ]);
    return [screen.getByRole('button', { name: VENDORS_TAB_MESSAGES.invite }), ...perVendor];
  }

  it('holds every write back from a viewer, with the reason, and pressing one sends nothing', async () => {
    const { server } = await renderAs('viewer');
    for (const control of await writes()) {
      expectHeldBack(control);
      fireEvent.click(control);
    }
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(server.calls).toEqual([]);
    // Reading stays: who the vendors are, what they uploaded, and how to reach them.
    const acme = await item('Thandi Mokoena');
    expect(acme.getByText(fullText('Electrical CoC.pdf (Certificate, Nov 24, 2026)'))).toBeTruthy();
    expect(acme.getByRole('link', { name: 'Email Thandi Mokoena' }).getAttribute('aria-disabled')).toBeNull();
  });

  it("holds both of the empty tab's Invite Service Provider back from a viewer", async () => {
    await renderAs('viewer', { vendors: [] });
    expect(await screen.findByText(VENDORS_TAB_MESSAGES.empty)).toBeTruthy();
    const invites = screen.getAllByRole('button', { name: VENDORS_TAB_MESSAGES.invite });
    expect(invites).toHaveLength(2);
    for (const invite of invites) expectHeldBack(invite);
  });

  it('lets a member invite, resend and revoke as before', async () => {
    const { server } = await renderAs('member');
    for (const control of await writes()) expect(control.getAttribute('aria-disabled')).toBeNull();
    const dialog = await openInvite();
    expect(dialog.getByRole('textbox', { name: /^Name/ })).toBeTruthy();
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click((await item('Sipho Dlamini')).getByRole('button', { name: 'Revoke Sipho Dlamini' }));
    const confirm = within(await screen.findByRole('dialog', { name: "Revoke this vendor's access?" }));
    fireEvent.click(confirm.getByRole('button', { name: 'Revoke' }));
    await waitFor(() =>
      expect(server.calls).toEqual([
        { path: 'vendors.revoke', input: { id: SIPHO.id, propertyId: GARDENS.id } },
      ]),
    );
  });

  it("holds the owner's writes back on a property read-only on the Free plan, saying why", async () => {
    const { server } = await renderAs('owner', { readOnly: true });
    for (const control of await writes()) {
      expectHeldBack(control, READ_ONLY_PROPERTY_MESSAGE);
      fireEvent.click(control);
    }
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(server.calls).toEqual([]);
  });
});
