import { Badge, Group, Text, UnstyledButton } from '@mantine/core';
import { useId } from 'react';

export interface ChoiceCardProps {
  label: string;
  description: string;
  onChoose: () => void;
  disabled?: boolean;
  badge?: string;
  selected?: boolean;
}

/** One option of a wizard step: a whole-card button, reachable and chosen with the keyboard. */
export function ChoiceCard({ label, description, onChoose, disabled, badge, selected }: ChoiceCardProps) {
  const descriptionId = useId();
  return (
    <UnstyledButton
      onClick={onChoose}
      disabled={disabled}
      aria-describedby={descriptionId}
      aria-pressed={selected}
      p="md"
      w="100%"
      bdrs="md"
      bd={`${selected ? 2 : 1}px solid ${
        selected ? 'var(--mantine-primary-color-filled)' : 'var(--mantine-color-default-border)'
      }`}
      bg={disabled ? 'var(--mantine-color-default-hover)' : undefined}
      style={{ cursor: disabled ? 'not-allowed' : 'pointer' }}
    >
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text fw={600} c={disabled ? 'dimmed' : undefined}>
          {label}
        </Text>
        {badge && (
          <Badge variant="light" color="gray" style={{ flexShrink: 0 }}>
            {badge}
          </Badge>
        )}
      </Group>
      <Text size="sm" c="dimmed" mt={4} id={descriptionId}>
        {description}
      </Text>
    </UnstyledButton>
  );
}
