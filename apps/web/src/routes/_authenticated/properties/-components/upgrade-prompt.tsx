import { Alert, Button, Text } from '@mantine/core';
import { FREE_PLAN_LIMIT_MESSAGE } from '@propertydna/domain';
import { useAuth } from '../../../../lib/auth';
import { planStateOf, START_TRIAL_LABEL, useStartTrial } from '../../../../lib/plan';

export interface UpgradePromptProps {
  canStartTrial: boolean;
  starting: boolean;
  onStartTrial: () => void;
}

/** Why another property needs Premium (R99 per year), with the 14-day trial while it is unused. */
export function UpgradePrompt({ canStartTrial, starting, onStartTrial }: UpgradePromptProps) {
  return (
    <Alert color="yellow" variant="light" title="Upgrade to Premium" data-testid="upgrade-prompt">
      <Text size="sm">{FREE_PLAN_LIMIT_MESSAGE}</Text>
      {canStartTrial ? (
        <>
          <Text size="sm" mt="xs">
            Try Premium free for 14 days, then create the property again.
          </Text>
          <Button mt="sm" size="sm" onClick={onStartTrial} disabled={starting}>
            {starting ? 'Starting trial...' : START_TRIAL_LABEL}
          </Button>
        </>
      ) : (
        <Text size="sm" mt="xs">
          Your free trial has been used.
        </Text>
      )}
    </Alert>
  );
}

/**
 * The upgrade prompt once a create has met the Free plan's limit (`show`). It goes away by itself when
 * the organisation is on Premium, for example as soon as the trial has started.
 */
export function PlanLimitPrompt({ show }: { show: boolean }) {
  const { organization } = useAuth();
  const startTrial = useStartTrial();
  if (!show || !organization) return null;
  const state = planStateOf(organization);
  if (state.plan !== 'free') return null;
  return (
    <UpgradePrompt
      canStartTrial={state.canStartTrial}
      starting={startTrial.isPending}
      onStartTrial={() => startTrial.mutate()}
    />
  );
}
