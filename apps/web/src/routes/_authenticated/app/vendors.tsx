import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../../lib/page-head';
import { VendorsPage } from '../-components/vendors/vendors-page';

/** The navigation's address of Vendors (spec §2 sidebar); /vendors shows the same page. */
export const Route = createFileRoute('/_authenticated/app/vendors')({
  head: pageHead('Vendors'),
  component: VendorsPage,
});
