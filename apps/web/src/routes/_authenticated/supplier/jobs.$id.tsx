import { createFileRoute } from '@tanstack/react-router';
import { documentTitle } from '../../../lib/page-head';
import { JobPage } from './-components/job-page';

function JobRoute() {
  const { id } = Route.useParams();
  return <JobPage jobId={id} />;
}

export const Route = createFileRoute('/_authenticated/supplier/jobs/$id')({
  // The job is read into the query cache first, so the title can name it ('Job JOB-… · PropertyDNA');
  // a job that cannot be read leaves the page to say why.
  loader: ({ context, params }) => context.trpc.supplier.job.ensureData({ id: params.id }).catch(() => null),
  head: ({ loaderData }) => ({
    meta: [{ title: documentTitle(loaderData ? `Job ${loaderData.job_ref}` : 'Job') }],
  }),
  component: JobRoute,
});
