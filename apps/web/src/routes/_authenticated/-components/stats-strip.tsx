import { Group, Paper, SimpleGrid, Skeleton, Text } from '@mantine/core';
import { COMPLIANCE_STATUSES, complianceColor } from '@propertydna/domain';
import type { ReactNode } from 'react';
import { COMPLIANCE_LABELS, type DashboardStats } from '../../../lib/properties';

function Stat({ label, wide = false, children }: { label: string; wide?: boolean; children: ReactNode }) {
  // A wide figure (the three compliance counts) takes two columns, so its counts stay on one line.
  return (
    <div style={wide ? { gridColumn: 'span 2' } : undefined}>
      <Text component="dt" size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text component="dd" m={0} fw={600} size="lg">
        {children}
      </Text>
    </div>
  );
}

export interface StatsStripProps {
  stats: DashboardStats | undefined;
  loading: boolean;
}

/** The portfolio in figures: properties, documents, compliance counts and the documents expiring within 60 days. */
export function StatsStrip({ stats, loading }: StatsStripProps) {
  return (
    <Paper withBorder radius="md" p="md" aria-label="Portfolio statistics" component="section">
      {loading ? (
        <SimpleGrid cols={{ base: 2, sm: 4 }} role="status" aria-label="Loading statistics">
          {['properties', 'documents', 'compliance', 'expiries'].map((key) => (
            <Skeleton key={key} h={44} />
          ))}
        </SimpleGrid>
      ) : stats ? (
        <SimpleGrid component="dl" cols={{ base: 2, sm: 5 }} m={0}>
          <Stat label="Properties">{stats.properties}</Stat>
          <Stat label="Documents">{stats.documents}</Stat>
          <Stat label="Compliance" wide>
            <Group component="span" gap="sm" wrap="wrap">
              {COMPLIANCE_STATUSES.map((status) => (
                <Text
                  key={status}
                  component="span"
                  fw={600}
                  c={`${complianceColor(status)}.8`}
                  data-status={status}
                >
                  {stats.compliance[status]} {COMPLIANCE_LABELS[status].toLowerCase()}
                </Text>
              ))}
            </Group>
          </Stat>
          <Stat label="Upcoming expiries">{stats.expiringDocuments}</Stat>
        </SimpleGrid>
      ) : (
        <Text c="dimmed" size="sm">
          Statistics are unavailable right now.
        </Text>
      )}
    </Paper>
  );
}
