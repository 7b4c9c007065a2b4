import { Text } from '@mantine/core';

/** Insurance tab: the supplier's liability insurance and its certificate. */
export function InsurancePanel() {
  return <Text c="dimmed">Insurance details are coming soon.</Text>;
}
