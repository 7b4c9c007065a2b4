import { Anchor, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { formatDate } from '@propertydna/domain';
import { type ReactNode, useId, useState } from 'react';
import { documentViewUrl } from '../../../../components/documents/labels';
import {
  DUE_BAND_COLORS,
  FREQUENCY_LABELS,
  formatRand,
  type MaintenanceCompletion,
  type MaintenanceTask,
  PRIORITY_COLORS,
  PRIORITY_LABELS,
  taskDue,
} from '../../../../lib/maintenance';
import { RoleGuard } from '../../../../lib/permissions';

/** Spec §4: the due badge of a task's next due date (Overdue, Due Soon, Upcoming, Scheduled). */
export function DueBadge({ nextDue, today }: { nextDue: string; today: Date }) {
  const { band } = taskDue(nextDue, today);
  return (
    <Badge color={DUE_BAND_COLORS[band]} variant={band === 'Overdue' ? 'filled' : 'light'}>
      {band}
    </Badge>
  );
}

/** One line of a card: 'Assigned to: Unassigned'. */
function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Text size="sm">
      <Text span c="dimmed">
        {label}:
      </Text>{' '}
      {children}
    </Text>
  );
}

export interface TaskCardProps {
  task: MaintenanceTask;
  today: Date;
  /** With every property shown: the card names the task's. */
  showProperty: boolean;
  onComplete: () => void;
  onEdit: () => void;
  onDelete: () => void;
}

/**
 * A maintenance task (spec §2 Maintenance, §3, §4): title, property, priority and due badges, what to
 * do, how often, who it is assigned to, the next due date with the days until it (red at 7 or fewer),
 * when it was last done; Complete, Edit, Delete (held back, with the reason, from a role that cannot
 * change tasks); and its history, opened on demand.
 */
export function TaskCard({ task, today, showProperty, onComplete, onEdit, onDelete }: TaskCardProps) {
  const titleId = useId();
  const historyId = useId();
  const [historyOpen, setHistoryOpen] = useState(false);
  const due = taskDue(task.next_due, today);
  return (
    <Paper component="article" withBorder radius="md" p="md" aria-labelledby={titleId} data-testid="task">
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" gap="xs">
          <div style={{ flex: '1 1 12rem', minWidth: 0 }}>
            <Title order={3} size="h5" id={titleId} style={{ overflowWrap: 'anywhere' }}>
              {task.title}
            </Title>
            {showProperty && (
              <Text size="sm" c="dimmed">
                {task.property_name}
              </Text>
            )}
          </div>
          <Group gap={6}>
            <DueBadge nextDue={task.next_due} today={today} />
            <Badge color={PRIORITY_COLORS[task.priority]} variant="outline">
              {PRIORITY_LABELS[task.priority]} priority
            </Badge>
          </Group>
        </Group>
        {task.description && <Description text={task.description} />}
        <Stack gap={2}>
          <Fact label="Next due">
            {formatDate(task.next_due)}{' '}
            <Text span fw={due.urgent ? 600 : undefined} c={due.urgent ? 'red' : 'dimmed'} data-testid="days">
              ({due.text})
            </Text>
          </Fact>
          <Fact label="Frequency">{FREQUENCY_LABELS[task.frequency]}</Fact>
          <Fact label="Assigned to">{task.assigned_to ?? 'Unassigned'}</Fact>
          <Fact label="Last done">
            {task.last_completed_on ? formatDate(task.last_completed_on) : 'Never'}
          </Fact>
        </Stack>
        <Group gap="xs" mt={4}>
          <RoleGuard capability="maintenance.write">
            <Button size="xs" onClick={onComplete} aria-label={`Complete ${task.title}`}>
              Complete
            </Button>
          </RoleGuard>
          <RoleGuard capability="maintenance.write">
            <Button size="xs" variant="default" onClick={onEdit} aria-label={`Edit ${task.title}`}>
              Edit
            </Button>
          </RoleGuard>
          <RoleGuard capability="maintenance.write">
            <Button
              size="xs"
              variant="subtle"
              color="red"
              onClick={onDelete}
              aria-label={`Delete ${task.title}`}
            >
              Delete
            </Button>
          </RoleGuard>
          {task.history.length > 0 && (
            <Button
              size="xs"
              variant="subtle"
              ml="auto"
              aria-expanded={historyOpen}
              aria-controls={historyId}
              onClick={() => setHistoryOpen((open) => !open)}
            >
              {historyOpen ? 'Hide history' : `History (${task.history.length})`}
            </Button>
          )}
        </Group>
        {task.history.length > 0 && (
          <div id={historyId} hidden={!historyOpen}>
            <TaskHistory history={task.history} title={task.title} />
          </div>
        )}
      </Stack>
    </Paper>
  );
}

/** A description longer than this (in characters) shows its first lines until opened. */
const LONG_DESCRIPTION = 240;

/**
 * A task's description: a long one (a standard task's, with why it matters after a blank line) shows
 * its first paragraph, at most 4 lines, until 'Show more'.
 */
function Description({ text }: { text: string }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [first = ''] = text.split(/\n\s*\n/);
  const long = first !== text || text.length > LONG_DESCRIPTION;
  return (
    <div>
      <Text
        id={id}
        size="sm"
        c="dimmed"
        lineClamp={long && !open ? 4 : undefined}
        style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}
      >
        {long && !open ? first : text}
      </Text>
      {long && (
        <Button
          variant="transparent"
          size="compact-xs"
          px={0}
          aria-expanded={open}
          aria-controls={id}
          onClick={() => setOpen((value) => !value)}
        >
          {open ? 'Show less' : 'Show more'}
        </Button>
      )}
    </div>
  );
}

/**
 * A task's service records, newest first: date, who did the work, cost, the member who recorded it, notes
 * and the evidence in the vault.
 */
export function TaskHistory({
  history,
  title,
}: {
  history: readonly MaintenanceCompletion[];
  title: string;
}) {
  return (
    <Stack
      component="ul"
      gap="xs"
      p={0}
      m={0}
      mt="xs"
      style={{ listStyle: 'none' }}
      aria-label={`History of ${title}`}
    >
      {history.map((entry) => (
        <li key={entry.id}>
          <Paper bg="gray.0" radius="sm" p="xs">
            <Text size="sm" fw={600}>
              {formatDate(entry.completed_on)}
              {entry.completed_by && <Text span fw={400}>{` · by ${entry.completed_by}`}</Text>}
              {entry.cost !== null && <Text span fw={400}>{` · ${formatRand(entry.cost)}`}</Text>}
            </Text>
            {/* Who recorded it (issue 29 §4): the member, or "A former member" once they have left. */}
            <Text size="xs" c="dimmed">{`Recorded by ${entry.recorded_by.name}`}</Text>
            {entry.notes && (
              <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
                {entry.notes}
              </Text>
            )}
            {entry.document && (
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                Evidence:{' '}
                <Anchor href={documentViewUrl(entry.document.id)} target="_blank" rel="noopener noreferrer">
                  {entry.document.name}
                </Anchor>
              </Text>
            )}
          </Paper>
        </li>
      ))}
    </Stack>
  );
}
