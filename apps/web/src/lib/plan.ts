import { notifications } from '@mantine/notifications';
import {
  can,
  effectivePlan,
  FREE_PLAN_LIMIT_MESSAGE,
  formatDate,
  isTrialActive,
  type OrganizationRole,
  type Plan,
  TRIAL_DAYS,
} from '@propertydna/domain';
import { errorMessage } from './error-message';
import { trpc } from './trpc';

/** Where an organisation stands: the plan in force, a running trial, and whether it may start one. */
export interface PlanState {
  /** The plan whose features apply now: Premium while a trial runs. */
  plan: Plan;
  /** When the trial ends, while it runs. */
  trialEndsAt: string | null;
  /**
   * A Free organisation that has never had the trial (it is offered once, spec §1), and a member whose
   * role may change the plan (the owner, issue 29 §1): others are not offered it.
   */
  canStartTrial: boolean;
}

export function planStateOf(
  organization: { plan: Plan; trialEndsAt: string | null },
  now: Date = new Date(),
  role?: OrganizationRole,
): PlanState {
  const trialEnd = organization.trialEndsAt ? new Date(organization.trialEndsAt) : null;
  return {
    plan: effectivePlan(organization.plan, trialEnd, now),
    trialEndsAt:
      organization.plan === 'free' && isTrialActive(trialEnd, now) ? organization.trialEndsAt : null,
    canStartTrial:
      organization.plan === 'free' && trialEnd === null && (role === undefined || can(role, 'plan.manage')),
  };
}

export const PLAN_LABELS: Record<Plan, string> = { free: 'Free', premium: 'Premium' };

/** Whether a failed create was the Free plan's one-property limit (403 with the domain's message). */
export function isPlanLimitError(error: unknown): boolean {
  return errorMessage(error, '') === FREE_PLAN_LIMIT_MESSAGE;
}

export const START_TRIAL_LABEL = `Start ${TRIAL_DAYS}-day free trial`;

/**
 * Starts the organisation's Premium trial. The answer is the updated organisation, which replaces the one
 * in the session, so every plan prompt updates without another request.
 */
export function useStartTrial() {
  const utils = trpc.useUtils();
  return trpc.plan.startTrial.useMutation({
    onSuccess: (organization) => {
      utils.auth.me.setData(undefined, (me) => (me ? { ...me, organization } : me));
      notifications.show({
        color: 'green',
        title: 'Premium trial started',
        message: organization.trialEndsAt
          ? `Your Premium trial runs until ${formatDate(organization.trialEndsAt)}. You can now add more properties.`
          : 'You can now add more properties.',
      });
    },
    onError: (error) => {
      notifications.show({
        color: 'red',
        title: 'Error',
        message: errorMessage(error, 'Failed to start the free trial'),
      });
    },
  });
}
