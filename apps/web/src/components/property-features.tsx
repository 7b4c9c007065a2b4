import { Badge, Button, Checkbox, Group, Modal, SimpleGrid, Text } from '@mantine/core';
import { PROPERTY_FEATURE_LABELS, PROPERTY_FEATURES, type PropertyFeature } from '@propertydna/domain';
import { type FormEvent, useState } from 'react';

const FEATURES_DESCRIPTION = 'Each brings the certificates the law or your insurer asks for.';

/**
 * What a property has that brings its own compliance rules (gas, electric fence, thatch roof, …): one
 * checkbox each, in a group labelled 'Features'.
 */
export function PropertyFeaturesField({
  value,
  onChange,
  label = 'Features',
  description = FEATURES_DESCRIPTION,
}: {
  value: readonly PropertyFeature[];
  onChange: (features: PropertyFeature[]) => void;
  label?: string;
  description?: string;
}) {
  return (
    <Checkbox.Group
      label={label}
      description={description}
      value={[...value]}
      // Kept in the list's order, whatever order they were ticked in.
      onChange={(next) => onChange(PROPERTY_FEATURES.filter((feature) => next.includes(feature)))}
    >
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" verticalSpacing="xs" mt="xs">
        {PROPERTY_FEATURES.map((feature) => (
          <Checkbox key={feature} value={feature} label={PROPERTY_FEATURE_LABELS[feature]} />
        ))}
      </SimpleGrid>
    </Checkbox.Group>
  );
}

/** The property's features as badges with their labels, or 'None recorded'. */
export function PropertyFeatureBadges({ features }: { features: readonly PropertyFeature[] }) {
  if (features.length === 0) {
    return (
      <Text size="sm" c="dimmed" span>
        None recorded
      </Text>
    );
  }
  return (
    <Group gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Features">
      {features.map((feature) => (
        <Badge key={feature} component="li" variant="light" color="blue" tt="none" fw={500}>
          {PROPERTY_FEATURE_LABELS[feature]}
        </Badge>
      ))}
    </Group>
  );
}

/** The header line of a property: 'Features:', the badges, and 'Change features' when they may be changed. */
export function PropertyFeaturesSummary({
  features,
  onEdit,
}: {
  features: readonly PropertyFeature[];
  onEdit?: () => void;
}) {
  return (
    <Group gap="xs" align="center" mt={4}>
      <Text size="sm" fw={600} span>
        Features:
      </Text>
      <PropertyFeatureBadges features={features} />
      {onEdit && (
        // Not 'Edit …': the page's Edit button (the property's details) keeps its name to itself.
        <Button size="compact-sm" variant="subtle" onClick={onEdit}>
          Change features
        </Button>
      )}
    </Group>
  );
}

export interface EditFeaturesModalProps {
  features: readonly PropertyFeature[];
  opened: boolean;
  onClose: () => void;
  busy: boolean;
  onSubmit: (features: PropertyFeature[]) => void;
}

/** Edits a property's features; the compliance check follows them. */
export function EditFeaturesModal({ features, opened, onClose, busy, onSubmit }: EditFeaturesModalProps) {
  const [value, setValue] = useState<PropertyFeature[]>([...features]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(value);
  };
  return (
    <Modal opened={opened} onClose={onClose} title="Property features">
      <form onSubmit={submit}>
        <PropertyFeaturesField
          value={value}
          onChange={setValue}
          label="What does the property have?"
          description={`${FEATURES_DESCRIPTION} The Policy Check follows them.`}
        />
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={busy}>
            Save features
          </Button>
        </Group>
      </form>
    </Modal>
  );
}
