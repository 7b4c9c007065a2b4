import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../lib/page-head';
import { SectionPage } from './-components/section-page';

/** Also at /app/vendors, the address the navigation uses. */
export const Route = createFileRoute('/_authenticated/vendors')({
  head: pageHead('Vendors'),
  component: () => <SectionPage section="vendors" />,
});
