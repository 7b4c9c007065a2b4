import { Box, Button, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { useAuth } from '../../lib/auth';
import { errorMessage } from '../../lib/error-message';
import { trpc } from '../../lib/trpc';

/** What the banner says after a Resend that never got an answer. */
export const RESEND_FAILED = 'Unable to send the link. Please try again.';

export interface EmailVerificationNoticeProps {
  email: string;
  /** Mails a new link; answers the server's message or rejects with its refusal (429: too many). */
  onResend: () => Promise<{ message: string }>;
}

/**
 * The app shell's banner while the account's address is unconfirmed: what waits for it, and a Resend
 * button (the server allows a few an hour and says so). Its outcome is announced in place.
 */
export function EmailVerificationNotice({ email, onResend }: EmailVerificationNoticeProps) {
  const [pending, setPending] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(null);
  const resend = async () => {
    if (pending) return;
    setPending(true);
    try {
      setOutcome({ ok: true, message: (await onResend()).message });
    } catch (failure) {
      setOutcome({ ok: false, message: errorMessage(failure, RESEND_FAILED) });
    } finally {
      setPending(false);
    }
  };
  return (
    <Box
      component="section"
      aria-labelledby="email-verification-title"
      bg="yellow.0"
      px="lg"
      py="sm"
      style={{ borderBottom: '1px solid var(--mantine-color-yellow-4)' }}
    >
      <Group justify="space-between" gap="sm" wrap="wrap">
        <div style={{ minWidth: 0, flex: '1 1 320px' }}>
          <Text fw={600} id="email-verification-title" style={{ overflowWrap: 'anywhere' }}>
            Confirm your email address: we sent a link to {email}.
          </Text>
          <Text size="sm">
            Until you open it, you cannot accept a property transfer addressed to you, be recognised as an
            invited supplier or receive email alerts.
          </Text>
          <Text size="sm" role="status" c={outcome && !outcome.ok ? 'red.9' : undefined} mt={outcome ? 4 : 0}>
            {outcome?.message ?? ''}
          </Text>
        </div>
        <Button variant="default" onClick={() => void resend()} loading={pending}>
          Resend link
        </Button>
      </Group>
    </Box>
  );
}

/** The banner wired to the signed-in user: shown only while their address is unconfirmed (never for a demo). */
export function EmailVerificationBanner() {
  const { user, organization } = useAuth();
  if (!user || user.email_verified || organization?.isDemo) return null;
  return <ResendingNotice email={user.email} />;
}

function ResendingNotice({ email }: { email: string }) {
  const { mutateAsync } = trpc.auth.resendVerification.useMutation();
  return <EmailVerificationNotice email={email} onResend={() => mutateAsync()} />;
}
