import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../lib/page-head';
import { DashboardPage } from './-components/dashboard-page';

/** Also at /app and /app/dashboard (the address the navigation uses). */
export const Route = createFileRoute('/_authenticated/dashboard')({
  head: pageHead('Dashboard'),
  component: DashboardPage,
});
