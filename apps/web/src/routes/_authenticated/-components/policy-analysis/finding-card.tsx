import { Anchor, Badge, Blockquote, Group, Paper, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { documentViewUrl } from '../../../../components/documents/labels';
import {
  clauseHref,
  clauseSource,
  confidenceLabel,
  FINDING_TYPE_BADGES,
  type PolicyFinding,
  SEVERITY_BADGES,
} from './policy-findings';

/** Opens in a new tab, as the vault's View does. */
const NEW_TAB = { target: '_blank', rel: 'noopener noreferrer' } as const;

/**
 * One finding: its type and severity, title, description and confidence, the clause as the policy
 * words it (linked to its page of the PDF) and, for evidence, the vault document that proves it.
 */
export function FindingCard({ finding, showProperty }: { finding: PolicyFinding; showProperty: boolean }) {
  const titleId = useId();
  const type = FINDING_TYPE_BADGES[finding.finding_type];
  const severity = SEVERITY_BADGES[finding.severity];
  return (
    <Paper withBorder radius="md" p="md" component="article" aria-labelledby={titleId} data-testid="finding">
      <Group justify="space-between" gap="xs">
        <Group gap="xs">
          <Badge color={type.color} variant="light">
            {type.label}
          </Badge>
          <Badge color={severity.color} variant={severity.variant}>
            {severity.label}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          {confidenceLabel(finding.confidence)}
        </Text>
      </Group>
      {showProperty && (
        <Text size="sm" c="dimmed" mt="xs">
          {finding.property_name}
        </Text>
      )}
      <Title order={3} size="h5" mt="xs" id={titleId}>
        {finding.title}
      </Title>
      <Text size="sm" mt={4}>
        {finding.description}
      </Text>
      {finding.excerpt && (
        <Blockquote
          mt="sm"
          p="sm"
          color="gray"
          radius="sm"
          styles={{
            root: { overflowWrap: 'anywhere' },
            // Mantine fades the citation (opacity 0.6): the link would fall below AA contrast.
            cite: { opacity: 1, fontStyle: 'normal', marginTop: 'var(--mantine-spacing-xs)' },
          }}
          cite={
            <Anchor href={clauseHref(finding)} {...NEW_TAB} size="sm">
              {clauseSource(finding)}
            </Anchor>
          }
        >
          <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
            {finding.excerpt}
          </Text>
        </Blockquote>
      )}
      {finding.evidence_document && (
        <Text size="sm" mt="sm">
          Proved by{' '}
          <Anchor href={documentViewUrl(finding.evidence_document.id)} {...NEW_TAB}>
            {finding.evidence_document.name}
          </Anchor>
        </Text>
      )}
    </Paper>
  );
}
