import type { SignupRequestInput } from '@propertydna/domain';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithRouter } from '../../test/render';
import type { SignupPreset } from './signup-presets';
import { SignupWizard } from './signup-wizard';

function renderWizard(
  props: { preset?: SignupPreset; scenario?: 'existing'; busy?: boolean; email?: string } = {},
) {
  const onSubmit = vi.fn<(request: SignupRequestInput) => void>();
  const rendered = renderWithRouter(
    <SignupWizard
      preset={props.preset}
      scenario={props.scenario}
      busy={props.busy ?? false}
      onSubmit={onSubmit}
      email={props.email}
    />,
  );
  return { onSubmit, rendered };
}

const button = (name: string | RegExp) => screen.getByRole('button', { name });
/** The input labelled `label`, with or without the required-field asterisk. */
const field = (label: string) =>
  screen.getByLabelText((content) => content.replace(/\s*\*$/, '').trim() === label);
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });

/** The labels of the role-dependent fields shown on step 3. */
function roleFieldLabels(): string[] {
  const heading = screen.queryByRole('heading', { name: 'Company details' });
  if (!heading) return [];
  const stack = heading.nextElementSibling as HTMLElement;
  return Array.from(stack.querySelectorAll('label')).map(
    (label) => label.textContent?.replace(/\s*\*$/, '') ?? '',
  );
}

async function goToRole(group: 'Individual' | 'Company', role: string) {
  fireEvent.click(await screen.findByRole('button', { name: new RegExp(`^${group}`) }));
  fireEvent.click(button(new RegExp(`^${role.replace(/[/]/g, '\\/')}`)));
  await screen.findByRole('heading', { name: 'Your details' });
}

function fillPersonalDetails(overrides: Partial<Record<string, string>> = {}) {
  type('First name', overrides.firstName ?? 'Thandiwe');
  type('Last name', overrides.lastName ?? 'Mokoena');
  type('Email', overrides.email ?? 'Thandiwe@Example.co.za');
  type('Password', overrides.password ?? 'correct horse');
  type('Confirm password', overrides.confirmPassword ?? 'correct horse');
}

describe('SignupWizard steps', () => {
  it('goes from account type to role to the form, and back a step at a time', async () => {
    renderWizard();
    expect(await screen.findByRole('heading', { name: 'Choose account type' })).toBeTruthy();
    expect(screen.getByText('Step 1 of 3')).toBeTruthy();

    fireEvent.click(button(/^Individual/));
    expect(screen.getByRole('heading', { name: 'Choose your role' })).toBeTruthy();
    expect(screen.getByText('Step 2 of 3')).toBeTruthy();
    expect(button(/^Homeowner/)).toBeTruthy();
    expect(button(/^Property Investor/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Supplier/ })).toBeNull();

    fireEvent.click(button(/^Homeowner/));
    expect(screen.getByRole('heading', { name: 'Your details' })).toBeTruthy();
    expect(screen.getByText('Step 3 of 3')).toBeTruthy();
    expect(screen.getByText('Signing up as: Homeowner')).toBeTruthy();

    fireEvent.click(button('Back'));
    expect(screen.getByRole('heading', { name: 'Choose your role' })).toBeTruthy();
    fireEvent.click(button('Back'));
    expect(screen.getByRole('heading', { name: 'Choose account type' })).toBeTruthy();
  });

  it('moves focus to the heading of each new step', async () => {
    renderWizard();
    fireEvent.click(await screen.findByRole('button', { name: /^Company/ }));
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Choose your role' }));
  });

  it('offers the company roles with main contractor, developer and insurance agent Coming Soon and disabled', async () => {
    renderWizard();
    fireEvent.click(await screen.findByRole('button', { name: /^Company/ }));
    for (const role of ['Main Contractor', 'Developer', 'Insurance Agent']) {
      const card = button(new RegExp(`^${role}`));
      expect(card).toHaveProperty('disabled', true);
      expect(within(card).getByText('Coming Soon')).toBeTruthy();
      fireEvent.click(card);
      expect(screen.getByRole('heading', { name: 'Choose your role' })).toBeTruthy();
    }
    for (const role of ['Company Investor', 'Property Manager', 'Supplier']) {
      const card = button(new RegExp(`^${role}`));
      expect(card).toHaveProperty('disabled', false);
      expect(within(card).queryByText('Coming Soon')).toBeNull();
    }
  });

  it('preselects a homeowner from ?type=homeowner and opens the form', async () => {
    renderWizard({ preset: 'homeowner' });
    expect(await screen.findByRole('heading', { name: 'Your details' })).toBeTruthy();
    expect(screen.getByText('Signing up as: Homeowner')).toBeTruthy();
    fireEvent.click(button('Back'));
    expect(button(/^Homeowner/).getAttribute('aria-pressed')).toBe('true');
  });

  it("starts from a transfer link's address", async () => {
    renderWizard({ preset: 'homeowner', email: 'buyer@example.com' });
    await screen.findByRole('heading', { name: 'Your details' });
    expect((field('Email') as HTMLInputElement).value).toBe('buyer@example.com');
  });

  it('preselects a supplier company from ?type=supplier and opens the form', async () => {
    renderWizard({ preset: 'supplier' });
    expect(await screen.findByText('Signing up as: Supplier / Service Provider')).toBeTruthy();
  });

  it('shows the company roles for ?type=developer, since developer cannot be chosen yet', async () => {
    renderWizard({ preset: 'developer' });
    expect(await screen.findByRole('heading', { name: 'Choose your role' })).toBeTruthy();
    expect(screen.getByText('Company account')).toBeTruthy();
    expect(button(/^Developer/)).toHaveProperty('disabled', true);
  });

  it('tells a homeowner with an existing property what happens after signup', async () => {
    renderWizard({ preset: 'homeowner', scenario: 'existing' });
    expect(await screen.findByText('Already own a property?')).toBeTruthy();
  });

  it('has no existing-property note without the scenario', async () => {
    renderWizard({ preset: 'homeowner' });
    await screen.findByRole('heading', { name: 'Your details' });
    expect(screen.queryByText('Already own a property?')).toBeNull();
  });
});

