import { createFileRoute } from '@tanstack/react-router';
import { PublicLinkPage } from '../components/public-page';
import { pageHead } from '../lib/page-head';
import { InvitationContent } from './-components/invitation-view';

/** A colleague's mailed invitation to join an organisation (issue 29 §2): public; joining needs its address. */
export const Route = createFileRoute('/invitations/$token')({
  head: pageHead('Invitation'),
  component: InvitationPage,
});

function InvitationPage() {
  const { token } = Route.useParams();
  return (
    <PublicLinkPage>
      <InvitationContent token={token} />
    </PublicLinkPage>
  );
}
