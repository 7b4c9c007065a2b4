import { Box } from '@mantine/core';
import { createFileRoute, Outlet } from '@tanstack/react-router';
import { LoadingScreen } from '../components/loading-screen';
import { LoginScreen } from '../components/login-screen';
import { useAuth } from '../lib/auth';
import { AppHeader } from './_authenticated/-components/app-header';

/**
 * Every protected route sits under this pathless layout. Spec §2: while the user loads it shows a
 * Loading indicator, and with no user it shows the login screen in place (no redirect), so the address
 * stays what the visitor asked for.
 */
export const Route = createFileRoute('/_authenticated')({
  component: AuthenticatedLayout,
});

function AuthenticatedLayout() {
  const { status } = useAuth();
  if (status === 'loading') return <LoadingScreen />;
  if (status === 'anonymous') return <LoginScreen />;
  return (
    <>
      <AppHeader />
      <Box component="main">
        <Outlet />
      </Box>
    </>
  );
}
