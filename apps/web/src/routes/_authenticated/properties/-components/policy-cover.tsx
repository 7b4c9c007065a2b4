import { Anchor, Paper, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { policyCoverLine } from '@propertydna/domain';
import type { ReactNode } from 'react';
import { errorMessage } from '../../../../lib/error-message';
import { trpc } from '../../../../lib/trpc';
import { CandidateTask } from '../../-components/policy-analysis/candidate-task';
import {
  clauseHref,
  clauseLabel,
  clauseSource,
  type PolicyFinding,
} from '../../-components/policy-analysis/policy-findings';

/** What the property's policies say it is covered for, and the maintenance they ask of the owner. */
export interface PolicyCoverParts {
  cover: PolicyFinding[];
  conditions: PolicyFinding[];
}

/** The endorsements (what is covered) and the maintenance conditions among a property's policy findings. */
export function policyCoverParts(findings: readonly PolicyFinding[]): PolicyCoverParts {
  return {
    cover: findings.filter((finding) => finding.finding_type === 'endorsement'),
    conditions: findings.filter((finding) => finding.finding_type === 'maintenance'),
  };
}

/** A list under its heading: the heading names it, its items need no bullets. */
function ListUnder({ heading, id, children }: { heading: string; id: string; children: ReactNode }) {
  return (
    <Stack gap={4} mt="md">
      <Title order={4} size="h6" id={id}>
        {heading}
      </Title>
      <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-labelledby={id}>
        {children}
      </Stack>
    </Stack>
  );
}

/** The policy's page a line cites, opened in a new tab. */
function ClauseLink({ finding }: { finding: PolicyFinding }) {
  return (
    <Anchor href={clauseHref(finding)} target="_blank" rel="noopener noreferrer" size="sm">
      {clauseSource(finding)}
      <VisuallyHidden> (opens in a new tab)</VisuallyHidden>
    </Anchor>
  );
}

/**
 * The Policy Check's 'From your policy' (issue 28): what the property's policy wordings say it is
 * covered for ('Solar panels: covered up to R150 000 (clause 4.12, page 3)'), and the maintenance they
 * ask for, each condition offering its candidate task (added to the schedule with one click). Nothing
 * when the policies have neither (or none was analysed).
 */
export function PolicyCoverView({ findings }: { findings: readonly PolicyFinding[] }) {
  const { cover, conditions } = policyCoverParts(findings);
  if (cover.length === 0 && conditions.length === 0) return null;
  return (
    <Paper withBorder radius="md" p="md" mt="lg" component="section" aria-labelledby="policy-cover-title">
      <Title order={3} size="h5" id="policy-cover-title">
        From your policy
      </Title>
      <Text size="sm" c="dimmed">
        What your insurance policy's wording says, clause by clause (Policy Analysis lists every clause).
      </Text>
      {cover.length > 0 && (
        <ListUnder heading="What your policy covers" id="policy-cover-covered">
          {cover.map((finding) => (
            <li key={finding.id} data-testid="policy-cover" style={{ overflowWrap: 'anywhere' }}>
              <Text size="sm">{policyCoverLine(finding)}</Text>
              <ClauseLink finding={finding} />
            </li>
          ))}
        </ListUnder>
      )}
      {conditions.length > 0 && (
        <ListUnder heading="Maintenance your policy asks for" id="policy-cover-conditions">
          {conditions.map((finding) => {
            const place = clauseLabel(finding);
            return (
              <li key={finding.id} data-testid="policy-condition" style={{ overflowWrap: 'anywhere' }}>
                <Text size="sm" fw={600}>
                  {finding.title}
                  {place && (
                    <Text span size="sm" c="dimmed" fw={400}>
                      {' '}
                      ({place.charAt(0).toLowerCase() + place.slice(1)})
                    </Text>
                  )}
                </Text>
                <Text size="sm">“{finding.excerpt.replace(/\s+/g, ' ').trim()}”</Text>
                <ClauseLink finding={finding} />
                <CandidateTask finding={finding} />
              </li>
            );
          })}
        </ListUnder>
      )}
    </Paper>
  );
}

/** The property's policy findings, as 'From your policy' shows them. */
export function PolicyCover({ propertyId }: { propertyId: string }) {
  const findings = trpc.policies.findings.useQuery({ propertyId });
  if (findings.isError) {
    return (
      <Text size="sm" c="red.8" role="alert" mt="lg">
        {errorMessage(findings.error, 'What your policy covers could not be loaded')}
      </Text>
    );
  }
  if (!findings.data) return null;
  return <PolicyCoverView findings={findings.data} />;
}
