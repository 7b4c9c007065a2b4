import {
  Button,
  Code,
  Group,
  Modal,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import {
  type CountryCode,
  DEFAULT_COUNTRY,
  DEFAULT_PROPERTY_TYPE,
  dnaPreview,
  type PropertyDialog,
  type PropertyType,
  propertyDialogSchema,
} from '@propertydna/domain';
import type { ChangeEvent, ReactNode } from 'react';
import {
  MunicipalitySelect,
  useMunicipalitySuggestion,
} from '../../../../components/property-location-fields';
import { COUNTRY_OPTIONS, PROPERTY_TYPE_OPTIONS } from '../../../../lib/properties';

export interface PropertyDialogValues {
  name: string;
  property_type: PropertyType;
  address: string;
  country: CountryCode;
  municipality: string;
  parcel_id: string;
  unit: string;
  deed_number: string;
}

const INITIAL_VALUES: PropertyDialogValues = {
  name: '',
  property_type: DEFAULT_PROPERTY_TYPE,
  address: '',
  country: DEFAULT_COUNTRY,
  municipality: '',
  parcel_id: '',
  unit: '',
  deed_number: '',
};

/** The order of the fields, so the first invalid one can take focus. */
const FIELD_ORDER = ['name', 'property_type', 'address', 'country', 'municipality', 'parcel_id'] as const;
const fieldId = (field: keyof PropertyDialogValues) => `property-dialog-${field}`;

export interface AddPropertyDialogProps {
  opened: boolean;
  onClose: () => void;
  /** A create request is out: the submit button reads 'Creating...' and is disabled. */
  busy: boolean;
  /** Sends the valid payload; resolves true when the property was created (the form then resets). */
  onSubmit: (payload: PropertyDialog) => Promise<boolean>;
  /** Shown above the buttons (the upgrade prompt). */
  children?: ReactNode;
}

/**
 * The Add New Property dialog (spec §2, §5): the fields with the schema's messages and a live
 * 'Generated DNA ID Preview' of what the server will issue (its year and suffix are placeholders).
 */
export function AddPropertyDialog({ opened, onClose, busy, onSubmit, children }: AddPropertyDialogProps) {
  const form = useForm<PropertyDialogValues>({
    initialValues: INITIAL_VALUES,
    validate: schemaResolver(propertyDialogSchema, { sync: true }),
  });
  const { country, municipality, parcel_id, unit } = form.values;
  const preview = dnaPreview({ country, municipality, parcelId: parcel_id, unit });
  // In South Africa the address suggests its municipality (issue 32 §5).
  const { onAddressChange, suggestedFrom } = useMunicipalitySuggestion({
    municipality,
    setMunicipality: (code) => form.setFieldValue('municipality', code),
  });
  const address = form.getInputProps('address');

  const handleValid = async (values: PropertyDialogValues) => {
    const parsed = propertyDialogSchema.safeParse(values);
    if (!parsed.success) return;
    if (await onSubmit(parsed.data)) form.reset();
  };

  const handleInvalid = (errors: Record<string, unknown>) => {
    const first = FIELD_ORDER.find((field) => errors[field]);
    if (first) document.getElementById(fieldId(first))?.focus();
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Add New Property" size="lg" closeOnClickOutside={!busy}>
      <form noValidate onSubmit={form.onSubmit((values) => void handleValid(values), handleInvalid)}>
        <Stack gap="sm">
          <TextInput
            id={fieldId('name')}
            label="Property Name"
            placeholder="e.g. Gardens Family Home"
            withAsterisk
            data-autofocus
            {...form.getInputProps('name')}
          />
          <NativeSelect
            id={fieldId('property_type')}
            label="Property Type"
            data={PROPERTY_TYPE_OPTIONS}
            {...form.getInputProps('property_type')}
          />
          <TextInput
            id={fieldId('address')}
            label="Address"
            placeholder="Street, suburb, city, postal code"
            withAsterisk
            autoComplete="street-address"
            {...address}
            onChange={(event: ChangeEvent<HTMLInputElement>) => {
              address.onChange(event);
              if (country === 'ZA') onAddressChange(event.currentTarget.value);
            }}
          />
          <NativeSelect
            id={fieldId('country')}
            label="Country"
            data={COUNTRY_OPTIONS}
            {...form.getInputProps('country')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {country === 'ZA' ? (
              <MunicipalitySelect
                id={fieldId('municipality')}
                placeholder="e.g. CPT"
                inputProps={form.getInputProps('municipality')}
                suggestedFrom={suggestedFrom}
              />
            ) : (
              <TextInput
                id={fieldId('municipality')}
                label="Municipality"
                placeholder="e.g. Springfield"
                withAsterisk
                {...form.getInputProps('municipality')}
              />
            )}
            <TextInput
              id={fieldId('parcel_id')}
              label="Parcel ID"
              placeholder="e.g. A123"
              withAsterisk
              {...form.getInputProps('parcel_id')}
            />
            <TextInput
              id={fieldId('unit')}
              label="Unit (Optional)"
              placeholder="e.g. 12A"
              {...form.getInputProps('unit')}
            />
            <TextInput
              id={fieldId('deed_number')}
              label="Deed Number (Optional)"
              placeholder="Deed reference"
              {...form.getInputProps('deed_number')}
            />
          </SimpleGrid>
          <Paper withBorder radius="md" p="sm" bg="var(--mantine-color-gray-light)">
            <Text size="sm" fw={600} id="dna-preview-label">
              Generated DNA ID Preview
            </Text>
            <Code
              block
              mt={4}
              id="dna-preview"
              role="status"
              aria-labelledby="dna-preview-label"
              style={{ wordBreak: 'break-all', whiteSpace: 'normal' }}
            >
              {preview}
            </Code>
            <Text size="xs" c="dimmed" mt={4}>
              The permanent DNA ID is issued when the property is created.
            </Text>
          </Paper>
          {children}
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={busy}>
              {busy ? 'Creating...' : 'Create Property'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
