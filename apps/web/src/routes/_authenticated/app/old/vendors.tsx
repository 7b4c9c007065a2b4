import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../../../lib/page-head';
import { SectionPage } from '../../-components/section-page';

export const Route = createFileRoute('/_authenticated/app/old/vendors')({
  head: pageHead('Vendors (older layout)'),
  component: () => <SectionPage section="vendors" />,
});
