import { Box, Container, Group, Text, Title } from '@mantine/core';
import { homePathOf } from '@propertydna/domain';
import { useAuth } from '../lib/auth';
import { AppShellLayout, useInAppShell } from './app-shell/app-shell';
import { LoadingScreen } from './loading-screen';
import { LogoLink } from './logo';
import { AnchorLink, ButtonLink } from './router-links';

/**
 * The 404 texts of the spec, and the way home: the signed-in user's start page (dashboard or supplier
 * console), else the landing page.
 */
export function NotFoundContent({ home = '/' }: { home?: '/' | '/app' | '/supplier' }) {
  return (
    <Container size="xl" py="xl">
      <Title order={1}>404 Page Not Found</Title>
      <Text mt="md">Did you forget to add the page to the router?</Text>
      <Text mt="xs" c="dimmed">
        The address may be mistyped, or the page may have moved.
      </Text>
      <Group mt="lg" gap="sm">
        {home === '/' ? (
          <ButtonLink to="/" activeOptions={{ exact: true }}>
            Go to the home page
          </ButtonLink>
        ) : (
          <>
            <ButtonLink to={home} activeOptions={{ exact: true }}>
              {home === '/supplier' ? 'Go to the supplier console' : 'Go to your dashboard'}
            </ButtonLink>
            <ButtonLink to="/" variant="default" activeOptions={{ exact: true }}>
              Go to the home page
            </ButtonLink>
          </>
        )}
      </Group>
    </Container>
  );
}

/** The 404 for visitors who are not signed in: a simple header (logo, Log in, Sign up) above it. */
export function PublicNotFound() {
  return (
    <>
      <Box
        component="header"
        py="sm"
        px="md"
        style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
      >
        <Group justify="space-between" wrap="nowrap">
          <LogoLink />
          <Group gap="md" wrap="nowrap">
            <AnchorLink to="/login">Log in</AnchorLink>
            <AnchorLink to="/signup">Sign up</AnchorLink>
          </Group>
        </Group>
      </Box>
      <main>
        <NotFoundContent />
      </main>
    </>
  );
}

/**
 * Shown for any path the router does not know (the server answers every such path with the app), in the
 * product's layout: inside the app shell for a signed-in user (bringing the shell when the page is not
 * already in it), under a simple header otherwise.
 */
export function NotFoundPage() {
  const inShell = useInAppShell();
  const { status, user } = useAuth();
  const home = user ? homePathOf(user.userType) : ('/' as const);
  if (inShell) return <NotFoundContent home={home} />;
  if (status === 'loading') return <LoadingScreen />;
  if (status === 'anonymous') return <PublicNotFound />;
  return (
    <AppShellLayout>
      <NotFoundContent home={home} />
    </AppShellLayout>
  );
}
