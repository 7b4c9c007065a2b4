import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { INVITE_MESSAGES } from '../../../../../components/vendors/invite-vendor-modal';
import {
  type FakeEscalationServer,
  ownVendor,
  PROPERTY_ID,
  provider,
  renderWithEscalationApi,
} from './escalation-api.fixture';
import { EscalationTab } from './escalation-tab';
import { PROVIDER_MESSAGES } from './labels';

const NOW = new Date('2026-11-23T08:00:00Z');

const ATLANTIC = provider();
const HIGHVELD = provider({
  id: 'b0b0b0b0-0000-4000-8000-000000000002',
  company_name: 'Highveld Roofing',
  trading_as: null,
  description: null,
  specialties: ['Roofing', 'Waterproofing'],
  area: '3 Long Street, Cape Town',
  email: null,
  phone: '021 555 0202',
  website: null,
  // Typed insurance is never current: the API answers no insured_until for a self-declared supplier.
  insured_until: null,
  verified: false,
  verification: {
    level: 'self_declared',
    checks: [
      {
        kind: 'liability_insurance',
        status: 'lapsed',
        checked_at: '2025-02-01T09:00:00.000Z',
        valid_until: '2026-01-31',
        source: 'PropertyDNA review',
        trade: null,
        checked: 'Certificate of insurance',
      },
    ],
  },
});

function renderTab(overrides: Partial<FakeEscalationServer> = {}) {
  return renderWithEscalationApi(
    <EscalationTab property={{ id: PROPERTY_ID, municipality: 'CPT', features: [] }} now={NOW} />,
    { providers: [ATLANTIC, HIGHVELD], ...overrides },
  );
}

async function openFindProvider() {
  const button = await screen.findByRole('button', { name: 'Find Provider' });
  expect(button.getAttribute('aria-expanded')).toBe('false');
  fireEvent.click(button);
  expect(button.getAttribute('aria-expanded')).toBe('true');
  const section = await screen.findByRole('region', { name: 'Find Provider' });
  return within(section);
}

const providerCard = (name: string) => screen.findByRole('listitem', { name });
/** The searches asked for, each without the property (always this one). */
const searches = (server: FakeEscalationServer) =>
  server.queries
    .filter((query) => query.path === 'escalation.findProviders')
    .map((query) => {
      const { propertyId, ...search } = query.input as { propertyId: string };
      expect(propertyId).toBe(PROPERTY_ID);
      return search;
    });

