import { EMAIL_VERIFICATION_MESSAGES } from '@propertydna/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { TRPCClientError } from '@trpc/client';
import { describe, expect, it, vi } from 'vitest';
import { renderWithRouter } from '../../test/render';
import { EMAIL_LINK_FAILED, EmailLinkView } from './email-link-view';

const TOKEN = 'dmVyaWZ5LWVtYWlsLXRva2VuLWZvci10ZXN0cw';
type Confirm = (token: string) => Promise<{ message: string }>;

const badRequest = (message: string) =>
  TRPCClientError.from({ error: { message, code: -32600, data: { code: 'BAD_REQUEST', httpStatus: 400 } } });

async function renderView(
  options: {
    token?: string | undefined;
    onConfirm?: Confirm;
    signedIn?: boolean;
    kind?: 'verify' | 'change';
  } = {},
) {
  const token = 'token' in options ? options.token : TOKEN;
  const onConfirm =
    options.onConfirm ??
    vi.fn<Confirm>().mockResolvedValue({ message: EMAIL_VERIFICATION_MESSAGES.verified });
  await renderWithRouter(
    <EmailLinkView
      kind={options.kind ?? 'verify'}
      token={token}
      onConfirm={onConfirm}
      home={options.signedIn ? '/app' : undefined}
    />,
    '/verify-email',
  );
  return { onConfirm };
}

describe('EmailLinkView', () => {
  it('posts the token once as it opens, shows progress, then the outcome with the way on', async () => {
    let settle: (value: { message: string }) => void = () => undefined;
    const onConfirm = vi.fn<Confirm>(() => new Promise((resolve) => (settle = resolve)));
    await renderView({ onConfirm, signedIn: true });
    expect(await screen.findByText('Confirming your email address…')).toBeTruthy();
    settle({ message: EMAIL_VERIFICATION_MESSAGES.verified });
    expect(await screen.findByText(EMAIL_VERIFICATION_MESSAGES.verified)).toBeTruthy();
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onConfirm).toHaveBeenCalledWith(TOKEN);
    expect(screen.getByRole('link', { name: 'Continue to PropertyDNA' }).getAttribute('href')).toBe('/app');
    await waitFor(() =>
      expect(document.activeElement).toBe(
        screen.getByRole('heading', { name: 'Confirm your email address' }),
      ),
    );
  });

  it('says why a used or expired link cannot be used, and leads a signed-out visitor to log in for a new one', async () => {
    const onConfirm = vi.fn<Confirm>().mockRejectedValue(badRequest(EMAIL_VERIFICATION_MESSAGES.invalidLink));
    await renderView({ onConfirm, kind: 'change' });
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      EMAIL_VERIFICATION_MESSAGES.invalidLink,
    );
    expect(screen.getByRole('heading', { name: 'Confirm your new email address' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Log in to ask for a new link' }).getAttribute('href')).toBe(
      '/login',
    );
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('sends nothing for a link without its token or with a malformed one', async () => {
    const { onConfirm } = await renderView({ token: undefined });
    expect((await screen.findByRole('alert')).textContent).toBe(EMAIL_VERIFICATION_MESSAGES.tokenRequired);
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('offers Try again when the request never got an answer', async () => {
    const onConfirm = vi
      .fn<Confirm>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce({ message: EMAIL_VERIFICATION_MESSAGES.verified });
    await renderView({ onConfirm, signedIn: true });
    expect((await screen.findByRole('alert')).textContent).toBe(EMAIL_LINK_FAILED);
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(EMAIL_VERIFICATION_MESSAGES.verified)).toBeTruthy();
    expect(onConfirm).toHaveBeenCalledTimes(2);
  });
});
