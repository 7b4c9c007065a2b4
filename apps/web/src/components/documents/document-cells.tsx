import { Button, Group, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { canEditDetails, certificateSummary, detailsStayAsIssued } from './document-details';
import { DownloadLink, ViewLink } from './document-links';
import type { VaultDocument } from './labels';

/**
 * A document table's name cell: the name set a little bolder, under its column's `label` on a phone.
 * Under a certificate or an inspection, what the compliance check sees of it: its type and issue date.
 */
export function DocumentNameCell({
  label,
  document,
}: {
  label: string;
  document: Pick<VaultDocument, 'name' | 'kind' | 'metadata'>;
}) {
  const summary = certificateSummary(document);
  return (
    <Table.Td data-label={label}>
      {/* One block, so the phone's card keeps the lines together beside the label. */}
      <div>
        <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
          {document.name}
        </Text>
        {summary && (
          <Text size="xs" c="dimmed">
            {summary.type} ·{' '}
            <Text span inherit style={{ whiteSpace: 'nowrap' }}>
              {summary.issued}
            </Text>
          </Text>
        )}
      </div>
    </Table.Td>
  );
}

/** A document table's Actions cell: View and Download (and what else is given), wrapping in a narrow cell. */
export function DocumentLinksCell({
  document,
  children,
}: {
  document: { id: string; name: string };
  children?: ReactNode;
}) {
  return (
    <Table.Td data-label="Actions">
      <Group gap="xs" wrap="wrap">
        <ViewLink id={document.id} name={document.name} />
        <DownloadLink id={document.id} name={document.name} />
        {children}
      </Group>
    </Table.Td>
  );
}

/**
 * 'Details' for the owner's own certificate, inspection or policy (opens the details editor); a
 * supplier's stays as issued and says so; nothing for the other kinds or without `onEdit`.
 */
export function DocumentDetailsAction({
  document,
  onEdit,
}: {
  document: VaultDocument;
  onEdit?: (document: VaultDocument) => void;
}) {
  if (!onEdit) return null;
  if (canEditDetails(document)) {
    return (
      <Button
        size="compact-sm"
        variant="default"
        // The visible word leads the name (axe label-content-name-mismatch).
        aria-label={`Details of ${document.name}`}
        onClick={() => onEdit(document)}
      >
        Details
      </Button>
    );
  }
  if (detailsStayAsIssued(document)) {
    return (
      <Text size="xs" c="dimmed">
        Details stay as issued
      </Text>
    );
  }
  return null;
}
