import { Button, Group, Modal, Paper, Select, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { UpdateMaintenanceTask } from '@propertydna/domain';
import { useMemo, useState } from 'react';
import { LoadError } from '../../../../components/load-error';
import { ButtonLink } from '../../../../components/router-links';
import { errorMessage } from '../../../../lib/error-message';
import { type MaintenanceTask, taskDue } from '../../../../lib/maintenance';
import { RoleGuard, useCan } from '../../../../lib/permissions';
import { trpc } from '../../../../lib/trpc';
import { PageTitle, SECTIONS } from '../section-page';
import { COMPLETE_MESSAGES, CompleteTaskModal } from './complete-task-modal';
import { TaskCard } from './task-card';
import { type NewTask, TaskFormModal } from './task-form-modal';

/** The property filter's value for every property at once (spec §2: 'All Properties'). */
const ALL = 'all';

export const MAINTENANCE_PAGE_MESSAGES = {
  allProperties: 'All Properties',
  chooseProperty: 'Choose a property to add its standard schedule',
  loadFailed: 'Unable to load the maintenance tasks',
  noProperties: 'No properties yet: add a property to schedule its maintenance.',
  noTasks:
    'No maintenance tasks yet: choose a property and Bootstrap Standards for the standard South African schedule, or Add Task.',
  noTasksFor: (name: string) =>
    `No maintenance tasks for ${name} yet: Bootstrap Standards adds the standard schedule for its features, or Add Task.`,
  bootstrapFailed: 'Unable to add the standard schedule',
  added: 'Task added',
  updated: 'Task updated',
  deleted: 'Task deleted',
  saveFailed: 'Unable to save the task',
  deleteFailed: 'Unable to delete the task',
} as const;

/** The Maintenance screen (spec §2) at /maintenance, /app/maintenance and /app/old/maintenance. */
export function MaintenancePage() {
  return (
    <PageTitle {...SECTIONS.maintenance}>
      <Maintenance />
    </PageTitle>
  );
}

const scopeOf = (property: string) => (property === ALL ? {} : { propertyId: property });

/** What is open over the list: a form, the Complete dialog or the delete confirmation. */
type Dialog =
  | { kind: 'add' }
  | { kind: 'edit'; task: MaintenanceTask }
  | { kind: 'complete'; task: MaintenanceTask }
  | { kind: 'delete'; task: MaintenanceTask };

/**
 * The owner's maintenance tasks for All Properties or one (spec §2): a card per task, soonest due first;
 * Bootstrap Standards (for a chosen property: the domain's standard schedule, once), Add Task, and on
 * each card Complete, Edit, Delete and its history. Every change refreshes the tasks, the properties'
 * reminders (the Actions tabs) and the dashboard's counts.
 */
export function Maintenance({ now = new Date() }: { now?: Date }) {
  const utils = trpc.useUtils();
  const [property, setProperty] = useState<string>(ALL);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const properties = trpc.properties.list.useQuery();
  const tasks = trpc.maintenance.list.useQuery(scopeOf(property));
  const bootstrap = trpc.maintenance.bootstrap.useMutation();
  const create = trpc.maintenance.create.useMutation();
  const update = trpc.maintenance.update.useMutation();
  const remove = trpc.maintenance.remove.useMutation();
  // Issue 29 §1: a role that cannot change tasks keeps the buttons in place, held back with the reason.
  const mayWrite = useCan('maintenance.write').allowed;

  const sortedProperties = useMemo(
    () => [...(properties.data ?? [])].sort((a, b) => a.name.localeCompare(b.name)),
    [properties.data],
  );
  const chosen = sortedProperties.find((item) => item.id === property);

  const refresh = () =>
    Promise.all([
      utils.maintenance.list.invalidate(),
      utils.maintenance.reminders.invalidate(),
      utils.properties.stats.invalidate(),
    ]);

  const open = (next: Dialog) => {
    setFormError(null);
    setDialog(next);
  };

  async function runBootstrap() {
    if (!chosen) return;
    try {
      const result = await bootstrap.mutateAsync({ propertyId: chosen.id });
      utils.maintenance.list.setData({ propertyId: chosen.id }, result.tasks);
      notifications.show({ color: result.created > 0 ? 'green' : 'blue', message: result.message });
      await refresh();
    } catch (error) {
      notifications.show({
        color: 'red',
        message: errorMessage(error, MAINTENANCE_PAGE_MESSAGES.bootstrapFailed),
      });
    }
  }

  async function save(action: () => Promise<MaintenanceTask>, toast: string) {
    setFormError(null);
    try {
      const task = await action();
      setDialog(null);
      notifications.show({ color: 'green', title: toast, message: task.title });
      await refresh();
    } catch (error) {
      setFormError(errorMessage(error, MAINTENANCE_PAGE_MESSAGES.saveFailed));
    }
  }

  async function saveEdit(task: MaintenanceTask, patch: UpdateMaintenanceTask) {
    if (Object.keys(patch).length === 0) {
      setDialog(null);
      return;
    }
    await save(() => update.mutateAsync({ id: task.id, patch }), MAINTENANCE_PAGE_MESSAGES.updated);
  }

  async function deleteTask(task: MaintenanceTask) {
    try {
      await remove.mutateAsync({ id: task.id });
      setDialog(null);
      notifications.show({ color: 'green', title: MAINTENANCE_PAGE_MESSAGES.deleted, message: task.title });
      await refresh();
    } catch (error) {
      notifications.show({
        color: 'red',
        message: errorMessage(error, MAINTENANCE_PAGE_MESSAGES.deleteFailed),
      });
    }
  }

  async function completed(task: MaintenanceTask) {
    setDialog(null);
    notifications.show({ color: 'green', message: COMPLETE_MESSAGES.completed(task) });
    await refresh();
  }

  const noProperties = properties.isSuccess && properties.data.length === 0;

  return (
    <>
      <Group justify="space-between" align="flex-end" mt="lg" gap="md">
        <Select
          label="Property"
          data={[
            { value: ALL, label: MAINTENANCE_PAGE_MESSAGES.allProperties },
            ...sortedProperties.map((item) => ({ value: item.id, label: item.name })),
          ]}
          value={property}
          onChange={(value) => setProperty(value ?? ALL)}
          allowDeselect={false}
          w={{ base: '100%', xs: 320 }}
          error={
            properties.isError ? errorMessage(properties.error, 'Unable to load your properties') : undefined
          }
        />
        <Stack gap={4} align="flex-end" w={{ base: '100%', xs: 'auto' }}>
          <Group gap="sm" w={{ base: '100%', xs: 'auto' }}>
            <RoleGuard capability="maintenance.write">
              <Button
                variant="default"
                style={{ flex: '1 1 auto' }}
                onClick={() => void runBootstrap()}
                disabled={mayWrite && !chosen}
                loading={bootstrap.isPending}
                aria-describedby={mayWrite && !chosen ? 'bootstrap-hint' : undefined}
              >
                Bootstrap Standards
              </Button>
            </RoleGuard>
            <RoleGuard capability="maintenance.write">
              <Button
                onClick={() => open({ kind: 'add' })}
                disabled={mayWrite && noProperties}
                style={{ flex: '1 1 auto' }}
              >
                Add Task
              </Button>
            </RoleGuard>
          </Group>
          {mayWrite && !chosen && (
            <Text size="xs" c="dimmed" id="bootstrap-hint">
              {MAINTENANCE_PAGE_MESSAGES.chooseProperty}
            </Text>
          )}
        </Stack>
      </Group>

      <section aria-label="Maintenance tasks">
        <TaskList
          tasks={tasks.data}
          loading={tasks.isPending}
          error={tasks.isError ? errorMessage(tasks.error, 'Try again in a moment') : null}
          onRetry={() => void tasks.refetch()}
          empty={
            noProperties
              ? MAINTENANCE_PAGE_MESSAGES.noProperties
              : chosen
                ? MAINTENANCE_PAGE_MESSAGES.noTasksFor(chosen.name)
                : MAINTENANCE_PAGE_MESSAGES.noTasks
          }
          noProperties={noProperties}
          showProperty={property === ALL}
          now={now}
          onDialog={open}
        />
      </section>

      {dialog?.kind === 'add' && (
        <TaskFormModal
          opened
          onClose={() => setDialog(null)}
          properties={sortedProperties}
          propertyId={chosen?.id ?? (sortedProperties.length === 1 ? (sortedProperties[0]?.id ?? '') : '')}
          busy={create.isPending}
          error={formError}
          onCreate={(task: NewTask) =>
            void save(() => create.mutateAsync(task), MAINTENANCE_PAGE_MESSAGES.added)
          }
        />
      )}
      {dialog?.kind === 'edit' && (
        <TaskFormModal
          opened
          task={dialog.task}
          onClose={() => setDialog(null)}
          busy={update.isPending}
          error={formError}
          onSave={(patch) => void saveEdit(dialog.task, patch)}
        />
      )}
      {dialog?.kind === 'complete' && (
        <CompleteTaskModal
          opened
          task={dialog.task}
          onClose={() => setDialog(null)}
          onCompleted={(task) => void completed(task)}
        />
      )}
      <Modal opened={dialog?.kind === 'delete'} onClose={() => setDialog(null)} title="Delete this task?">
        {dialog?.kind === 'delete' && (
          <Stack gap="sm">
            <Text>
              <strong>{dialog.task.title}</strong> ({dialog.task.property_name}) and its history of{' '}
              {dialog.task.history.length} {dialog.task.history.length === 1 ? 'record' : 'records'} will be
              deleted. Evidence documents stay in the vault.
            </Text>
            <Group justify="flex-end" mt="sm">
              <Button variant="default" onClick={() => setDialog(null)} data-autofocus>
                Cancel
              </Button>
              <Button color="red" loading={remove.isPending} onClick={() => void deleteTask(dialog.task)}>
                Delete
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </>
  );
}

function TaskList({
  tasks,
  loading,
  error,
  onRetry,
  empty,
  noProperties,
  showProperty,
  now,
  onDialog,
}: {
  tasks: readonly MaintenanceTask[] | undefined;
  loading: boolean;
  error: string | null;
  onRetry: () => void;
  empty: string;
  noProperties: boolean;
  showProperty: boolean;
  now: Date;
  onDialog: (dialog: Dialog) => void;
}) {
  if (loading) {
    return (
      <SimpleGrid cols={{ base: 1, lg: 2 }} mt="xl" aria-busy="true" aria-label="Loading tasks">
        {[0, 1, 2, 3].map((key) => (
          <Paper key={key} withBorder radius="md" p="md" data-testid="task-skeleton">
            <Skeleton height={20} width="60%" />
            <Skeleton height={14} mt="md" />
            <Skeleton height={14} mt="xs" width="70%" />
            <Skeleton height={28} mt="md" width={200} />
          </Paper>
        ))}
      </SimpleGrid>
    );
  }
  if (error !== null || !tasks) {
    return (
      <LoadError title={MAINTENANCE_PAGE_MESSAGES.loadFailed} message={error} onRetry={onRetry} mt="xl" />
    );
  }
  if (tasks.length === 0) {
    return (
      <Paper withBorder radius="md" p="lg" mt="xl">
        <Text>{empty}</Text>
        {noProperties && (
          <RoleGuard capability="properties.write">
            <ButtonLink to="/properties/new" mt="md">
              Add Property
            </ButtonLink>
          </RoleGuard>
        )}
      </Paper>
    );
  }
  const overdue = tasks.filter((task) => taskDue(task.next_due, now).band === 'Overdue').length;
  return (
    <>
      <Text size="sm" c="dimmed" mt="xl" mb="sm" aria-live="polite">
        {tasks.length} {tasks.length === 1 ? 'task' : 'tasks'}
        {overdue > 0 ? `, ${overdue} overdue` : ''}
      </Text>
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md" verticalSpacing="md" style={{ alignItems: 'start' }}>
        {tasks.map((task) => (
          <TaskCard
            key={task.id}
            task={task}
            today={now}
            showProperty={showProperty}
            onComplete={() => onDialog({ kind: 'complete', task })}
            onEdit={() => onDialog({ kind: 'edit', task })}
            onDelete={() => onDialog({ kind: 'delete', task })}
          />
        ))}
      </SimpleGrid>
    </>
  );
}
