import { Button, Group, Paper, Select, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { formatDate } from '@propertydna/domain';
import { useId, useMemo, useState } from 'react';
import { DownloadStatus } from '../../../../components/download-status';
import { LoadError } from '../../../../components/load-error';
import { ButtonLink } from '../../../../components/router-links';
import { errorMessage } from '../../../../lib/error-message';
import { RoleGuard } from '../../../../lib/permissions';
import type { Property } from '../../../../lib/properties';
import { trpc } from '../../../../lib/trpc';
import { useDownload } from '../../../../lib/use-download';
import { PageTitle, SECTIONS } from '../section-page';
import { REPORT_MESSAGES, ReportCard } from './report-card';
import { quickExportFallbackName, quickExportUrl, REPORT_KINDS } from './report-kinds';

export const REPORTS_PAGE_MESSAGES = {
  chooseProperty: 'Choose a property to export its reports.',
  noProperties: 'Add a property to generate reports',
  loadFailed: 'Unable to load your properties',
  unavailable: 'Reports become available once your properties have loaded.',
  quickExport: 'Quick Export',
  quickExportAbout:
    'Quick Export downloads everything for the property in one ZIP: every report and the documents’ own files.',
} as const;

/** The Reports screen (spec §2, issue 16 §4) at /reports, /app/reports and /app/old/reports. */
export function ReportsPage() {
  return (
    <PageTitle {...SECTIONS.reports}>
      <Reports />
    </PageTitle>
  );
}

/**
 * A property selector (preselected when the owner has one property), Quick Export, and the four report
 * cards, all disabled until a property is chosen (spec §5) with a line saying why. Each download shows
 * its progress where it was started and says in place when it failed; the rest of the page carries on.
 */
export function Reports() {
  const hintId = useId();
  const properties = trpc.properties.list.useQuery();
  const [selected, setSelected] = useState<string | null>(null);
  const sorted = useMemo(
    () => [...(properties.data ?? [])].sort((a, b) => a.name.localeCompare(b.name)),
    [properties.data],
  );
  const chosen = sorted.find((item) => item.id === selected) ?? (sorted.length === 1 ? sorted[0] : undefined);
  const property = chosen ? { id: chosen.id, name: chosen.name } : null;
  const noProperties = properties.isSuccess && sorted.length === 0;

  return (
    <Stack gap="xl" mt="lg">
      {properties.isPending ? (
        <div role="status" aria-busy="true" aria-label="Loading your properties">
          <Skeleton height={64} maw={480} />
        </div>
      ) : properties.isError ? (
        <LoadError
          title={REPORTS_PAGE_MESSAGES.loadFailed}
          message={errorMessage(properties.error, 'Try again in a moment')}
          onRetry={() => void properties.refetch()}
        />
      ) : noProperties ? (
        <Paper withBorder radius="md" p="lg">
          <Text id={hintId}>{REPORTS_PAGE_MESSAGES.noProperties}</Text>
          <RoleGuard capability="properties.write">
            <ButtonLink to="/properties/new" mt="md">
              Add Property
            </ButtonLink>
          </RoleGuard>
        </Paper>
      ) : (
        <PropertyChooser properties={sorted} chosen={chosen ?? null} onChoose={setSelected} hintId={hintId} />
      )}
      {(properties.isPending || properties.isError) && (
        <Text size="sm" c="dimmed" id={hintId}>
          {REPORTS_PAGE_MESSAGES.unavailable}
        </Text>
      )}

      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
        {REPORT_KINDS.map((kind) => (
          <ReportCard key={kind.path} kind={kind} property={property} hintId={hintId} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}

/** The property selector, what the chosen property is, and Quick Export with its progress. */
function PropertyChooser({
  properties,
  chosen,
  onChoose,
  hintId,
}: {
  properties: readonly Property[];
  chosen: Property | null;
  onChoose: (id: string) => void;
  hintId: string;
}) {
  const aboutId = useId();
  const download = useDownload({ failureTitle: REPORT_MESSAGES.exportFailed });
  const [exportedFor, setExportedFor] = useState<Property | null>(null);
  const shown =
    download.running || (exportedFor !== null && exportedFor.id === chosen?.id)
      ? download.state
      : ({ status: 'idle' } as const);

  function quickExport() {
    if (!chosen) return;
    setExportedFor(chosen);
    void download.start({ url: quickExportUrl(chosen.id), fallbackName: quickExportFallbackName(chosen) });
  }

  return (
    <Stack gap="xs">
      <Group align="flex-end" gap="md">
        <Select
          label="Property"
          placeholder="Choose a property"
          data={properties.map((item) => ({ value: item.id, label: item.name }))}
          value={chosen?.id ?? null}
          onChange={(value) => {
            if (value) onChoose(value);
          }}
          allowDeselect={false}
          searchable={properties.length > 8}
          nothingFoundMessage="No property by that name"
          w={{ base: '100%', xs: 360 }}
        />
        <Button
          variant="default"
          onClick={quickExport}
          disabled={!chosen}
          loading={download.running}
          aria-describedby={chosen ? aboutId : `${hintId} ${aboutId}`}
          w={{ base: '100%', xs: 'auto' }}
        >
          {REPORTS_PAGE_MESSAGES.quickExport}
        </Button>
      </Group>
      {chosen ? (
        <Text size="sm" c="dimmed" data-testid="chosen-property">
          {chosen.dnaCode} · {chosen.address} · {chosen.documentsCount}{' '}
          {chosen.documentsCount === 1 ? 'document' : 'documents'} · last activity{' '}
          {formatDate(chosen.lastActivity)}
        </Text>
      ) : (
        <Text size="sm" c="dimmed" id={hintId}>
          {REPORTS_PAGE_MESSAGES.chooseProperty}
        </Text>
      )}
      <Text size="sm" id={aboutId}>
        {REPORTS_PAGE_MESSAGES.quickExportAbout}
      </Text>
      <DownloadStatus
        state={shown}
        label={exportedFor ? `Quick Export for ${exportedFor.name}` : REPORTS_PAGE_MESSAGES.quickExport}
        failureTitle={REPORT_MESSAGES.exportFailed}
      />
    </Stack>
  );
}
