import { Alert, Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { addPropertyFormSchema, SHARE_FIELD_MESSAGES, SHARE_MESSAGES } from '@propertydna/domain';
import { useState } from 'react';
import { errorMessage } from '../../lib/error-message';
import { usePortfolioInvalidation } from '../../lib/properties';
import { trpc } from '../../lib/trpc';
import {
  EMPTY_PROPERTY_LOCATION,
  PROPERTY_LOCATION_FIELDS,
  PropertyLocationFields,
  type PropertyLocationValues,
} from '../property-location-fields';
import { AnchorLink } from '../router-links';

/** The select's value for a new property (spec §7: create_property is true when 'new' is chosen). */
export const NEW_PROPERTY = 'new';
const ADOPT_FAILED = 'Unable to adopt the documents.';

interface AdoptValues extends PropertyLocationValues {
  property_id: string;
}

const ID_PREFIX = 'adopt';
const fieldId = (field: keyof AdoptValues) => `${ID_PREFIX}-${field}`;

function validate(values: AdoptValues): Partial<Record<keyof AdoptValues, string>> {
  if (!values.property_id) return { property_id: SHARE_FIELD_MESSAGES.chooseProperty };
  if (values.property_id !== NEW_PROPERTY) return {};
  const parsed = addPropertyFormSchema.safeParse(propertyPayload(values));
  if (parsed.success) return {};
  const errors: Partial<Record<keyof AdoptValues, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as keyof AdoptValues;
    errors[field] ??= issue.message;
  }
  return errors;
}

function propertyPayload(values: AdoptValues) {
  return {
    erfNumber: values.erfNumber,
    township: values.township,
    municipality: values.municipality,
    address: values.address,
    description: values.description || undefined,
  };
}

/** Two addresses name the same place when they differ only in case, spacing and punctuation. */
export function sameAddress(a: string, b: string): boolean {
  const normal = (value: string) =>
    value
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, ' ')
      .trim();
  return normal(a) === normal(b);
}

/** An adoption waiting for the user to confirm a property at another address than the job's. */
interface PendingConfirmation {
  values: AdoptValues;
  propertyLabel: string;
  propertyAddress: string;
}

/**
 * Adopt to Property (spec §2, §6): a signed-in user copies the shared documents into one of their
 * properties, or into a new one described with the add-property form's fields.
 */
export function AdoptModal({
  token,
  opened,
  onClose,
  jobAddress = null,
}: {
  token: string;
  opened: boolean;
  onClose: () => void;
  /** The shared job's property address: adopting into a property elsewhere asks for confirmation first. */
  jobAddress?: string | null;
}) {
  const properties = trpc.properties.list.useQuery(undefined, { enabled: opened });
  const adopt = trpc.shares.adopt.useMutation();
  const invalidatePortfolio = usePortfolioInvalidation();
  const [adoptedInto, setAdoptedInto] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<PendingConfirmation | null>(null);
  const form = useForm<AdoptValues>({
    initialValues: {
      property_id: '',
      ...EMPTY_PROPERTY_LOCATION,
    },
    validate,
  });
  const creating = form.values.property_id === NEW_PROPERTY;

  const options = [
    ...(properties.data ?? []).map((property) => ({ value: property.id, label: property.name })),
    { value: NEW_PROPERTY, label: 'Create New Property' },
  ];

  /** Adopts, unless the chosen property is somewhere else than the job: then asks first. */
  function check(values: AdoptValues) {
    const chosen = (properties.data ?? []).find((property) => property.id === values.property_id);
    const target =
      values.property_id === NEW_PROPERTY
        ? { label: 'The new property', address: values.address }
        : chosen
          ? { label: chosen.name, address: chosen.address }
          : null;
    if (jobAddress && target && !sameAddress(target.address, jobAddress)) {
      setConfirming({ values, propertyLabel: target.label, propertyAddress: target.address });
      return;
    }
    void submit(values);
  }

  async function submit(values: AdoptValues) {
    setConfirming(null);
    try {
      const result = await adopt.mutateAsync(
        values.property_id === NEW_PROPERTY
          ? { token, create_property: true, property: propertyPayload(values) }
          : { token, create_property: false, property_id: values.property_id },
      );
      setAdoptedInto(result.property_id);
      void invalidatePortfolio();
      notifications.show({ color: 'green', message: SHARE_MESSAGES.adopted });
    } catch (error) {
      notifications.show({ color: 'red', title: 'Error', message: errorMessage(error, ADOPT_FAILED) });
    }
  }

  const close = () => {
    onClose();
    setAdoptedInto(null);
    setConfirming(null);
    form.reset();
  };

  return (
    <Modal opened={opened} onClose={close} title="Adopt to Property" size="lg">
      {adoptedInto ? (
        <Stack>
          <Alert color="green" title={SHARE_MESSAGES.adopted}>
            The shared documents are now in the property's vault.
          </Alert>
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Close
            </Button>
            <AnchorLink to="/properties/$id" params={{ id: adoptedInto }}>
              Open the property
            </AnchorLink>
          </Group>
        </Stack>
      ) : confirming ? (
        <Stack>
          <Alert color="yellow" title="Different address" role="alert">
            <Text size="sm">
              These documents were issued for a job at <strong>{jobAddress}</strong>.{' '}
              {confirming.propertyLabel} is at <strong>{confirming.propertyAddress}</strong>.
            </Text>
            <Text size="sm" mt="xs">
              Adopt them into this property anyway?
            </Text>
          </Alert>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(null)} data-autofocus>
              Go back
            </Button>
            <Button onClick={() => void submit(confirming.values)} loading={adopt.isPending}>
              Adopt anyway
            </Button>
          </Group>
        </Stack>
      ) : (
        <form
          noValidate
          aria-label="Adopt to Property"
          onSubmit={form.onSubmit(
            (values) => check(values),
            (errors) => {
              const first = (['property_id', ...PROPERTY_LOCATION_FIELDS] as const).find(
                (field) => errors[field],
              );
              if (first) document.getElementById(fieldId(first))?.focus();
            },
          )}
        >
          <Stack>
            <Text size="sm" c="dimmed">
              Copy the shared documents into one of your properties, or into a new one.
            </Text>
            {properties.isError ? (
              <Alert color="red" role="alert">
                {errorMessage(properties.error, 'Unable to load your properties.')}
              </Alert>
            ) : null}
            <Select
              id={fieldId('property_id')}
              label="Property"
              placeholder={properties.isLoading ? 'Loading…' : 'Choose a property'}
              data={options}
              allowDeselect={false}
              {...form.getInputProps('property_id')}
            />
            {creating ? (
              <PropertyLocationFields
                idPrefix={ID_PREFIX}
                inputProps={(field) => form.getInputProps(field)}
                setMunicipality={(code) => form.setFieldValue('municipality', code)}
              />
            ) : null}
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
              <Button type="submit" loading={adopt.isPending}>
                Adopt Documents
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
