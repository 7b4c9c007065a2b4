import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../../lib/page-head';
import { SectionPage } from '../-components/section-page';

/** The navigation's address of Policies (spec §2 sidebar); /policies shows the same page. */
export const Route = createFileRoute('/_authenticated/app/policies')({
  head: pageHead('Policies'),
  component: () => <SectionPage section="policies" />,
});
