import { Box, Button, Container, Group, Menu, Text } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { LogoLink } from '../../../components/logo';
import { useAuth } from '../../../lib/auth';

/** The signed-in header: the logo (a link to /) and a menu with the user's name and Log out. */
export function AppHeader() {
  const { user, organization, logout } = useAuth();
  const navigate = useNavigate();
  if (!user) return null;
  const name = `${user.firstName} ${user.lastName}`;

  const logOut = async () => {
    await logout();
    await navigate({ to: '/login' });
  };

  return (
    <Box component="header" py="sm" style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
      <Container size="xl">
        <Group justify="space-between" wrap="nowrap">
          <LogoLink />
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <Button variant="subtle" color="gray" aria-label={`Account menu for ${name}`}>
                {name}
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Label>
                <Text size="xs" c="dimmed">
                  {user.email}
                </Text>
                {organization && organization.accountType === 'company' && (
                  <Text size="xs" c="dimmed">
                    {organization.name}
                  </Text>
                )}
              </Menu.Label>
              <Menu.Item onClick={() => void logOut()}>Log out</Menu.Item>
            </Menu.Dropdown>
          </Menu>
        </Group>
      </Container>
    </Box>
  );
}
