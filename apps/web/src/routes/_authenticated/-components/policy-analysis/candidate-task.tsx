import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { AnchorLink } from '../../../../components/router-links';
import { errorMessage } from '../../../../lib/error-message';
import { FREQUENCY_LABELS } from '../../../../lib/maintenance';
import { RoleGuard } from '../../../../lib/permissions';
import { trpc } from '../../../../lib/trpc';
import type { PolicyFinding } from './policy-findings';

/**
 * A maintenance condition's candidate task (issue 28): 'Add to maintenance' puts it in the property's
 * schedule with one click (never added by itself; held back, with the reason, from a role that cannot
 * change maintenance tasks); once there, it says so and links to the schedule.
 */
export function CandidateTask({
  finding,
}: {
  finding: Pick<PolicyFinding, 'id' | 'title' | 'candidate_task'>;
}) {
  const utils = trpc.useUtils();
  const accept = trpc.policies.acceptTask.useMutation();
  const candidate = finding.candidate_task;
  if (!candidate) return null;

  async function add() {
    try {
      const result = await accept.mutateAsync({ id: finding.id });
      notifications.show({ color: 'green', message: result.message });
    } catch (error) {
      notifications.show({
        color: 'red',
        message: errorMessage(error, 'The task could not be added to the maintenance schedule'),
      });
    }
    await Promise.all([utils.policies.findings.invalidate(), utils.maintenance.invalidate()]);
  }

  const frequency = FREQUENCY_LABELS[candidate.frequency].toLowerCase();
  if (candidate.task_id) {
    return (
      <Text size="sm" data-testid="candidate-task">
        In your maintenance schedule ({frequency}):{' '}
        <AnchorLink to="/app/maintenance">{candidate.title}</AnchorLink>
      </Text>
    );
  }
  return (
    <Group gap="xs" wrap="wrap" data-testid="candidate-task">
      <Text size="sm">
        Candidate task: {candidate.title}, {frequency}
      </Text>
      <RoleGuard capability="maintenance.write">
        <Button
          size="compact-sm"
          variant="light"
          loading={accept.isPending}
          onClick={() => void add()}
          aria-label={`Add to maintenance: ${candidate.title}`}
        >
          Add to maintenance
        </Button>
      </RoleGuard>
    </Group>
  );
}
