import {
  Button,
  Checkbox,
  Fieldset,
  Group,
  NativeSelect,
  NumberInput,
  Stack,
  TagsInput,
  Text,
  TextInput,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { randomId } from '@mantine/hooks';
import {
  CERTIFICATE_TYPE_LABELS,
  CERTIFICATE_TYPES,
  type CertificateType,
  TEMPLATE_FIELD_TYPES,
  type Template,
  type TemplateDraft,
  type TemplateFieldType,
  templateDraftSchema,
} from '@propertydna/domain';
import { useId, useRef } from 'react';

/** One field row of the form; `key` only keeps React's rows stable and is dropped by the schema. */
export interface TemplateFormField {
  key: string;
  name: string;
  label: string;
  type: TemplateFieldType;
  required: boolean;
  options: string[];
}

export interface TemplateFormValues {
  name: string;
  category: string;
  /** A number, or '' while the input is empty. */
  version: number | string;
  fields: TemplateFormField[];
  /** The certificate its reports are ('' for none), and which date field is their issue date. */
  certificate_type: CertificateType | '';
  issue_date_field: string;
}

const TYPE_LABELS: Record<TemplateFieldType, string> = {
  text: 'Text',
  date: 'Date',
  select: 'Select',
  number: 'Number',
  textarea: 'Text area',
};

const TYPE_DATA = TEMPLATE_FIELD_TYPES.map((type) => ({ value: type, label: TYPE_LABELS[type] }));

const CERTIFICATE_DATA = [
  { value: '', label: 'None: its reports are not a certificate' },
  ...CERTIFICATE_TYPES.map((type) => ({ value: type, label: CERTIFICATE_TYPE_LABELS[type] })),
];

function emptyField(): TemplateFormField {
  return { key: randomId(), name: '', label: '', type: 'text', required: false, options: [] };
}

function initialValues(template: Template | undefined): TemplateFormValues {
  if (!template) {
    return {
      name: '',
      category: '',
      version: 1,
      fields: [emptyField()],
      certificate_type: '',
      issue_date_field: '',
    };
  }
  return {
    certificate_type: template.certificate_type ?? '',
    issue_date_field: template.issue_date_field ?? '',
    name: template.name,
    category: template.category,
    version: template.version,
    fields: template.fields.map((field) => ({
      key: randomId(),
      name: field.name,
      label: field.label,
      type: field.type,
      required: field.required,
      options: field.options ?? [],
    })),
  };
}

export interface TemplateFormProps {
  /** The template being edited; left out for a new one. */
  template?: Template | undefined;
  pending: boolean;
  /** The checked template (the domain's `templateSchema` without the id). */
  onSubmit: (template: TemplateDraft) => unknown;
  onCancel: () => void;
}

/**
 * A template's name, category, version and fields (spec §3 Template), checked with the domain's
 * `templateSchema`: snake_case field names, unique names, options for select fields only, at least one
 * field; and the certificate its reports are, with the required date field that is their issue date
 * (both or neither).
 */
export function TemplateForm({ template, pending, onSubmit, onCancel }: TemplateFormProps) {
  const formRef = useRef<HTMLFormElement>(null);
  const fieldsHeadingId = useId();
  const form = useForm<TemplateFormValues>({
    mode: 'controlled',
    initialValues: initialValues(template),
    validate: schemaResolver(templateDraftSchema, { sync: true }),
  });

  const submit = form.onSubmit(
    (values) => {
      const parsed = templateDraftSchema.safeParse(values);
      // The resolver has passed these values; a failure here would be a bug, so it sends nothing.
      if (parsed.success) onSubmit(parsed.data);
    },
    () => {
      // Move keyboard focus to the first input with an error once the errors are shown.
      setTimeout(() => {
        formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
      });
    },
  );

  const addField = () => {
    const index = form.getValues().fields.length;
    form.insertListItem('fields', emptyField());
    // Focus the new row's name input once it is rendered.
    setTimeout(() => {
      formRef.current?.querySelector<HTMLElement>(`[data-field-name="${index}"]`)?.focus();
    });
  };

  const fieldsError = form.errors.fields;

  return (
    <form ref={formRef} noValidate onSubmit={submit} aria-label={template ? 'Edit template' : 'New template'}>
      <Stack gap="sm">
        <TextInput label="Name" required {...form.getInputProps('name')} />
        <Group grow align="flex-start">
          <TextInput label="Category" required placeholder="roofing" {...form.getInputProps('category')} />
          <NumberInput
            label="Version"
            required
            min={1}
            allowDecimal={false}
            allowNegative={false}
            {...form.getInputProps('version')}
          />
        </Group>
        <Text fw={500} size="sm" mt="xs" id={fieldsHeadingId}>
          Fields
        </Text>
        <Stack gap="sm" role="group" aria-labelledby={fieldsHeadingId}>
          {form.values.fields.map((field, index) => {
            const n = index + 1;
            return (
              <Fieldset key={field.key} legend={`Field ${n}`} p="sm">
                <Stack gap="xs">
                  <Group grow align="flex-start">
                    <TextInput
                      label="Name"
                      aria-label={`Field ${n} name`}
                      description="snake_case, such as roof_type"
                      required
                      data-field-name={index}
                      {...form.getInputProps(`fields.${index}.name`)}
                    />
                    <TextInput
                      label="Label"
                      aria-label={`Field ${n} label`}
                      required
                      {...form.getInputProps(`fields.${index}.label`)}
                    />
                  </Group>
                  <Group align="flex-end">
                    <NativeSelect
                      label="Type"
                      aria-label={`Field ${n} type`}
                      data={TYPE_DATA}
                      {...form.getInputProps(`fields.${index}.type`)}
                      onChange={(event) => {
                        const type = event.currentTarget.value as TemplateFieldType;
                        form.setFieldValue(`fields.${index}.type`, type);
                        // Only select fields have options: drop them with the type rather than hide them.
                        if (type !== 'select') form.setFieldValue(`fields.${index}.options`, []);
                      }}
                    />
                    <Checkbox
                      label="Required"
                      aria-label={`Field ${n} required`}
                      mb={8}
                      {...form.getInputProps(`fields.${index}.required`, { type: 'checkbox' })}
                    />
                    <Button
                      variant="subtle"
                      color="red"
                      ml="auto"
                      aria-label={`Remove field ${n}`}
                      onClick={() => form.removeListItem('fields', index)}
                    >
                      Remove
                    </Button>
                  </Group>
                  {field.type === 'select' && (
                    <TagsInput
                      label="Options"
                      aria-label={`Field ${n} options`}
                      description="Press Enter or type a comma after each option"
                      required
                      {...form.getInputProps(`fields.${index}.options`)}
                    />
                  )}
                </Stack>
              </Fieldset>
            );
          })}
        </Stack>
        <Fieldset legend="What its reports certify" p="sm">
          <Group grow align="flex-start">
            <NativeSelect
              label="Certificate type"
              description="The owner's compliance check counts a report as this certificate"
              data={CERTIFICATE_DATA}
              {...form.getInputProps('certificate_type')}
            />
            <NativeSelect
              label="Issue date field"
              description="A required date field: its answer is the report's issue date"
              data={[
                { value: '', label: 'None' },
                ...form.values.fields
                  .filter((field) => field.type === 'date' && field.name !== '')
                  .map((field) => ({ value: field.name, label: field.label || field.name })),
              ]}
              {...form.getInputProps('issue_date_field')}
            />
          </Group>
        </Fieldset>
        {typeof fieldsError === 'string' || typeof fieldsError === 'number' ? (
          <Text c="red" size="sm" role="alert">
            {fieldsError}
          </Text>
        ) : null}
        <Group>
          <Button variant="light" onClick={addField}>
            Add field
          </Button>
        </Group>
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onCancel} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" loading={pending}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
