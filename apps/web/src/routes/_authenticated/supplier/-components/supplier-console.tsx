import { Alert, Button, Container, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { ButtonLink } from '../../../../components/router-links';
import { type AuthOrganization, type AuthUser, useAuth } from '../../../../lib/auth';
import { InsurancePanel } from './insurance-panel';
import { JobsPanel } from './jobs-panel';
import { ProfilePanel } from './profile-panel';
import { SettingsPanel } from './settings-panel';
import { type SupplierTab, shownSupplierTab, supplierTabLabel } from './supplier-tabs';
import { TemplatesPanel } from './templates-panel';
import { VerificationPanel } from './verification-panel';

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text component="dt" size="sm" c="dimmed">
        {label}
      </Text>
      <Text component="dd" m={0}>
        {children || '—'}
      </Text>
    </div>
  );
}

export interface SupplierConsoleViewProps {
  user: AuthUser;
  organization: AuthOrganization;
  onLogout: () => void;
  /** The section shown (from the URL, which the app shell's sidebar sets); Jobs when left out. */
  tab?: SupplierTab | undefined;
  /** The wired section contents (the profile form, templates, jobs); left out in isolated renders. */
  panels?: {
    profile?: ReactNode;
    insurance?: ReactNode;
    verification?: ReactNode;
    templates?: ReactNode;
    jobs?: ReactNode;
    settings?: ReactNode;
  };
}

/** A part of a section under its own heading (h2, under the section's h1). */
function Part({ title, children, mt }: { title: string; children: ReactNode; mt?: string }) {
  return (
    <>
      <Title order={2} size="h4" mt={mt}>
        {title}
      </Title>
      <Stack mt="md">{children}</Stack>
    </>
  );
}

/**
 * The supplier console: the section the URL names (the app shell's sidebar is its navigation), under a
 * heading naming it, with the company's name beneath.
 */
export function SupplierConsoleView({ user, organization, onLogout, tab, panels }: SupplierConsoleViewProps) {
  if (user.userType !== 'supplier') {
    return (
      <Container size="md" py="xl">
        <Title order={1}>Supplier Console</Title>
        <Alert color="blue" variant="light" mt="lg">
          The supplier console is for supplier accounts.
        </Alert>
        <ButtonLink to="/app" mt="lg">
          Go to your dashboard
        </ButtonLink>
      </Container>
    );
  }
  const shown = shownSupplierTab(tab);
  const sections: Record<SupplierTab, ReactNode> = {
    jobs: <Part title="Your jobs">{panels?.jobs}</Part>,
    profile: (
      <>
        <Title order={2} size="h4">
          Company profile
        </Title>
        <SimpleGrid component="dl" cols={{ base: 1, sm: 2 }} mt="md">
          <Detail label="Company name">{organization.name}</Detail>
          <Detail label="Trading as">{organization.tradingAs}</Detail>
          <Detail label="Registration number">{organization.registrationNumber}</Detail>
          <Detail label="Business address">{organization.businessAddress}</Detail>
          <Detail label="Service categories">{organization.specialties.join(', ')}</Detail>
        </SimpleGrid>
        {panels?.profile && (
          <Part title="Supplier profile" mt="xl">
            {panels.profile}
          </Part>
        )}
      </>
    ),
    insurance: <Part title="Liability insurance">{panels?.insurance}</Part>,
    verification: <Part title="Verification status">{panels?.verification}</Part>,
    // The templates table needs no heading of its own: the section's names it.
    templates: <Stack>{panels?.templates}</Stack>,
    settings: (
      <Part title="Account">
        <Stack gap="md" align="flex-start">
          <SimpleGrid component="dl" cols={{ base: 1, sm: 3 }} m={0} w="100%">
            <Detail label="Name">
              {user.firstName} {user.lastName}
            </Detail>
            <Detail label="Email">{user.email}</Detail>
            <Detail label="Company">{organization.name}</Detail>
          </SimpleGrid>
          {panels?.settings}
          <Group>
            <Button variant="default" onClick={onLogout}>
              Log out
            </Button>
          </Group>
        </Stack>
      </Part>
    ),
  };
  return (
    <Container size="xl" py="xl">
      <Title order={1}>{supplierTabLabel(shown)}</Title>
      <Text c="dimmed" mt={4}>
        {organization.tradingAs || organization.name}
      </Text>
      <Stack key={shown} mt="xl" gap={0}>
        {sections[shown]}
      </Stack>
    </Container>
  );
}

/**
 * /supplier and /supplier/dashboard: the section shown lives in the URL (`?tab=jobs`), which the app
 * shell's sidebar sets, so a reload, a link and Back all keep it.
 */
export function SupplierConsole({ tab }: { tab: SupplierTab | undefined }) {
  const { user, organization, logout } = useAuth();
  const navigate = useNavigate();
  if (!user || !organization) return null;
  const logOut = async () => {
    await logout();
    await navigate({ to: '/login' });
  };
  return (
    <SupplierConsoleView
      user={user}
      organization={organization}
      onLogout={() => void logOut()}
      tab={tab}
      panels={{
        profile: <ProfilePanel />,
        insurance: <InsurancePanel />,
        verification: <VerificationPanel />,
        templates: <TemplatesPanel />,
        jobs: <JobsPanel />,
        settings: <SettingsPanel />,
      }}
    />
  );
}
