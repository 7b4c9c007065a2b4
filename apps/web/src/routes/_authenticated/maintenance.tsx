import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../lib/page-head';
import { MaintenancePage } from './-components/maintenance/maintenance-page';

/** Also at /app/maintenance, the address the navigation uses. */
export const Route = createFileRoute('/_authenticated/maintenance')({
  head: pageHead('Maintenance'),
  component: MaintenancePage,
});
