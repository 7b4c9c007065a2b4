import { createFileRoute } from '@tanstack/react-router';
import { DocumentVault } from '../../components/documents/document-vault';
import { PageTitle, SECTIONS } from './-components/section-page';

export const Route = createFileRoute('/_authenticated/vault')({
  component: () => (
    <PageTitle {...SECTIONS.vault}>
      <DocumentVault />
    </PageTitle>
  ),
});
