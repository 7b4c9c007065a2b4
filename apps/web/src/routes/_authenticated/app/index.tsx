import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../../lib/page-head';
import { DashboardPage } from '../-components/dashboard-page';

/** Where a login lands (spec §2); the same page as /app/dashboard. */
export const Route = createFileRoute('/_authenticated/app/')({
  head: pageHead('Dashboard'),
  component: DashboardPage,
});
