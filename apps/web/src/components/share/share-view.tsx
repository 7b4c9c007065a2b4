import { Alert, Badge, Button, Group, Paper, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import {
  type DocumentKind,
  formatDate,
  formatSize,
  SHARE_MESSAGES,
  shareUnlockSchema,
  shortHash,
} from '@propertydna/domain';
import type { ReactNode } from 'react';
import type { RouterOutputs } from '../../lib/trpc';
import { DocumentNameCell } from '../documents/document-cells';
import { TrustStatus } from '../documents/trust-badge';
import { PasswordField } from '../password-field';
import { StackedTable } from '../table-head';
import { VerificationLevelBadge, VerifiedChecks } from '../verification/verification-level';

export type SharedItems = RouterOutputs['shares']['view'];
export type SharedDocument = SharedItems['documents'][number];

export interface ShareGateProps {
  busy: boolean;
  onUnlock: (password: string) => void;
  /** The server refused the last password ('The password you entered is incorrect.'), shown on the field. */
  error?: string | null;
  /** The password was edited: the refusal no longer applies. */
  onPasswordChange?: () => void;
}

/** The password gate (spec §2, §4: the share is locked when its first fetch fails for a password). */
export function ShareGate({ busy, onUnlock, error = null, onPasswordChange }: ShareGateProps) {
  const form = useForm({
    initialValues: { password: '' },
    validate: schemaResolver(shareUnlockSchema, { sync: true }),
  });
  const passwordProps = form.getInputProps('password');
  return (
    <Paper withBorder radius="md" p="xl" maw={420} mx="auto">
      <form
        noValidate
        aria-label="Unlock the share"
        onSubmit={form.onSubmit(
          (values) => onUnlock(values.password),
          () => document.getElementById('share-password')?.focus(),
        )}
      >
        <Stack>
          <Title order={1} size="h2">
            This link is protected by a password
          </Title>
          <Text c="dimmed">Enter the password you were given to see the shared documents.</Text>
          <PasswordField
            id="share-password"
            label="Password"
            autoComplete="off"
            data-autofocus
            {...passwordProps}
            error={passwordProps.error ?? error ?? undefined}
            onChange={(event) => {
              passwordProps.onChange(event);
              onPasswordChange?.();
            }}
          />
          <Button type="submit" loading={busy}>
            Unlock
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}

/** What a missing, expired or revoked link shows (spec §2, §8). */
export function ShareNotFound({ children }: { children?: ReactNode }) {
  return (
    <Stack align="center" py="xl">
      <Title order={1} size="h2">
        {SHARE_MESSAGES.notFound}
      </Title>
      {children}
    </Stack>
  );
}

/** A load that failed for another reason (the network, the server): its message and a retry. */
export function ShareLoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <Alert color="red" title="Unable to load the share" role="alert">
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{message}</Text>
        <Button variant="light" color="red" onClick={onRetry}>
          Try again
        </Button>
      </Stack>
    </Alert>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text component="dt" size="sm" c="dimmed">
        {label}
      </Text>
      <Text component="dd" fw={500} m={0}>
        {value}
      </Text>
    </div>
  );
}

/** Who shared what: the job and its supplier, or the property and its owner. */
export function ShareSummary({ share }: { share: SharedItems }) {
  const facts: Array<[string, string]> = [];
  if (share.kind === 'job' && share.job) {
    facts.push(['Job reference', share.job.job_ref], ['Property address', share.job.property_address]);
    facts.push(['Client', share.job.client_name]);
    if (share.supplier) facts.push(['Supplier', share.supplier.company_name]);
  } else if (share.property) {
    facts.push(['Property', share.property.name], ['Address', share.property.address]);
    facts.push(['DNA code', share.property.dna_code]);
    if (share.owner) facts.push(['Owner', share.owner.name]);
  }
  return (
    <Stack gap="xs">
      <Title order={1}>{share.kind === 'job' ? 'Shared job documents' : 'Shared property documents'}</Title>
      <Group component="dl" gap="xl" m={0} align="flex-start">
        {facts.map(([label, value]) => (
          <Fact key={label} label={label} value={value} />
        ))}
      </Group>
      {share.supplier && (
        <Group gap="xs">
          <VerificationLevelBadge level={share.supplier.verification.level} />
          {share.supplier.insured_until && (
            <Badge color="green" variant="light" tt="none" w="fit-content">
              Liability insurance current until {formatDate(share.supplier.insured_until)}
            </Badge>
          )}
        </Group>
      )}
      {share.supplier && (
        <VerifiedChecks checks={share.supplier.verification.checks} of={share.supplier.company_name} />
      )}
      <Text size="sm" c="dimmed">
        Link expires {formatDate(share.expires_at)}
      </Text>
    </Stack>
  );
}

const kindLabel = (kind: string) => kind.charAt(0).toUpperCase() + kind.slice(1).replaceAll('_', ' ');

export interface SharedDocumentsListProps {
  documents: SharedDocument[];
  onView: (document: SharedDocument) => void;
  onDownload: (document: SharedDocument) => void;
  /** The document whose file is being fetched (its buttons show as busy). */
  busyId?: string | null;
}

/**
 * The shared documents: name (with a certificate's type, issue date and the Expired or 'Expires in N
 * days' badge), kind, size, short hash, status, with View and Download.
 */
export function SharedDocumentsList({ documents, onView, onDownload, busyId }: SharedDocumentsListProps) {
  if (documents.length === 0) return <Text c="dimmed">No documents are shared by this link.</Text>;
  return (
    <StackedTable aria-label="Shared documents" verticalSpacing="sm" minWidth={640}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Name</Table.Th>
          <Table.Th>Kind</Table.Th>
          <Table.Th>Size</Table.Th>
          <Table.Th>Hash</Table.Th>
          <Table.Th>Status</Table.Th>
          <Table.Th>
            <VisuallyHidden>Actions</VisuallyHidden>
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {documents.map((document) => (
          <Table.Tr key={document.id}>
            <DocumentNameCell
              label="Name"
              withExpiry
              document={{
                ...document,
                kind: document.kind as DocumentKind,
                metadata: { certificate_type: document.certificate_type, issued_on: document.issued_on },
              }}
            />
            <Table.Td data-label="Kind">{kindLabel(document.kind)}</Table.Td>
            <Table.Td data-label="Size">{formatSize(document.bytes)}</Table.Td>
            <Table.Td data-label="Hash">
              <Text component="code" ff="monospace" size="sm" title={document.sha256}>
                {shortHash(document.sha256)}
              </Text>
            </Table.Td>
            <Table.Td data-label="Status">
              <TrustStatus document={document} />
            </Table.Td>
            <Table.Td data-label="Actions">
              <Group gap="xs" wrap="wrap">
                <Button
                  size="xs"
                  variant="default"
                  disabled={busyId === document.id}
                  onClick={() => onView(document)}
                  aria-label={`View ${document.name}`}
                >
                  View
                </Button>
                <Button
                  size="xs"
                  loading={busyId === document.id}
                  onClick={() => onDownload(document)}
                  aria-label={`Download ${document.name}`}
                >
                  Download
                </Button>
              </Group>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </StackedTable>
  );
}
