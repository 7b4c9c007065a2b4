import { createFileRoute } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { LoginScreen } from '../components/login-screen';
import { useAuth } from '../lib/auth';

export const Route = createFileRoute('/login')({
  component: LoginPage,
});

function LoginPage() {
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
  return <LoginScreen />;
}
