import { createFileRoute } from '@tanstack/react-router';
import { NotFoundContent } from '../../../../components/not-found-page';
import { pageHead } from '../../../../lib/page-head';

/** The older layout's not-found fallback (spec §2). */
export const Route = createFileRoute('/_authenticated/app/old/$')({
  head: pageHead('Page not found'),
  component: () => <NotFoundContent home="/app" />,
});
