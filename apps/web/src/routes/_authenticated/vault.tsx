import { createFileRoute } from '@tanstack/react-router';
import { SectionPage } from './-components/section-page';

export const Route = createFileRoute('/_authenticated/vault')({
  component: () => <SectionPage section="vault" />,
});
