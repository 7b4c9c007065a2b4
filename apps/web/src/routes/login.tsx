import { safeReturnPath } from '@propertydna/domain';
import { createFileRoute } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { LoginScreen } from '../components/login-screen';
import { useAuth } from '../lib/auth';
import { LOGIN_PAGE_NAME, pageHead } from '../lib/page-head';

interface LoginSearch {
  /** A page of the app to return to after logging in (an unsafe value is dropped). */
  redirect?: string | undefined;
}

export const Route = createFileRoute('/login')({
  head: pageHead(LOGIN_PAGE_NAME),
  // Every key is answered, undefined when unsafe: the router merges the raw search of the root route
  // with this, so a key left out would keep its raw value.
  validateSearch: (search: Record<string, unknown>): LoginSearch => ({
    redirect: safeReturnPath(search.redirect),
  }),
  component: LoginPage,
});

function LoginPage() {
  // Checked again where it is used: nothing but a path of this app is ever navigated to.
  const redirect = safeReturnPath(Route.useSearch().redirect);
  const { logout } = useAuth();
  const loggedOut = useRef(false);
  useEffect(() => {
    // Spec §2: any existing session is logged out when the page opens (once: a later run would end
    // the session the user has just started here). The server is asked even without a stored token,
    // so a session held only by the cookie ends too.
    if (loggedOut.current) return;
    loggedOut.current = true;
    void logout();
  }, [logout]);
  return <LoginScreen redirect={redirect} />;
}
