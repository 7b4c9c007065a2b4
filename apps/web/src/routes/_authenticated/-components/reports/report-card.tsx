import { Button, Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useId, useState } from 'react';
import { DownloadStatus } from '../../../../components/download-status';
import { PackContents, usePackChoice } from '../../../../components/pack-chooser';
import { useDownload } from '../../../../lib/use-download';
import {
  FORMAT_LABELS,
  type ReportFormat,
  type ReportKind,
  reportFallbackName,
  reportUrl,
} from './report-kinds';

export const REPORT_MESSAGES = {
  exportFailed: 'Export failed',
  generate: 'Generate Report',
} as const;

/** The property a report is made for. */
export interface ReportProperty {
  id: string;
  name: string;
}

/**
 * What Generate Report last asked for: its progress and outcome stay with that property, so choosing
 * another property does not show the first one's failure as the second's.
 */
interface GenerateRequest {
  property: ReportProperty;
  format: ReportFormat;
}

/**
 * One report card (issue 16 §4): what the report holds and who it is for, its format, Generate Report;
 * while the file is built and sent, the button spins and a bar shows the bytes received; a failure is
 * said in the card (and in a toast). Everything is disabled until a property is chosen (spec §5): `hintId`
 * names the line that says so.
 */
export function ReportCard({
  kind,
  property,
  hintId,
}: {
  kind: ReportKind;
  property: ReportProperty | null;
  hintId: string;
}) {
  const titleId = useId();
  const formatLabelId = useId();
  const [format, setFormat] = useState<ReportFormat>(kind.formats[0]?.value ?? 'pdf');
  const [requested, setRequested] = useState<GenerateRequest | null>(null);
  const download = useDownload({ failureTitle: REPORT_MESSAGES.exportFailed });
  const disabled = property === null;
  const formatAbout = kind.formats.find((item) => item.value === format)?.about;
  // Only the packs have contents to choose; the other reports query nothing.
  const choice = usePackChoice(
    kind.pack ?? 'insurance_pack',
    kind.pack && property ? { propertyId: property.id } : null,
  );

  async function generate() {
    if (!property) return;
    setRequested({ property, format });
    const done = await download.start({
      url: reportUrl(kind.path, property.id, format, kind.pack ? choice.query() : {}),
      fallbackName: reportFallbackName(kind.path, property, format),
    });
    // The server remembers the choice it was made with: the chooser shows that one from now on.
    if (done && kind.pack) choice.generated();
  }

  // A finished or failed download of another property is not this one's; a running one shows whose it is.
  const shown =
    download.running || (requested !== null && requested.property.id === property?.id)
      ? download.state
      : ({ status: 'idle' } as const);

  return (
    <Paper
      component="article"
      withBorder
      radius="md"
      p="md"
      aria-labelledby={titleId}
      data-testid="report-card"
    >
      <Stack gap="sm" h="100%">
        <Title order={2} size="h4" id={titleId}>
          {kind.title}
        </Title>
        <Text size="sm">{kind.about}</Text>
        <div>
          <Text component="span" size="sm" fw={500} id={formatLabelId} display="block" mb={4}>
            Format
          </Text>
          <SegmentedControl
            aria-labelledby={formatLabelId}
            fullWidth
            value={format}
            onChange={(value) => setFormat(value as ReportFormat)}
            disabled={disabled}
            data={kind.formats.map(({ value }) => ({ value, label: FORMAT_LABELS[value] }))}
          />
          {formatAbout && (
            <Text size="xs" c="dimmed" mt={4}>
              {formatAbout}
            </Text>
          )}
        </div>
        {kind.pack && <PackContents choice={choice} disabled={disabled} />}
        <Button
          mt="auto"
          onClick={() => void generate()}
          disabled={disabled}
          loading={download.running}
          aria-describedby={disabled ? `${titleId} ${hintId}` : titleId}
        >
          {REPORT_MESSAGES.generate}
        </Button>
        <DownloadStatus
          state={shown}
          label={
            requested
              ? `${kind.title} (${FORMAT_LABELS[requested.format]}) for ${requested.property.name}`
              : kind.title
          }
          failureTitle={REPORT_MESSAGES.exportFailed}
        />
      </Stack>
    </Paper>
  );
}
