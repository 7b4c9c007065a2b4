import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../../../lib/page-head';
import { VaultPage } from '../../-components/section-page';

export const Route = createFileRoute('/_authenticated/app/old/vault')({
  head: pageHead('Vault (older layout)'),
  component: VaultPage,
});
