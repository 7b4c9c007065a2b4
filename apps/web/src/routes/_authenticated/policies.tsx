import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../lib/page-head';
import { PolicyAnalysisPage } from './-components/policy-analysis/policy-analysis-page';

/** Also at /app/policies, the address the navigation uses. */
export const Route = createFileRoute('/_authenticated/policies')({
  head: pageHead('Policies'),
  component: PolicyAnalysisPage,
});
