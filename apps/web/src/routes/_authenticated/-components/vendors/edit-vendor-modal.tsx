import { Modal, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import {
  normalisePhoneNumber,
  type UpdateVendor,
  type UpdateVendorInput,
  updateVendorSchema,
} from '@propertydna/domain';
import { DialogFooter } from '../../../../components/dialog-footer';
import type { Vendor } from '../../../../components/vendors/labels';

interface VendorValues {
  name: string;
  company: string;
  phone: string;
  /** Comma-separated, as the supplier console takes them. */
  specialties: string;
  notes: string;
}

const valuesOf = (vendor: Vendor): VendorValues => ({
  name: vendor.name,
  company: vendor.company ?? '',
  phone: vendor.phone ?? '',
  specialties: vendor.specialties.join(', '),
  notes: vendor.notes ?? '',
});

/** The fields of `edited` that differ from the vendor's (a blank company, phone or notes clears it). */
export function vendorPatch(vendor: Vendor, edited: UpdateVendor): UpdateVendorInput {
  const patch: UpdateVendorInput = {};
  if (edited.name !== undefined && edited.name !== vendor.name) patch.name = edited.name;
  if (edited.company !== undefined && edited.company !== vendor.company) patch.company = edited.company;
  // The form sends a phone normalised (+27…): one stored as typed before that is the same number.
  const phone = vendor.phone === null ? null : (normalisePhoneNumber(vendor.phone) ?? vendor.phone);
  if (edited.phone !== undefined && edited.phone !== phone) patch.phone = edited.phone;
  if (edited.notes !== undefined && edited.notes !== vendor.notes) patch.notes = edited.notes;
  if (edited.specialties !== undefined && edited.specialties.join('\n') !== vendor.specialties.join('\n')) {
    patch.specialties = edited.specialties;
  }
  return patch;
}

export interface EditVendorModalProps {
  vendor: Vendor;
  opened: boolean;
  onClose: () => void;
  /** The changed fields; empty when nothing changed. */
  onSave: (patch: UpdateVendorInput) => void;
  busy?: boolean;
  /** The server's refusal, shown in the dialog. */
  error?: string | null;
}

/**
 * Edit (Vendors page): what the owner keeps about a provider — name, company, phone, specialties
 * (comma-separated) and private notes — checked with the domain's messages (updateVendorSchema). The
 * e-mail address is who the vendor is, so it is shown, not edited.
 */
export function EditVendorModal({
  vendor,
  opened,
  onClose,
  onSave,
  busy = false,
  error = null,
}: EditVendorModalProps) {
  const form = useForm<VendorValues>({
    initialValues: valuesOf(vendor),
    validate: schemaResolver(updateVendorSchema, { sync: true }),
  });
  const submit = (values: VendorValues) => {
    const parsed = updateVendorSchema.safeParse(values);
    if (parsed.success) onSave(vendorPatch(vendor, parsed.data));
  };
  return (
    <Modal opened={opened} onClose={busy ? () => {} : onClose} title={`Edit ${vendor.name}`} size="lg">
      <form noValidate onSubmit={form.onSubmit(submit)}>
        <Stack gap="sm">
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            Email: {vendor.email}. To use another address, invite it: it becomes another vendor.
          </Text>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="sm">
            <TextInput label="Name" withAsterisk data-autofocus {...form.getInputProps('name')} />
            <TextInput
              label="Company (Optional)"
              description="Blank shows Independent"
              {...form.getInputProps('company')}
            />
            <TextInput label="Phone (Optional)" type="tel" {...form.getInputProps('phone')} />
            <TextInput
              label="Specialties (Optional)"
              description="Separated by commas: Electrical, Gas"
              {...form.getInputProps('specialties')}
            />
          </SimpleGrid>
          <Textarea
            label="Notes (Optional)"
            description="Only you see these"
            rows={3}
            {...form.getInputProps('notes')}
          />
          <DialogFooter
            error={error}
            onCancel={onClose}
            cancelDisabled={busy}
            submitLabel="Save changes"
            busy={busy}
          />
        </Stack>
      </form>
    </Modal>
  );
}
