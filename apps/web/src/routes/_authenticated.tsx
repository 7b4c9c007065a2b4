import { safeReturnPath } from '@propertydna/domain';
import { createFileRoute, Outlet, useRouterState } from '@tanstack/react-router';
import { lazy, Suspense, useDeferredValue, useEffect } from 'react';
import { AppShellLayout } from '../components/app-shell/app-shell';
import { LoadingScreen } from '../components/loading-screen';
import { useAuth } from '../lib/auth';

// Loaded only when nobody is signed in: a signed-in page does not carry the login form.
const LoginScreen = lazy(() =>
  import('../components/login-screen').then((module) => ({ default: module.LoginScreen })),
);

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

/** Until the first protected page of this document has been shown (see AuthenticatedLayout). */
let firstPage = true;

function AuthenticatedLayout() {
  const { status: current } = useAuth();
  // As the document loads, the app shell and the page (a few hundred components) are rendered as a
  // transition, which React splits into short tasks, after the Loading indicator is on screen: one
  // render of it all was the page's longest task (~100 ms on a 2-core machine). Later visits (a login,
  // a link) render at once, as before.
  const status = useDeferredValue(current, firstPage ? 'loading' : current);
  useEffect(() => {
    if (status !== 'loading') firstPage = false;
  }, [status]);
  const olderLayout = useRouterState({
    // The back office has its own layout too: staff screens, not an owner's or a supplier's navigation.
    select: (state) => /^\/(app\/old|backoffice)(\/|$)/.test(state.location.pathname),
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
  return (
    <Suspense fallback={<LoadingScreen />}>
      <LoginScreen redirect={safeReturnPath(href)} />
    </Suspense>
  );
}
