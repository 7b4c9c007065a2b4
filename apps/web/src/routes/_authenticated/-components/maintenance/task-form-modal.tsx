import { Modal, NativeSelect, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import {
  createMaintenanceTaskSchema,
  johannesburgToday,
  type MaintenanceFrequency,
  type MaintenanceTask as MaintenanceTaskFields,
  maintenanceTaskSchema,
  type TaskPriority,
  type UpdateMaintenanceTask,
} from '@propertydna/domain';
import { DialogFooter } from '../../../../components/dialog-footer';
import { FREQUENCY_OPTIONS, type MaintenanceTask, PRIORITY_OPTIONS } from '../../../../lib/maintenance';

interface TaskValues {
  propertyId: string;
  title: string;
  description: string;
  frequency: MaintenanceFrequency;
  priority: TaskPriority;
  next_due: string;
  assigned_to: string;
}

/** What Add Task sends. */
export type NewTask = MaintenanceTaskFields & { propertyId: string };

const valuesOf = (task: MaintenanceTask): TaskValues => ({
  propertyId: task.property_id,
  title: task.title,
  description: task.description ?? '',
  frequency: task.frequency,
  priority: task.priority,
  next_due: task.next_due,
  assigned_to: task.assigned_to ?? '',
});

/**
 * The fields of `edited` that differ from the task's: a description or assignee left blank is cleared
 * (null). Empty when nothing changed.
 */
export function taskPatch(task: MaintenanceTask, edited: MaintenanceTaskFields): UpdateMaintenanceTask {
  const next = {
    title: edited.title,
    description: edited.description ?? null,
    frequency: edited.frequency,
    priority: edited.priority,
    next_due: edited.next_due,
    assigned_to: edited.assigned_to ?? null,
  };
  return Object.fromEntries(
    Object.entries(next).filter(([key, value]) => task[key as keyof typeof next] !== value),
  ) as UpdateMaintenanceTask;
}

export type TaskFormModalProps = {
  opened: boolean;
  onClose: () => void;
  busy?: boolean;
  /** The server's refusal, shown in the dialog. */
  error?: string | null;
} & (
  | {
      /** Edit: the task as it is. */
      task: MaintenanceTask;
      onSave: (patch: UpdateMaintenanceTask) => void;
    }
  | {
      task?: undefined;
      /** Add Task: the properties to choose from, and the one chosen at first ('' for none). */
      properties: readonly { id: string; name: string }[];
      propertyId: string;
      onCreate: (task: NewTask) => void;
    }
);

/**
 * Add Task and Edit (spec §2 Maintenance): title, description, how often, priority, next due date and
 * who it is assigned to (blank: Unassigned), checked with the domain's messages (MAINTENANCE_MESSAGES).
 * A new task also names its property.
 */
export function TaskFormModal(props: TaskFormModalProps) {
  const { opened, onClose, busy = false, error = null } = props;
  const editing = props.task !== undefined;
  const schema = editing ? maintenanceTaskSchema : createMaintenanceTaskSchema;
  const form = useForm<TaskValues>({
    initialValues: props.task
      ? valuesOf(props.task)
      : {
          propertyId: props.propertyId,
          title: '',
          description: '',
          frequency: 'annually',
          priority: 'medium',
          next_due: johannesburgToday(new Date()),
          assigned_to: '',
        },
    validate: schemaResolver(schema, { sync: true }),
  });

  const submit = (values: TaskValues) => {
    if (props.task) {
      const parsed = maintenanceTaskSchema.safeParse(values);
      if (parsed.success) props.onSave(taskPatch(props.task, parsed.data));
      return;
    }
    const parsed = createMaintenanceTaskSchema.safeParse(values);
    if (parsed.success) props.onCreate(parsed.data);
  };

  return (
    <Modal opened={opened} onClose={onClose} title={editing ? 'Edit Task' : 'Add Task'} size="lg">
      <form noValidate onSubmit={form.onSubmit(submit)}>
        <Stack gap="sm">
          {props.task === undefined && (
            <NativeSelect
              label="Property"
              withAsterisk
              data={[
                { value: '', label: 'Choose the property', disabled: true },
                ...props.properties.map((property) => ({ value: property.id, label: property.name })),
              ]}
              {...form.getInputProps('propertyId')}
            />
          )}
          <TextInput label="Title" withAsterisk data-autofocus {...form.getInputProps('title')} />
          <Textarea label="Description (Optional)" rows={3} {...form.getInputProps('description')} />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="sm">
            <NativeSelect label="Frequency" data={FREQUENCY_OPTIONS} {...form.getInputProps('frequency')} />
            <NativeSelect label="Priority" data={PRIORITY_OPTIONS} {...form.getInputProps('priority')} />
            <TextInput label="Next due" type="date" withAsterisk {...form.getInputProps('next_due')} />
            <TextInput
              label="Assigned to (Optional)"
              description="A vendor or a person; blank is Unassigned"
              {...form.getInputProps('assigned_to')}
            />
          </SimpleGrid>
          <DialogFooter
            error={error}
            onCancel={onClose}
            submitLabel={editing ? 'Save changes' : 'Add Task'}
            busy={busy}
          />
        </Stack>
      </form>
    </Modal>
  );
}
