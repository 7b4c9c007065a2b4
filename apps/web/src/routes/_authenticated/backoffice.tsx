import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../lib/page-head';
import { BackOfficePage } from './-components/backoffice/backoffice-page';

/** The back office (PropertyDNA staff only; every procedure it calls checks the role on the server). */
export const Route = createFileRoute('/_authenticated/backoffice')({
  head: pageHead('Back office'),
  component: BackOfficePage,
});
