import { Button, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { type ForgotPasswordInput, forgotPasswordSchema } from '@propertydna/domain';
import { useEffect, useRef, useState } from 'react';
import { AuthCardForm, AuthCardPage, BackToLogin, requiredField } from '../../components/auth-card-page';
import { ButtonLink } from '../../components/router-links';
import { errorMessage } from '../../lib/error-message';

/** What the page says when the request never got an answer (the network failed). */
export const FORGOT_PASSWORD_FAILED = 'Unable to send the reset link. Please try again.';

export interface ForgotPasswordViewProps {
  /**
   * Asks for a reset link for this (parsed) email; answers the server's message, which is the same
   * whether or not the address has an account. A refusal (too many requests) rejects.
   */
  onRequest: (input: { email: string }) => Promise<{ message: string }>;
}

/**
 * 'Forgot password?' (issue 11): the email address, then the server's answer in place of the form, with
 * the way back to the login page. The answer never says whether the address has an account.
 */
export function ForgotPasswordView({ onRequest }: ForgotPasswordViewProps) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [answer, setAnswer] = useState<string | null>(null);
  const emailInput = useRef<HTMLInputElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const answered = useRef(false);

  const form = useForm<ForgotPasswordInput>({
    initialValues: { email: '' },
    validate: schemaResolver(forgotPasswordSchema, { sync: true }),
  });

  useEffect(() => {
    // The page has one job: the email field takes focus when it opens and when the form comes back;
    // the answer's heading when the answer replaces the form.
    if (answer === null) emailInput.current?.focus();
    else if (answered.current) heading.current?.focus();
  }, [answer]);

  const submit = form.onSubmit(
    async (values) => {
      if (pending) return;
      setPending(true);
      setError(null);
      try {
        const { message } = await onRequest(forgotPasswordSchema.parse(values));
        answered.current = true;
        setAnswer(message);
      } catch (failure) {
        setError(errorMessage(failure, FORGOT_PASSWORD_FAILED));
      } finally {
        setPending(false);
      }
    },
    () => emailInput.current?.focus(),
  );

  if (answer !== null) {
    return (
      <AuthCardPage title="Check your email" headingRef={heading}>
        <Text mt="md" role="status">
          {answer}
        </Text>
        <Text size="sm" c="dimmed" mt="sm">
          Nothing arrived? Check your spam folder, or ask again in a few minutes.
        </Text>
        <Stack gap="sm" mt="lg">
          <ButtonLink to="/login" fullWidth>
            Back to log in
          </ButtonLink>
          <Button variant="subtle" fullWidth onClick={() => setAnswer(null)}>
            Send another link
          </Button>
        </Stack>
      </AuthCardPage>
    );
  }

  return (
    <AuthCardPage
      title="Forgot your password?"
      intro="Enter the email address of your PropertyDNA account and we will send you a link to set a new password."
    >
      <AuthCardForm
        label="Ask for a password reset link"
        onSubmit={submit}
        error={error}
        pending={pending}
        submitLabel={pending ? 'Sending...' : 'Send reset link'}
      >
        <TextInput
          ref={emailInput}
          id="forgot-password-email"
          label="Email"
          type="email"
          autoComplete="email"
          {...requiredField(form, 'email')}
        />
      </AuthCardForm>
      <BackToLogin leadIn="Remembered it?" />
    </AuthCardPage>
  );
}