describe('SignupWizard role fields', () => {
  it('asks an individual for personal details only', async () => {
    renderWizard();
    await goToRole('Individual', 'Homeowner');
    expect(roleFieldLabels()).toEqual([]);
    for (const label of [
      'First name',
      'Last name',
      'Email',
      'Phone number (optional)',
      'Password',
      'Confirm password',
    ]) {
      expect(field(label)).toBeTruthy();
    }
    expect(screen.getByRole('checkbox', { name: 'I agree to the Terms of Service' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Terms of Service' }).getAttribute('href')).toBe('/terms');
    expect(screen.getByRole('checkbox', { name: /product news/ })).toBeTruthy();
  });

  it('asks an investor for personal details only', async () => {
    renderWizard();
    await goToRole('Individual', 'Property Investor');
    expect(roleFieldLabels()).toEqual([]);
  });

  it('asks a company investor for the company name, registration number, optional VAT number and company type', async () => {
    renderWizard();
    await goToRole('Company', 'Company Investor');
    expect(roleFieldLabels()).toEqual([
      'Company name',
      'Company registration number',
      'VAT number (optional)',
      'Company type',
    ]);
  });

  it('asks a property manager for the company name', async () => {
    renderWizard();
    await goToRole('Company', 'Property Manager');
    expect(roleFieldLabels()).toEqual(['Company name']);
  });

  it('asks a supplier for the company name, optional trading name, registration number, business address and service categories', async () => {
    renderWizard();
    await goToRole('Company', 'Supplier');
    expect(roleFieldLabels()).toEqual([
      'Company name',
      'Trading as (optional)',
      'Company registration number',
      'Business address',
      'Service categories',
    ]);
  });
});

describe('SignupWizard submit', () => {
  it('shows the field messages of the schema and sends nothing', async () => {
    const { onSubmit } = renderWizard();
    await goToRole('Company', 'Company Investor');
    fireEvent.click(button('Create Account'));
    expect(await screen.findByText('Company name is required')).toBeTruthy();
    expect(screen.getByText('Registration number is required')).toBeTruthy();
    expect(screen.getByText('Company type is required')).toBeTruthy();
    expect(screen.getByText('First name is required')).toBeTruthy();
    expect(screen.getByText('Email is required')).toBeTruthy();
    expect(document.activeElement).toBe(field('Company name'));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('raises the Password mismatch toast when the passwords differ', async () => {
    const { onSubmit } = renderWizard({ preset: 'homeowner' });
    await screen.findByRole('heading', { name: 'Your details' });
    fillPersonalDetails({ confirmPassword: 'correct horse!' });
    fireEvent.click(screen.getByRole('checkbox', { name: 'I agree to the Terms of Service' }));
    fireEvent.click(button('Create Account'));
    expect(await screen.findByText('Password mismatch')).toBeTruthy();
    expect(screen.getAllByText('Passwords do not match. Please check and try again.').length).toBeGreaterThan(
      0,
    );
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('raises the Terms required toast when the Terms are not agreed', async () => {
    const { onSubmit } = renderWizard({ preset: 'homeowner' });
    await screen.findByRole('heading', { name: 'Your details' });
    fillPersonalDetails();
    fireEvent.click(button('Create Account'));
    expect(await screen.findByText('Terms required')).toBeTruthy();
    expect(screen.getAllByText('Please agree to the Terms of Service to continue.').length).toBeGreaterThan(
      0,
    );
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends the signup request of a valid form, without the confirmation and the Terms flag', async () => {
    const { onSubmit } = renderWizard();
    await goToRole('Company', 'Supplier');
    type('Company name', 'Karoo Roofing (Pty) Ltd');
    type('Company registration number', '2019/123456/07');
    type('Business address', '12 Bree Street, Cape Town');
    type('Service categories', 'Roofing, Gutters');
    fillPersonalDetails();
    fireEvent.click(screen.getByRole('checkbox', { name: 'I agree to the Terms of Service' }));
    fireEvent.click(button('Create Account'));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({
      accountType: 'company',
      userType: 'supplier',
      firstName: 'Thandiwe',
      lastName: 'Mokoena',
      email: 'thandiwe@example.co.za',
      password: 'correct horse',
      company: 'Karoo Roofing (Pty) Ltd',
      registrationNumber: '2019/123456/07',
      businessAddress: '12 Bree Street, Cape Town',
      specialties: ['Roofing', 'Gutters'],
      agreeToMarketing: false,
      phoneNumber: undefined,
      vatNumber: undefined,
      companyType: undefined,
      tradingAs: undefined,
    });
  });

  it('shows the format of a registration number, VAT number or phone number on its field, and sends them normalised', async () => {
    const { onSubmit } = renderWizard();
    await goToRole('Company', 'Company Investor');
    type('Company name', 'Karoo Holdings');
    type('Company type', 'Private company (Pty) Ltd');
    type('Company registration number', '1234');
    type('VAT number (optional)', '5123');
    fillPersonalDetails();
    type('Phone number (optional)', '12');
    fireEvent.click(screen.getByRole('checkbox', { name: 'I agree to the Terms of Service' }));
    fireEvent.click(button('Create Account'));
    expect(await screen.findByText('Enter a valid phone number')).toBeTruthy();
    type('Phone number (optional)', '082 123 4567');
    fireEvent.click(button('Create Account'));
    expect(
      await screen.findByText('Enter the company registration number as YYYY/NNNNNN/NN, e.g. 2015/123456/07'),
    ).toBeTruthy();
    expect(
      screen.getByText('Enter the VAT number as 10 digits starting with 4, e.g. 4123456789'),
    ).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
    type('Company registration number', '2019 / 123456 / 07');
    type('VAT number (optional)', '4123 456 789');
    fireEvent.click(button('Create Account'));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({
      registrationNumber: '2019/123456/07',
      vatNumber: '4123456789',
      phoneNumber: '+27821234567',
    });
  });

  it('reads Creating Account... and holds the buttons while the request is out', async () => {
    renderWizard({ preset: 'homeowner', busy: true });
    const submit = await screen.findByRole('button', { name: 'Creating Account...' });
    expect(submit).toHaveProperty('disabled', true);
    expect(button('Back')).toHaveProperty('disabled', true);
  });
});
