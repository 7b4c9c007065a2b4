import { Alert, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { formatDate, kindsPhrase, VENDOR_MESSAGES } from '@propertydna/domain';
import type { ReactNode } from 'react';
import { KIND_LABELS } from '../documents/labels';
import type { InviteView } from './invite-files';

/**
 * Who asks for what (issue 15): the vendor greeted by name, the owner's first name, the kinds asked
 * for, the property's address and DNA code, until when the link works, and — for a signed-in supplier —
 * the organisation the uploads are verified as. Nothing of the owner's vault.
 */
export function InviteHeader({ view }: { view: InviteView }) {
  return (
    <Stack gap="sm">
      <Title order={1}>Hi {view.vendor.name}</Title>
      <Text size="lg">
        {view.owner.first_name} asks you to upload {kindsPhrase(view.allowed_kinds)} for{' '}
        <Text span fw={600} inherit>
          {view.property.address}
        </Text>
        .
      </Text>
      <Group gap="xs" wrap="wrap">
        <Text size="sm" c="dimmed">
          DNA code
        </Text>
        <Badge variant="light" size="lg" tt="none" ff="monospace">
          {view.property.dna_code}
        </Badge>
      </Group>
      <Text size="sm" c="dimmed">
        This link works until {formatDate(view.expires_at)}.
      </Text>
      {view.uploading_as && (
        <Alert color="blue" variant="light" p="sm">
          <Text size="sm">
            You are signed in: uploads are verified as{' '}
            <Text span fw={600} inherit>
              {view.uploading_as}
            </Text>
            .
          </Text>
        </Alert>
      )}
    </Stack>
  );
}

/** What came in through this link, newest first: names and dates only. */
export function InviteUploads({ uploads }: { uploads: InviteView['uploads'] }) {
  return (
    <Stack gap="xs" component="section" aria-labelledby="invite-uploaded-title">
      <Title order={2} size="h3" id="invite-uploaded-title">
        Uploaded
      </Title>
      {uploads.length === 0 ? (
        <Text c="dimmed" size="sm">
          Nothing uploaded through this link yet.
        </Text>
      ) : (
        <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
          {uploads.map((upload) => (
            <Paper component="li" key={upload.id} withBorder radius="md" p="sm">
              <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
                {upload.name}
              </Text>
              <Text size="sm" c="dimmed">
                {KIND_LABELS[upload.kind]} · uploaded {formatDate(upload.created_at)}
              </Text>
            </Paper>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

/** A full-page message with a heading, and what to do next when there is something. */
function InviteMessage({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Stack align="center" py="xl" gap="md" ta="center">
      <Title order={1} size="h2">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/** An unknown, expired or revoked link (the API answers all three alike): nothing to retry. */
export function InviteNotFound() {
  return <InviteMessage title={VENDOR_MESSAGES.inviteNotFound} />;
}

interface RetryProps {
  message: string;
  onRetry: () => void;
  /** The retry is under way. */
  busy?: boolean;
}

/** Too many attempts from here (429): the server's message says how long to wait. */
export function InviteRateLimited({ message, onRetry, busy = false }: RetryProps) {
  return (
    <InviteMessage title="Please wait a moment">
      <Text>{message}</Text>
      <Button variant="default" size="md" loading={busy} onClick={onRetry}>
        Try again
      </Button>
    </InviteMessage>
  );
}

/** A load that failed for another reason (the network, the server): its message and a retry. */
export function InviteLoadError({ message, onRetry, busy = false }: RetryProps) {
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Unable to load this upload link
      </Title>
      <Alert color="red" role="alert">
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{message}</Text>
          <Button variant="light" color="red" size="md" loading={busy} onClick={onRetry}>
            Try again
          </Button>
        </Stack>
      </Alert>
    </Stack>
  );
}
