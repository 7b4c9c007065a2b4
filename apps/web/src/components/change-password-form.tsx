import { Button, Group, Stack, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { changePasswordSchema, SIGNUP_FIELD_MESSAGES, SIGNUP_MESSAGES } from '@propertydna/domain';
import { useState } from 'react';
import { z } from 'zod';
import { errorMessage } from '../lib/error-message';
import { trpc } from '../lib/trpc';
import { PasswordField } from './password-field';

export const PASSWORD_CHANGED = {
  title: 'Password changed',
  message: 'Your other sessions have been signed out.',
} as const;

/**
 * The password change form: the current password, a new one under the signup rules, and the new one
 * again ('Passwords do not match. Please check and try again.' when it differs, as at signup).
 */
export const changePasswordFormSchema = changePasswordSchema
  .extend({
    confirmPassword: z
      .string({ error: SIGNUP_FIELD_MESSAGES.confirmPasswordRequired })
      .min(1, SIGNUP_FIELD_MESSAGES.confirmPasswordRequired),
  })
  .superRefine((value, ctx) => {
    if (value.confirmPassword !== value.newPassword) {
      ctx.addIssue({
        code: 'custom',
        message: SIGNUP_MESSAGES.passwordMismatch.message,
        path: ['confirmPassword'],
      });
    }
  });

type ChangePasswordValues = z.input<typeof changePasswordFormSchema>;

export interface ChangePassword {
  currentPassword: string;
  newPassword: string;
}

/**
 * 'Change password': on success a green 'Password changed' toast and an empty form; on failure a red
 * 'Error' toast with the server's message (a wrong current password, say), keeping what was typed.
 */
export function ChangePasswordForm({
  onChange,
  idPrefix = 'change-password',
}: {
  onChange: (input: ChangePassword) => Promise<unknown>;
  /** Prefix of the fields' ids, unique on the page. */
  idPrefix?: string;
}) {
  const [pending, setPending] = useState(false);
  const form = useForm<ChangePasswordValues>({
    mode: 'controlled',
    initialValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
    validate: schemaResolver(changePasswordFormSchema, { sync: true }),
  });

  const submit = form.onSubmit(async ({ currentPassword, newPassword }) => {
    if (pending) return;
    setPending(true);
    try {
      await onChange({ currentPassword, newPassword });
    } catch (error) {
      notifications.show({ color: 'red', title: 'Error', message: errorMessage(error, 'Error') });
      return;
    } finally {
      setPending(false);
    }
    form.reset();
    notifications.show({ color: 'green', ...PASSWORD_CHANGED });
  });

  return (
    <form
      noValidate
      onSubmit={submit}
      aria-labelledby={`${idPrefix}-title`}
      style={{ width: '100%', maxWidth: 480 }}
    >
      <Stack gap="sm">
        <Title order={2} size="h4" id={`${idPrefix}-title`}>
          Change password
        </Title>
        <PasswordField
          id={`${idPrefix}-current-password`}
          label="Current password"
          autoComplete="current-password"
          required
          {...form.getInputProps('currentPassword')}
        />
        <PasswordField
          id={`${idPrefix}-new-password`}
          label="New password"
          description="At least 8 characters"
          autoComplete="new-password"
          required
          {...form.getInputProps('newPassword')}
        />
        <PasswordField
          id={`${idPrefix}-confirm-password`}
          label="Confirm new password"
          autoComplete="new-password"
          required
          {...form.getInputProps('confirmPassword')}
        />
        <Group>
          <Button type="submit" loading={pending}>
            Change password
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The form wired to the server: the supplier console's Settings tab and the owners' Account page. */
export function ChangePasswordSection({ idPrefix = 'change-password' }: { idPrefix?: string }) {
  const changePassword = trpc.auth.changePassword.useMutation();
  return <ChangePasswordForm idPrefix={idPrefix} onChange={(input) => changePassword.mutateAsync(input)} />;
}
