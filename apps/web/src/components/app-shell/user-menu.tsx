import { Avatar, Button, Menu, Text } from '@mantine/core';
import { formatDate, homePathOf } from '@propertydna/domain';
import { useNavigate, useRouter } from '@tanstack/react-router';
import { useAuth } from '../../lib/auth';
import { PLAN_LABELS, planStateOf, START_TRIAL_LABEL, useStartTrial } from '../../lib/plan';
import { useStaffAccess } from '../../lib/staff-access';
import { ACCOUNT_HREF } from './nav-items';

/** The owner's plan in the menu: its name, a running trial's end, and the trial offer while it is open. */
function PlanMenuSection() {
  const { organization, user } = useAuth();
  const startTrial = useStartTrial();
  if (!organization) return null;
  const plan = planStateOf(organization, undefined, user?.role);
  return (
    <>
      <Menu.Divider />
      <Menu.Label>
        Plan: {PLAN_LABELS[plan.plan]}
        {plan.trialEndsAt ? ` (trial until ${formatDate(plan.trialEndsAt)})` : ''}
      </Menu.Label>
      {plan.canStartTrial && (
        <Menu.Item onClick={() => startTrial.mutate()} disabled={startTrial.isPending}>
          {startTrial.isPending ? 'Starting trial...' : `Upgrade: ${START_TRIAL_LABEL}`}
        </Menu.Item>
      )}
    </>
  );
}

/** 'Back office', for PropertyDNA staff only (the server answers whether the caller is staff). */
function BackOfficeMenuItem() {
  const router = useRouter();
  if (!useStaffAccess()) return null;
  return (
    <>
      <Menu.Divider />
      <Menu.Item
        component="a"
        href="/backoffice"
        onClick={(event) => {
          event.preventDefault();
          void router.navigate({ href: '/backoffice' });
        }}
      >
        Back office
      </Menu.Item>
    </>
  );
}

/**
 * The user menu of the shell's header: who is signed in, account settings (owners' Account page, the
 * supplier console's Settings tab), the plan with the trial offer (owners), and Log out.
 */
export function UserMenu() {
  const { user, organization, logout } = useAuth();
  const navigate = useNavigate();
  const router = useRouter();
  if (!user) return null;
  const name = `${user.firstName} ${user.lastName}`;
  const supplier = homePathOf(user.userType) === '/supplier';

  const logOut = async () => {
    await logout();
    await navigate({ to: '/login' });
  };

  return (
    // No focus placeholder: a bare tabindex element inside role="menu" is an ARIA error (axe).
    <Menu position="bottom-end" withinPortal width={260} withInitialFocusPlaceholder={false}>
      <Menu.Target>
        <Button
          variant="subtle"
          color="gray"
          px="xs"
          // Begins with the visible name (WCAG 2.5.3); on a phone only the avatar shows.
          aria-label={`${name}, account menu`}
          leftSection={<Avatar size="sm" color="blue" radius="xl" aria-hidden="true" />}
        >
          <Text span visibleFrom="sm" inherit c="var(--mantine-color-text)">
            {name}
          </Text>
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text size="sm" fw={600} c="var(--mantine-color-text)">
            {name}
          </Text>
          <Text size="xs" c="var(--mantine-color-text)">
            {user.email}
          </Text>
          {organization && (
            <Text size="xs" c="var(--mantine-color-text)">
              {organization.name}
            </Text>
          )}
        </Menu.Label>
        <Menu.Divider />
        <Menu.Item
          component="a"
          href={supplier ? ACCOUNT_HREF.supplier : ACCOUNT_HREF.owner}
          onClick={(event) => {
            event.preventDefault();
            void router.navigate({ href: supplier ? ACCOUNT_HREF.supplier : ACCOUNT_HREF.owner });
          }}
        >
          Account settings
        </Menu.Item>
        {!supplier && <PlanMenuSection />}
        <BackOfficeMenuItem />
        <Menu.Divider />
        <Menu.Item onClick={() => void logOut()}>Log out</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
