import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../../../lib/page-head';
import { DashboardPage } from '../../-components/dashboard-page';

export const Route = createFileRoute('/_authenticated/app/old/')({
  head: pageHead('Dashboard (older layout)'),
  component: DashboardPage,
});
