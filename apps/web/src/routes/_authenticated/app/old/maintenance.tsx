import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../../../lib/page-head';
import { MaintenancePage } from '../../-components/maintenance/maintenance-page';

export const Route = createFileRoute('/_authenticated/app/old/maintenance')({
  head: pageHead('Maintenance (older layout)'),
  component: MaintenancePage,
});
