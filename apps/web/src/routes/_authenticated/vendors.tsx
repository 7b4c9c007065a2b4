import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../lib/page-head';
import { VendorsPage } from './-components/vendors/vendors-page';

/** Also at /app/vendors, the address the navigation uses. */
export const Route = createFileRoute('/_authenticated/vendors')({
  head: pageHead('Vendors'),
  component: VendorsPage,
});
