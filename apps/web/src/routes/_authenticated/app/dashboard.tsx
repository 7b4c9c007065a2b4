import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../../lib/page-head';
import { DashboardPage } from '../-components/dashboard-page';

/** The navigation's address of the dashboard (spec §2 sidebar); /app and /dashboard show the same page. */
export const Route = createFileRoute('/_authenticated/app/dashboard')({
  head: pageHead('Dashboard'),
  component: DashboardPage,
});
