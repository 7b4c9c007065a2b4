import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../../lib/page-head';
import { PolicyAnalysisPage } from '../-components/policy-analysis/policy-analysis-page';

/** The navigation's address of Policies (spec §2 sidebar); /policies shows the same page. */
export const Route = createFileRoute('/_authenticated/app/policies')({
  head: pageHead('Policies'),
  component: PolicyAnalysisPage,
});
