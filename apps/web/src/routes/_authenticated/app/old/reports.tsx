import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../../../lib/page-head';
import { ReportsPage } from '../../-components/reports/reports-page';

export const Route = createFileRoute('/_authenticated/app/old/reports')({
  head: pageHead('Reports (older layout)'),
  component: ReportsPage,
});
