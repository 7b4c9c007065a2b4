import { fireEvent, screen, waitFor } from '@testing-library/react';
import { TRPCClientError } from '@trpc/client';
import { describe, expect, it, vi } from 'vitest';
import { renderWithMantine } from '../../../../test/render';
import { ChangePasswordForm } from './settings-panel';

/** A password input by its label (the required asterisk aside). */
const field = (label: string) =>
  screen.getByLabelText((content) => content.replace(/\s*\*$/, '').trim() === label) as HTMLInputElement;

const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Change password' }));

function renderForm(onChange = vi.fn().mockResolvedValue({ ok: true })) {
  renderWithMantine(<ChangePasswordForm onChange={onChange} />);
  return onChange;
}

describe('ChangePasswordForm', () => {
  it('has the three password fields and the submit button', () => {
    renderForm();
    for (const label of ['Current password', 'New password', 'Confirm new password']) {
      expect(field(label).type).toBe('password');
    }
    expect(screen.getByRole('form', { name: 'Change password' })).toBeTruthy();
  });

  it('asks for every field when they are empty, and sends nothing', async () => {
    const onChange = renderForm();
    submit();
    expect(await screen.findByText('Enter your current password')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
    expect(screen.getByText('Please confirm your password')).toBeTruthy();
    expect(field('New password').getAttribute('aria-invalid')).toBe('true');
    expect(onChange).not.toHaveBeenCalled();
  });

  it("refuses a new password under 8 characters with the domain's message", async () => {
    const onChange = renderForm();
    type('Current password', 'old-password');
    type('New password', 'short');
    type('Confirm new password', 'short');
    submit();
    expect(await screen.findByText('Password must be at least 8 characters')).toBeTruthy();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('refuses a confirmation that differs from the new password', async () => {
    const onChange = renderForm();
    type('Current password', 'old-password');
    type('New password', 'new-password-1');
    type('Confirm new password', 'new-password-2');
    submit();
    expect(await screen.findByText('Passwords do not match. Please check and try again.')).toBeTruthy();
    expect(onChange).not.toHaveBeenCalled();
  });

  it("sends the current and new password, then says 'Password changed' and empties the form", async () => {
    const onChange = renderForm();
    type('Current password', 'old-password');
    type('New password', 'new-password-1');
    type('Confirm new password', 'new-password-1');
    submit();
    await waitFor(() =>
      expect(onChange).toHaveBeenCalledWith({
        currentPassword: 'old-password',
        newPassword: 'new-password-1',
      }),
    );
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(await screen.findByText('Password changed')).toBeTruthy();
    expect(screen.getByText('Your other sessions have been signed out.')).toBeTruthy();
    await waitFor(() => expect(field('Current password').value).toBe(''));
    expect(field('New password').value).toBe('');
    expect(field('Confirm new password').value).toBe('');
  });

  it("shows the server's message in an 'Error' toast and keeps what was typed", async () => {
    const onChange = renderForm(
      vi.fn().mockRejectedValue(
        TRPCClientError.from({
          error: {
            message: 'Your current password is not correct',
            code: -32600,
            data: { code: 'BAD_REQUEST', httpStatus: 400 },
          },
        }),
      ),
    );
    type('Current password', 'wrong-password');
    type('New password', 'new-password-1');
    type('Confirm new password', 'new-password-1');
    submit();
    expect(await screen.findByText('Your current password is not correct')).toBeTruthy();
    expect(screen.getByText('Error')).toBeTruthy();
    expect(screen.queryByText('Password changed')).toBeNull();
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(field('Current password').value).toBe('wrong-password');
  });
});
