import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../../lib/page-head';
import { SharedPropertyPage } from './-components/shared-property-page';

/** One property shared with the signed-in person, read-only and current (issue 29 §3). */
export const Route = createFileRoute('/_authenticated/shared-with-me/$grantId')({
  head: pageHead('Shared property'),
  component: SharedPropertyRoute,
});

function SharedPropertyRoute() {
  const { grantId } = Route.useParams();
  return <SharedPropertyPage key={grantId} grantId={grantId} />;
}
