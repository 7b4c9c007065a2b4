import { type MantineSize, Select, TextInput } from '@mantine/core';
import type { CertificateType } from '@propertydna/domain';
import { CERTIFICATE_TYPE_OPTIONS } from './labels';

/**
 * The fields that say what a certificate is, shared by the upload form and the details editor: its
 * type (searchable, clearable), the date it was issued and when it expires. Each field's id is
 * `${idPrefix}-certificate-type`, `-issued`, `-expires`; `size` makes them larger (the phone-first
 * invite page).
 */
export function CertificateTypeSelect({
  idPrefix,
  description,
  value,
  onChange,
  size,
}: {
  idPrefix: string;
  description: string;
  value: CertificateType | null;
  onChange: (value: CertificateType | null) => void;
  size?: MantineSize;
}) {
  return (
    <Select
      id={`${idPrefix}-certificate-type`}
      size={size}
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
  size?: MantineSize;
}

export function IssuedOnInput({ idPrefix, value, error, onChange, size }: DateFieldProps) {
  return (
    <TextInput
      id={`${idPrefix}-issued`}
      size={size}
      type="date"
      label="Issued on"
      description="The date on the certificate. Without it, it shows as date unknown and proves nothing that depends on its age"
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
  size,
}: DateFieldProps & { validityMonths?: number; description: string; disabled?: boolean }) {
  return (
    <TextInput
      id={`${idPrefix}-expires`}
      size={size}
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
