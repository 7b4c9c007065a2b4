import { Alert, Button, Code, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { AnchorLink } from '../../../../components/router-links';
import { errorMessage } from '../../../../lib/error-message';
import { trpc } from '../../../../lib/trpc';
import { PageTitle } from '../../-components/section-page';
import { grantTerms, SHARED_WITH_ME_PAGE, type SharedGrant } from './shared-labels';

/** /shared-with-me: the signed-in person's live grants, each a card leading to its property (read-only). */
export function SharedWithMePage() {
  const shared = trpc.grants.sharedWithMe.useQuery();
  return (
    <PageTitle title={SHARED_WITH_ME_PAGE.title} subtitle={SHARED_WITH_ME_PAGE.subtitle}>
      <Stack gap="md" mt="lg">
        {shared.isLoading ? (
          <Group gap="sm" role="status" aria-live="polite">
            <Loader size="sm" aria-hidden="true" />
            <Text>Loading what is shared with you...</Text>
          </Group>
        ) : !shared.data ? (
          <Alert color="red" role="alert" title="Could not load what is shared with you">
            <Text size="sm">{errorMessage(shared.error, 'The server could not be reached.')}</Text>
            <Button size="sm" variant="default" mt="sm" onClick={() => void shared.refetch()}>
              Try again
            </Button>
          </Alert>
        ) : shared.data.length === 0 ? (
          <Text>{SHARED_WITH_ME_PAGE.none}</Text>
        ) : (
          <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {shared.data.map((grant) => (
              <li key={grant.grantId}>
                <SharedGrantCard grant={grant} />
              </li>
            ))}
          </Stack>
        )}
      </Stack>
    </PageTitle>
  );
}

function SharedGrantCard({ grant }: { grant: SharedGrant }) {
  const titleId = useId();
  return (
    <Paper withBorder radius="md" p="md" component="article" aria-labelledby={titleId}>
      <Title order={2} size="h4" id={titleId}>
        <AnchorLink to="/shared-with-me/$grantId" params={{ grantId: grant.grantId }}>
          {grant.property.name}
        </AnchorLink>
      </Title>
      <Text size="sm" mt={4}>
        {grant.property.address}
      </Text>
      <Text size="sm" mt={4}>
        DNA code <Code>{grant.property.dna_code}</Code>
      </Text>
      <Text size="sm" mt={4} c="dimmed">
        Shared by {grant.organizationName} · {grantTerms(grant)}
      </Text>
    </Paper>
  );
}
