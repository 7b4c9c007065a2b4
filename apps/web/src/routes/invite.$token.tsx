import { createFileRoute } from '@tanstack/react-router';
import { InviteContent } from '../components/invite/invite-content';
import { PublicLinkPage } from '../components/public-page';
import { pageHead } from '../lib/page-head';

/** The vendor's upload link (issue 15): public, no account needed, phone first. */
export const Route = createFileRoute('/invite/$token')({
  head: pageHead('Upload documents'),
  component: InvitePage,
});

function InvitePage() {
  const { token } = Route.useParams();
  return (
    <PublicLinkPage>
      <InviteContent token={token} />
    </PublicLinkPage>
  );
}
