import { Alert, Badge, Button, Group, Paper, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { formatDate, formatSizeKb, formatTime, policyCheckStatus, shortHash } from '@propertydna/domain';
import { type MouseEvent, useState } from 'react';
import { TrustStatus } from '../../../../components/documents/trust-badge';
import { TableHead } from '../../../../components/table-head';
import { VerificationLevelBadge } from '../../../../components/verification/verification-level';
import { DemoActionsPanel } from './demo-actions-panel';
import { DemoEscalationPanel } from './demo-escalation-panel';
import {
  capitalise,
  DEMO_FINDINGS,
  DEMO_VENDORS,
  type DemoDocument,
  type DemoFinding,
  demoDocuments,
  demoLastChecked,
  demoProperty,
  demoReminders,
  SAMPLE_DATA_NOTICE,
} from './demo-property';
import { FINDING_BADGES, POLICY_STATUS_BADGES } from './policy-check-labels';
import { PropertyDetailLayout } from './property-detail';

const SAMPLE_DOCUMENT = 'Sample document';

/** A button that looks and announces itself disabled but keeps its tooltip reachable by mouse and keyboard. */
function SampleOnlyButton({ label, documentName }: { label: string; documentName: string }) {
  return (
    <Tooltip label={SAMPLE_DOCUMENT} events={{ hover: true, focus: true, touch: true }}>
      <Button
        size="xs"
        variant="default"
        data-disabled
        aria-disabled="true"
        aria-label={`${label} ${documentName}`}
        onClick={(event: MouseEvent) => event.preventDefault()}
      >
        {label}
      </Button>
    </Tooltip>
  );
}

/** Marks the tab's data as sample: its levels and badges were never checked by anyone. */
function SampleDataNotice() {
  return (
    <Alert color="blue" variant="light">
      {SAMPLE_DATA_NOTICE}
    </Alert>
  );
}

/**
 * The demo's Vault tab: its 5 sample documents, sizes in KB and hashes as their first 16 characters, each
 * with the badge and provenance line a real vault shows for a document put there the same way.
 */
export function DemoVaultPanel({ documents }: { documents: DemoDocument[] }) {
  return (
    <Stack gap="md">
      <SampleDataNotice />
      <Table.ScrollContainer minWidth={760}>
        <Table verticalSpacing="sm" striped aria-label="Sample documents">
          <TableHead columns={['Document', 'Type', 'Size', 'Hash', 'Status', 'Expires', 'Actions']} />
          <Table.Tbody>
            {documents.map((document) => (
              <Table.Tr key={document.id}>
                <Table.Td>{document.name}</Table.Td>
                <Table.Td>{capitalise(document.kind)}</Table.Td>
                <Table.Td>{formatSizeKb(document.bytes)}</Table.Td>
                <Table.Td ff="monospace">{shortHash(document.sha256)}</Table.Td>
                <Table.Td>
                  <TrustStatus document={document} />
                </Table.Td>
                <Table.Td>{document.expires_at ? formatDate(document.expires_at) : '—'}</Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <SampleOnlyButton label="View" documentName={document.name} />
                    <SampleOnlyButton label="Download" documentName={document.name} />
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

/** The demo's Policy Check tab: overall status, when it last ran (HH:mm), the findings, and a re-run. */
export function DemoPolicyPanel({
  findings,
  lastChecked,
}: {
  findings: readonly DemoFinding[];
  lastChecked: Date;
}) {
  const status = POLICY_STATUS_BADGES[policyCheckStatus(findings)];
  const runCheck = () =>
    notifications.show({
      color: 'blue',
      title: 'Compliance check',
      message: 'A full compliance check runs on your own properties. This demo shows sample results.',
    });
  return (
    <Stack gap="md">
      <Group justify="space-between" align="center">
        <Group gap="sm">
          <Title order={2} size="h4">
            Overall status
          </Title>
          <Badge color={status.color} size="lg" variant="light" data-testid="policy-status">
            {status.label}
          </Badge>
        </Group>
        <Button onClick={runCheck}>Run Full Compliance Check</Button>
      </Group>
      <Text size="sm" c="dimmed">
        Last checked at {formatTime(lastChecked)}
      </Text>
      <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Findings">
        {findings.map((finding) => (
          <Paper key={finding.id} component="li" withBorder radius="md" p="md">
            <Group gap="xs">
              <Text fw={600}>{finding.title}</Text>
              <Badge color={FINDING_BADGES[finding.type].color} variant="light">
                {FINDING_BADGES[finding.type].label}
              </Badge>
              <Badge color="gray" variant="outline">
                {capitalise(finding.severity)} severity
              </Badge>
            </Group>
            <Text size="sm" c="dimmed" mt={4}>
              {finding.description}
            </Text>
          </Paper>
        ))}
      </Stack>
    </Stack>
  );
}

/**
 * The demo's Vendors tab: each sample vendor with its sample verification level (the badge Find Provider
 * shows), Contact, and Invite Service Provider.
 */
export function DemoVendorsPanel() {
  const invite = () =>
    notifications.show({
      color: 'blue',
      title: 'Invite Service Provider',
      message: 'Invitations are sent from your own properties. This demo keeps everything on this page.',
    });
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2} size="h4">
          Vendors
        </Title>
        <Button variant="light" onClick={invite}>
          Invite Service Provider
        </Button>
      </Group>
      <SampleDataNotice />
      <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {DEMO_VENDORS.map((vendor) => (
          <Paper key={vendor.id} component="li" withBorder radius="md" p="md">
            <Group justify="space-between" align="flex-start" gap="sm">
              <Stack gap={2}>
                <Group gap="xs">
                  <Text fw={600}>{vendor.name}</Text>
                  <VerificationLevelBadge level={vendor.level} />
                </Group>
                <Text size="sm">{vendor.company || 'Independent'}</Text>
                <Text size="sm" c="dimmed">
                  {vendor.specialties.join(', ')}
                </Text>
              </Stack>
              <Button
                component="a"
                href={`mailto:${vendor.email}`}
                variant="default"
                size="xs"
                aria-label={`Contact ${vendor.name}`}
              >
                Contact
              </Button>
            </Group>
          </Paper>
        ))}
      </Stack>
    </Stack>
  );
}

/**
 * /properties/demo (spec §2): the built-in sample property. Every tab is sample data held in the page,
 * and nothing on it talks to the server.
 */
export function DemoPropertyDetail({ now }: { now?: Date }) {
  const [today] = useState(() => now ?? new Date());
  return (
    <PropertyDetailLayout
      property={demoProperty(today)}
      demo
      panels={{
        Vault: <DemoVaultPanel documents={demoDocuments(today)} />,
        'Policy Check': <DemoPolicyPanel findings={DEMO_FINDINGS} lastChecked={demoLastChecked(today)} />,
        Actions: <DemoActionsPanel initial={demoReminders(today)} today={today} />,
        Vendors: <DemoVendorsPanel />,
        Escalation: <DemoEscalationPanel />,
      }}
    />
  );
}
