import { notifications } from '@mantine/notifications';
import { type OrganizationRole, VENDOR_MESSAGES } from '@propertydna/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { INVITE_MESSAGES } from '../../../../components/vendors/invite-vendor-modal';
import {
  ACME,
  GARDENS,
  propertyVendor,
  SEA_POINT,
  vendorAccess,
} from '../../../../components/vendors/vendor.fixture';
import {
  type FakeVendorsServer,
  renderWithVendorsApi,
} from '../../../../components/vendors/vendors-api.fixture';
import { expectHeldBack, SignedInAs } from '../../../../test/signed-in-as';
import { SECTIONS } from '../section-page';
import { VENDORS_PAGE_MESSAGES, VendorsPage } from './vendors-page';

/** An independent electrician serving both properties: live at Gardens, revoked at Sea Point. */
const SIPHO = propertyVendor({
  specialties: ['Electrical', 'Solar'],
  notes: 'Prefers WhatsApp',
  documents_count: 3,
  properties: [
    { ...GARDENS, address: '12 Kloof Street', access: vendorAccess() },
    {
      ...SEA_POINT,
      address: '4 Beach Road',
      access: vendorAccess({
        invite_id: 'c0ffee00-0000-4000-8000-000000000009',
        status: 'revoked',
        revoked_at: '2026-11-30T08:00:00.000Z',
        summary: 'The link for certificates and inspection reports was revoked on Nov 30, 2026',
      }),
    },
  ],
});

function renderPage(overrides: Partial<FakeVendorsServer> = {}) {
  return renderWithVendorsApi(<VendorsPage />, { vendors: [ACME, SIPHO], ...overrides });
}

/** The page signed in as a member with `role` (issue 29 §1). */
function renderAs(role: OrganizationRole, overrides: Partial<FakeVendorsServer> = {}) {
  return renderWithVendorsApi(
    <SignedInAs role={role}>
      <VendorsPage />
    </SignedInAs>,
    { vendors: [ACME, SIPHO], ...overrides },
  );
}

afterEach(() => localStorage.clear());

const card = async (name: string) => within(await screen.findByRole('article', { name }));

async function openInvite() {
  // Enabled once the properties are in (the empty state brings its own button once the vendors are).
  await waitFor(() =>
    expect(screen.getByRole('button', { name: VENDORS_PAGE_MESSAGES.invite }).hasAttribute('disabled')).toBe(
      false,
    ),
  );
  fireEvent.click(screen.getByRole('button', { name: VENDORS_PAGE_MESSAGES.invite }));
  return within(await screen.findByRole('dialog', { name: VENDORS_PAGE_MESSAGES.invite }));
}

