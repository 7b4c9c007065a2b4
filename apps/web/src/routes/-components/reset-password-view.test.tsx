import { PASSWORD_RESET_MESSAGES, type ResetPasswordInput, SIGNUP_FIELD_MESSAGES } from '@propertydna/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { TRPCClientError } from '@trpc/client';
import { describe, expect, it, vi } from 'vitest';
import { renderWithRouter } from '../../test/render';
import { PASSWORD_RESET_TOAST, RESET_PASSWORD_FAILED, ResetPasswordView } from './reset-password-view';

const TOKEN = 'Zm9yZ290LXBhc3N3b3JkLXRva2VuLWZvci10ZXN0cw';
const MISMATCH = 'Passwords do not match. Please check and try again.';

type Reset = (input: ResetPasswordInput) => Promise<unknown>;

async function renderReset(options: { token?: string | undefined; onReset?: Reset } = {}) {
  // An explicit `token: undefined` is a link without a token; leaving it out is the good link.
  const token = 'token' in options ? options.token : TOKEN;
  const onReset =
    options.onReset ?? vi.fn<Reset>().mockResolvedValue({ ok: true, message: PASSWORD_RESET_MESSAGES.done });
  const onDone = vi.fn();
  await renderWithRouter(
    <ResetPasswordView token={token} onReset={onReset} onDone={onDone} />,
    '/reset-password',
  );
  return { onReset, onDone };
}

/** A password input by its label (the required asterisk aside). */
const field = (label: string) =>
  screen.getByLabelText((content) => content.replace(/\s*\*$/, '').trim() === label) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Reset password' }));

function fillIn(password: string, confirmation = password) {
  type('New password', password);
  type('Confirm new password', confirmation);
}

const badRequest = (message: string) =>
  TRPCClientError.from({ error: { message, code: -32600, data: { code: 'BAD_REQUEST', httpStatus: 400 } } });

