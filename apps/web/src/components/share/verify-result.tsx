import { Alert, Card, Stack, Text, Title } from '@mantine/core';
import { formatDate } from '@propertydna/domain';
import type { RouterOutputs } from '../../lib/trpc';

export type Verification = RouterOutputs['shares']['verify'];

/** What /verify answers when no verified document has the hash. */
export const NO_MATCH_MESSAGE = 'No verified document matches this file.';

/** The result of a verification: who issued each matching document, when, and for which job or property. */
export function VerifyResult({ sha256, result }: { sha256: string; result: Verification }) {
  if (!result.verified || result.matches.length === 0) {
    return (
      <Alert color="yellow" title="Not verified" role="status">
        <Text size="sm">{NO_MATCH_MESSAGE}</Text>
        <Text size="xs" c="dimmed" ff="monospace" style={{ wordBreak: 'break-all' }}>
          {sha256}
        </Text>
      </Alert>
    );
  }
  return (
    <Stack role="status" aria-label="Verification result">
      <Alert color="green" title="Verified document">
        <Text size="sm">This file matches a document issued on PropertyDNA.</Text>
        <Text size="xs" c="dimmed" ff="monospace" style={{ wordBreak: 'break-all' }}>
          {sha256}
        </Text>
      </Alert>
      {result.matches.map((match, index) => (
        <Card withBorder radius="md" key={`${match.company_name}-${match.issued_at}-${index}`}>
          <Title order={2} size="h4">
            {match.name}
          </Title>
          <Stack component="dl" gap={4} mt="sm">
            <Fact label="Issued by" value={match.company_name} />
            <Fact label="Issued on" value={formatDate(match.issued_at)} />
            {match.job_ref ? <Fact label="Job reference" value={match.job_ref} /> : null}
            {match.dna_code ? <Fact label="Property DNA code" value={match.dna_code} /> : null}
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <Text size="sm" component="div">
      <Text span c="dimmed" component="dt" display="inline">
        {label}:{' '}
      </Text>
      <Text span fw={500} component="dd" display="inline" m={0}>
        {value}
      </Text>
    </Text>
  );
}
