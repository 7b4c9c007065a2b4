import { Button, Group, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { ExpiryBadge, type ExpiryFacts } from './document-dates';
import {
  canEditDetails,
  certificateSummary,
  detailsStayAsIssued,
  needsIssueDateConfirmation,
} from './document-details';
import { DownloadLink, ViewLink } from './document-links';
import type { VaultDocument } from './labels';

/**
 * A document table's name cell: the name set a little bolder, under its column's `label` on a phone.
 * Under a certificate or an inspection, what the compliance check sees of it: its type and issue date
 * ('Date unknown' when nobody gave one). With `withExpiry`, the Expired or 'Expires in N days' badge. The
 * owner's own notes follow, marked as theirs, apart from what the issuer said.
 */
export function DocumentNameCell({
  label,
  document,
  withExpiry = false,
}: {
  label: string;
  document: Pick<VaultDocument, 'name' | 'kind' | 'metadata'> &
    Partial<Pick<VaultDocument, 'issue_date' | 'owner_notes'>> &
    Partial<ExpiryFacts>;
  withExpiry?: boolean;
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
        {withExpiry && document.expiry_notice !== undefined && (
          <ExpiryBadge
            document={{ expired: document.expired ?? false, expiry_notice: document.expiry_notice }}
          />
        )}
        {document.owner_notes && (
          <Text size="xs" fs="italic" mt={2} style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
            <Text span inherit fw={600} fs="normal">
              Your notes:
            </Text>{' '}
            {document.owner_notes}
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
 * supplier's stays as issued and says so, with 'Notes' for the owner's own notes beside it; 'Confirm
 * issue date' where an old form filled in the upload day; nothing without `onEdit`.
 */
export function DocumentDetailsAction({
  document,
  onEdit,
  onNotes,
  onConfirmIssueDate,
}: {
  document: VaultDocument;
  onEdit?: (document: VaultDocument) => void;
  onNotes?: (document: VaultDocument) => void;
  onConfirmIssueDate?: (document: VaultDocument) => void;
}) {
  if (!onEdit) return null;
  const confirm = onConfirmIssueDate && needsIssueDateConfirmation(document) && (
    <Button
      size="compact-sm"
      color="orange"
      variant="light"
      aria-label={`Confirm issue date of ${document.name}`}
      onClick={() => onConfirmIssueDate(document)}
    >
      Confirm issue date
    </Button>
  );
  return (
    <>
      {confirm}
      {canEditDetails(document) && (
        <Button
          size="compact-sm"
          variant="default"
          // The visible word leads the name (axe label-content-name-mismatch).
          aria-label={`Details of ${document.name}`}
          onClick={() => onEdit(document)}
        >
          Details
        </Button>
      )}
      {onNotes && (
        <Button
          size="compact-sm"
          variant="default"
          aria-label={`Notes on ${document.name}`}
          onClick={() => onNotes(document)}
        >
          Notes
        </Button>
      )}
      {detailsStayAsIssued(document) && (
        <Text size="xs" c="dimmed">
          Details stay as issued
        </Text>
      )}
    </>
  );
}
