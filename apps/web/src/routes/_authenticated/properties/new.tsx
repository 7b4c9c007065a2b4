import { createFileRoute } from '@tanstack/react-router';
import { PageTitle } from '../-components/section-page';

export const Route = createFileRoute('/_authenticated/properties/new')({
  component: () => (
    <PageTitle title="Add New Property" subtitle="Register a property to give it a permanent DNA code" />
  ),
});
