import { Button, Group, Paper, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { type AddPropertyForm as AddPropertyPayload, addPropertyFormSchema } from '@propertydna/domain';
import type { ReactNode } from 'react';
import { ButtonLink } from '../../../../components/router-links';

export interface AddPropertyFormValues {
  erfNumber: string;
  township: string;
  municipality: string;
  address: string;
  description: string;
}

const INITIAL_VALUES: AddPropertyFormValues = {
  erfNumber: '',
  township: '',
  municipality: '',
  address: '',
  description: '',
};

const FIELD_ORDER: readonly (keyof AddPropertyFormValues)[] = [
  'erfNumber',
  'township',
  'municipality',
  'address',
  'description',
];
const fieldId = (field: keyof AddPropertyFormValues) => `add-property-${field}`;

export interface AddPropertyFormProps {
  /** A create request is out: the submit button reads 'Creating Property...'. */
  busy: boolean;
  onSubmit: (payload: AddPropertyPayload) => void;
  /** Shown above the buttons (the upgrade prompt). */
  children?: ReactNode;
}

/**
 * The add-property form of /properties/new (spec §2, §5): ERF/Portion/Stand number, township,
 * municipality, address and an optional description, with the schema's messages.
 */
export function AddPropertyForm({ busy, onSubmit, children }: AddPropertyFormProps) {
  const form = useForm<AddPropertyFormValues>({
    initialValues: INITIAL_VALUES,
    validate: schemaResolver(addPropertyFormSchema, { sync: true }),
  });

  const handleValid = (values: AddPropertyFormValues) => {
    const parsed = addPropertyFormSchema.safeParse(values);
    if (parsed.success) onSubmit(parsed.data);
  };

  const handleInvalid = (errors: Record<string, unknown>) => {
    const first = FIELD_ORDER.find((field) => errors[field]);
    if (first) document.getElementById(fieldId(first))?.focus();
  };

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} mt="xl">
      <form noValidate onSubmit={form.onSubmit(handleValid, handleInvalid)} aria-label="Add property">
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              id={fieldId('erfNumber')}
              label="ERF/Portion/Stand number"
              placeholder="e.g. ERF 1234"
              withAsterisk
              {...form.getInputProps('erfNumber')}
            />
            <TextInput
              id={fieldId('township')}
              label="Township/Extension"
              placeholder="e.g. Gardens"
              withAsterisk
              {...form.getInputProps('township')}
            />
          </SimpleGrid>
          <TextInput
            id={fieldId('municipality')}
            label="Municipality"
            placeholder="e.g. City of Cape Town"
            withAsterisk
            {...form.getInputProps('municipality')}
          />
          <TextInput
            id={fieldId('address')}
            label="Property address"
            placeholder="Street, suburb, city, postal code"
            withAsterisk
            autoComplete="street-address"
            {...form.getInputProps('address')}
          />
          <Textarea
            id={fieldId('description')}
            label="Description (Optional)"
            placeholder="Anything that helps you recognise the property"
            rows={3}
            {...form.getInputProps('description')}
          />
          {children}
          <Group justify="flex-end" mt="sm">
            <ButtonLink to="/app" variant="default">
              Cancel
            </ButtonLink>
            <Button type="submit" disabled={busy}>
              {busy ? 'Creating Property...' : 'Create Property'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
