import { Alert, Badge } from '@mantine/core';

/** What a document answer says of its expiry (the server reads it in Johannesburg's today). */
export interface ExpiryFacts {
  expired: boolean;
  /** 'Expired', 'Expires in N days' within 60 days, else null. */
  expiry_notice: string | null;
}

/**
 * The Expired badge (red) from a document's expiry date on, and 'Expires in N days' (orange) within 60
 * days of it; nothing otherwise. The words are the server's, so every screen says the same.
 */
export function ExpiryBadge({ document }: { document: ExpiryFacts }) {
  if (!document.expiry_notice) return null;
  return (
    <Badge
      color={document.expired ? 'red' : 'orange'}
      variant={document.expired ? 'filled' : 'light'}
      tt="none"
      data-testid={document.expired ? 'expired-badge' : 'expiring-badge'}
    >
      {document.expiry_notice}
    </Badge>
  );
}

/**
 * The prompt over a vault holding issue dates an old upload form filled in with the upload day: how many,
 * and what to do (each such row has 'Confirm issue date'). Nothing when there are none.
 */
export function UnconfirmedDatesNotice({
  documents,
}: {
  documents: readonly { issue_date?: string | null }[] | undefined;
}) {
  const count = documents?.filter((document) => document.issue_date === 'unconfirmed').length ?? 0;
  if (count === 0) return null;
  return (
    <Alert color="orange" title={count === 1 ? 'Confirm 1 issue date' : `Confirm ${count} issue dates`}>
      {count === 1 ? 'One certificate has' : `${count} certificates have`} the day of upload as issue date:
      the upload form used to fill it in. Until you confirm the date on the certificate (Confirm issue date on
      its row), the compliance check treats it as date unknown.
    </Alert>
  );
}
