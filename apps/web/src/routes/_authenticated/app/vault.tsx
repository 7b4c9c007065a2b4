import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../../lib/page-head';
import { VaultPage } from '../-components/section-page';

/** The navigation's address of the Document Vault (spec §2 sidebar); /vault shows the same page. */
export const Route = createFileRoute('/_authenticated/app/vault')({
  head: pageHead('Vault'),
  component: VaultPage,
});
