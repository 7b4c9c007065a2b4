import { Badge } from '@mantine/core';

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
