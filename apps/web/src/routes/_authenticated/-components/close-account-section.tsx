import { Button, Modal, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { CLOSE_ACCOUNT_WORD, type CloseAccountInput, can, closeAccountSchema } from '@propertydna/domain';
import { useNavigate } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { DialogFooter } from '../../../components/dialog-footer';
import { PasswordField } from '../../../components/password-field';
import { useAuth } from '../../../lib/auth';
import { errorMessage } from '../../../lib/error-message';
import { trpc } from '../../../lib/trpc';

/**
 * /account → Danger zone (issue 31 §2), at the end of the page. An owner closes the organisation's account
 * with their password and the word CLOSE: everyone is signed out, and the page says what happens next
 * (/account-closed). Anyone else leaves the organisation instead: only their membership goes.
 */
export function CloseAccountSection() {
  const { user, organization } = useAuth();
  if (!user || !organization) return null;
  return (
    <Paper
      withBorder
      radius="md"
      p="lg"
      component="section"
      aria-labelledby="account-danger-zone"
      style={{ borderColor: 'var(--mantine-color-red-7)' }}
    >
      <Title order={2} size="h4" id="account-danger-zone">
        Danger zone
      </Title>
      {can(user.role, 'organization.delete') ? (
        <CloseAccount organizationName={organization.name} />
      ) : (
        <LeaveOrganization organizationName={organization.name} />
      )}
    </Paper>
  );
}

function CloseAccount({ organizationName }: { organizationName: string }) {
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const baseId = useId();
  const { logout } = useAuth();
  const navigate = useNavigate();
  const form = useForm<CloseAccountInput>({
    initialValues: { password: '', confirm: '' },
    validate: schemaResolver(closeAccountSchema, { sync: true }),
  });
  const close = trpc.closing.close.useMutation({
    onSuccess: async ({ deleteAfter }) => {
      setOpen(false);
      // The server ended every session; this browser forgets its own too.
      await logout();
      await navigate({ to: '/account-closed', search: { until: deleteAfter } });
    },
    onError: (failure) => setError(errorMessage(failure, 'Could not close the account')),
  });
  const dismiss = () => {
    setOpen(false);
    setError(null);
    form.reset();
  };
  return (
    <Stack gap="sm" mt="sm" align="flex-start">
      <Text size="sm">
        Close the account of {organizationName}: everyone in it is signed out at once, its API tokens, share
        links and the access it gave others stop working, and every member is told by email. Nothing is
        deleted at once: for a grace period (30 days unless this service says otherwise) you can change your
        mind by signing in and choosing Reopen; after that its properties, documents and files are deleted for
        good. Properties you transferred to someone else stay with them.
      </Text>
      <Button color="red" variant="outline" onClick={() => setOpen(true)}>
        Close my account
      </Button>
      <Modal opened={open} onClose={dismiss} title="Close my account">
        <form
          noValidate
          onSubmit={form.onSubmit((values) => {
            setError(null);
            close.mutate(closeAccountSchema.parse(values));
          })}
        >
          <Stack gap="sm">
            <Text size="sm">
              Enter your password and type {CLOSE_ACCOUNT_WORD} to close the account of {organizationName}.
            </Text>
            <PasswordField
              id={`${baseId}-password`}
              label="Password"
              autoComplete="current-password"
              {...form.getInputProps('password')}
            />
            <TextInput
              label={`Type ${CLOSE_ACCOUNT_WORD} to confirm`}
              autoComplete="off"
              {...form.getInputProps('confirm')}
            />
            <DialogFooter
              error={error}
              onCancel={dismiss}
              submitLabel="Close my account"
              busy={close.isPending}
            />
          </Stack>
        </form>
      </Modal>
    </Stack>
  );
}

function LeaveOrganization({ organizationName }: { organizationName: string }) {
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { logout } = useAuth();
  const navigate = useNavigate();
  const leave = trpc.closing.leave.useMutation({
    onSuccess: async () => {
      setOpen(false);
      await logout();
      notifications.show({
        color: 'green',
        message: `You left ${organizationName}. Sign in again to use your own account.`,
      });
      await navigate({ to: '/login' });
    },
    onError: (failure) => setError(errorMessage(failure, 'Could not leave the organisation')),
  });
  return (
    <Stack gap="sm" mt="sm" align="flex-start">
      <Text size="sm">
        Leave {organizationName}: only your membership ends. Its records stay with it, and you keep your login
        with an empty account of your own. Only an owner can close the organisation’s account.
      </Text>
      <Button color="red" variant="outline" onClick={() => setOpen(true)}>
        Leave organisation
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title="Leave organisation">
        <form
          onSubmit={(event) => {
            event.preventDefault();
            setError(null);
            leave.mutate();
          }}
        >
          <Stack gap="sm">
            <Text size="sm">
              Leave {organizationName}? You are signed out, and only its owners or admins can add you again.
            </Text>
            <DialogFooter
              error={error}
              onCancel={() => setOpen(false)}
              submitLabel="Leave organisation"
              busy={leave.isPending}
            />
          </Stack>
        </form>
      </Modal>
    </Stack>
  );
}
