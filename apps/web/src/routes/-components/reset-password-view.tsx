import { Alert, Stack } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import {
  capabilityTokenSchema,
  PASSWORD_RESET_MESSAGES,
  type ResetPasswordInput,
  resetPasswordFormSchema,
} from '@propertydna/domain';
import { useEffect, useRef, useState } from 'react';
import type { z } from 'zod';
import { AuthCardForm, AuthCardPage, BackToLogin, requiredField } from '../../components/auth-card-page';
import { PasswordField } from '../../components/password-field';
import { ButtonLink } from '../../components/router-links';
import { errorMessage } from '../../lib/error-message';

/** What the page says when the request never got an answer (the network failed). */
export const RESET_PASSWORD_FAILED = 'Unable to reset the password. Please try again.';

/** The toast the login page shows after a reset. */
export const PASSWORD_RESET_TOAST = {
  title: 'Password reset',
  message: PASSWORD_RESET_MESSAGES.done,
} as const;

/** The messages that mean the link itself cannot be used: the form is of no use then. */
const LINK_PROBLEMS: readonly string[] = [
  PASSWORD_RESET_MESSAGES.invalidLink,
  PASSWORD_RESET_MESSAGES.tokenRequired,
];

type ResetPasswordFormValues = z.input<typeof resetPasswordFormSchema>;

const FIELD_IDS = { password: 'reset-password-new', confirmPassword: 'reset-password-confirm' } as const;

export interface ResetPasswordViewProps {
  /** The token of the emailed link; undefined when the link arrived without one. */
  token: string | undefined;
  /** Sets the new password; rejects with the server's refusal (an invalid link, too many attempts). */
  onReset: (input: ResetPasswordInput) => Promise<unknown>;
  /** After a reset (the toast is shown): every session of the user has ended, so on to the login page. */
  onDone: () => void;
}

/** Why the link cannot be used as it stands, before any request: missing or malformed. */
function linkProblemOf(token: string | undefined): string | null {
  if (!token) return PASSWORD_RESET_MESSAGES.tokenRequired;
  const parsed = capabilityTokenSchema.safeParse(token);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? PASSWORD_RESET_MESSAGES.invalidLink);
}

/**
 * /reset-password (issue 11): a new password under the signup rules, twice. An unknown, expired or used
 * link says so and offers a new one; a link without its token says it is incomplete.
 */
export function ResetPasswordView({ token, onReset, onDone }: ResetPasswordViewProps) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [refused, setRefused] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const linkProblem = refused ?? linkProblemOf(token);

  const form = useForm<ResetPasswordFormValues>({
    initialValues: { password: '', confirmPassword: '' },
    validate: schemaResolver(resetPasswordFormSchema, { sync: true }),
  });

  useEffect(() => {
    // The form's first field takes focus when the page opens; when the server refuses the link, the
    // form goes and focus moves to the heading above the message.
    if (refused) heading.current?.focus();
    else document.getElementById(FIELD_IDS.password)?.focus();
  }, [refused]);

  const submit = form.onSubmit(
    async ({ password }) => {
      if (pending || !token) return;
      setPending(true);
      setError(null);
      try {
        await onReset({ token, password });
      } catch (failure) {
        const message = errorMessage(failure, RESET_PASSWORD_FAILED);
        if (LINK_PROBLEMS.includes(message)) setRefused(message);
        else setError(message);
        return;
      } finally {
        setPending(false);
      }
      notifications.show({ color: 'green', ...PASSWORD_RESET_TOAST });
      onDone();
    },
    (errors) => {
      const first = (['password', 'confirmPassword'] as const).find((field) => errors[field]);
      if (first) document.getElementById(FIELD_IDS[first])?.focus();
    },
  );

  if (linkProblem) {
    return (
      <AuthCardPage title="Reset your password" headingRef={heading}>
        <Alert role="alert" color="red" variant="light" mt="md">
          {linkProblem}
        </Alert>
        <Stack gap="sm" mt="lg">
          <ButtonLink to="/forgot-password" fullWidth>
            Ask for a new link
          </ButtonLink>
        </Stack>
        <BackToLogin />
      </AuthCardPage>
    );
  }

  return (
    <AuthCardPage
      title="Set a new password"
      intro="Choose a new password for your PropertyDNA account. You will then log in with it."
      headingRef={heading}
    >
      <AuthCardForm
        label="Set a new password"
        onSubmit={submit}
        error={error}
        pending={pending}
        submitLabel={pending ? 'Resetting password...' : 'Reset password'}
      >
        <PasswordField
          id={FIELD_IDS.password}
          label="New password"
          description="At least 8 characters"
          autoComplete="new-password"
          {...requiredField(form, 'password')}
        />
        <PasswordField
          id={FIELD_IDS.confirmPassword}
          label="Confirm new password"
          autoComplete="new-password"
          {...requiredField(form, 'confirmPassword')}
        />
      </AuthCardForm>
      <BackToLogin />
    </AuthCardPage>
  );
}
