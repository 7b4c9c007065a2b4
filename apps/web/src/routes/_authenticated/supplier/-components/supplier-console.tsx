import { Alert, Button, Container, Group, SimpleGrid, Stack, Tabs, Text, Title } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { ButtonLink } from '../../../../components/router-links';
import { type AuthOrganization, type AuthUser, useAuth } from '../../../../lib/auth';
import { InsurancePanel } from './insurance-panel';
import { JobsPanel } from './jobs-panel';
import { ProfilePanel } from './profile-panel';
import { SettingsPanel } from './settings-panel';
import { TemplatesPanel } from './templates-panel';

/** The console's tabs (spec §2). */
export const SUPPLIER_TABS = ['Profile', 'Insurance', 'Templates', 'Jobs', 'Settings'] as const;

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
  /** The wired tab contents (the profile form, templates, jobs); left out in isolated renders. */
  panels?: {
    profile?: ReactNode;
    insurance?: ReactNode;
    templates?: ReactNode;
    jobs?: ReactNode;
    settings?: ReactNode;
  };
}

/** The supplier console: the tab list, the company's registered details and the account. */
export function SupplierConsoleView({ user, organization, onLogout, panels }: SupplierConsoleViewProps) {
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
  return (
    <Container size="xl" py="xl">
      <Title order={1}>Supplier Console</Title>
      <Text c="dimmed" mt={4}>
        {organization.tradingAs || organization.name}
      </Text>
      <Tabs defaultValue="Profile" mt="xl" keepMounted={false}>
        <Tabs.List>
          {SUPPLIER_TABS.map((tab) => (
            <Tabs.Tab key={tab} value={tab}>
              {tab}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="Profile" pt="lg">
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
            <>
              <Title order={2} size="h4" mt="xl" mb="md">
                Supplier profile
              </Title>
              {panels.profile}
            </>
          )}
        </Tabs.Panel>
        <Tabs.Panel value="Insurance" pt="lg">
          <Title order={2} size="h4">
            Insurance
          </Title>
          <Stack mt="md">{panels?.insurance}</Stack>
        </Tabs.Panel>
        <Tabs.Panel value="Templates" pt="lg">
          <Title order={2} size="h4">
            Templates
          </Title>
          <Stack mt="md">{panels?.templates}</Stack>
        </Tabs.Panel>
        <Tabs.Panel value="Jobs" pt="lg">
          <Title order={2} size="h4">
            Jobs
          </Title>
          <Stack mt="md">{panels?.jobs}</Stack>
        </Tabs.Panel>
        <Tabs.Panel value="Settings" pt="lg">
          <Title order={2} size="h4">
            Account
          </Title>
          <Stack gap="md" mt="md" align="flex-start">
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
        </Tabs.Panel>
      </Tabs>
    </Container>
  );
}

/** /supplier and /supplier/dashboard. */
export function SupplierConsole() {
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
      panels={{
        profile: <ProfilePanel />,
        insurance: <InsurancePanel />,
        templates: <TemplatesPanel />,
        jobs: <JobsPanel />,
        settings: <SettingsPanel />,
      }}
    />
  );
}
