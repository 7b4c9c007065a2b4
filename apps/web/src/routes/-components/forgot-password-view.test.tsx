import { COMMON_MESSAGES, PASSWORD_RESET_MESSAGES } from '@propertydna/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { TRPCClientError } from '@trpc/client';
import { describe, expect, it, vi } from 'vitest';
import { renderWithRouter } from '../../test/render';
import { FORGOT_PASSWORD_FAILED, ForgotPasswordView } from './forgot-password-view';

type Request = (input: { email: string }) => Promise<{ message: string }>;

const answered = () => vi.fn<Request>().mockResolvedValue({ message: PASSWORD_RESET_MESSAGES.requested });

async function renderForgot(onRequest = answered()) {
  await renderWithRouter(<ForgotPasswordView onRequest={onRequest} />, '/forgot-password');
  return onRequest;
}

/** The email input by its label (the required asterisk aside). */
const emailField = () =>
  screen.getByLabelText((content) => content.replace(/\s*\*$/, '').trim() === 'Email') as HTMLInputElement;
const typeEmail = (value: string) => fireEvent.change(emailField(), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));

const tooManyRequests = (message: string) =>
  TRPCClientError.from({
    error: { message, code: -32029, data: { code: 'TOO_MANY_REQUESTS', httpStatus: 429 } },
  });

describe('ForgotPasswordView', () => {
  it('asks for the email, with focus in the field, and links back to the login page', async () => {
    await renderForgot();
    expect(await screen.findByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(emailField()));
    expect(emailField().type).toBe('email');
    expect(screen.getByRole('link', { name: 'Back to log in' }).getAttribute('href')).toBe('/login');
  });

  it('sends the email as the server compares it, then shows the same answer in place of the form', async () => {
    const onRequest = await renderForgot();
    await screen.findByRole('heading', { name: 'Forgot your password?' });
    typeEmail('  Owner@Example.co.za ');
    submit();
    await waitFor(() => expect(onRequest).toHaveBeenCalledWith({ email: 'owner@example.co.za' }));
    expect(onRequest).toHaveBeenCalledTimes(1);
    const heading = await screen.findByRole('heading', { level: 1, name: 'Check your email' });
    expect(screen.getByRole('status').textContent).toBe(PASSWORD_RESET_MESSAGES.requested);
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(screen.queryByRole('button', { name: 'Send reset link' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to log in' }).getAttribute('href')).toBe('/login');
  });

  it('reads Sending... and cannot be sent twice while the request is out', async () => {
    let answer: (value: { message: string }) => void = () => {};
    const onRequest = vi.fn<Request>(
      () =>
        new Promise((resolve) => {
          answer = resolve;
        }),
    );
    await renderForgot(onRequest);
    await screen.findByRole('heading', { name: 'Forgot your password?' });
    typeEmail('owner@example.co.za');
    submit();
    const sending = await screen.findByRole('button', { name: 'Sending...' });
    expect(sending).toHaveProperty('disabled', true);
    fireEvent.click(sending);
    answer({ message: PASSWORD_RESET_MESSAGES.requested });
    await screen.findByRole('heading', { name: 'Check your email' });
    expect(onRequest).toHaveBeenCalledTimes(1);
  });

  it('goes back to the form, the email kept, to send another link', async () => {
    const onRequest = await renderForgot();
    await screen.findByRole('heading', { name: 'Forgot your password?' });
    typeEmail('owner@example.co.za');
    submit();
    fireEvent.click(await screen.findByRole('button', { name: 'Send another link' }));
    await screen.findByRole('heading', { name: 'Forgot your password?' });
    expect(emailField().value).toBe('owner@example.co.za');
    await waitFor(() => expect(document.activeElement).toBe(emailField()));
    submit();
    await waitFor(() => expect(onRequest).toHaveBeenCalledTimes(2));
  });

  it("refuses an empty or malformed email with the schema's message, on the field, without a request", async () => {
    const onRequest = await renderForgot();
    await screen.findByRole('heading', { name: 'Forgot your password?' });
    submit();
    expect(await screen.findByText(COMMON_MESSAGES.emailRequired)).toBeTruthy();
    expect(emailField().getAttribute('aria-invalid')).toBe('true');
    typeEmail('not-an-email');
    submit();
    expect(await screen.findByText(COMMON_MESSAGES.invalidEmail)).toBeTruthy();
    expect(document.activeElement).toBe(emailField());
    expect(onRequest).not.toHaveBeenCalled();
  });

  it("shows the server's refusal (too many requests) as an alert and keeps the form", async () => {
    const wait = 'Too many reset requests. Try again in 15 minutes.';
    const onRequest = await renderForgot(vi.fn<Request>().mockRejectedValue(tooManyRequests(wait)));
    await screen.findByRole('heading', { name: 'Forgot your password?' });
    typeEmail('owner@example.co.za');
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe(wait);
    expect(emailField().value).toBe('owner@example.co.za');
    expect(screen.getByRole('button', { name: 'Send reset link' })).toHaveProperty('disabled', false);
    expect(onRequest).toHaveBeenCalledTimes(1);
  });

  it('says the link could not be sent when the request never got an answer', async () => {
    await renderForgot(vi.fn<Request>().mockRejectedValue(new TypeError('Failed to fetch')));
    await screen.findByRole('heading', { name: 'Forgot your password?' });
    typeEmail('owner@example.co.za');
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe(FORGOT_PASSWORD_FAILED);
  });
});