describe('ResetPasswordView', () => {
  it('asks for the new password twice, with focus in the first field', async () => {
    await renderReset();
    expect(await screen.findByRole('heading', { level: 1, name: 'Set a new password' })).toBeTruthy();
    expect(field('New password').type).toBe('password');
    expect(field('New password').getAttribute('autocomplete')).toBe('new-password');
    expect(field('Confirm new password').type).toBe('password');
    await waitFor(() => expect(document.activeElement).toBe(field('New password')));
    expect(screen.getByRole('form', { name: 'Set a new password' })).toBeTruthy();
  });

  it('asks for both fields when they are empty, and sends nothing', async () => {
    const { onReset } = await renderReset();
    await screen.findByRole('heading', { name: 'Set a new password' });
    submit();
    expect(await screen.findByText(SIGNUP_FIELD_MESSAGES.passwordRequired)).toBeTruthy();
    expect(screen.getByText(SIGNUP_FIELD_MESSAGES.confirmPasswordRequired)).toBeTruthy();
    expect(field('New password').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(field('New password'));
    expect(onReset).not.toHaveBeenCalled();
  });

  it('refuses a password under 8 characters, as at signup', async () => {
    const { onReset } = await renderReset();
    await screen.findByRole('heading', { name: 'Set a new password' });
    fillIn('short');
    submit();
    const message = await screen.findByText(SIGNUP_FIELD_MESSAGES.passwordTooShort);
    // The message is the field's description for a screen reader.
    expect(field('New password').getAttribute('aria-describedby')).toContain(message.id);
    expect(onReset).not.toHaveBeenCalled();
  });

  it('refuses a password over 128 characters, as at signup', async () => {
    const { onReset } = await renderReset();
    await screen.findByRole('heading', { name: 'Set a new password' });
    fillIn('x'.repeat(129));
    submit();
    expect(await screen.findByText(SIGNUP_FIELD_MESSAGES.passwordTooLong)).toBeTruthy();
    expect(onReset).not.toHaveBeenCalled();
  });

  it('refuses a confirmation that differs, with focus on it', async () => {
    const { onReset } = await renderReset();
    await screen.findByRole('heading', { name: 'Set a new password' });
    fillIn('Karoo-roof-2025', 'Karoo-roof-2026');
    submit();
    expect(await screen.findByText(MISMATCH)).toBeTruthy();
    expect(field('Confirm new password').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(field('Confirm new password'));
    expect(onReset).not.toHaveBeenCalled();
  });

  it('sends the token and the new password, then shows the toast and goes on', async () => {
    const { onReset, onDone } = await renderReset();
    await screen.findByRole('heading', { name: 'Set a new password' });
    fillIn('Karoo-roof-2025 ');
    submit();
    // The password is taken as typed (never trimmed); confirmPassword stays in the form.
    await waitFor(() => expect(onReset).toHaveBeenCalledWith({ token: TOKEN, password: 'Karoo-roof-2025 ' }));
    expect(onReset).toHaveBeenCalledTimes(1);
    expect(await screen.findByText(PASSWORD_RESET_TOAST.title)).toBeTruthy();
    expect(screen.getByText(PASSWORD_RESET_MESSAGES.done)).toBeTruthy();
    expect(onDone).toHaveBeenCalledTimes(1);
  });

  it('reads Resetting password... while the request is out', async () => {
    let answer: (value: unknown) => void = () => {};
    const onReset = vi.fn<Reset>(
      () =>
        new Promise((resolve) => {
          answer = resolve;
        }),
    );
    const { onDone } = await renderReset({ onReset });
    await screen.findByRole('heading', { name: 'Set a new password' });
    fillIn('Karoo-roof-2025');
    submit();
    const busy = await screen.findByRole('button', { name: 'Resetting password...' });
    expect(busy).toHaveProperty('disabled', true);
    fireEvent.click(busy);
    answer({ ok: true });
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    expect(onReset).toHaveBeenCalledTimes(1);
  });

  it('says the link is invalid and offers a new one when the server refuses it', async () => {
    const onReset = vi.fn<Reset>().mockRejectedValue(badRequest(PASSWORD_RESET_MESSAGES.invalidLink));
    const { onDone } = await renderReset({ onReset });
    await screen.findByRole('heading', { name: 'Set a new password' });
    fillIn('Karoo-roof-2025');
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe(PASSWORD_RESET_MESSAGES.invalidLink);
    expect(screen.getByRole('link', { name: 'Ask for a new link' }).getAttribute('href')).toBe(
      '/forgot-password',
    );
    expect(screen.queryByLabelText(/New password/)).toBeNull();
    const heading = screen.getByRole('heading', { level: 1, name: 'Reset your password' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(onDone).not.toHaveBeenCalled();
    expect(screen.queryByText(PASSWORD_RESET_TOAST.title)).toBeNull();
  });

  it("keeps the form and shows the server's message for any other refusal (too many attempts)", async () => {
    const wait = 'Too many attempts. Try again in 15 minutes.';
    const onReset = vi.fn<Reset>().mockRejectedValue(
      TRPCClientError.from({
        error: { message: wait, code: -32029, data: { code: 'TOO_MANY_REQUESTS', httpStatus: 429 } },
      }),
    );
    const { onDone } = await renderReset({ onReset });
    await screen.findByRole('heading', { name: 'Set a new password' });
    fillIn('Karoo-roof-2025');
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe(wait);
    expect(field('New password').value).toBe('Karoo-roof-2025');
    expect(screen.getByRole('button', { name: 'Reset password' })).toHaveProperty('disabled', false);
    expect(onDone).not.toHaveBeenCalled();
  });

  it('says the reset failed when the request never got an answer', async () => {
    const onReset = vi.fn<Reset>().mockRejectedValue(new TypeError('Failed to fetch'));
    await renderReset({ onReset });
    await screen.findByRole('heading', { name: 'Set a new password' });
    fillIn('Karoo-roof-2025');
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe(RESET_PASSWORD_FAILED);
  });

  it('says the link is incomplete when it has no token, with the way back', async () => {
    const { onReset } = await renderReset({ token: undefined });
    expect((await screen.findByRole('alert')).textContent).toBe(PASSWORD_RESET_MESSAGES.tokenRequired);
    expect(screen.queryByRole('button', { name: 'Reset password' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Ask for a new link' }).getAttribute('href')).toBe(
      '/forgot-password',
    );
    expect(screen.getByRole('link', { name: 'Back to log in' }).getAttribute('href')).toBe('/login');
    expect(onReset).not.toHaveBeenCalled();
  });

  it('says the link is invalid, without a request, when its token cannot be one', async () => {
    const { onReset } = await renderReset({ token: 'not a token!' });
    expect((await screen.findByRole('alert')).textContent).toBe(PASSWORD_RESET_MESSAGES.invalidLink);
    expect(screen.queryByRole('button', { name: 'Reset password' })).toBeNull();
    expect(onReset).not.toHaveBeenCalled();
  });
});
