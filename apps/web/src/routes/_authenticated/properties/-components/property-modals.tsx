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
  describeMunicipalityInWords,
  type PropertyType,
  type UpdatePropertyInput,
  updatePropertySchema,
} from '@propertydna/domain';
import { MunicipalitySelect } from '../../../../components/property-location-fields';
import { countryName, PROPERTY_TYPE_OPTIONS, type Property } from '../../../../lib/properties';

interface EditPropertyValues {
  name: string;
  property_type: PropertyType;
  address: string;
  municipality: string;
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
    municipality: property.municipality,
    township: property.township ?? '',
    unit: property.unit ?? '',
    deed_number: property.deed_number ?? '',
    description: property.description ?? '',
  };
}

/** The patch of the form: the municipality only when it was corrected (a stored name stays as it is). */
export function editPatch(property: Property, values: EditPropertyValues): UpdatePropertyInput {
  const { municipality, ...rest } = values;
  return municipality === property.municipality ? rest : { ...rest, municipality };
}

export interface EditPropertyModalProps {
  property: Property;
  opened: boolean;
  onClose: () => void;
  busy: boolean;
  onSubmit: (patch: UpdatePropertyInput) => void;
}

/**
 * Edits a property with the fields of the add forms, and corrects its municipality (issue 32 §5): in
 * South Africa from the official list, shown in words ('City of Cape Town (CPT), Western Cape') before
 * saving. The DNA code is the property's identifier and stays as issued whatever is corrected; the
 * country and parcel are shown read-only. A blank optional field is cleared.
 */
export function EditPropertyModal({ property, opened, onClose, busy, onSubmit }: EditPropertyModalProps) {
  const form = useForm<EditPropertyValues>({
    initialValues: valuesOf(property),
    validate: schemaResolver(updatePropertySchema, { sync: true }),
  });
  const corrected = form.values.municipality !== property.municipality;

  return (
    <Modal opened={opened} onClose={onClose} title="Edit property" size="lg">
      <form noValidate onSubmit={form.onSubmit((values) => onSubmit(editPatch(property, values)))}>
        <Stack gap="sm">
          <Alert variant="light" color="blue" title="The DNA code stays as issued">
            <Text size="sm">
              <Code style={{ wordBreak: 'break-all' }}>{property.dna_id}</Code> is this property&rsquo;s
              identifier: documents, share links and certificates that name it keep pointing here. It was made
              from the country, municipality and parcel when the property was added and does not change when
              you correct the municipality; the correction is recorded in the property&rsquo;s audit trail.
            </Text>
          </Alert>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Country" value={countryName(property.country)} readOnly variant="filled" />
            <TextInput label="Parcel ID / ERF number" value={property.parcel_id} readOnly variant="filled" />
          </SimpleGrid>
          {property.country === 'ZA' ? (
            <MunicipalitySelect
              id="edit-property-municipality"
              inputProps={form.getInputProps('municipality')}
            />
          ) : (
            <TextInput
              id="edit-property-municipality"
              label="Municipality"
              withAsterisk
              {...form.getInputProps('municipality')}
            />
          )}
          {corrected && (
            <Text size="sm" role="status">
              Corrected from {describeMunicipalityInWords(property.municipality)}. The DNA code stays{' '}
              <Code style={{ wordBreak: 'break-all' }}>{property.dna_id}</Code>.
            </Text>
          )}
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
