import { createFileRoute } from '@tanstack/react-router';
import { PublicLinkPage } from '../components/public-page';
import { pageHead } from '../lib/page-head';
import { TransferLinkContent } from './-components/transfer-link-view';

/** The buyer's mailed transfer link (issue 17): public; accepting needs the address it was sent to. */
export const Route = createFileRoute('/transfers/$token')({
  head: pageHead('Property transfer'),
  component: TransferLinkPage,
});

function TransferLinkPage() {
  const { token } = Route.useParams();
  return (
    <PublicLinkPage>
      <TransferLinkContent token={token} />
    </PublicLinkPage>
  );
}