describe('Escalation tab: Find Provider', () => {
  it('searches the property’s municipality at once and shows each provider in full', async () => {
    const { server } = await renderTab();
    const section = await openFindProvider();
    await waitFor(() =>
      expect(document.activeElement).toBe(section.getByRole('heading', { name: 'Find Provider' })),
    );
    expect((section.getByLabelText(/^Area/) as HTMLInputElement).value).toBe('City of Cape Town');
    expect(searches(server)).toEqual([{ municipality: 'City of Cape Town' }]);

    const atlantic = within(await providerCard('Atlantic Plumbing (Pty) Ltd'));
    expect(atlantic.getByText('Trading as Atlantic Plumbing')).toBeTruthy();
    expect(atlantic.getByTestId('verification-level').textContent).toMatch(/^Documents checked/);
    // What was checked, and until when.
    const checked = within(
      atlantic.getByRole('list', { name: 'What was checked for Atlantic Plumbing (Pty) Ltd' }),
    );
    expect(checked.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Company registration document · checked Nov 02, 2026 · no end date',
      'PIRB licensed plumber · checked Nov 02, 2026 · valid until Jun 30, 2027',
      'Liability insurance certificate · checked Nov 02, 2026 · valid until Mar 31, 2027',
    ]);
    const specialties = within(
      atlantic.getByRole('list', { name: 'Specialties of Atlantic Plumbing (Pty) Ltd' }),
    );
    expect(specialties.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Plumbing',
      'Geysers',
    ]);
    expect(atlantic.getByText('12 Main Road, Sea Point, Cape Town')).toBeTruthy();
    expect(atlantic.getByTestId('provider-insurance').textContent).toBe(
      'Liability insurance current until Mar 31, 2027',
    );
    expect(
      atlantic.getByRole('link', { name: 'Email Atlantic Plumbing (Pty) Ltd' }).getAttribute('href'),
    ).toBe('mailto:jobs@atlanticplumbing.example');
    expect(
      atlantic.getByRole('link', { name: 'Call Atlantic Plumbing (Pty) Ltd' }).getAttribute('href'),
    ).toBe('tel:0215550101');
    const website = atlantic.getByRole('link', { name: /^Website of Atlantic Plumbing/ });
    expect(website.getAttribute('href')).toBe('https://atlanticplumbing.example');
    expect(website.getAttribute('target')).toBe('_blank');
    expect(atlantic.getByRole('button', { name: PROVIDER_MESSAGES.invite })).toBeTruthy();

    // Its approval lapsed: self-declared, and said so; nothing listed as checked; no e-mail, no Email link.
    const highveld = within(await providerCard('Highveld Roofing'));
    expect(highveld.getByTestId('verification-level').textContent).toMatch(/^Self-declared/);
    expect(highveld.queryByTestId('verified-checks')).toBeNull();
    expect(highveld.getByTestId('provider-insurance').textContent).toBe(PROVIDER_MESSAGES.noInsurance);
    expect(highveld.queryByRole('link', { name: /^Email/ })).toBeNull();
    expect(highveld.getByRole('link', { name: 'Call Highveld Roofing' })).toBeTruthy();
  });

  it('searches by specialty, area and free text, and says No providers match', async () => {
    const { server } = await renderTab();
    const section = await openFindProvider();
    await providerCard('Highveld Roofing');
    fireEvent.change(section.getByLabelText(/^Specialty/), { target: { value: '  roof ' } });
    fireEvent.click(section.getByRole('button', { name: PROVIDER_MESSAGES.search }));
    await waitFor(() =>
      expect(searches(server).at(-1)).toEqual({ specialty: 'roof', municipality: 'City of Cape Town' }),
    );
    await waitFor(() =>
      expect(screen.queryByRole('listitem', { name: 'Atlantic Plumbing (Pty) Ltd' })).toBeNull(),
    );
    expect(await providerCard('Highveld Roofing')).toBeTruthy();

    fireEvent.change(section.getByLabelText(/^Area/), { target: { value: 'Durban' } });
    fireEvent.change(section.getByLabelText(/^Name or keyword/), { target: { value: 'gutters' } });
    fireEvent.click(section.getByRole('button', { name: PROVIDER_MESSAGES.search }));
    expect(await section.findByText(PROVIDER_MESSAGES.empty)).toBeTruthy();
    // Nobody in Durban nor elsewhere in its province: said, above the empty state.
    expect(section.getByTestId('provider-widened').textContent).toBe(
      'No roof providers in eThekwini or elsewhere in KwaZulu-Natal',
    );
    expect(searches(server).at(-1)).toEqual({ specialty: 'roof', municipality: 'Durban', q: 'gutters' });
  });

  it('refuses a search term that is too long with the domain’s message', async () => {
    const { server } = await renderTab();
    const section = await openFindProvider();
    await providerCard('Highveld Roofing');
    const field = section.getByLabelText(/^Name or keyword/);
    // The field stops at 100 characters; a value set past it is still checked.
    fireEvent.change(field, { target: { value: 'x'.repeat(101) } });
    fireEvent.click(section.getByRole('button', { name: PROVIDER_MESSAGES.search }));
    expect(await section.findByText('Search must be at most 100 characters')).toBeTruthy();
    expect(searches(server)).toHaveLength(1);
  });

  it('Invite as vendor opens the vendors’ invite for this property, prefilled with the provider', async () => {
    const { server } = await renderTab();
    await openFindProvider();
    const atlantic = within(await providerCard('Atlantic Plumbing (Pty) Ltd'));
    fireEvent.click(atlantic.getByRole('button', { name: PROVIDER_MESSAGES.invite }));
    const dialog = within(
      await screen.findByRole('dialog', { name: 'Invite Atlantic Plumbing (Pty) Ltd as vendor' }),
    );
    expect((dialog.getByLabelText(/^Name/) as HTMLInputElement).value).toBe('Atlantic Plumbing');
    expect((dialog.getByLabelText(/^Email/) as HTMLInputElement).value).toBe('jobs@atlanticplumbing.example');
    expect((dialog.getByLabelText('Company (Optional)') as HTMLInputElement).value).toBe(
      'Atlantic Plumbing (Pty) Ltd',
    );
    expect((dialog.getByLabelText('Phone (Optional)') as HTMLInputElement).value).toBe('021 555 0101');
    // For this property: no property to choose.
    expect(dialog.queryByLabelText(/^Property/)).toBeNull();

    fireEvent.click(dialog.getByRole('button', { name: 'Send invite' }));
    expect(await screen.findByText(INVITE_MESSAGES.sentTo('jobs@atlanticplumbing.example'))).toBeTruthy();
    expect(server.calls).toEqual([
      {
        path: 'vendors.invite',
        input: expect.objectContaining({
          name: 'Atlantic Plumbing',
          email: 'jobs@atlanticplumbing.example',
          company: 'Atlantic Plumbing (Pty) Ltd',
          // Sent as the domain normalises a South African number.
          phone: '+27215550101',
          propertyId: PROPERTY_ID,
          allowedKinds: ['certificate', 'inspection'],
        }),
      },
    ]);
    fireEvent.click(dialog.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('a provider without an e-mail address is invited once the owner types one', async () => {
    await renderTab();
    await openFindProvider();
    const highveld = within(await providerCard('Highveld Roofing'));
    fireEvent.click(highveld.getByRole('button', { name: PROVIDER_MESSAGES.invite }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Invite Highveld Roofing as vendor' }));
    expect((dialog.getByLabelText(/^Email/) as HTMLInputElement).value).toBe('');
    expect((dialog.getByLabelText(/^Name/) as HTMLInputElement).value).toBe('Highveld Roofing');
  });

  it('says Searching providers… while it searches, then an error with Retry', async () => {
    await renderTab({ failures: { 'escalation.findProviders': 1 } });
    await openFindProvider();
    expect(screen.getAllByRole('status').map((status) => status.textContent)).toContain(
      PROVIDER_MESSAGES.searching,
    );
    expect(await screen.findByText(PROVIDER_MESSAGES.loadFailed)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await providerCard('Atlantic Plumbing (Pty) Ltd')).toBeTruthy();
  });
});

describe('Find Provider that finds (issue 32 §6)', () => {
  const WINELANDS = provider({
    id: 'b0b0b0b0-0000-4000-8000-000000000003',
    company_name: 'Winelands Solar (Pty) Ltd',
    trading_as: null,
    description: null,
    specialties: ['Solar', 'Electrical'],
    area: 'Stellenbosch',
    email: 'info@winelandssolar.example',
    phone: '+27215550177',
    website: 'https://winelandssolar.example',
    insured_until: null,
    verified: false,
    verification: { level: 'self_declared', checks: [] },
  });
  const QUIET = provider({
    id: 'b0b0b0b0-0000-4000-8000-000000000004',
    company_name: 'Paarl Solar',
    trading_as: null,
    description: null,
    specialties: ['Solar'],
    area: 'Drakenstein',
    email: null,
    phone: null,
    website: null,
    insured_until: null,
    verified: false,
    verification: { level: 'self_declared', checks: [] },
  });
  const THABO = ownVendor();

  /** The results in order: each card's kind (own vendor or provider) and name. */
  function results(section: ReturnType<typeof within>) {
    const list = section.getByRole('list', { name: 'Providers' });
    return [...list.children].map((card) => [
      card.getAttribute('data-testid'),
      within(card as HTMLElement).getAllByRole('heading')[0]?.textContent,
    ]);
  }

  it('falls back to the province when the municipality has nobody, says so, and lists the owner’s vendor first', async () => {
    const { server } = await renderWithEscalationApi(
      <EscalationTab property={{ id: PROPERTY_ID, municipality: 'CPT', features: [] }} now={NOW} />,
      { providers: [WINELANDS, QUIET, ATLANTIC], vendors: [THABO] },
    );
    const section = await openFindProvider();
    fireEvent.change(section.getByLabelText(/^Specialty/), { target: { value: 'Solar' } });
    fireEvent.click(section.getByRole('button', { name: PROVIDER_MESSAGES.search }));
    await waitFor(() =>
      expect(section.getByTestId('provider-widened').textContent).toBe(
        'No Solar providers in City of Cape Town; showing providers in Western Cape',
      ),
    );
    expect(searches(server).at(-1)).toEqual({ specialty: 'Solar', municipality: 'City of Cape Town' });
    expect(section.getAllByRole('status').map((status) => status.textContent)).toContain(
      '1 of your vendors and 2 providers in Western Cape: your vendors first, then checked suppliers',
    );
    // The owner's vendor first, then the providers in the server's order.
    expect(results(section)).toEqual([
      ['own-vendor', 'Thabo Nkosi'],
      ['provider', 'Winelands Solar (Pty) Ltd'],
      ['provider', 'Paarl Solar'],
    ]);

    // The own vendor: marked as theirs, with the contact the owner keeps and no access here yet.
    const thabo = within(await providerCard('Thabo Nkosi'));
    expect(thabo.getByTestId('your-vendor').textContent).toBe('Your vendor');
    expect(thabo.getByText('Sun Sparks Electrical')).toBeTruthy();
    expect(thabo.getByText('Not invited to this property')).toBeTruthy();
    expect(thabo.getByRole('link', { name: 'Email Thabo Nkosi' }).getAttribute('href')).toBe(
      'mailto:thabo@sunsparks.example',
    );
    expect(thabo.getByRole('link', { name: 'Call Thabo Nkosi' }).getAttribute('href')).toBe(
      'tel:+27825550123',
    );

    // A provider's published contact details, written out; none made up for one that published none.
    const winelands = within(await providerCard('Winelands Solar (Pty) Ltd'));
    expect(winelands.queryByTestId('your-vendor')).toBeNull();
    expect(
      winelands.getByText('info@winelandssolar.example · +27215550177 · https://winelandssolar.example'),
    ).toBeTruthy();
    expect(winelands.getByRole('link', { name: /^Website of Winelands Solar/ }).getAttribute('href')).toBe(
      'https://winelandssolar.example',
    );
    const quiet = within(await providerCard('Paarl Solar'));
    expect(quiet.getByText('No contact details published')).toBeTruthy();
    expect(quiet.queryByRole('link')).toBeNull();
  });

  it('stays in the municipality when it has someone; an emptied area searches anywhere', async () => {
    const { server } = await renderWithEscalationApi(
      <EscalationTab property={{ id: PROPERTY_ID, municipality: 'CPT', features: [] }} now={NOW} />,
      { providers: [WINELANDS, ATLANTIC], vendors: [THABO] },
    );
    const section = await openFindProvider();
    await providerCard('Atlantic Plumbing (Pty) Ltd');
    expect(section.queryByTestId('provider-widened')).toBeNull();
    expect(results(section)).toEqual([
      ['own-vendor', 'Thabo Nkosi'],
      ['provider', 'Atlantic Plumbing (Pty) Ltd'],
    ]);
    fireEvent.change(section.getByLabelText(/^Area/), { target: { value: '' } });
    fireEvent.click(section.getByRole('button', { name: PROVIDER_MESSAGES.search }));
    await providerCard('Winelands Solar (Pty) Ltd');
    expect(searches(server).at(-1)).toEqual({ municipality: '' });
    expect(section.getAllByRole('status').map((status) => status.textContent)).toContain(
      '1 of your vendors and 2 providers: your vendors first, then checked suppliers',
    );
  });

  it('invites an own vendor to this property, prefilled; one with live access here shows it instead', async () => {
    const access = {
      invite_id: 'a0000000-0000-4000-8000-000000000001',
      status: 'active' as const,
      access_level: 'Certificate Upload' as const,
      allowed_kinds: ['certificate' as const, 'inspection' as const],
      summary: 'May upload certificates and inspection reports until Dec 07, 2026',
      invited_at: '2026-11-23T08:00:00.000Z',
      expires_at: '2026-12-07T08:00:00.000Z',
      revoked_at: null,
    };
    const sipho = ownVendor({
      id: 'f0f0f0f0-0000-4000-8000-000000000002',
      name: 'Sipho Dlamini',
      company: null,
      email: 'sipho@plumbing.example',
      phone: null,
      specialties: ['Plumbing'],
      properties: [{ id: PROPERTY_ID, name: 'Kloof House', address: '8 Kloof Street', access }],
    });
    const { server } = await renderWithEscalationApi(
      <EscalationTab property={{ id: PROPERTY_ID, municipality: 'CPT', features: [] }} now={NOW} />,
      { providers: [], vendors: [sipho, THABO] },
    );
    await openFindProvider();
    const siphoCard = within(await providerCard('Sipho Dlamini'));
    expect(siphoCard.getByText('Independent')).toBeTruthy();
    expect(siphoCard.getByText(access.summary)).toBeTruthy();
    expect(siphoCard.queryByRole('button', { name: PROVIDER_MESSAGES.inviteOwn })).toBeNull();
    expect(screen.getAllByRole('status').map((status) => status.textContent)).toContain(
      '2 of your vendors; no other providers in Western Cape',
    );

    const thabo = within(await providerCard('Thabo Nkosi'));
    fireEvent.click(thabo.getByRole('button', { name: PROVIDER_MESSAGES.inviteOwn }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Invite Thabo Nkosi to this property' }));
    expect((dialog.getByLabelText(/^Name/) as HTMLInputElement).value).toBe('Thabo Nkosi');
    expect((dialog.getByLabelText(/^Email/) as HTMLInputElement).value).toBe('thabo@sunsparks.example');
    expect((dialog.getByLabelText('Company (Optional)') as HTMLInputElement).value).toBe(
      'Sun Sparks Electrical',
    );
    fireEvent.click(dialog.getByRole('button', { name: 'Send invite' }));
    expect(await screen.findByText(INVITE_MESSAGES.sentTo('thabo@sunsparks.example'))).toBeTruthy();
    expect(server.calls).toEqual([
      {
        path: 'vendors.invite',
        input: expect.objectContaining({ email: 'thabo@sunsparks.example', propertyId: PROPERTY_ID }),
      },
    ]);
    // Find Provider asks again: an invited provider is then among the owner's vendors.
    await waitFor(() => expect(searches(server).length).toBeGreaterThan(1));
  });
});
