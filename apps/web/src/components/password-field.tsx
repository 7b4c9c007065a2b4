import { PasswordInput, type PasswordInputProps } from '@mantine/core';

/**
 * Mantine's PasswordInput leaves its inner input without aria-invalid and without a link to its
 * description and error. This one adds them, from the ids Mantine gives those texts (`{id}-description`,
 * `{id}-error`), so a screen reader hears the hint and the message of the field.
 */
export function PasswordField({ id, error, description, ...props }: PasswordInputProps & { id: string }) {
  const describedBy = [
    description ? `${id}-description` : null,
    error && typeof error !== 'boolean' ? `${id}-error` : null,
    props['aria-describedby'] ?? null,
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <PasswordInput
      {...props}
      id={id}
      error={error}
      description={description}
      aria-invalid={error ? true : undefined}
      aria-describedby={describedBy || undefined}
    />
  );
}
