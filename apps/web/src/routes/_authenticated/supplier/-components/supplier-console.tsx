import { Alert, Button, Container, Group, SimpleGrid, Stack, Tabs, Text, Title } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { type ReactNode, useState } from 'react';
import { ButtonLink } from '../../../../components/router-links';
import { type AuthOrganization, type AuthUser, useAuth } from '../../../../lib/auth';
import { InsurancePanel } from './insurance-panel';
import { JobsPanel } from './jobs-panel';
import { ProfilePanel } from './profile-panel';
import { SettingsPanel } from './settings-panel';
import { DEFAULT_SUPPLIER_TAB, SUPPLIER_TABS, type SupplierTab } from './supplier-tabs';
import { TemplatesPanel } from './templates-panel';

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
  /** The open tab (from the URL); Jobs when left out. */
  tab?: SupplierTab | undefined;
  /** A tab was chosen (the route puts it in the URL); left out, the view keeps it itself. */
  onTabChange?: (tab: SupplierTab) => void;
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
export function SupplierConsoleView({
  user,
  organization,
  onLogout,
  tab,
  onTabChange,
  panels,
}: SupplierConsoleViewProps) {
  const [ownTab, setOwnTab] = useState<SupplierTab>(tab ?? DEFAULT_SUPPLIER_TAB);
  const active = onTabChange ? (tab ?? DEFAULT_SUPPLIER_TAB) : ownTab;
  const choose = (value: string | null) => {
    const chosen = SUPPLIER_TABS.find((candidate) => candidate.key === value)?.key;
    if (!chosen || chosen === active) return;
    if (onTabChange) onTabChange(chosen);
    else setOwnTab(chosen);
  };
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
      <Tabs value={active} onChange={choose} mt="xl" keepMounted={false}>
        <Tabs.List>
          {SUPPLIER_TABS.map((candidate) => (
            <Tabs.Tab key={candidate.key} value={candidate.key}>
              {candidate.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="profile" pt="lg">
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
        <Tabs.Panel value="insurance" pt="lg">
          <Title order={2} size="h4">
            Insurance
          </Title>
          <Stack mt="md">{panels?.insurance}</Stack>
        </Tabs.Panel>
        <Tabs.Panel value="templates" pt="lg">
          <Title order={2} size="h4">
            Templates
          </Title>
          <Stack mt="md">{panels?.templates}</Stack>
        </Tabs.Panel>
        <Tabs.Panel value="jobs" pt="lg">
          <Title order={2} size="h4">
            Jobs
          </Title>
          <Stack mt="md">{panels?.jobs}</Stack>
        </Tabs.Panel>
        <Tabs.Panel value="settings" pt="lg">
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

/**
 * /supplier and /supplier/dashboard: the open tab lives in the URL (`?tab=jobs`), so a reload, a link
 * and Back all keep it; each choice is a history entry.
 */
export function SupplierConsole({
  tab,
  from,
}: {
  tab: SupplierTab | undefined;
  from: '/supplier' | '/supplier/dashboard';
}) {
  const { user, organization, logout } = useAuth();
  const navigate = useNavigate();
  if (!user || !organization) return null;
  const changeTab = (next: SupplierTab) => void navigate({ to: from, search: { tab: next } });
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
      onTabChange={changeTab}
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
