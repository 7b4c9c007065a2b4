import { Badge, Code, Container, Group, Stack, Tabs, Text, Title } from '@mantine/core';
import { propertyAddressShown } from '@propertydna/domain';
import type { ReactNode } from 'react';
import { ButtonLink } from '../../../../components/router-links';
import { type Transfer, transferDate } from '../../../../components/transfers/labels';
import type { Property } from '../../../../lib/properties';
import { trpc } from '../../../../lib/trpc';
import { PROPERTY_TABS, type PropertyTab, tabValue } from './property-tabs';

/** Spec §2: the Escalation tab's actions. */
export const ESCALATION_ACTIONS = ['Start Claim', 'Find Provider', 'Learn More', 'Schedule Call'] as const;
export type EscalationAction = (typeof ESCALATION_ACTIONS)[number];

export interface PropertyDetailLayoutProps {
  property: Pick<Property, 'name' | 'address' | 'dna_id'>;
  /** The built-in demo: shows the 'Demo Property' badge. */
  demo?: boolean;
  /** Header actions (Edit, Archive). */
  actions?: ReactNode;
  /** More of the header, under the DNA id (the property's features). */
  details?: ReactNode;
  /** Between the header and the tabs (the Transfer ownership section, while open). */
  beforeTabs?: ReactNode;
  panels: Record<PropertyTab, ReactNode>;
  /** The tab open first (a tab value, from the address); Vault otherwise. */
  initialTab?: string | undefined;
}

/** The property detail (spec §2): Back to Dashboard, the header (name, address, DNA id) and the tabs. */
export function PropertyDetailLayout({
  property,
  demo = false,
  actions,
  details,
  beforeTabs,
  panels,
  initialTab,
}: PropertyDetailLayoutProps) {
  return (
    <Container size="xl" py="xl">
      <ButtonLink to="/app" variant="subtle" px={0} leftSection={<span aria-hidden="true">←</span>}>
        Back to Dashboard
      </ButtonLink>
      <Group justify="space-between" align="flex-start" mt="md" gap="md">
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Group gap="sm" align="center">
            <Title order={1}>{property.name}</Title>
            {demo && (
              <Badge color="grape" variant="light" size="lg">
                Demo Property
              </Badge>
            )}
          </Group>
          {propertyAddressShown(property) && <Text c="dimmed">{property.address}</Text>}
          <Text size="sm">
            DNA ID:{' '}
            <Code fz="sm" data-testid="dna-id">
              {property.dna_id}
            </Code>
          </Text>
          {details}
        </Stack>
        {actions && <Group gap="sm">{actions}</Group>}
      </Group>
      {beforeTabs && <Stack mt="lg">{beforeTabs}</Stack>}
      <Tabs defaultValue={initialTab ?? tabValue('Vault')} mt="xl">
        <Tabs.List>
          {PROPERTY_TABS.map((tab) => (
            <Tabs.Tab key={tab} value={tabValue(tab)}>
              {tab}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {PROPERTY_TABS.map((tab) => (
          <Tabs.Panel key={tab} value={tabValue(tab)} pt="lg">
            {panels[tab]}
          </Tabs.Panel>
        ))}
      </Tabs>
    </Container>
  );
}

/** The panels of a real property: the vault, the policy check, the actions, the vendors and escalation. */
export function storedPropertyPanels({
  vault,
  policyCheck,
  actions,
  vendors,
  escalation,
}: {
  vault: ReactNode;
  policyCheck: ReactNode;
  actions: ReactNode;
  vendors: ReactNode;
  escalation: ReactNode;
}): Record<PropertyTab, ReactNode> {
  return {
    Vault: vault,
    'Policy Check': policyCheck,
    Actions: actions,
    Vendors: vendors,
    Escalation: escalation,
  };
}

/**
 * A property that does not exist or is not the caller's (spec §8: 'Property not found'); one the caller
 * transferred says so, to whom and when (issue 32), from the organisation's own list of transfers.
 */
export function PropertyNotFound({ propertyId }: { propertyId?: string }) {
  const transfers = trpc.transfers.list.useQuery(undefined, { enabled: Boolean(propertyId) });
  const transferred = transfers.data?.outgoing.find(
    (transfer) => transfer.property.id === propertyId && transfer.status === 'accepted',
  );
  return (
    <Container size="md" py="xl">
      {transferred ? (
        <>
          <Title order={1}>{transferred.property.name} was transferred</Title>
          <Text mt="sm">{transferredLine(transferred)}</Text>
        </>
      ) : (
        <>
          <Title order={1}>Property not found</Title>
          <Text c="dimmed" mt="sm">
            It may have been archived, or the link may be wrong.
          </Text>
        </>
      )}
      <Group mt="lg">
        <ButtonLink to="/app">Back to Dashboard</ButtonLink>
        {transferred ? (
          <ButtonLink to="/transfers" variant="default">
            Your transfers
          </ButtonLink>
        ) : (
          <ButtonLink to="/properties" variant="default">
            All properties
          </ButtonLink>
        )}
      </Group>
    </Container>
  );
}

/** 'Transferred to Mokoena Holdings (buyer@example.com) on Nov 27, 2026. Its documents and history went with it.' */
export function transferredLine(transfer: Transfer): string {
  const to = transfer.to_organization
    ? `${transfer.to_organization} (${transfer.to_email})`
    : transfer.to_email;
  const on = transfer.decided_at ? ` on ${transferDate(transfer.decided_at)}` : '';
  return `Transferred to ${to}${on}. Its documents and history went with it.`;
}
