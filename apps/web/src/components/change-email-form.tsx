import { Alert, Badge, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { type ChangeEmailInput, changeEmailSchema } from '@propertydna/domain';
import { useState } from 'react';
import { errorMessage } from '../lib/error-message';
import { trpc } from '../lib/trpc';
import { PasswordField } from './password-field';

export interface ChangeEmailFormProps {
  /** The account's address now, whether it is confirmed, and a new one waiting for its link. */
  email: string;
  verified: boolean;
  pendingEmail: string | null;
  /** Asks for the change; answers the server's message or rejects with its refusal. */
  onChange: (input: { newEmail: string; currentPassword: string }) => Promise<{ message: string }>;
  /** Demo accounts keep their address: the form is not offered. */
  disabled?: boolean;
  idPrefix?: string;
}

/**
 * /account → 'Email address': the current address and whether it is confirmed; a new address asked for
 * and not yet confirmed ('Waiting for confirmation'); and the form (new address, current password). The
 * change takes effect only when the link mailed to the new address is opened.
 */
export function ChangeEmailForm({
  email,
  verified,
  pendingEmail,
  onChange,
  disabled = false,
  idPrefix = 'change-email',
}: ChangeEmailFormProps) {
  const [pending, setPending] = useState(false);
  const form = useForm<ChangeEmailInput>({
    mode: 'controlled',
    initialValues: { newEmail: '', currentPassword: '' },
    validate: schemaResolver(changeEmailSchema, { sync: true }),
  });

  const submit = form.onSubmit(async (values) => {
    if (pending) return;
    setPending(true);
    try {
      const { message } = await onChange({
        newEmail: values.newEmail,
        currentPassword: values.currentPassword,
      });
      form.reset();
      notifications.show({ color: 'green', title: 'Check the new address', message });
    } catch (error) {
      notifications.show({ color: 'red', title: 'Error', message: errorMessage(error, 'Error') });
    } finally {
      setPending(false);
    }
  });

  return (
    <Stack gap="sm" style={{ width: '100%', maxWidth: 480 }}>
      <Title order={2} size="h4" id={`${idPrefix}-title`}>
        Email address
      </Title>
      <Group gap="xs" wrap="wrap">
        <Text style={{ overflowWrap: 'anywhere' }}>{email}</Text>
        <Badge color={verified ? 'green' : 'yellow'} variant="light" c={verified ? 'green.9' : 'yellow.9'}>
          {verified ? 'Confirmed' : 'Not confirmed'}
        </Badge>
      </Group>
      {pendingEmail && (
        <Alert color="blue" variant="light" title="Waiting for confirmation">
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            You asked to change your address to {pendingEmail}. Open the link we sent there (within 24 hours);
            until then your account keeps {email}.
          </Text>
        </Alert>
      )}
      {disabled ? (
        <Text size="sm" c="dimmed">
          The demo account&rsquo;s email address cannot be changed.
        </Text>
      ) : (
        <form noValidate onSubmit={submit} aria-labelledby={`${idPrefix}-title`}>
          <Stack gap="sm">
            <TextInput
              id={`${idPrefix}-new-email`}
              label="New email address"
              type="email"
              autoComplete="email"
              required
              {...form.getInputProps('newEmail')}
            />
            <PasswordField
              id={`${idPrefix}-current-password`}
              label="Current password"
              autoComplete="current-password"
              required
              {...form.getInputProps('currentPassword')}
            />
            <Text size="sm" c="dimmed">
              We send a link to the new address. Your email address changes when you open it; we tell your
              current address too.
            </Text>
            <Group>
              <Button type="submit" loading={pending}>
                Change email address
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Stack>
  );
}

/** The form wired to the server and to the signed-in user (/account). */
export function ChangeEmailSection({ idPrefix }: { idPrefix?: string }) {
  const utils = trpc.useUtils();
  const me = trpc.auth.me.useQuery();
  const changeEmail = trpc.auth.changeEmail.useMutation({
    onSuccess: () => void utils.auth.me.invalidate(),
  });
  const user = me.data?.user;
  if (!user) return null;
  return (
    <ChangeEmailForm
      email={user.email}
      verified={user.email_verified}
      pendingEmail={user.pending_email}
      disabled={me.data?.organization.isDemo ?? false}
      onChange={(input) => changeEmail.mutateAsync(input)}
      {...(idPrefix ? { idPrefix } : {})}
    />
  );
}
