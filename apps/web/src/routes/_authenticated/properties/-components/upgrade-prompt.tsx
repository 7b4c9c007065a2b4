import { Alert, Button, Center, Loader, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { canAddProperty, FREE_PLAN_LIMIT_MESSAGE } from '@propertydna/domain';
import { type ReactNode, useId, useRef, useState } from 'react';
import { UpgradeButton } from '../../../../components/premium-upgrade';
import { ButtonLink } from '../../../../components/router-links';
import { useAuth } from '../../../../lib/auth';
import { planStateOf, START_TRIAL_LABEL, useStartTrial } from '../../../../lib/plan';

export interface UpgradePromptProps {
  canStartTrial: boolean;
  /** What the trial lets the owner do next. */
  trialNote?: string;
  starting: boolean;
  onStartTrial: () => void;
  /** The Upgrade button (PayFast's checkout, issue 31 §5), under the trial or its end. */
  upgrade?: ReactNode;
}

/** Why another property needs Premium (R99 per year), with the 14-day trial while it is unused. */
export function UpgradePrompt({
  canStartTrial,
  trialNote = 'Try Premium free for 14 days, then create the property again.',
  starting,
  onStartTrial,
  upgrade,
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
      {upgrade && (
        <Stack mt="sm" gap={4}>
          {upgrade}
        </Stack>
      )}
    </Alert>
  );
}

/**
 * The upgrade prompt once a create has met the Free plan's limit (`show`). It goes away by itself when
 * the organisation is on Premium, for example as soon as the trial has started.
 */
export function PlanLimitPrompt({ show }: { show: boolean }) {
  const { organization, user } = useAuth();
  const startTrial = useStartTrial();
  if (!show || !organization) return null;
  const state = planStateOf(organization, undefined, user?.role);
  if (state.plan !== 'free') return null;
  return (
    <UpgradePrompt
      canStartTrial={state.canStartTrial}
      starting={startTrial.isPending}
      onStartTrial={() => startTrial.mutate()}
      upgrade={<UpgradeButton />}
    />
  );
}

const ADD_ANOTHER_PROPERTY = 'Add another property';

/** The note under the offer at the limit: starting the trial goes straight on to the new property's form. */
const ADD_ANOTHER_TRIAL_NOTE =
  "Try Premium free for 14 days; the new property's form opens as soon as the trial starts.";

/**
 * Whether the organisation's live properties (`propertyCount`) fill its plan: undefined while that is
 * not known yet (no organisation, or a Free organisation whose properties are still loading).
 */
export function usePlanLimitReached(propertyCount: number | undefined): boolean | undefined {
  const { organization } = useAuth();
  if (!organization) return undefined;
  if (planStateOf(organization).plan === 'premium') return false;
  if (propertyCount === undefined) return undefined;
  return !canAddProperty(
    organization.plan,
    organization.trialEndsAt ? new Date(organization.trialEndsAt) : null,
    propertyCount,
    new Date(),
  ).ok;
}

/**
 * The offer made at the Free plan's limit before any form: the upgrade, with the 14-day trial while it
 * is unused. `onStarted` runs once the trial has started (the organisation is then on Premium).
 */
export function PlanLimitOffer({ onStarted }: { onStarted?: () => void }) {
  const { organization, user } = useAuth();
  const startTrial = useStartTrial();
  return (
    <UpgradePrompt
      canStartTrial={organization ? planStateOf(organization, undefined, user?.role).canStartTrial : false}
      trialNote={ADD_ANOTHER_TRIAL_NOTE}
      starting={startTrial.isPending}
      onStartTrial={() => startTrial.mutate(undefined, { onSuccess: () => onStarted?.() })}
      upgrade={<UpgradeButton />}
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
  const reached = usePlanLimitReached(propertyCount) === true;
  const [opened, setOpened] = useState(false);
  const pending = useRef<(() => void) | null>(null);

  const close = () => {
    pending.current = null;
    setOpened(false);
  };
  const guard = (proceed: () => void) => () => {
    if (!reached) return proceed();
    pending.current = proceed;
    setOpened(true);
  };
  const started = () => {
    const proceed = pending.current;
    close();
    proceed?.();
  };

  const modal = (
    <Modal opened={opened} onClose={close} title={ADD_ANOTHER_PROPERTY}>
      <PlanLimitOffer onStarted={started} />
      <Button variant="default" fullWidth mt="md" onClick={close}>
        Not now
      </Button>
    </Modal>
  );
  return { reached, guard, modal };
}

/**
 * A page that adds a property, opened directly (typed address, bookmark, reload): at the Free plan's
 * limit it shows the offer in place of `children` (the form), which appears once the trial has started.
 * While a Free organisation's properties load it shows a loader rather than a form it may take away;
 * if they cannot be loaded the form shows, and the server still refuses a property too many. Once the
 * form has shown it stays, also when the property it has just created fills the plan.
 */
export function PlanLimitPage({
  propertyCount,
  loadFailed,
  children,
}: {
  propertyCount: number | undefined;
  loadFailed: boolean;
  children: ReactNode;
}) {
  const reached = usePlanLimitReached(propertyCount);
  const titleId = useId();
  // Once shown, the form stays: the property it creates fills the plan, and the page moves on from there.
  const [formShown, setFormShown] = useState(false);
  const showForm = reached === false || (reached === undefined && loadFailed);
  if (showForm && !formShown) setFormShown(true);
  if (showForm || formShown) return children;
  if (reached === undefined) {
    return (
      <Center py="xl">
        <Loader size="sm" aria-label="Checking your plan" />
      </Center>
    );
  }
  return (
    <Paper withBorder p="lg" radius="md" mt="lg" component="section" aria-labelledby={titleId}>
      <Title order={2} size="h4" id={titleId} mb="sm">
        {ADD_ANOTHER_PROPERTY}
      </Title>
      <PlanLimitOffer />
      <ButtonLink to="/properties" variant="default" mt="md">
        Back to Properties
      </ButtonLink>
    </Paper>
  );
}
