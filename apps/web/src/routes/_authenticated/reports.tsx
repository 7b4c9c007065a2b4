import { createFileRoute } from '@tanstack/react-router';
import { SectionPage } from './-components/section-page';

export const Route = createFileRoute('/_authenticated/reports')({
  component: () => <SectionPage section="reports" />,
});