describe('VendorsPage', () => {
  it('shows a card per vendor: company, Verified, specialties, contact, properties, documents', async () => {
    await renderPage();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(SECTIONS.vendors.title);
    expect(screen.getByText(SECTIONS.vendors.subtitle)).toBeTruthy();

    const acme = await card('Thandi Mokoena');
    expect(acme.getByText('Acme Electrical')).toBeTruthy();
    expect(acme.getByTestId('verified-badge').textContent).toContain('Acme Electrical (Pty) Ltd');
    expect(acme.getByText('1 document')).toBeTruthy();

    const sipho = await card('Sipho Dlamini');
    expect(sipho.getByText('Independent')).toBeTruthy();
    expect(sipho.queryByTestId('verified-badge')).toBeNull();
    const specialties = within(sipho.getByRole('list', { name: 'Specialties of Sipho Dlamini' }));
    expect(specialties.getAllByRole('listitem').map((badge) => badge.textContent)).toEqual([
      'Electrical',
      'Solar',
    ]);
    // Spec §2 'Contact': the links under a Contact label that names their group.
    const contact = within(sipho.getByRole('group', { name: 'Contact' }));
    expect(sipho.getByText('Contact')).toBeTruthy();
    expect(contact.getByRole('link', { name: 'Email Sipho Dlamini' }).getAttribute('href')).toBe(
      'mailto:sipho@example.com',
    );
    expect(sipho.getByRole('link', { name: 'Call Sipho Dlamini' }).getAttribute('href')).toBe(
      'tel:0825550199',
    );
    const served = within(sipho.getByRole('list', { name: 'Properties Sipho Dlamini serves' }));
    const [gardens, seaPoint] = served.getAllByRole('listitem').map((entry) => within(entry));
    expect(gardens?.getByRole('link', { name: GARDENS.name }).getAttribute('href')).toBe(
      `/properties/${GARDENS.id}`,
    );
    expect(gardens?.getByText('Active')).toBeTruthy();
    expect(gardens?.getByText('Certificate Upload')).toBeTruthy();
    expect(
      gardens?.getByText('May upload certificates and inspection reports until Dec 07, 2026'),
    ).toBeTruthy();
    expect(seaPoint?.getByText('Revoked')).toBeTruthy();
    expect(
      seaPoint?.getByText('The link for certificates and inspection reports was revoked on Nov 30, 2026'),
    ).toBeTruthy();
    expect(sipho.getByText('3 documents')).toBeTruthy();
    expect(sipho.getByText('Prefers WhatsApp')).toBeTruthy();
    expect(screen.getByText('2 vendors')).toBeTruthy();
    // Contact, Edit and Remove are big enough to tap (36px, Mantine's sm).
    for (const name of ['Email Sipho Dlamini', 'Call Sipho Dlamini']) {
      expect(sipho.getByRole('link', { name }).getAttribute('data-size')).toBe('sm');
    }
    for (const name of ['Edit Sipho Dlamini', 'Remove Sipho Dlamini']) {
      expect(sipho.getByRole('button', { name }).getAttribute('data-size')).toBe('sm');
    }
  });

  it('says No vendors yet with what vendors are for, and one Invite Vendor button', async () => {
    await renderPage({ vendors: [] });
    expect(await screen.findByText(VENDORS_PAGE_MESSAGES.empty)).toBeTruthy();
    expect(screen.getByText(VENDORS_PAGE_MESSAGES.emptyHint)).toBeTruthy();
    expect(screen.getAllByRole('button', { name: VENDORS_PAGE_MESSAGES.invite })).toHaveLength(1);
  });

  it('Invite Vendor asks for the property among several, and sends the one chosen', async () => {
    const { server } = await renderPage({ vendors: [] });
    const dialog = await openInvite();
    const property = dialog.getByLabelText(/^Property/) as HTMLSelectElement;
    expect(property.value).toBe('');
    // No property yet: not 'this property'.
    expect(dialog.getByText(/upload documents to the chosen property's vault\./)).toBeTruthy();
    expect(dialog.queryByText(/this property's vault/)).toBeNull();
    // Only the kinds an invite may allow, both at first.
    const boxes = dialog.getAllByRole('checkbox') as HTMLInputElement[];
    expect(boxes.map((box) => [box.getAttribute('value'), box.checked])).toEqual([
      ['certificate', true],
      ['inspection', true],
    ]);
    // Sorted by name, after the prompt.
    expect(Array.from(property.options).map((option) => option.textContent)).toEqual([
      'Choose the property',
      GARDENS.name,
      SEA_POINT.name,
    ]);
    fireEvent.change(dialog.getByLabelText(/^Name/), { target: { value: 'Sipho Dlamini' } });
    fireEvent.change(dialog.getByLabelText(/^Email/), { target: { value: 'sipho@example.com' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Send invite' }));
    expect(await dialog.findByText(VENDOR_MESSAGES.propertyRequired)).toBeTruthy();
    expect(server.calls).toEqual([]);

    fireEvent.change(property, { target: { value: SEA_POINT.id } });
    // Once chosen, the property is named.
    expect(dialog.getByText(/upload documents to the vault of Sea Point Flat\./)).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Send invite' }));
    expect(await screen.findByText(INVITE_MESSAGES.sentTo('sipho@example.com'))).toBeTruthy();
    expect(server.calls).toEqual([
      {
        path: 'vendors.invite',
        input: {
          name: 'Sipho Dlamini',
          email: 'sipho@example.com',
          propertyId: SEA_POINT.id,
          allowedKinds: ['certificate', 'inspection'],
          expiresInDays: 14,
        },
      },
    ]);
    fireEvent.click(dialog.getByRole('button', { name: 'Done' }));
    expect(await card('Sipho Dlamini')).toBeTruthy();
    expect(server.asked['vendors.list']).toBe(2);
  });

  it('chooses the only property at once', async () => {
    await renderPage({ properties: [GARDENS] });
    const dialog = await openInvite();
    expect((dialog.getByLabelText(/^Property/) as HTMLSelectElement).value).toBe(GARDENS.id);
  });

  it('without a property, Invite Vendor is disabled and says to add one first', async () => {
    await renderPage({ vendors: [], properties: [] });
    expect(await screen.findByText(VENDORS_PAGE_MESSAGES.noProperties)).toBeTruthy();
    const invite = screen.getByRole('button', { name: VENDORS_PAGE_MESSAGES.invite });
    expect(invite.hasAttribute('disabled')).toBe(true);
    expect(invite.getAttribute('aria-describedby')).toBe('invite-vendor-hint');
    expect(screen.getByRole('link', { name: 'Add Property' }).getAttribute('href')).toBe('/properties/new');
  });

  it('Edit sends only what changed: blank notes are cleared, specialties are split on commas', async () => {
    const { server } = await renderPage();
    fireEvent.click((await card('Sipho Dlamini')).getByRole('button', { name: 'Edit Sipho Dlamini' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit Sipho Dlamini' }));
    expect((dialog.getByLabelText(/^Specialties/) as HTMLInputElement).value).toBe('Electrical, Solar');

    fireEvent.change(dialog.getByLabelText(/^Name/), { target: { value: '  ' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Save changes' }));
    expect(await dialog.findByText(VENDOR_MESSAGES.nameRequired)).toBeTruthy();
    expect(server.calls).toEqual([]);

    fireEvent.change(dialog.getByLabelText(/^Name/), { target: { value: 'Sipho Dlamini' } });
    fireEvent.change(dialog.getByLabelText(/^Company/), { target: { value: 'Dlamini Electrical' } });
    fireEvent.change(dialog.getByLabelText(/^Specialties/), { target: { value: 'Electrical, Gas , gas' } });
    fireEvent.change(dialog.getByLabelText(/^Notes/), { target: { value: '' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(VENDORS_PAGE_MESSAGES.updated)).toBeTruthy();
    expect(server.calls).toEqual([
      {
        path: 'vendors.update',
        input: {
          id: SIPHO.id,
          patch: { company: 'Dlamini Electrical', specialties: ['Electrical', 'Gas'], notes: null },
        },
      },
    ]);
    await waitFor(async () =>
      expect((await card('Sipho Dlamini')).getByText('Dlamini Electrical')).toBeTruthy(),
    );
  });

  it('Remove asks first, then removes the vendor', async () => {
    const { server } = await renderPage();
    fireEvent.click((await card('Sipho Dlamini')).getByRole('button', { name: 'Remove Sipho Dlamini' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Remove this vendor?' }));
    expect(confirm.getByText(/Documents they uploaded stay in the vault/)).toBeTruthy();
    fireEvent.click(confirm.getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText(VENDORS_PAGE_MESSAGES.removed)).toBeTruthy();
    expect(server.calls).toEqual([{ path: 'vendors.remove', input: { id: SIPHO.id } }]);
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Sipho Dlamini' })).toBeNull());
    expect(screen.getByRole('article', { name: 'Thandi Mokoena' })).toBeTruthy();
  });

  it('shows skeleton cards while loading, then an error with Retry', async () => {
    await renderPage({ failures: { 'vendors.list': 1 } });
    expect(screen.getByLabelText('Loading vendors')).toBeTruthy();
    expect(screen.getAllByTestId('vendor-skeleton')).toHaveLength(3);
    expect(await screen.findByText(VENDORS_PAGE_MESSAGES.loadFailed)).toBeTruthy();
    notifications.clean();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await card('Thandi Mokoena')).toBeTruthy();
  });
});

describe('VendorsPage for the roles (issue 29 §1)', () => {
  it('holds Invite Vendor, Edit and Remove back from a viewer, with the reason, and sends nothing', async () => {
    const { server } = await renderAs('viewer');
    await card('Sipho Dlamini');
    // Once the properties are in, the button would be enabled for a member.
    await waitFor(() =>
      expect(
        screen.getByRole('button', { name: VENDORS_PAGE_MESSAGES.invite }).hasAttribute('data-loading'),
      ).toBe(false),
    );
    const controls = [
      screen.getByRole('button', { name: VENDORS_PAGE_MESSAGES.invite }),
      ...['Sipho Dlamini', 'Thandi Mokoena'].flatMap((name) => {
        const vendor = within(screen.getByRole('article', { name }));
        return [
          vendor.getByRole('button', { name: `Edit ${name}` }),
          vendor.getByRole('button', { name: `Remove ${name}` }),
        ];
      }),
    ];
    for (const control of controls) {
      expectHeldBack(control);
      fireEvent.click(control);
    }
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(server.calls).toEqual([]);
    // Reading stays: the contact links are links as before.
    expect(
      screen.getByRole('link', { name: 'Email Sipho Dlamini' }).getAttribute('aria-disabled'),
    ).toBeNull();
  });

  it('holds Invite Vendor and Add Property back from a viewer without properties', async () => {
    await renderAs('viewer', { vendors: [], properties: [] });
    await screen.findByText(VENDORS_PAGE_MESSAGES.noProperties);
    expectHeldBack(screen.getByRole('button', { name: VENDORS_PAGE_MESSAGES.invite }));
    expectHeldBack(screen.getByRole('link', { name: 'Add Property' }));
  });

  it('lets a member invite, edit and remove as before', async () => {
    const { server } = await renderAs('member');
    const dialog = await openInvite();
    expect(dialog.getByRole('textbox', { name: /name/i })).toBeTruthy();
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click((await card('Sipho Dlamini')).getByRole('button', { name: 'Edit Sipho Dlamini' }));
    expect(await screen.findByRole('dialog')).toBeTruthy();
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click((await card('Sipho Dlamini')).getByRole('button', { name: 'Remove Sipho Dlamini' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Remove this vendor?' }));
    fireEvent.click(confirm.getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(server.calls).toEqual([{ path: 'vendors.remove', input: { id: SIPHO.id } }]));
  });
});
