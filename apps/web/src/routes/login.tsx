import { safeReturnPath } from '@propertydna/domain';
import { createFileRoute } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { LoginScreen } from '../components/login-screen';
import { useAuth } from '../lib/auth';

interface LoginSearch {
  /** A page of the app to return to after logging in (an unsafe value is dropped). */
  redirect?: string;
}

export const Route = createFileRoute('/login')({
  validateSearch: (search: Record<string, unknown>): LoginSearch => {
    const redirect = safeReturnPath(search.redirect);
    return redirect ? { redirect } : {};
  },
  component: LoginPage,
});

function LoginPage() {
  const { redirect } = Route.useSearch();
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
