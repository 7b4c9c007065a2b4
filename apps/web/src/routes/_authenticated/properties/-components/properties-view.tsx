import {
  Alert,
  Badge,
  Box,
  Button,
  Card,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { formatDate, propertyAddressShown } from '@propertydna/domain';
import { memo, useRef } from 'react';
import {
  NoMatches,
  PORTFOLIO_CARD_STYLE,
  PortfolioMore,
  PortfolioToolbar,
  SEARCHING_STYLE,
  showsControls,
} from '../../../../components/portfolio/portfolio-controls';
import type { PortfolioPaging } from '../../../../components/portfolio/use-portfolio';
import { CardLink } from '../../../../components/router-links';
import { RoleGuard } from '../../../../lib/permissions';
import { PROPERTY_TYPE_LABELS, type Property } from '../../../../lib/properties';

/** Spec §9: the loading skeleton has 6 cards. */
export const SKELETON_CARD_COUNT = 6;
/** The placeholders at the end of the list while the next page loads: one row of the widest grid. */
const MORE_SKELETONS = 3;

/** What a card of the Properties screen reads (spec §3, "as read on the Properties screen"). */
export type ListedProperty = Pick<
  Property,
  'id' | 'name' | 'dna_id' | 'property_type' | 'address' | 'created_at'
>;

/**
 * One property on the Properties screen: name, DNA id, type, address and when it was added. Memoised: a
 * page added to a long list renders its own cards, not again the ones above it.
 */
export const PropertyListCard = memo(function PropertyListCard({ property }: { property: ListedProperty }) {
  return (
    <CardLink
      to="/properties/$id"
      params={{ id: property.id }}
      withBorder
      padding="lg"
      radius="md"
      data-portfolio-item
      style={PORTFOLIO_CARD_STYLE}
    >
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Title order={2} size="h4" style={{ overflowWrap: 'anywhere' }}>
            {property.name}
          </Title>
          {/* Never shrunk to 'Reside…': the name wraps instead. */}
          <Badge variant="light" style={{ flexShrink: 0, overflow: 'visible' }}>
            {PROPERTY_TYPE_LABELS[property.property_type]}
          </Badge>
        </Group>
        <Text size="sm" ff="monospace" style={{ wordBreak: 'break-all' }}>
          {property.dna_id}
        </Text>
        {propertyAddressShown(property) && <Text size="sm">{property.address}</Text>}
        <Text size="xs" c="dimmed">
          Added {formatDate(property.created_at)}
        </Text>
      </Stack>
    </CardLink>
  );
});

/** A placeholder card: for the eye only (the loading state says it in words). */
function SkeletonCard() {
  return (
    <Card withBorder padding="lg" radius="md" data-testid="property-skeleton" aria-hidden>
      <Stack gap="sm">
        <Skeleton h={22} w="70%" />
        <Skeleton h={14} w="90%" />
        <Skeleton h={14} w="80%" />
        <Skeleton h={12} w="40%" />
      </Stack>
    </Card>
  );
}

export interface PropertiesViewProps {
  /** undefined while loading or after a failure. */
  properties: ListedProperty[] | undefined;
  loading: boolean;
  error?: string | null;
  onRetry?: () => void;
  onAdd: () => void;
  /** The search, the status filter and the next pages; without it the list is shown whole. */
  paging?: PortfolioPaging;
}

/**
 * The Properties screen (spec §2): title, subtitle and Add Property; the search and status filter with
 * the count shown; 6 placeholder cards while loading; the empty state, or "no match" with the way
 * back; otherwise a grid of 1, 2 or 3 columns by width, followed by the next page as the end nears.
 */
export function PropertiesView({ properties, loading, error, onRetry, onAdd, paging }: PropertiesViewProps) {
  const grid = useRef<HTMLDivElement>(null);
  const listed = properties && properties.length > 0;
  return (
    <>
      <Group justify="space-between" align="flex-end" gap="md">
        <div>
          <Title order={1}>Properties</Title>
          <Text c="dimmed" mt={4}>
            Manage your property portfolio
          </Text>
        </div>
        <RoleGuard capability="properties.write">
          <Button onClick={onAdd}>Add Property</Button>
        </RoleGuard>
      </Group>

      {paging && showsControls(paging, properties) && (
        <Box mt="xl">
          <PortfolioToolbar paging={paging} />
        </Box>
      )}

      {loading ? (
        <SimpleGrid
          cols={{ base: 1, sm: 2, lg: 3 }}
          mt="xl"
          role="status"
          aria-busy="true"
          aria-label="Loading properties"
        >
          {Array.from({ length: SKELETON_CARD_COUNT }, (_, index) => (
            // The placeholders have no identity of their own.
            <SkeletonCard key={index} />
          ))}
        </SimpleGrid>
      ) : error ? (
        <Alert color="red" variant="light" mt="xl" title="Your properties could not be loaded">
          <Group justify="space-between" gap="sm">
            <Text size="sm">{error}</Text>
            {onRetry && (
              <Button size="xs" variant="default" onClick={onRetry}>
                Try again
              </Button>
            )}
          </Group>
        </Alert>
      ) : listed ? (
        <SimpleGrid
          ref={grid}
          cols={{ base: 1, sm: 2, lg: 3 }}
          mt="xl"
          aria-busy={paging?.searching || undefined}
          style={paging?.searching ? SEARCHING_STYLE : undefined}
        >
          {properties.map((property) => (
            <PropertyListCard key={property.id} property={property} />
          ))}
          {paging?.loadingMore &&
            Array.from({ length: MORE_SKELETONS }, (_, index) => <SkeletonCard key={`more-${index}`} />)}
        </SimpleGrid>
      ) : paging?.filtered ? (
        <NoMatches onClear={paging.onClear} />
      ) : paging && !paging.empty ? null : (
        <Paper withBorder radius="md" p="xl" mt="xl" ta="center">
          <Stack align="center" gap="xs">
            <Title order={2} size="h3">
              No properties yet
            </Title>
            <Text c="dimmed">Get started by adding your first property</Text>
            <RoleGuard capability="properties.write">
              <Button mt="sm" onClick={onAdd}>
                Add your first property
              </Button>
            </RoleGuard>
          </Stack>
        </Paper>
      )}
      {paging && listed && !error && <PortfolioMore paging={paging} list={grid} />}
    </>
  );
}
