import { Box, Divider, Flex, NavLink, Stack, Text } from '@mantine/core';
import { createFileRoute, createLink, Outlet } from '@tanstack/react-router';
import { forwardRef } from 'react';
import { useAuth } from '../../../../lib/auth';
import classes from './-components/old-layout.module.css';

const MantineNavLink = forwardRef<HTMLAnchorElement, React.ComponentPropsWithoutRef<typeof NavLink<'a'>>>(
  (props, ref) => <NavLink component="a" ref={ref} {...props} />,
);
const NavLinkRoute = createLink(MantineNavLink);

/** An entry of the older sidebar, highlighted (and aria-current="page") on its own page. */
function SidebarLink(props: React.ComponentProps<typeof NavLinkRoute>) {
  return <NavLinkRoute activeProps={{ active: true }} {...props} />;
}

/**
 * The older layout (spec §2, /app/old/*): a sidebar with the owner sections beside the page. The sections
 * live under /app/old here, so every sidebar entry leads somewhere; Dashboard is the current dashboard.
 */
export const Route = createFileRoute('/_authenticated/app/old')({
  component: OldLayout,
});

function OldLayout() {
  const { user, organization } = useAuth();
  return (
    <Flex direction={{ base: 'column', sm: 'row' }} align="stretch" gap={0} mih="calc(100vh - 60px)">
      <Box
        component="nav"
        aria-label="Sections"
        w={{ base: '100%', sm: 240 }}
        p="md"
        className={classes.sidebar}
      >
        {organization && (
          <Stack gap={0} mb="sm">
            <Text fw={600}>{organization.name}</Text>
            {user && (
              <Text size="sm" c="dimmed">
                {user.firstName} {user.lastName}
              </Text>
            )}
          </Stack>
        )}
        <Divider mb="sm" />
        <SidebarLink to="/app/dashboard" label="Dashboard" />
        <SidebarLink to="/app/old/properties" label="Properties" />
        <SidebarLink to="/app/old/vault" label="Document Vault" />
        <SidebarLink to="/app/old/policies" label="Policy Analysis" />
        <SidebarLink to="/app/old/vendors" label="Vendors" />
        <SidebarLink to="/app/old/maintenance" label="Maintenance" />
        <SidebarLink to="/app/old/reports" label="Reports" />
      </Box>
      <Box style={{ flex: 1, minWidth: 0 }}>
        <Outlet />
      </Box>
    </Flex>
  );
}
