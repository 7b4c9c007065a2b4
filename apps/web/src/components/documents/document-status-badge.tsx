import { Badge } from '@mantine/core';
import { type DocumentStatus, documentStatus } from '@propertydna/domain';

/** Spec §4: Pending until verified_by is set, then Verified. */
export function DocumentStatusBadge({ document }: { document: { verified_by: string | null } }) {
  const status: DocumentStatus = documentStatus(document);
  return (
    <Badge color={status === 'Verified' ? 'green' : 'yellow'} variant="light" tt="none">
      {status}
    </Badge>
  );
}
