import { Alert, Button, Modal, Text } from '@mantine/core';
import { canAddProperty, FREE_PLAN_LIMIT_MESSAGE } from '@propertydna/domain';
import { type ReactNode, useRef, useState } from 'react';
import { useAuth } from '../../../../lib/auth';
import { planStateOf, START_TRIAL_LABEL, useStartTrial } from '../../../../lib/plan';

export interface UpgradePromptProps {
  canStartTrial: boolean;
  /** What the trial lets the owner do next. */
  trialNote?: string;
  starting: boolean;
  onStartTrial: () => void;
}

/** Why another property needs Premium (R99 per year), with the 14-day trial while it is unused. */
export function UpgradePrompt({
  canStartTrial,
  trialNote = 'Try Premium free for 14 days, then create the property again.',
  starting,
  onStartTrial,
}: UpgradePromptProps) {
  return (
    <Alert color="yellow" variant="light" title="Upgrade to Premium" data-testid="upgrade-prompt">
      <Text size="sm">{FREE_PLAN_LIMIT_MESSAGE}</Text>
      {canStartTrial ? (
        <>
          <Text size="sm" mt="xs">
            {trialNote}
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

export interface PlanLimitGate {
  /** The organisation's live properties fill its plan: an Add button offers the trial/upgrade first. */
  reached: boolean;
  /** Wraps an Add button's action: at the limit it opens the offer instead (and proceeds once the trial runs). */
  guard: (proceed: () => void) => () => void;
  /** The offer's dialog, to render once beside the buttons. */
  modal: ReactNode;
}

/**
 * At the Free plan's limit, Add buttons offer the trial or the upgrade before any form is filled: `guard`
 * turns a button's action into opening that offer while `propertyCount` (the live properties, unknown
 * while they load) fills the plan. Starting the trial from it goes straight on to what the button does.
 */
export function usePlanLimitGate(propertyCount: number | undefined): PlanLimitGate {
  const { organization } = useAuth();
  const startTrial = useStartTrial();
  const [opened, setOpened] = useState(false);
  const pending = useRef<(() => void) | null>(null);
  const state = organization ? planStateOf(organization) : null;
  const reached =
    organization !== null &&
    propertyCount !== undefined &&
    !canAddProperty(
      organization.plan,
      organization.trialEndsAt ? new Date(organization.trialEndsAt) : null,
      propertyCount,
      new Date(),
    ).ok;

  const close = () => {
    pending.current = null;
    setOpened(false);
  };
  const guard = (proceed: () => void) => () => {
    if (!reached) return proceed();
    pending.current = proceed;
    setOpened(true);
  };
  const start = () =>
    startTrial.mutate(undefined, {
      onSuccess: () => {
        const proceed = pending.current;
        close();
        proceed?.();
      },
    });

  const modal = (
    <Modal opened={opened} onClose={close} title="Add another property">
      <UpgradePrompt
        canStartTrial={state?.canStartTrial ?? false}
        trialNote="Try Premium free for 14 days; the new property's form opens as soon as the trial starts."
        starting={startTrial.isPending}
        onStartTrial={start}
      />
      <Button variant="default" fullWidth mt="md" onClick={close}>
        Not now
      </Button>
    </Modal>
  );
  return { reached, guard, modal };
}
