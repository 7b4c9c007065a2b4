import { createFileRoute } from '@tanstack/react-router';
import { JobPage } from './-components/job-page';

function JobRoute() {
  const { id } = Route.useParams();
  return <JobPage jobId={id} />;
}

export const Route = createFileRoute('/_authenticated/supplier/jobs/$id')({
  component: JobRoute,
});
