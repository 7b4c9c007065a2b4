import { Anchor, Badge, Blockquote, Box, Button, Group, Paper, Text, Title } from '@mantine/core';
import { useId, useState } from 'react';
import { documentViewUrl } from '../../../../components/documents/labels';
import { CandidateTask } from './candidate-task';
import {
  clauseHref,
  clauseLabel,
  clauseSource,
  confidenceLabel,
  FINDING_TYPE_BADGES,
  type PolicyFinding,
  SEVERITY_BADGES,
  topicLabel,
} from './policy-findings';

/** Opens in a new tab, as the vault's View does. */
const NEW_TAB = { target: '_blank', rel: 'noopener noreferrer' } as const;

/**
 * One finding: its type and severity, title, clause number and page, description, topics and
 * confidence; 'Read clause 4.12' opens the clause as the policy words it (linked to its page of the
 * PDF) with the reason it was classified so; a maintenance condition's candidate task; for evidence, the
 * vault document that proves it.
 */
export function FindingCard({ finding, showProperty }: { finding: PolicyFinding; showProperty: boolean }) {
  const titleId = useId();
  const clauseId = useId();
  const [open, setOpen] = useState(false);
  const place = clauseLabel(finding);
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
      {place && (
        <Text size="sm" c="dimmed" mt={2} data-testid="clause-place">
          {place}
        </Text>
      )}
      <Text size="sm" mt={4}>
        {finding.description}
      </Text>
      {finding.topics.length > 0 && (
        <Group gap={6} mt="xs" aria-label="Topics" role="list">
          {finding.topics.map((topic) => (
            <Badge key={topic} size="sm" variant="outline" color="gray" role="listitem" tt="none">
              {topicLabel(topic)}
            </Badge>
          ))}
        </Group>
      )}
      {finding.excerpt && (
        <>
          <Button
            variant="subtle"
            size="compact-sm"
            mt="xs"
            px={0}
            aria-expanded={open}
            aria-controls={clauseId}
            onClick={() => setOpen((value) => !value)}
          >
            {finding.clause_ref ? `Read clause ${finding.clause_ref}` : 'Read the clause'}
          </Button>
          <div id={clauseId} hidden={!open}>
            <Blockquote
              mt="xs"
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
            {finding.reason && (
              <Text size="sm" mt="xs">
                <Text span fw={600} inherit>
                  Why:
                </Text>{' '}
                {finding.reason}
              </Text>
            )}
          </div>
        </>
      )}
      {finding.candidate_task && (
        <Box mt="sm">
          <CandidateTask finding={finding} />
        </Box>
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
