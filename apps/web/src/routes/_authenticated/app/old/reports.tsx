import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../../../lib/page-head';
import { SectionPage } from '../../-components/section-page';

export const Route = createFileRoute('/_authenticated/app/old/reports')({
  head: pageHead('Reports (older layout)'),
  component: () => <SectionPage section="reports" />,
});
