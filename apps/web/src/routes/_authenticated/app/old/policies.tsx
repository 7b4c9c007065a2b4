import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../../../lib/page-head';
import { PolicyAnalysisPage } from '../../-components/policy-analysis/policy-analysis-page';

export const Route = createFileRoute('/_authenticated/app/old/policies')({
  head: pageHead('Policies (older layout)'),
  component: PolicyAnalysisPage,
});
