import { Alert, Button, Group, Loader, Stack, Textarea, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { SUPPLIER_MESSAGES, supplierProfileSchema } from '@propertydna/domain';
import { useEffect, useRef } from 'react';
import { errorMessage } from '../../../../lib/error-message';
import { trpc } from '../../../../lib/trpc';

interface ProfileValues {
  company_name: string;
  registration_number: string;
  trade_registration_number: string;
  description: string;
  email: string;
  phone: string;
  website: string;
  specialties: string;
}

/** The fields with a format: a value stored before the format was checked shows its message on load. */
const FORMATTED_FIELDS = ['registration_number', 'trade_registration_number', 'phone'] as const;

/** Profile tab: the supplier profile form, specialties entered comma-separated → 'Profile updated'. */
export function ProfilePanel() {
  const utils = trpc.useUtils();
  const profile = trpc.supplier.profile.useQuery();
  const update = trpc.supplier.updateProfile.useMutation();
  const form = useForm<ProfileValues>({
    mode: 'controlled',
    initialValues: {
      company_name: '',
      registration_number: '',
      trade_registration_number: '',
      description: '',
      email: '',
      phone: '',
      website: '',
      specialties: '',
    },
    validate: schemaResolver(supplierProfileSchema, { sync: true }),
  });
  const { setValues, resetDirty } = form;
  // The form's validateField is a new function on every render: read through a ref, so loading the
  // profile runs once per answer and never writes over what is being typed.
  const validateField = useRef(form.validateField);
  validateField.current = form.validateField;
  const data = profile.data;

  useEffect(() => {
    if (!data) return;
    setValues({
      company_name: data.company_name,
      registration_number: data.registration_number ?? '',
      trade_registration_number: data.trade_registration_number ?? '',
      description: data.description ?? '',
      email: data.email ?? '',
      phone: data.phone ?? '',
      website: data.website ?? '',
      specialties: data.specialties.join(', '),
    });
    resetDirty();
    // A number saved before its format was checked is shown with what to change, before the next save.
    for (const field of FORMATTED_FIELDS) if (data[field]) validateField.current(field);
  }, [data, setValues, resetDirty]);

  const submit = form.onSubmit(async (values) => {
    try {
      const saved = await update.mutateAsync(values);
      utils.supplier.profile.setData(undefined, saved);
    } catch (error) {
      notifications.show({ color: 'red', title: 'Error', message: errorMessage(error, 'Error') });
      return;
    }
    notifications.show({ color: 'green', message: SUPPLIER_MESSAGES.profileUpdated });
  });

  if (profile.isLoading) return <Loader size="sm" />;
  if (profile.isError) return <Alert color="red">{errorMessage(profile.error, 'Error')}</Alert>;
  return (
    <form noValidate onSubmit={submit} aria-label="Supplier profile">
      <Stack gap="sm" maw={640}>
        <TextInput label="Company name" required {...form.getInputProps('company_name')} />
        <TextInput
          label="Company registration number"
          description="As CIPC issued it: YYYY/NNNNNN/NN"
          placeholder="e.g. 2015/123456/07"
          {...form.getInputProps('registration_number')}
        />
        <TextInput
          label="Trade registration number"
          description="Your number with a trade register (electrical registered person, PIRB plumber, LP gas…), as your certificate prints it"
          placeholder="e.g. PIRB 12345"
          {...form.getInputProps('trade_registration_number')}
        />
        <Textarea label="Description" rows={3} {...form.getInputProps('description')} />
        <TextInput label="Email" type="email" {...form.getInputProps('email')} />
        <TextInput
          label="Phone"
          type="tel"
          description="Saved in international form (+27…)"
          placeholder="e.g. 082 123 4567"
          {...form.getInputProps('phone')}
        />
        <TextInput label="Website" {...form.getInputProps('website')} />
        <TextInput
          label="Specialties"
          description="Separate them with commas"
          {...form.getInputProps('specialties')}
        />
        <Group>
          <Button type="submit" loading={update.isPending}>
            Save profile
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
