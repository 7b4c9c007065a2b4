import { Alert, Badge, Button, Group, Paper, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import {
  formatDate,
  MAX_ISSUE_DESCRIPTION,
  MAX_ISSUE_TITLE,
  type ReportIssueInput,
  reportIssueSchema,
} from '@propertydna/domain';
import { useId, useState } from 'react';
import { errorMessage } from '../../../../lib/error-message';
import { DUE_BAND_COLORS } from '../../../../lib/maintenance';
import { type RouterOutputs, trpc } from '../../../../lib/trpc';

type SharedTask = NonNullable<RouterOutputs['grants']['sharedProperty']['maintenance']>[number];

/**
 * A tenant's view of the property's upkeep (issue 29 §3): the maintenance tasks, read-only — what, when,
 * and how soon — and nothing to change them with.
 */
export function SharedMaintenance({ tasks }: { tasks: SharedTask[] }) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId}>
      <Title order={2} size="h3" id={titleId}>
        Maintenance
      </Title>
      {tasks.length === 0 ? (
        <Text mt="sm">No maintenance tasks are planned for this property.</Text>
      ) : (
        <Stack gap="xs" mt="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {tasks.map((task) => (
            <li key={task.id}>
              <Paper withBorder radius="md" p="sm">
                <Group justify="space-between" gap="sm" wrap="wrap">
                  <div style={{ minWidth: 0 }}>
                    <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                      {task.title}
                    </Text>
                    <Text size="sm" c="dimmed">
                      Due {formatDate(task.next_due)}
                    </Text>
                  </div>
                  <Badge
                    color={DUE_BAND_COLORS[task.status]}
                    variant={task.status === 'Overdue' ? 'filled' : 'light'}
                  >
                    {task.status}
                  </Badge>
                </Group>
              </Paper>
            </li>
          ))}
        </Stack>
      )}
    </section>
  );
}

/**
 * Report an issue: a short title and a description, checked with the domain's messages before anything
 * is sent. The owner gets it as a maintenance reminder naming the tenant; the form then says so.
 */
export function ReportIssueForm({ grantId }: { grantId: string }) {
  const titleId = useId();
  const [sent, setSent] = useState<string | null>(null);
  const report = trpc.grants.reportIssue.useMutation();
  const form = useForm<ReportIssueInput>({
    initialValues: { title: '', description: '' },
    validate: schemaResolver(reportIssueSchema, { sync: true }),
  });
  const submit = (values: ReportIssueInput) => {
    const parsed = reportIssueSchema.safeParse(values);
    if (!parsed.success) return;
    report.mutate(
      { grantId, ...parsed.data },
      {
        onSuccess: (answer) => {
          setSent(answer.message);
          form.reset();
        },
      },
    );
  };
  return (
    <section aria-labelledby={titleId}>
      <Title order={2} size="h3" id={titleId}>
        Report an issue
      </Title>
      <Text size="sm" c="dimmed" mt={4}>
        Something broken or needing attention? The owner gets your report as a maintenance reminder, with your
        name.
      </Text>
      {sent ? (
        <Alert color="green" mt="sm" role="status" title="Issue reported">
          <Text size="sm">{sent}</Text>
          <Button size="sm" variant="default" mt="sm" onClick={() => setSent(null)}>
            Report another issue
          </Button>
        </Alert>
      ) : (
        <form noValidate onSubmit={form.onSubmit(submit)}>
          <Stack gap="sm" mt="sm" maw={560}>
            <TextInput
              label="Title"
              description={`In a few words (at most ${MAX_ISSUE_TITLE} characters)`}
              withAsterisk
              {...form.getInputProps('title')}
            />
            <Textarea
              label="Description"
              description={`What is wrong, and where (at most ${MAX_ISSUE_DESCRIPTION} characters)`}
              withAsterisk
              rows={4}
              {...form.getInputProps('description')}
            />
            {report.error && (
              <Alert color="red" role="alert">
                <Text size="sm">
                  {errorMessage(report.error, 'The report could not be sent. Try again.')}
                </Text>
              </Alert>
            )}
            <Group>
              <Button type="submit" loading={report.isPending}>
                Report issue
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </section>
  );
}
