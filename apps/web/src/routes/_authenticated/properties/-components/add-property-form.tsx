import { Button, Group, Input, Paper, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import {
  type AddPropertyForm as AddPropertyPayload,
  addPropertyFormSchema,
  PROPERTY_FORM_CONTENT_TYPES,
  PROPERTY_FORM_EXTENSIONS,
  type PropertyFeature,
  propertyUploadFileSchema,
} from '@propertydna/domain';
import { type ChangeEvent, type ReactNode, useState } from 'react';
import { UploadProgressList } from '../../../../components/documents/upload-progress-list';
import { PropertyFeaturesField } from '../../../../components/property-features';
import {
  EMPTY_PROPERTY_LOCATION,
  PROPERTY_LOCATION_FIELDS,
  PropertyLocationFields,
  type PropertyLocationValues,
} from '../../../../components/property-location-fields';
import { ButtonLink } from '../../../../components/router-links';
import type { UploadItem } from '../../../../lib/upload/upload-documents';

export type AddPropertyFormValues = PropertyLocationValues & { name: string; features: PropertyFeature[] };

const INITIAL_VALUES: AddPropertyFormValues = { name: '', ...EMPTY_PROPERTY_LOCATION, features: [] };

const ID_PREFIX = 'add-property';

/** The optional documents of the form (spec §2): a title deed and a proof of residence. */
export interface AddPropertyFiles {
  titleDeed: File | null;
  proofOfResidence: File | null;
}
type FileField = keyof AddPropertyFiles;

const FILE_FIELDS: readonly { field: FileField; label: string }[] = [
  { field: 'titleDeed', label: 'Title deed' },
  { field: 'proofOfResidence', label: 'Proof of residence' },
];
const fileFieldId = (field: FileField) => `${ID_PREFIX}-${field}`;

/** The `accept` list of the two file inputs: pdf, jpg, jpeg, png (spec §5). */
export const PROPERTY_FILE_ACCEPT = [
  ...PROPERTY_FORM_EXTENSIONS.map((ext) => `.${ext}`),
  ...PROPERTY_FORM_CONTENT_TYPES,
].join(',');

/** Why the browser refuses a chosen file (type not pdf/jpg/png, or over 10 MB), else null. */
export function propertyFileError(file: Pick<File, 'name' | 'size' | 'type'>): string | null {
  const parsed = propertyUploadFileSchema.safeParse({ name: file.name, size: file.size, type: file.type });
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? null);
}

export interface AddPropertyFormProps {
  /** A create request is out: the submit button reads 'Creating Property...'. */
  busy: boolean;
  onSubmit: (payload: AddPropertyPayload, files: AddPropertyFiles) => void;
  /** The progress of the chosen files' upload, once the property exists. */
  uploads?: readonly UploadItem[];
  /** Shown above the buttons (the upgrade prompt). */
  children?: ReactNode;
}

/**
 * The add-property form of /properties/new (spec §2, §5): an optional Property Name (the address when
 * left empty), ERF/Portion/Stand number, township, address, municipality (from the official list,
 * suggested by the address and shown in words before saving) and an optional description, with the
 * schema's messages.
 */
export function AddPropertyForm({ busy, onSubmit, uploads = [], children }: AddPropertyFormProps) {
  const form = useForm<AddPropertyFormValues>({
    initialValues: INITIAL_VALUES,
    validate: schemaResolver(addPropertyFormSchema, { sync: true }),
  });
  const [files, setFiles] = useState<AddPropertyFiles>({ titleDeed: null, proofOfResidence: null });
  const [fileErrors, setFileErrors] = useState<Record<FileField, string | null>>({
    titleDeed: null,
    proofOfResidence: null,
  });

  const chooseFile = (field: FileField) => (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0] ?? null;
    const error = file ? propertyFileError(file) : null;
    // A refused file is not kept: the input is cleared so the same file can be chosen again once fixed.
    if (error) input.value = '';
    setFiles((current) => ({ ...current, [field]: error ? null : file }));
    setFileErrors((current) => ({ ...current, [field]: error }));
  };

  const handleValid = (values: AddPropertyFormValues) => {
    const refused = FILE_FIELDS.find(({ field }) => fileErrors[field]);
    if (refused) {
      document.getElementById(fileFieldId(refused.field))?.focus();
      return;
    }
    const { features, ...rest } = values;
    const parsed = addPropertyFormSchema.safeParse(features.length > 0 ? values : rest);
    if (parsed.success) onSubmit(parsed.data, files);
  };

  const handleInvalid = (errors: Record<string, unknown>) => {
    const first = (['name', ...PROPERTY_LOCATION_FIELDS] as const).find((field) => errors[field]);
    if (first) document.getElementById(`${ID_PREFIX}-${first}`)?.focus();
  };

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} mt="xl">
      <form noValidate onSubmit={form.onSubmit(handleValid, handleInvalid)} aria-label="Add property">
        <Stack gap="sm">
          <TextInput
            id={`${ID_PREFIX}-name`}
            label="Property Name (Optional)"
            placeholder="e.g. Gardens Family Home"
            description="Left empty, the address names the property"
            {...form.getInputProps('name')}
          />
          <PropertyLocationFields
            idPrefix={ID_PREFIX}
            inputProps={(field) => form.getInputProps(field)}
            setMunicipality={(code) => form.setFieldValue('municipality', code)}
          />
          <PropertyFeaturesField
            label="Features (Optional)"
            value={form.values.features}
            onChange={(features) => form.setFieldValue('features', features)}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {FILE_FIELDS.map(({ field, label }) => {
              const id = fileFieldId(field);
              const error = fileErrors[field];
              return (
                <Input.Wrapper
                  key={field}
                  id={id}
                  label={`${label} (Optional)`}
                  description="PDF, JPG or PNG, up to 10 MB"
                  error={error}
                >
                  <input
                    id={id}
                    type="file"
                    accept={PROPERTY_FILE_ACCEPT}
                    disabled={busy}
                    onChange={chooseFile(field)}
                    aria-invalid={error ? true : undefined}
                    aria-describedby={error ? `${id}-error` : `${id}-description`}
                    style={{ display: 'block', marginTop: 4, maxWidth: '100%' }}
                  />
                </Input.Wrapper>
              );
            })}
          </SimpleGrid>
          <UploadProgressList items={uploads} withReading />
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
