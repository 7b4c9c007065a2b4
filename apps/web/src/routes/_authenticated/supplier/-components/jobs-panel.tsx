import { Alert, Card, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { formatDate, SUPPLIER_MESSAGES } from '@propertydna/domain';
import { useNavigate } from '@tanstack/react-router';
import { AnchorLink } from '../../../../components/router-links';
import { StackedTable, TableHead } from '../../../../components/table-head';
import { errorMessage } from '../../../../lib/error-message';
import { trpc } from '../../../../lib/trpc';
import { JobForm } from './job-form';

const JOB_COLUMNS = ['Job reference', 'Property address', 'Client', 'Created', 'Documents'] as const;

/** Jobs tab: 'Create Job' and the list (cards on a phone); each job opens its page. */
export function JobsPanel() {
  const utils = trpc.useUtils();
  const jobs = trpc.supplier.jobs.useQuery();
  const createJob = trpc.supplier.createJob.useMutation();
  const navigate = useNavigate();

  const create = async (input: Parameters<typeof createJob.mutateAsync>[0]) => {
    let job: { id: string };
    try {
      job = await createJob.mutateAsync(input);
    } catch (error) {
      notifications.show({ color: 'red', title: 'Error', message: errorMessage(error, 'Error') });
      return false;
    }
    notifications.show({ color: 'green', message: SUPPLIER_MESSAGES.jobCreated });
    await utils.supplier.jobs.invalidate();
    // A new job is where the work starts: its page opens (Back returns to the Jobs tab).
    await navigate({ to: '/supplier/jobs/$id', params: { id: job.id } });
    return true;
  };

  const rows = jobs.data ?? [];
  return (
    <Stack gap="lg">
      <Card withBorder>
        <Title order={3} size="h5" mb="sm">
          Create Job
        </Title>
        <JobForm pending={createJob.isPending} onSubmit={create} />
      </Card>
      {jobs.isLoading && <Loader size="sm" />}
      {jobs.isError && <Alert color="red">{errorMessage(jobs.error, 'Error')}</Alert>}
      {jobs.isSuccess && rows.length === 0 && <Text c="dimmed">No jobs yet</Text>}
      {rows.length > 0 && (
        <StackedTable aria-label="Jobs" minWidth={640}>
          <TableHead columns={JOB_COLUMNS} />
          <Table.Tbody>
            {rows.map((job) => (
              <Table.Tr key={job.id}>
                <Table.Td data-label={JOB_COLUMNS[0]}>
                  <AnchorLink to="/supplier/jobs/$id" params={{ id: job.id }}>
                    {job.job_ref}
                  </AnchorLink>
                </Table.Td>
                <Table.Td data-label={JOB_COLUMNS[1]}>{job.property_address}</Table.Td>
                <Table.Td data-label={JOB_COLUMNS[2]}>{job.client_name}</Table.Td>
                <Table.Td data-label={JOB_COLUMNS[3]}>{formatDate(job.created_at)}</Table.Td>
                <Table.Td data-label={JOB_COLUMNS[4]}>{job.document_count}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </StackedTable>
      )}
    </Stack>
  );
}
