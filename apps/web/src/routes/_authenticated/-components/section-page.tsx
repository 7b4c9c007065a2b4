import { Badge, Container, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { DocumentVault } from '../../../components/documents/document-vault';
import { AnchorLink, ButtonLink } from '../../../components/router-links';

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
  badge,
  children,
}: {
  title: string;
  subtitle: string;
  badge?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <Container size="xl" py="xl">
      <Group gap="sm" align="center">
        <Title order={1}>{title}</Title>
        {badge}
      </Group>
      <Text c="dimmed" mt={4}>
        {subtitle}
      </Text>
      {children}
    </Container>
  );
}

interface ComingSoon {
  /** What the screen will do, in a sentence or two. */
  about: string;
  /** What the owner will be able to do there. */
  features: readonly string[];
  /** What the owner can do today instead, with the links that lead there. */
  today: ReactNode;
}

/** The sections whose screens the next releases build: what is coming, and what works today. */
const COMING_SOON: Record<
  Exclude<Section, 'properties' | 'vault' | 'policies' | 'maintenance' | 'vendors'>,
  ComingSoon
> = {
  reports: {
    about:
      'Reports turns a property’s records into documents you can hand on: an insurance pack for a claim or a renewal, a property summary for a sale, an audit trail of every document.',
    features: [
      'Insurance Pack Export: the policy, certificates and reports an insurer asks for, in one file',
      'Property Summary Report and Compliance Report as PDF',
      'Document Audit Trail as CSV',
    ],
    today: (
      <>
        Share documents by link from a property&apos;s Vault tab, or download them one by one from the{' '}
        <AnchorLink to="/app/vault">Document Vault</AnchorLink>.
      </>
    ),
  },
};

/** A section whose screen is still being built: what it will do, and what the owner can do today. */
export function ComingSoonPage({ section }: { section: keyof typeof COMING_SOON }) {
  const { about, features, today } = COMING_SOON[section];
  return (
    <PageTitle
      {...SECTIONS[section]}
      badge={
        <Badge variant="light" color="gray" size="lg">
          Coming Soon
        </Badge>
      }
    >
      <Stack gap="lg" mt="xl" maw={720}>
        <Text>{about}</Text>
        <div>
          <Title order={2} size="h4" mb="xs">
            What you will be able to do
          </Title>
          <List spacing="xs">
            {features.map((feature) => (
              <List.Item key={feature}>{feature}</List.Item>
            ))}
          </List>
        </div>
        <Paper withBorder radius="md" p="lg" component="section" aria-labelledby={`${section}-today`}>
          <Title order={2} size="h4" id={`${section}-today`}>
            What you can do today
          </Title>
          <Text mt="xs">{today}</Text>
          <Group mt="md" gap="sm">
            <ButtonLink to="/app/properties" variant="default">
              Your properties
            </ButtonLink>
            <ButtonLink to="/app/dashboard" variant="default">
              Dashboard
            </ButtonLink>
          </Group>
        </Paper>
      </Stack>
    </PageTitle>
  );
}

/** The pages of a section still to be built, at any of its addresses (/app/reports, /reports, /app/old/reports). */
export function SectionPage({ section }: { section: keyof typeof COMING_SOON }) {
  return <ComingSoonPage section={section} />;
}

/** The Document Vault: every document of every property (/app/vault, /vault, /app/old/vault). */
export function VaultPage() {
  return (
    <PageTitle {...SECTIONS.vault}>
      <DocumentVault />
    </PageTitle>
  );
}
