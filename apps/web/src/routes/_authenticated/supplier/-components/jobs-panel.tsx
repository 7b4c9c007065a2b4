import { Alert, Card, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { formatDate, SUPPLIER_MESSAGES } from '@propertydna/domain';
import { AnchorLink } from '../../../../components/router-links';
import { TableHead } from '../../../../components/table-head';
import { errorMessage } from '../../../../lib/error-message';
import { trpc } from '../../../../lib/trpc';
import { JobForm } from './job-form';

/** Jobs tab: 'Create Job' and the list; each job opens its page. */
export function JobsPanel() {
  const utils = trpc.useUtils();
  const jobs = trpc.supplier.jobs.useQuery();
  const createJob = trpc.supplier.createJob.useMutation();

  const create = async (input: Parameters<typeof createJob.mutateAsync>[0]) => {
    try {
      await createJob.mutateAsync(input);
    } catch (error) {
      notifications.show({ color: 'red', title: 'Error', message: errorMessage(error, 'Error') });
      return false;
    }
    notifications.show({ color: 'green', message: SUPPLIER_MESSAGES.jobCreated });
    await utils.supplier.jobs.invalidate();
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
        <Table aria-label="Jobs">
          <TableHead columns={['Job reference', 'Property address', 'Client', 'Created', 'Documents']} />
          <Table.Tbody>
            {rows.map((job) => (
              <Table.Tr key={job.id}>
                <Table.Td>
                  <AnchorLink to="/supplier/jobs/$id" params={{ id: job.id }}>
                    {job.job_ref}
                  </AnchorLink>
                </Table.Td>
                <Table.Td>{job.property_address}</Table.Td>
                <Table.Td>{job.client_name}</Table.Td>
                <Table.Td>{formatDate(job.created_at)}</Table.Td>
                <Table.Td>{job.document_count}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
