import {
  Alert,
  Badge,
  Button,
  Code,
  Container,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { contextsLabel, formatDate, SHARE_MESSAGES } from '@propertydna/domain';
import { useId } from 'react';
import { KIND_LABELS } from '../../../../components/documents/labels';
import { AnchorLink } from '../../../../components/router-links';
import { errorMessage } from '../../../../lib/error-message';
import { type RouterOutputs, trpc } from '../../../../lib/trpc';
import { POLICY_STATUS_BADGES, SEVERITY_BADGES } from '../../properties/-components/policy-check-labels';
import {
  grantTerms,
  SHARED_WITH_ME_PAGE,
  sharedDocumentDownloadUrl,
  sharedDocumentViewUrl,
} from './shared-labels';
import { ReportIssueForm, SharedMaintenance } from './tenant-maintenance';

type SharedProperty = RouterOutputs['grants']['sharedProperty'];
type SharedDocument = SharedProperty['documents'][number];
type SharedCompliance = NonNullable<SharedProperty['compliance']>;

const BACK = (
  <AnchorLink to="/shared-with-me" size="sm">
    ← {SHARED_WITH_ME_PAGE.title}
  </AnchorLink>
);

/**
 * /shared-with-me/{grantId}: the granted property as it is now, read-only — its documents (View, Download)
 * and, when the scope includes it, its compliance check; a tenant also sees its maintenance tasks and may
 * report an issue (the one write, the owner's reminder). A revoked or expired grant
 * (or anyone else's) is 'not found'.
 */
export function SharedPropertyPage({ grantId }: { grantId: string }) {
  const view = trpc.grants.sharedProperty.useQuery({ grantId }, { retry: false });
  if (view.isLoading) {
    return (
      <Container size="xl" py="xl">
        <Group gap="sm" role="status" aria-live="polite">
          <Loader size="sm" aria-hidden="true" />
          <Text>Loading the shared property...</Text>
        </Group>
      </Container>
    );
  }
  if (!view.data) {
    const gone = view.error?.data?.code === 'NOT_FOUND' || view.error?.data?.code === 'BAD_REQUEST';
    return (
      <Container size="xl" py="xl">
        <Stack gap="md">
          {BACK}
          <Title order={1}>{gone ? 'Access not found' : 'Could not load the shared property'}</Title>
          <Alert color={gone ? 'yellow' : 'red'} role="alert">
            <Text size="sm">
              {gone
                ? 'This access has ended (revoked or expired) or is not yours. Ask the owner of the property for a new one.'
                : errorMessage(view.error, 'The server could not be reached.')}
            </Text>
            {!gone && (
              <Button size="sm" variant="default" mt="sm" onClick={() => void view.refetch()}>
                Try again
              </Button>
            )}
          </Alert>
        </Stack>
      </Container>
    );
  }
  const { grant, documents, compliance, maintenance } = view.data;
  return (
    <Container size="xl" py="xl">
      <Stack gap="lg">
        {BACK}
        <div>
          <Group gap="sm" wrap="wrap">
            <Title order={1}>{grant.property.name}</Title>
            <Badge variant="light" color="gray">
              Read-only
            </Badge>
          </Group>
          <Text mt={4}>{grant.property.address}</Text>
          <Text size="sm" mt={4}>
            DNA code <Code>{grant.property.dna_code}</Code>
          </Text>
          <Text size="sm" mt={4} c="dimmed">
            Shared by {grant.organizationName} · {grantTerms(grant)}
          </Text>
        </div>
        <SharedDocuments grantId={grant.grantId} documents={documents} />
        {compliance && <SharedComplianceCheck compliance={compliance} />}
        {maintenance && <SharedMaintenance tasks={maintenance} />}
        {grant.role === 'tenant' && <ReportIssueForm grantId={grant.grantId} />}
      </Stack>
    </Container>
  );
}

function SharedDocuments({ grantId, documents }: { grantId: string; documents: SharedDocument[] }) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId}>
      <Title order={2} size="h3" id={titleId}>
        Documents
      </Title>
      {documents.length === 0 ? (
        <Text mt="sm">This property has no documents yet.</Text>
      ) : (
        <Stack gap="xs" mt="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {documents.map((document) => (
            <li key={document.id}>
              <Paper withBorder radius="md" p="sm">
                <Group justify="space-between" gap="sm" wrap="wrap">
                  <div style={{ minWidth: 0 }}>
                    <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                      {document.name}
                    </Text>
                    <Text size="sm" c="dimmed">
                      {KIND_LABELS[document.kind]} · added {formatDate(document.created_at)}
                      {document.expires_at ? ` · expires ${formatDate(document.expires_at)}` : ''}
                    </Text>
                  </div>
                  <Group gap="xs">
                    <Button
                      component="a"
                      href={sharedDocumentViewUrl(grantId, document.id)}
                      target="_blank"
                      rel="noopener noreferrer"
                      size="compact-sm"
                      variant="light"
                      aria-label={`View ${document.name}`}
                    >
                      View
                    </Button>
                    <Button
                      component="a"
                      href={sharedDocumentDownloadUrl(grantId, document.id)}
                      download
                      size="compact-sm"
                      variant="light"
                      aria-label={`Download ${document.name}`}
                      onClick={() =>
                        notifications.show({ color: 'green', message: SHARE_MESSAGES.downloadStarted })
                      }
                    >
                      Download
                    </Button>
                  </Group>
                </Group>
              </Paper>
            </li>
          ))}
        </Stack>
      )}
    </section>
  );
}

function SharedComplianceCheck({ compliance }: { compliance: SharedCompliance }) {
  const titleId = useId();
  const status = POLICY_STATUS_BADGES[compliance.status];
  return (
    <section aria-labelledby={titleId}>
      <Group gap="sm" wrap="wrap">
        <Title order={2} size="h3" id={titleId}>
          Compliance check
        </Title>
        <Badge color={status.color} variant="light">
          {status.label}
        </Badge>
      </Group>
      <Text size="sm" c="dimmed" mt={4}>
        Last checked {formatDate(compliance.lastChecked)} · transfer readiness{' '}
        {compliance.transferReadiness.ready} of {compliance.transferReadiness.required}
      </Text>
      {compliance.items.length === 0 ? (
        <Text mt="sm">Nothing to do: the check found no gaps.</Text>
      ) : (
        <Stack gap="xs" mt="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {compliance.items.map((item) => {
            const level = SEVERITY_BADGES[item.level];
            return (
              <li key={item.id}>
                <Paper withBorder radius="md" p="sm">
                  <Group gap="xs" wrap="wrap">
                    <Badge color={level.color} variant="light">
                      {level.label}
                    </Badge>
                    <Text fw={600}>{item.title}</Text>
                  </Group>
                  <Text size="sm" mt={4}>
                    {item.action}
                  </Text>
                  <Text size="xs" c="dimmed" mt={4}>
                    {contextsLabel(item.contexts)}
                    {item.due_date ? ` · due ${formatDate(item.due_date)}` : ''}
                  </Text>
                </Paper>
              </li>
            );
          })}
        </Stack>
      )}
    </section>
  );
}
