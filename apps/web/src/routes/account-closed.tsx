import { createFileRoute } from '@tanstack/react-router';
import { AccountClosedView } from '../components/account-closed-view';
import { pageHead } from '../lib/page-head';

interface ClosedSearch {
  /** The moment the account may be deleted (ISO), as closing answered it; dropped when not a date. */
  until?: string | undefined;
}

export const Route = createFileRoute('/account-closed')({
  head: pageHead('Your account is closed'),
  validateSearch: (search: Record<string, unknown>): ClosedSearch => ({
    until:
      typeof search.until === 'string' && !Number.isNaN(Date.parse(search.until)) ? search.until : undefined,
  }),
  component: AccountClosedPage,
});

/** Where the owner lands after closing the account (issue 31 §2). Not exported: the router splits it off. */
function AccountClosedPage() {
  const { until } = Route.useSearch();
  return <AccountClosedView until={until} />;
}
