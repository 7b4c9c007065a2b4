import { Badge, Box, Group, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import {
  type ComplianceStatus,
  complianceColor,
  formatDate,
  propertyAddressShown,
} from '@propertydna/domain';
import { memo } from 'react';
import { PORTFOLIO_CARD_STYLE } from '../../../components/portfolio/portfolio-controls';
import { CardLink } from '../../../components/router-links';
import { COMPLIANCE_LABELS, type Property } from '../../../lib/properties';

/** What a dashboard card reads of a property (spec §3, "as listed on the dashboard"). */
export type DashboardProperty = Pick<
  Property,
  | 'id'
  | 'name'
  | 'dnaCode'
  | 'address'
  | 'erfNumber'
  | 'township'
  | 'isDemo'
  | 'documentsCount'
  | 'lastActivity'
  | 'complianceStatus'
  | 'complianceReason'
>;

/** Spec §2: a coloured dot (good green, warning yellow, critical red) and the status's label. */
export function ComplianceIndicator({ status }: { status: ComplianceStatus }) {
  const color = complianceColor(status);
  return (
    <Group gap={6} wrap="nowrap">
      <Box
        component="span"
        aria-hidden="true"
        data-testid="compliance-dot"
        data-color={color}
        w={10}
        h={10}
        style={{ borderRadius: '50%', backgroundColor: `var(--mantine-color-${color}-6)`, flexShrink: 0 }}
      />
      <Text size="sm">
        <VisuallyHidden>Compliance: </VisuallyHidden>
        {COMPLIANCE_LABELS[status]}
      </Text>
    </Group>
  );
}

/** Longer DNA codes than this may not fit a phone's card on one line. */
const DNA_ONE_LINE = 32;

/**
 * The DNA code on one line (issue 32: it wrapped mid-code); a code too long for a phone's card breaks
 * only after a hyphen, between its parts, never inside one.
 */
export function dnaCodeStyle(code: string) {
  return code.length <= DNA_ONE_LINE
    ? ({ whiteSpace: 'nowrap' } as const)
    : ({ wordBreak: 'keep-all', overflowWrap: 'normal' } as const);
}

/**
 * One property on the dashboard (spec §2), led by its name, then its whole DNA code (never cut, see dnaCodeStyle)
 * and the DEMO badge; the whole card opens /properties/{id}. Memoised: a page added to a long list
 * renders its own cards, not again the ones above it.
 */
export const PropertyCard = memo(function PropertyCard({ property }: { property: DashboardProperty }) {
  const docs = `${property.documentsCount} docs`;
  return (
    <CardLink
      to="/properties/$id"
      params={{ id: property.id }}
      withBorder
      padding="lg"
      radius="md"
      mih={200}
      data-portfolio-item
      style={PORTFOLIO_CARD_STYLE}
    >
      <Stack gap="xs" h="100%">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Title order={3} size="h4" style={{ overflowWrap: 'anywhere' }}>
            {property.name}
          </Title>
          {property.isDemo && (
            // Never shrunk to 'DE…': the name wraps instead.
            <Badge color="grape" variant="light" style={{ flexShrink: 0, overflow: 'visible' }}>
              DEMO
            </Badge>
          )}
        </Group>
        <Text size="sm" fw={600} ff="monospace" style={dnaCodeStyle(property.dnaCode)}>
          <VisuallyHidden>DNA code: </VisuallyHidden>
          {property.dnaCode}
        </Text>
        {propertyAddressShown(property) && <Text>{property.address}</Text>}
        <Stack gap={2}>
          {property.erfNumber && (
            <Text size="sm" c="dimmed">
              ERF number: {property.erfNumber}
            </Text>
          )}
          {property.township && (
            <Text size="sm" c="dimmed">
              Area: {property.township}
            </Text>
          )}
        </Stack>
        <Group justify="space-between" mt="auto">
          <Text size="sm">{docs}</Text>
          <ComplianceIndicator status={property.complianceStatus} />
        </Group>
        {/* Why it is Critical or Warning, in one line (issue 32): its worst gap, and how many more. */}
        {property.complianceStatus !== 'good' && property.complianceReason && (
          <Text size="sm" data-testid="compliance-reason">
            {property.complianceReason}
          </Text>
        )}
        <Text size="xs" c="dimmed">
          Last activity: {formatDate(property.lastActivity)}
        </Text>
      </Stack>
    </CardLink>
  );
});
