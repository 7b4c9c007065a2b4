import { Badge, Group, List, Loader, Paper, Progress, Text, Title } from '@mantine/core';
import {
  ANALYSIS_STATE_BADGES,
  isAnalysing,
  isPending,
  type PolicyAnalysis,
  progressSummary,
} from './policy-findings';

/** The colour of the server's note under a policy: why it failed or has no text, or (queued) that the scan is read first. */
const ANALYSIS_NOTE_COLORS: Record<PolicyAnalysis['state'], string> = {
  not_analysed: 'dimmed',
  queued: 'dimmed',
  running: 'dimmed',
  // A done analysis has a note only when its scan was read in part: a warning.
  done: 'orange.9',
  no_text: 'orange.9',
  failed: 'red.8',
};

/**
 * Where the analysis of each policy stands (queued, running, done, no text, failed with the server's
 * reason; queued behind the reading of a scan, saying so), and an overall bar. The summary line is a live region: a screen reader hears it change.
 */
export function AnalysisProgress({
  analyses,
  showProperty,
}: {
  analyses: readonly PolicyAnalysis[];
  /** With every property shown: each policy says whose it is. */
  showProperty: boolean;
}) {
  const finished = analyses.filter((analysis) => !isPending(analysis) && analysis.state !== 'not_analysed');
  const running = isAnalysing(analyses);
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      mt="lg"
      component="section"
      aria-labelledby="policy-analysis-progress"
      aria-busy={running}
    >
      <Title order={2} size="h4" id="policy-analysis-progress">
        Analysis progress
      </Title>
      <Text size="sm" c="dimmed" mt={4} role="status" data-testid="analysis-summary">
        {progressSummary([...analyses])}
      </Text>
      <Progress
        mt="sm"
        value={analyses.length === 0 ? 0 : (finished.length / analyses.length) * 100}
        animated={running}
        aria-label="Policies analysed"
      />
      <List listStyleType="none" spacing="sm" mt="md" aria-label="Policies">
        {analyses.map((analysis) => {
          const badge = ANALYSIS_STATE_BADGES[analysis.state];
          return (
            <List.Item
              key={analysis.document_id}
              data-testid="analysis-row"
              styles={{ itemWrapper: { display: 'block' }, itemLabel: { display: 'block' } }}
            >
              <Group justify="space-between" wrap="nowrap" gap="sm" align="flex-start">
                <div style={{ minWidth: 0 }}>
                  <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
                    {analysis.document_name}
                  </Text>
                  {showProperty && (
                    <Text size="sm" c="dimmed">
                      {analysis.property_name}
                    </Text>
                  )}
                </div>
                <Badge
                  color={badge.color}
                  variant="light"
                  leftSection={
                    analysis.state === 'running' ? <Loader size={10} color="blue" aria-hidden /> : undefined
                  }
                >
                  {badge.label}
                  {analysis.state === 'done' && analysis.pages
                    ? ` · ${analysis.pages} ${analysis.pages === 1 ? 'page' : 'pages'}`
                    : ''}
                </Badge>
              </Group>
              {analysis.error && (
                <Text size="sm" c={ANALYSIS_NOTE_COLORS[analysis.state]} mt={4}>
                  {analysis.error}
                </Text>
              )}
            </List.Item>
          );
        })}
      </List>
    </Paper>
  );
}
