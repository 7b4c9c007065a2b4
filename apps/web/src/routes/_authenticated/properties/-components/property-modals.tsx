import {
  Alert,
  Button,
  Code,
  Group,
  Modal,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import {
  describeMunicipality,
  type PropertyType,
  type UpdatePropertyInput,
  updatePropertySchema,
} from '@propertydna/domain';
import { countryName, PROPERTY_TYPE_OPTIONS, type Property } from '../../../../lib/properties';

interface EditPropertyValues {
  name: string;
  property_type: PropertyType;
  address: string;
  township: string;
  unit: string;
  deed_number: string;
  description: string;
}

function valuesOf(property: Property): EditPropertyValues {
  return {
    name: property.name,
    property_type: property.property_type,
    address: property.address,
    township: property.township ?? '',
    unit: property.unit ?? '',
    deed_number: property.deed_number ?? '',
    description: property.description ?? '',
  };
}

export interface EditPropertyModalProps {
  property: Property;
  opened: boolean;
  onClose: () => void;
  busy: boolean;
  onSubmit: (patch: UpdatePropertyInput) => void;
}

/**
 * Edits a property with the fields of the add forms. The DNA code and what it is made of (country,
 * municipality, parcel) identify the property and never change: they are shown, read-only, with why;
 * everything else can be edited, and a blank optional field is cleared.
 */
export function EditPropertyModal({ property, opened, onClose, busy, onSubmit }: EditPropertyModalProps) {
  const form = useForm<EditPropertyValues>({
    initialValues: valuesOf(property),
    validate: schemaResolver(updatePropertySchema, { sync: true }),
  });

  return (
    <Modal opened={opened} onClose={onClose} title="Edit property" size="lg">
      <form noValidate onSubmit={form.onSubmit((values) => onSubmit(values))}>
        <Stack gap="sm">
          <Alert variant="light" color="blue" title="The DNA code never changes">
            <Text size="sm">
              <Code style={{ wordBreak: 'break-all' }}>{property.dna_id}</Code> was issued from the country,
              municipality and parcel when the property was added, and stays with it for good, so documents,
              share links and certificates that name it keep pointing here. Those three fields cannot be
              edited; to correct one, archive this property and add it again.
            </Text>
          </Alert>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextInput label="Country" value={countryName(property.country)} readOnly variant="filled" />
            <TextInput
              label="Municipality"
              value={describeMunicipality(property.municipality)}
              readOnly
              variant="filled"
            />
            <TextInput label="Parcel ID / ERF number" value={property.parcel_id} readOnly variant="filled" />
          </SimpleGrid>
          <TextInput label="Property Name" withAsterisk data-autofocus {...form.getInputProps('name')} />
          <NativeSelect
            label="Property Type"
            data={PROPERTY_TYPE_OPTIONS}
            {...form.getInputProps('property_type')}
          />
          <TextInput label="Address" withAsterisk {...form.getInputProps('address')} />
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextInput label="Township/Extension" {...form.getInputProps('township')} />
            <TextInput label="Unit (Optional)" placeholder="e.g. 12A" {...form.getInputProps('unit')} />
            <TextInput
              label="Deed Number (Optional)"
              placeholder="Deed reference"
              {...form.getInputProps('deed_number')}
            />
          </SimpleGrid>
          <Textarea label="Description (Optional)" rows={2} {...form.getInputProps('description')} />
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={busy}>
              {busy ? 'Saving...' : 'Save changes'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

export interface ArchivePropertyModalProps {
  propertyName: string;
  opened: boolean;
  onClose: () => void;
  busy: boolean;
  onConfirm: () => void;
}

/** Asks before a property is archived: it leaves the portfolio. */
export function ArchivePropertyModal({
  propertyName,
  opened,
  onClose,
  busy,
  onConfirm,
}: ArchivePropertyModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Archive property">
      <Text>
        Archive {propertyName}? It will no longer appear in your portfolio or count towards your plan.
      </Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose} data-autofocus>
          Cancel
        </Button>
        <Button color="red" onClick={onConfirm} disabled={busy}>
          {busy ? 'Archiving...' : 'Archive'}
        </Button>
      </Group>
    </Modal>
  );
}
