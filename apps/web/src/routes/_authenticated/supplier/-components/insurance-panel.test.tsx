import { SUPPLIER_MESSAGES } from '@propertydna/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithMantine } from '../../../../test/render';
import { InsuranceForm, InsuranceStatus, type SavedInsurance } from './insurance-panel';

const field = (label: string) => screen.getByLabelText(new RegExp(`^${label}`)) as HTMLInputElement;

const saved: SavedInsurance = {
  insurer: 'Santam',
  policy_number: 'LIA-2291',
  expires_at: '2030-01-31',
  insured: true,
  certificate: null,
};

describe('InsuranceStatus', () => {
  it("shows typed cover as self-declared, never 'insured', else when it expired, else that none is recorded", () => {
    const { unmount } = renderWithMantine(<InsuranceStatus insurance={saved} />);
    expect(screen.getByText('Self-declared cover until Jan 31, 2030')).toBeTruthy();
    unmount();
    const lapsed = renderWithMantine(
      <InsuranceStatus insurance={{ ...saved, expires_at: '2020-01-31', insured: false }} />,
    );
    expect(screen.getByText('Expired Jan 31, 2020')).toBeTruthy();
    lapsed.unmount();
    renderWithMantine(<InsuranceStatus insurance={null} />);
    expect(screen.getByText('No insurance recorded')).toBeTruthy();
  });
});

describe('InsuranceForm', () => {
  it('requires every field, with the domain messages, and sends nothing', async () => {
    const onSubmit = vi.fn();
    renderWithMantine(<InsuranceForm insurance={null} pending={false} onSubmit={onSubmit} />);
    fireEvent.click(screen.getByRole('button', { name: 'Save insurance' }));
    expect(await screen.findByText(SUPPLIER_MESSAGES.insurerRequired)).toBeTruthy();
    expect(screen.getByText(SUPPLIER_MESSAGES.policyNumberRequired)).toBeTruthy();
    expect(screen.getByText(SUPPLIER_MESSAGES.expiryRequired)).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('shows the saved cover and sends the edited values', async () => {
    const onSubmit = vi.fn().mockResolvedValue(undefined);
    renderWithMantine(<InsuranceForm insurance={saved} pending={false} onSubmit={onSubmit} />);
    await waitFor(() => expect(field('Insurer').value).toBe('Santam'));
    expect(field('Policy number').value).toBe('LIA-2291');
    expect(field('Expiry date').value).toBe('2030-01-31');
    fireEvent.change(field('Policy number'), { target: { value: 'LIA-3000' } });
    fireEvent.change(field('Expiry date'), { target: { value: '2031-06-30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save insurance' }));
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({
        insurer: 'Santam',
        policy_number: 'LIA-3000',
        expires_at: '2031-06-30',
      }),
    );
  });
});
