import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../../lib/page-head';
import { SharedWithMePage } from './-components/shared-with-me-page';

/** The properties other organisations shared with the signed-in person, read-only (issue 29 §3). */
export const Route = createFileRoute('/_authenticated/shared-with-me/')({
  head: pageHead('Shared with me'),
  component: SharedWithMePage,
});
