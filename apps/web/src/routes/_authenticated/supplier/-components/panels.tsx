import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { formatDate, SUPPLIER_MESSAGES, supplierProfileSchema } from '@propertydna/domain';
import { useEffect } from 'react';
import { AnchorLink } from '../../../../components/router-links';
import { errorMessage } from '../../../../lib/error-message';
import { trpc } from '../../../../lib/trpc';
import { JobForm } from './job-form';
import { useTemplates } from './use-templates';

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
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Job reference</Table.Th>
              <Table.Th>Property address</Table.Th>
              <Table.Th>Client</Table.Th>
              <Table.Th>Created</Table.Th>
              <Table.Th>Documents</Table.Th>
            </Table.Tr>
          </Table.Thead>
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

interface ProfileValues {
  company_name: string;
  registration_number: string;
  description: string;
  email: string;
  phone: string;
  website: string;
  specialties: string;
}

/** Profile tab: the supplier profile form, specialties entered comma-separated → 'Profile updated'. */
export function ProfilePanel() {
  const utils = trpc.useUtils();
  const profile = trpc.supplier.profile.useQuery();
  const update = trpc.supplier.updateProfile.useMutation();
  const form = useForm<ProfileValues>({
    mode: 'controlled',
    initialValues: {
      company_name: '',
      registration_number: '',
      description: '',
      email: '',
      phone: '',
      website: '',
      specialties: '',
    },
    validate: schemaResolver(supplierProfileSchema, { sync: true }),
  });
  const { setValues, resetDirty } = form;
  const data = profile.data;

  useEffect(() => {
    if (!data) return;
    setValues({
      company_name: data.company_name,
      registration_number: data.registration_number ?? '',
      description: data.description ?? '',
      email: data.email ?? '',
      phone: data.phone ?? '',
      website: data.website ?? '',
      specialties: data.specialties.join(', '),
    });
    resetDirty();
  }, [data, setValues, resetDirty]);

  const submit = form.onSubmit(async (values) => {
    try {
      const saved = await update.mutateAsync(values);
      utils.supplier.profile.setData(undefined, saved);
    } catch (error) {
      notifications.show({ color: 'red', title: 'Error', message: errorMessage(error, 'Error') });
      return;
    }
    notifications.show({ color: 'green', message: SUPPLIER_MESSAGES.profileUpdated });
  });

  if (profile.isLoading) return <Loader size="sm" />;
  if (profile.isError) return <Alert color="red">{errorMessage(profile.error, 'Error')}</Alert>;
  return (
    <form noValidate onSubmit={submit} aria-label="Supplier profile">
      <Stack gap="sm" maw={640}>
        <TextInput label="Company name" required {...form.getInputProps('company_name')} />
        <TextInput label="Registration number" {...form.getInputProps('registration_number')} />
        <Textarea label="Description" rows={3} {...form.getInputProps('description')} />
        <TextInput label="Email" type="email" {...form.getInputProps('email')} />
        <TextInput label="Phone" type="tel" {...form.getInputProps('phone')} />
        <TextInput label="Website" {...form.getInputProps('website')} />
        <TextInput
          label="Specialties"
          description="Separate them with commas"
          {...form.getInputProps('specialties')}
        />
        <Group>
          <Button type="submit" loading={update.isPending}>
            Save profile
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Templates tab: the report templates, built-in first, with their field counts. */
export function TemplatesPanel() {
  const { templates, isLoading } = useTemplates();
  if (isLoading) return <Loader size="sm" />;
  return (
    <Table aria-label="Templates">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Name</Table.Th>
          <Table.Th>Category</Table.Th>
          <Table.Th>Version</Table.Th>
          <Table.Th>Fields</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {templates.map((template) => (
          <Table.Tr key={template.id}>
            <Table.Td>
              <Group gap="xs">
                {template.name}
                {template.builtIn && (
                  <Badge variant="light" size="sm">
                    Built-in
                  </Badge>
                )}
              </Group>
            </Table.Td>
            <Table.Td>{template.category}</Table.Td>
            <Table.Td>v{template.version}</Table.Td>
            <Table.Td>
              {template.fields.length} fields, {template.fields.filter((field) => field.required).length}{' '}
              required
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
