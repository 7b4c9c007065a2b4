import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../lib/page-head';
import { VaultPage } from './-components/section-page';

/** Also at /app/vault, the address the navigation uses. */
export const Route = createFileRoute('/_authenticated/vault')({
  head: pageHead('Vault'),
  component: VaultPage,
});
