import {
  Alert,
  Button,
  Divider,
  Group,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { type DemoAccount, LOGIN_MESSAGES, type Login, loginSchema } from '@propertydna/domain';
import { useEffect, useId, useRef, useState } from 'react';
import { PasswordField } from './password-field';
import { AnchorLink } from './router-links';

export type LoginPending = 'login' | DemoAccount | null;

export interface LoginViewProps {
  /** Called with the parsed credentials once both are filled in. */
  onLogin: (credentials: Login) => void;
  onDemo: (account: DemoAccount) => void;
  /** Which request is out, if any. */
  pending: LoginPending;
  /** The last failure to show (the server's message or the spec's fallback). */
  error: string | null;
  /** Where to return after logging in (the share the visitor came from); carried by 'Sign up'. */
  redirect?: string | undefined;
  /** The email of the account just created: filled in, with a note that the account exists. */
  signedUpEmail?: string | null | undefined;
  /** An email to start from (the address a transfer link was sent to), without the note. */
  prefillEmail?: string | null | undefined;
}

const DEMOS: { account: DemoAccount; label: string; description: string }[] = [
  {
    account: 'owner',
    label: 'Property owner demo',
    description: 'A homeowner on the Premium plan',
  },
  {
    account: 'supplier',
    label: 'Supplier demo',
    description: 'A roofing company in the supplier console',
  },
];

/**
 * The login screen (spec §2, §5, §8): email and password, or 'Access Demo Accounts' with an owner and a
 * supplier demo and 'Back to login'. Empty fields give 'Missing credentials: …' without a request.
 */
export function LoginView({
  onLogin,
  onDemo,
  pending,
  error,
  redirect,
  signedUpEmail,
  prefillEmail,
}: LoginViewProps) {
  const [mode, setMode] = useState<'form' | 'demo'>('form');
  const [shownError, setShownError] = useState<string | null>(error);
  const baseId = useId();
  const errorId = `${baseId}-error`;
  const sectionHeading = useRef<HTMLHeadingElement>(null);
  const switched = useRef(false);

  useEffect(() => setShownError(error), [error]);
  useEffect(() => {
    // With the email filled in (after signup, or from a transfer link), the password is what is left to type.
    if (signedUpEmail || prefillEmail) document.getElementById(`${baseId}-password`)?.focus();
  }, [signedUpEmail, prefillEmail, baseId]);
  useEffect(() => {
    // After switching views, keyboard focus moves to the new view's heading.
    if (switched.current) sectionHeading.current?.focus();
  }, [mode]);

  const form = useForm<{ email: string; password: string }>({
    initialValues: { email: signedUpEmail ?? prefillEmail ?? '', password: '' },
    validate: schemaResolver(loginSchema, { sync: true }),
  });

  const switchTo = (next: 'form' | 'demo') => {
    switched.current = true;
    setShownError(null);
    setMode(next);
  };

  const busy = pending !== null;
  const describedBy = shownError ? errorId : undefined;

  return (
    <Paper withBorder shadow="sm" p="xl" radius="md" w="100%" maw={440}>
      <Title order={1} size="h2">
        Log in to PropertyDNA
      </Title>
      <Text c="dimmed" size="sm" mt={4}>
        Your property records, documents and reminders in one place.
      </Text>

      {signedUpEmail && !shownError && (
        <Alert role="status" color="green" variant="light" mt="md" title="Account created">
          Your account for {signedUpEmail} is ready. Check your mail: we sent a link to confirm the address.
          Enter your password to log in.
        </Alert>
      )}

      {shownError && (
        <Alert id={errorId} role="alert" color="red" variant="light" mt="md">
          {shownError}
        </Alert>
      )}

      {mode === 'form' ? (
        <form
          noValidate
          aria-labelledby={`${baseId}-form`}
          onSubmit={form.onSubmit(
            (values) => {
              setShownError(null);
              onLogin(loginSchema.parse(values));
            },
            (errors) => {
              setShownError(String(Object.values(errors)[0] ?? LOGIN_MESSAGES.missingCredentials));
            },
          )}
        >
          <Title order={2} size="h4" mt="lg" id={`${baseId}-form`} ref={sectionHeading} tabIndex={-1}>
            Sign in with your email
          </Title>
          <Stack gap="sm" mt="sm">
            <TextInput
              label="Email"
              type="email"
              autoComplete="email"
              {...form.getInputProps('email')}
              error={Boolean(form.errors.email)}
              aria-describedby={describedBy}
            />
            <PasswordField
              id={`${baseId}-password`}
              label="Password"
              autoComplete="current-password"
              {...form.getInputProps('password')}
              error={Boolean(form.errors.password)}
              aria-describedby={describedBy}
            />
            <Group justify="flex-end">
              <AnchorLink to="/forgot-password" size="sm">
                Forgot password?
              </AnchorLink>
            </Group>
            <Button type="submit" disabled={busy} fullWidth mt="xs">
              {pending === 'login' ? 'Logging in...' : 'Log in'}
            </Button>
          </Stack>
          <Divider my="lg" label="or" labelPosition="center" />
          <Button variant="light" fullWidth onClick={() => switchTo('demo')} disabled={busy}>
            Access Demo Accounts
          </Button>
        </form>
      ) : (
        <section aria-labelledby={`${baseId}-demo`}>
          <Title order={2} size="h4" mt="lg" id={`${baseId}-demo`} ref={sectionHeading} tabIndex={-1}>
            Demo accounts
          </Title>
          <Text size="sm" c="dimmed" mt={4}>
            Explore PropertyDNA with sample accounts. No password needed.
          </Text>
          <Stack gap="sm" mt="sm">
            {DEMOS.map((demo) => (
              <UnstyledButton
                key={demo.account}
                onClick={() => onDemo(demo.account)}
                disabled={busy}
                p="md"
                bd="1px solid var(--mantine-color-default-border)"
                bdrs="md"
                opacity={busy && pending !== demo.account ? 0.6 : 1}
                aria-describedby={`${baseId}-${demo.account}`}
              >
                <Text fw={600}>{pending === demo.account ? 'Signing in...' : demo.label}</Text>
                <Text size="sm" c="dimmed" id={`${baseId}-${demo.account}`}>
                  {demo.description}
                </Text>
              </UnstyledButton>
            ))}
            <Button variant="subtle" onClick={() => switchTo('form')} disabled={busy}>
              Back to login
            </Button>
          </Stack>
        </section>
      )}

      <Text size="sm" ta="center" mt="lg">
        Don&apos;t have an account?{' '}
        <AnchorLink to="/signup" search={redirect ? { redirect } : {}}>
          Sign up
        </AnchorLink>
      </Text>
    </Paper>
  );
}
