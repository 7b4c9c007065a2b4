import { createFileRoute } from '@tanstack/react-router';
import { ButtonLink } from '../../../components/router-links';
import { PageTitle } from '../-components/section-page';

export const Route = createFileRoute('/_authenticated/properties/$id')({
  component: PropertyDetailPage,
});

function PropertyDetailPage() {
  return (
    <PageTitle
      title="Property details"
      subtitle="The property's documents, policy check, actions and vendors"
    >
      <ButtonLink to="/app" variant="default" mt="lg">
        Back to Dashboard
      </ButtonLink>
    </PageTitle>
  );
}
