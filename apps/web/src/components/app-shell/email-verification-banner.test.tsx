import { EMAIL_VERIFICATION_MESSAGES } from '@propertydna/domain';
import { fireEvent, screen } from '@testing-library/react';
import { TRPCClientError } from '@trpc/client';
import { describe, expect, it, vi } from 'vitest';
import { renderWithMantine } from '../../test/render';
import { EmailVerificationNotice } from './email-verification-banner';

const EMAIL = 'thandi@example.co.za';

describe('EmailVerificationNotice', () => {
  it('names the address, what waits for it, and resends a link on request', async () => {
    const onResend = vi.fn().mockResolvedValue({ message: EMAIL_VERIFICATION_MESSAGES.resent(EMAIL) });
    renderWithMantine(<EmailVerificationNotice email={EMAIL} onResend={onResend} />);
    const region = screen.getByRole('region', {
      name: `Confirm your email address: we sent a link to ${EMAIL}.`,
    });
    expect(region.textContent).toContain('accept a property transfer');
    fireEvent.click(screen.getByRole('button', { name: 'Resend link' }));
    expect(await screen.findByText(EMAIL_VERIFICATION_MESSAGES.resent(EMAIL))).toBeTruthy();
    expect(onResend).toHaveBeenCalledTimes(1);
  });

  it('says so when the server refuses (too many links)', async () => {
    const message = 'Too many confirmation emails. Try again in 40 minutes.';
    const onResend = vi.fn().mockRejectedValue(
      TRPCClientError.from({
        error: { message, code: -32029, data: { code: 'TOO_MANY_REQUESTS', httpStatus: 429 } },
      }),
    );
    renderWithMantine(<EmailVerificationNotice email={EMAIL} onResend={onResend} />);
    fireEvent.click(screen.getByRole('button', { name: 'Resend link' }));
    expect(await screen.findByText(message)).toBeTruthy();
  });
});
