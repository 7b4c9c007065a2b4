import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../../lib/page-head';
import { MaintenancePage } from '../-components/maintenance/maintenance-page';

/** The navigation's address of Maintenance (spec §2 sidebar); /maintenance shows the same page. */
export const Route = createFileRoute('/_authenticated/app/maintenance')({
  head: pageHead('Maintenance'),
  component: MaintenancePage,
});
