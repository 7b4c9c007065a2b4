import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { INVITE_MESSAGES } from '../../../../../components/vendors/invite-vendor-modal';
import {
  type FakeEscalationServer,
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
const searches = (server: FakeEscalationServer) =>
  server.queries.filter((query) => query.path === 'escalation.providers').map((query) => query.input);

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
    await renderTab({ failures: { 'escalation.providers': 1 } });
    await openFindProvider();
    expect(screen.getAllByRole('status').map((status) => status.textContent)).toContain(
      PROVIDER_MESSAGES.searching,
    );
    expect(await screen.findByText(PROVIDER_MESSAGES.loadFailed)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await providerCard('Atlantic Plumbing (Pty) Ltd')).toBeTruthy();
  });
});
