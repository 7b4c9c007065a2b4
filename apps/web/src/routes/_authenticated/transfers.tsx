import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../lib/page-head';
import { TransfersPage } from './-components/transfers/transfers-page';

/** The page the transfer mails link to ("Open your transfers"); the dashboard shows the same list. */
export const Route = createFileRoute('/_authenticated/transfers')({
  head: pageHead('Transfers'),
  component: TransfersPage,
});
