import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../../lib/page-head';
import { ReportsPage } from '../-components/reports/reports-page';

/** The navigation's address of Reports (spec §2 sidebar); /reports shows the same page. */
export const Route = createFileRoute('/_authenticated/app/reports')({
  head: pageHead('Reports'),
  component: ReportsPage,
});
