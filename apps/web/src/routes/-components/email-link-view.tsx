import { Alert, Button, Loader, Stack, Text } from '@mantine/core';
import { EMAIL_VERIFICATION_MESSAGES, emailLinkTokenSchema } from '@propertydna/domain';
import { useEffect, useRef, useState } from 'react';
import { AuthCardPage } from '../../components/auth-card-page';
import { ButtonLink } from '../../components/router-links';
import { errorMessage } from '../../lib/error-message';

/** What the page says when the request never got an answer (the network failed). */
export const EMAIL_LINK_FAILED = 'Unable to confirm the email address. Please try again.';

export type EmailLinkKind = 'verify' | 'change';

const TITLES: Record<EmailLinkKind, string> = {
  verify: 'Confirm your email address',
  change: 'Confirm your new email address',
};

export interface EmailLinkViewProps {
  kind: EmailLinkKind;
  /** The token of the mailed link; undefined when the link arrived without one. */
  token: string | undefined;
  /** Posts the token; answers the server's message, or rejects with its refusal. */
  onConfirm: (token: string) => Promise<{ message: string }>;
  /** The signed-in user's home (where the page leads next); undefined when nobody is signed in here. */
  home: '/app' | '/supplier' | undefined;
}

type State =
  | { step: 'confirming' }
  | { step: 'done'; message: string }
  | { step: 'failed'; message: string; retry: boolean };

/** Why the link cannot be used as it stands, before any request: missing or malformed. */
function linkProblemOf(token: string | undefined): string | null {
  if (!token) return EMAIL_VERIFICATION_MESSAGES.tokenRequired;
  const parsed = emailLinkTokenSchema.safeParse(token);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? EMAIL_VERIFICATION_MESSAGES.invalidLink);
}

/**
 * /verify-email and /confirm-email: the page a confirmation mail links to. It posts the link's token once
 * as it opens (the link is single use) and says what happened: confirmed, or why not and what to do. The
 * heading takes the focus when the outcome is shown, so a screen reader hears it.
 */
export function EmailLinkView({ kind, token, onConfirm, home }: EmailLinkViewProps) {
  const problem = linkProblemOf(token);
  const [state, setState] = useState<State>(() =>
    problem ? { step: 'failed', message: problem, retry: false } : { step: 'confirming' },
  );
  const heading = useRef<HTMLHeadingElement>(null);
  // Posted once per token: React may run the effect twice in development, and the link is single use.
  const posted = useRef<string | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const key = `${token}:${attempt}`;
    if (problem || !token || posted.current === key) return;
    posted.current = key;
    setState({ step: 'confirming' });
    onConfirm(token).then(
      ({ message }) => setState({ step: 'done', message }),
      (failure: unknown) => {
        const message = errorMessage(failure, EMAIL_LINK_FAILED);
        setState({ step: 'failed', message, retry: message === EMAIL_LINK_FAILED });
      },
    );
  }, [token, problem, onConfirm, attempt]);

  useEffect(() => {
    if (state.step !== 'confirming') heading.current?.focus();
  }, [state.step]);

  const next = home ? (
    <ButtonLink to={home} fullWidth>
      Continue to PropertyDNA
    </ButtonLink>
  ) : (
    <ButtonLink to="/login" fullWidth>
      Log in
    </ButtonLink>
  );

  return (
    <AuthCardPage title={TITLES[kind]} headingRef={heading}>
      {state.step === 'confirming' && (
        <Stack align="center" gap="sm" mt="lg" role="status" aria-live="polite">
          <Loader size="md" aria-hidden />
          <Text>Confirming your email address…</Text>
        </Stack>
      )}
      {state.step === 'done' && (
        <>
          <Alert role="status" color="green" variant="light" mt="md" title="Email address confirmed">
            {state.message}
          </Alert>
          <Stack gap="sm" mt="lg">
            {next}
          </Stack>
        </>
      )}
      {state.step === 'failed' && (
        <>
          <Alert role="alert" color="red" variant="light" mt="md">
            {state.message}
          </Alert>
          <Stack gap="sm" mt="lg">
            {state.retry ? (
              <Button variant="default" fullWidth onClick={() => setAttempt((n) => n + 1)}>
                Try again
              </Button>
            ) : null}
            {home ? (
              <ButtonLink to="/account" fullWidth>
                Go to your account
              </ButtonLink>
            ) : (
              <ButtonLink to="/login" fullWidth>
                Log in to ask for a new link
              </ButtonLink>
            )}
          </Stack>
        </>
      )}
    </AuthCardPage>
  );
}
