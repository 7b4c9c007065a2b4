import { createFileRoute } from '@tanstack/react-router';
import { PublicLinkPage } from '../components/public-page';
import { pageHead } from '../lib/page-head';
import { AccessLinkContent } from './-components/access-link-view';

/** The mailed link to read-only access to one property (issue 29 §3): public; accepting needs its address. */
export const Route = createFileRoute('/access/$token')({
  head: pageHead('Access to a property'),
  component: AccessPage,
});

function AccessPage() {
  const { token } = Route.useParams();
  return (
    <PublicLinkPage>
      <AccessLinkContent token={token} />
    </PublicLinkPage>
  );
}
