import { Select, TextInput } from '@mantine/core';
import type { CertificateType } from '@propertydna/domain';
import { CERTIFICATE_TYPE_OPTIONS } from './labels';

/**
 * The fields that say what a certificate is, shared by the upload form and the details editor: its
 * type (searchable, clearable), the date it was issued and when it expires. Each field's id is
 * `${idPrefix}-certificate-type`, `-issued`, `-expires`.
 */
export function CertificateTypeSelect({
  idPrefix,
  description,
  value,
  onChange,
}: {
  idPrefix: string;
  description: string;
  value: CertificateType | null;
  onChange: (value: CertificateType | null) => void;
}) {
  return (
    <Select
      id={`${idPrefix}-certificate-type`}
      label="Certificate type"
      description={description}
      placeholder="Search or choose"
      searchable
      clearable
      clearButtonProps={{ 'aria-label': 'Clear certificate type' }}
      nothingFoundMessage="No certificate type matches"
      data={CERTIFICATE_TYPE_OPTIONS}
      value={value}
      onChange={(next) => onChange((next as CertificateType | null) ?? null)}
    />
  );
}

interface DateFieldProps {
  idPrefix: string;
  /** 'YYYY-MM-DD' or ''. */
  value: string;
  error: string | null;
  onChange: (value: string) => void;
}

export function IssuedOnInput({ idPrefix, value, error, onChange }: DateFieldProps) {
  return (
    <TextInput
      id={`${idPrefix}-issued`}
      type="date"
      label="Issued on"
      description="The date on the certificate"
      value={value}
      error={error}
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  );
}

/**
 * The expiry date; while it follows the certificate type's validity (`validityMonths`), its
 * description says so, else it says `description`.
 */
export function ExpiryDateInput({
  idPrefix,
  value,
  error,
  onChange,
  validityMonths,
  description,
  disabled,
}: DateFieldProps & { validityMonths?: number; description: string; disabled?: boolean }) {
  return (
    <TextInput
      id={`${idPrefix}-expires`}
      type="date"
      label="Expiry date"
      description={validityMonths ? `${validityMonths} months after issue; change or clear it` : description}
      disabled={disabled}
      value={value}
      error={error}
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  );
}
