import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../../../lib/page-head';
import { VendorsPage } from '../../-components/vendors/vendors-page';

export const Route = createFileRoute('/_authenticated/app/old/vendors')({
  head: pageHead('Vendors (older layout)'),
  component: VendorsPage,
});
