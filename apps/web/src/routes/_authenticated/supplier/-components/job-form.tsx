import { Button, Group, Stack, Textarea, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { jobRef, type SupplierJobInput, supplierJobSchema } from '@propertydna/domain';

export interface JobFormValues {
  property_address: string;
  client_name: string;
  description: string;
}

const EMPTY: JobFormValues = { property_address: '', client_name: '', description: '' };

export interface JobFormProps {
  pending: boolean;
  /** The checked job with a client-made reference (spec §5); resolves true when the job was created. */
  onSubmit: (job: SupplierJobInput & { job_ref: string }) => Promise<boolean> | boolean;
}

/** 'Create Job' (spec §2, §5): property address, client name and description, all required. */
export function JobForm({ pending, onSubmit }: JobFormProps) {
  const form = useForm<JobFormValues>({
    mode: 'controlled',
    initialValues: EMPTY,
    validate: schemaResolver(supplierJobSchema, { sync: true }),
  });

  const submit = form.onSubmit(async (values) => {
    const created = await onSubmit({ ...values, job_ref: jobRef(Date.now(), Math.random) });
    if (created) form.reset();
  });

  return (
    <form noValidate onSubmit={submit} aria-label="Create Job">
      <Stack gap="sm">
        <TextInput label="Property address" required {...form.getInputProps('property_address')} />
        <TextInput label="Client name" required {...form.getInputProps('client_name')} />
        <Textarea label="Description" required rows={3} {...form.getInputProps('description')} />
        <Group>
          <Button type="submit" loading={pending} disabled={pending}>
            Create Job
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
