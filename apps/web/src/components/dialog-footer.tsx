import { Alert, Button, Group } from '@mantine/core';

/**
 * The end of a form in a dialog: the server's refusal (when there is one) above Cancel and the submit
 * button, which spins while the form is sent (or, given `busyLabel`, says so: 'Sending…').
 */
export function DialogFooter({
  error,
  onCancel,
  submitLabel,
  busy = false,
  busyLabel,
  cancelDisabled = false,
}: {
  error: string | null;
  onCancel: () => void;
  submitLabel: string;
  busy?: boolean;
  /** What the submit button reads while the form is sent, instead of spinning. */
  busyLabel?: string;
  cancelDisabled?: boolean;
}) {
  return (
    <>
      {error && (
        <Alert color="red" role="alert" variant="light">
          {error}
        </Alert>
      )}
      <Group justify="flex-end" mt="sm">
        <Button variant="default" onClick={onCancel} disabled={cancelDisabled}>
          Cancel
        </Button>
        <Button type="submit" loading={busy && !busyLabel} disabled={busy && Boolean(busyLabel)}>
          {busy && busyLabel ? busyLabel : submitLabel}
        </Button>
      </Group>
    </>
  );
}
