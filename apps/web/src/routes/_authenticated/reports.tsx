import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../lib/page-head';
import { ReportsPage } from './-components/reports/reports-page';

/** Also at /app/reports, the address the navigation uses. */
export const Route = createFileRoute('/_authenticated/reports')({
  head: pageHead('Reports'),
  component: ReportsPage,
});
