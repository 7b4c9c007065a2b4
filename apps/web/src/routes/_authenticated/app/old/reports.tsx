import { createFileRoute } from '@tanstack/react-router';
import { SectionPage } from '../../-components/section-page';

export const Route = createFileRoute('/_authenticated/app/old/reports')({
  component: () => <SectionPage section="reports" />,
});
