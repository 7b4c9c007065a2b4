import { Container, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { DocumentVault } from '../../../components/documents/document-vault';

/** The owner sections reached from the app's navigation and from the older layout's sidebar. */
export const SECTIONS = {
  properties: { title: 'Properties', subtitle: 'Manage your property portfolio' },
  vault: { title: 'Document Vault', subtitle: 'Every document of every property you own' },
  policies: { title: 'Policy Analysis', subtitle: 'How your insurance policies match your documents' },
  vendors: { title: 'Vendors', subtitle: 'The service providers who work on your properties' },
  maintenance: { title: 'Maintenance', subtitle: 'Scheduled maintenance across your properties' },
  reports: { title: 'Reports', subtitle: 'Export insurance packs and property reports' },
} as const;
export type Section = keyof typeof SECTIONS;

/** A page's title and subtitle above its content. */
export function PageTitle({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle: string;
  children?: ReactNode;
}) {
  return (
    <Container size="xl" py="xl">
      <Title order={1}>{title}</Title>
      <Text c="dimmed" mt={4}>
        {subtitle}
      </Text>
      {children}
    </Container>
  );
}

/** The Document Vault: every document of every property (/app/vault, /vault, /app/old/vault). */
export function VaultPage() {
  return (
    <PageTitle {...SECTIONS.vault}>
      <DocumentVault />
    </PageTitle>
  );
}
