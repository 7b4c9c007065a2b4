import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { formatDate, PREMIUM_PRICE_ZAR } from '@propertydna/domain';
import { PLAN_LABELS, type PlanState, START_TRIAL_LABEL } from '../../../lib/plan';

export interface PlanSummaryProps {
  state: PlanState;
  starting: boolean;
  onStartTrial: () => void;
}

/** The organisation's plan: its name, the trial's end while it runs, and the trial offer for Free. */
export function PlanSummary({ state, starting, onStartTrial }: PlanSummaryProps) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label="Your plan">
      <Group justify="space-between" align="center" gap="sm">
        <Stack gap={2}>
          <Text fw={600}>
            Plan: {PLAN_LABELS[state.plan]}
            {state.trialEndsAt ? ' (free trial)' : ''}
          </Text>
          {state.trialEndsAt ? (
            <Text size="sm" c="dimmed">
              Your trial ends on {formatDate(state.trialEndsAt)}.
            </Text>
          ) : state.plan === 'free' ? (
            <Text size="sm" c="dimmed">
              The Free plan includes 1 property. Premium (R{PREMIUM_PRICE_ZAR} per year) adds more properties
              and maintenance alerts.
            </Text>
          ) : (
            <Text size="sm" c="dimmed">
              Multiple properties and maintenance alerts are included.
            </Text>
          )}
        </Stack>
        {state.canStartTrial && (
          <Button variant="light" onClick={onStartTrial} disabled={starting}>
            {starting ? 'Starting trial...' : START_TRIAL_LABEL}
          </Button>
        )}
      </Group>
    </Paper>
  );
}
