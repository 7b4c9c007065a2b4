import { Alert, Card, Group, Stack, Text, Title } from '@mantine/core';
import { formatDate, PROVENANCE_LABELS, VERIFICATION_LEVEL_LABELS } from '@propertydna/domain';
import type { RouterOutputs } from '../../lib/trpc';
import { provenanceText, TrustBadge } from '../documents/trust-badge';

export type Verification = RouterOutputs['shares']['verify'];

/** What /verify answers when no document has the hash. */
export const NO_MATCH_MESSAGE = 'No document registered on PropertyDNA matches this file.';

/** What /verify answers when the file is registered but no checked issuer stands behind it. */
export const SELF_DECLARED_MESSAGE =
  'This file is registered on PropertyDNA, but it is self-declared: no supplier PropertyDNA had checked issued it.';

/**
 * The result of a verification: for each registration of the file, the same badge and provenance line
 * the vault shows for it, who issued it, when, and (for a verified document) the job or property.
 */
export function VerifyResult({ sha256, result }: { sha256: string; result: Verification }) {
  if (result.matches.length === 0) {
    return (
      <Alert color="yellow" title="Not verified — no document matches" role="status">
        <Text size="sm">{NO_MATCH_MESSAGE}</Text>
        <Text size="xs" c="dimmed" ff="monospace" style={{ wordBreak: 'break-all' }}>
          {sha256}
        </Text>
      </Alert>
    );
  }
  return (
    <Stack role="status" aria-label="Verification result">
      {result.verified ? (
        <Alert color="green" title="Verified document">
          <Text size="sm">This file matches a document a checked supplier issued on PropertyDNA.</Text>
          <Text size="xs" c="dimmed" ff="monospace" style={{ wordBreak: 'break-all' }}>
            {sha256}
          </Text>
        </Alert>
      ) : (
        <Alert color="gray" title="Registered, self-declared">
          <Text size="sm">{SELF_DECLARED_MESSAGE}</Text>
          <Text size="xs" c="dimmed" ff="monospace" style={{ wordBreak: 'break-all' }}>
            {sha256}
          </Text>
        </Alert>
      )}
      {result.matches.map((match, index) => (
        <Card withBorder radius="md" key={`${match.issued_at}-${index}`} data-testid="verify-match">
          <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
            <Title order={2} size="h4">
              {match.name ?? PROVENANCE_LABELS[match.provenance.kind]}
            </Title>
            <TrustBadge document={{ provenance: match.provenance, job_ref: match.job_ref }} />
          </Group>
          <Text size="xs" c="dimmed" mt={4} data-testid="provenance-line">
            {provenanceText({ provenance: match.provenance, job_ref: match.job_ref })}
          </Text>
          <Stack component="dl" gap={4} mt="sm">
            {match.provenance.issuer_name ? (
              <Fact label="Issued by" value={match.provenance.issuer_name} />
            ) : null}
            <Fact
              label="Issuer's level then"
              value={VERIFICATION_LEVEL_LABELS[match.provenance.issuer_level ?? 'self_declared']}
            />
            <Fact label="Registered on" value={formatDate(match.issued_at)} />
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
