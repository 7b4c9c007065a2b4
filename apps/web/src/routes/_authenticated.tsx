import { safeReturnPath } from '@propertydna/domain';
import { createFileRoute, Outlet, useRouterState } from '@tanstack/react-router';
import { AppShellLayout } from '../components/app-shell/app-shell';
import { LoadingScreen } from '../components/loading-screen';
import { LoginScreen } from '../components/login-screen';
import { useAuth } from '../lib/auth';

/**
 * Every protected route sits under this pathless layout. Spec §2: while the user loads it shows a
 * Loading indicator, and with no user it shows the login screen in place (no redirect), so the address
 * stays what the visitor asked for; the login screen then stands alone (the root names the document
 * 'Log in', see DocumentHead), and logging in there continues to that page. Signed in, the page sits in
 * the app shell (header, navigation, main); the older layout (/app/old/*) keeps its own sidebar in place
 * of the shell's.
 */
export const Route = createFileRoute('/_authenticated')({
  component: AuthenticatedLayout,
});

function AuthenticatedLayout() {
  const { status } = useAuth();
  const olderLayout = useRouterState({
    select: (state) => /^\/app\/old(\/|$)/.test(state.location.pathname),
  });
  if (status === 'loading') return <LoadingScreen />;
  if (status === 'anonymous') return <LoginInPlace />;
  return (
    <AppShellLayout withNavbar={!olderLayout}>
      <Outlet />
    </AppShellLayout>
  );
}

/** The login screen in place of a protected page: logging in continues to that page (so does Sign up). */
function LoginInPlace() {
  const href = useRouterState({ select: (state) => state.location.href });
  return <LoginScreen redirect={safeReturnPath(href)} />;
}
