import { NativeSelect, Stack, Textarea, TextInput } from '@mantine/core';
import type { TemplateField } from '@propertydna/domain';

export type ReportAnswers = Record<string, string>;

export interface ReportFieldsProps {
  fields: readonly TemplateField[];
  values: ReportAnswers;
  errors: Record<string, string>;
  onChange: (name: string, value: string) => void;
  idPrefix?: string;
}

/**
 * The inputs of a report template (spec §3 Template): one per field, by type (text, date, select,
 * number, textarea), labelled, with required fields marked.
 */
export function ReportFields({ fields, values, errors, onChange, idPrefix = 'report' }: ReportFieldsProps) {
  return (
    <Stack gap="sm">
      {fields.map((field) => {
        const common = {
          id: `${idPrefix}-${field.name}`,
          label: field.label,
          required: field.required,
          error: errors[field.name],
          value: values[field.name] ?? '',
        };
        switch (field.type) {
          case 'select':
            return (
              <NativeSelect
                key={field.name}
                {...common}
                onChange={(event) => onChange(field.name, event.currentTarget.value)}
                data={[
                  { value: '', label: 'Choose an option', disabled: field.required },
                  ...(field.options ?? []).map((option) => ({ value: option, label: option })),
                ]}
              />
            );
          case 'textarea':
            return (
              <Textarea
                key={field.name}
                {...common}
                rows={3}
                onChange={(event) => onChange(field.name, event.currentTarget.value)}
              />
            );
          default:
            return (
              <TextInput
                key={field.name}
                {...common}
                type={field.type === 'date' ? 'date' : 'text'}
                inputMode={field.type === 'number' ? 'decimal' : undefined}
                onChange={(event) => onChange(field.name, event.currentTarget.value)}
              />
            );
        }
      })}
    </Stack>
  );
}
