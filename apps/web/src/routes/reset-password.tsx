import { createFileRoute, useLocation, useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { pageHead } from '../lib/page-head';
import { trpc } from '../lib/trpc';
import { ResetPasswordView } from './-components/reset-password-view';

interface ResetPasswordSearch {
  /** The secret of the emailed link; read once, then moved out of the address bar. */
  token?: string | undefined;
}

export const Route = createFileRoute('/reset-password')({
  head: pageHead('Reset password'),
  // Every key is answered, undefined when absent: the router merges the raw search of the root route
  // with this, so a key left out would keep its raw value.
  validateSearch: (search: Record<string, unknown>): ResetPasswordSearch => ({
    token: typeof search.token === 'string' && search.token !== '' ? search.token : undefined,
  }),
  component: ResetPasswordPage,
});

/**
 * The page the reset email links to (issue 11). The token is read from the URL, then the URL is replaced
 * by a plain /reset-password that keeps the token in the history entry's state (which a reload keeps):
 * it leaves the address bar, so a bookmark, a copied address or a screenshot of the page does not carry
 * it. The app sends it nowhere but in the body of the reset request.
 */
function ResetPasswordPage() {
  const fromUrl = Route.useSearch().token;
  const fromState = useLocation({
    select: ({ state }) =>
      'resetToken' in state && typeof state.resetToken === 'string' ? state.resetToken : undefined,
  });
  const token = fromUrl ?? fromState;
  const navigate = useNavigate();
  const resetPassword = trpc.auth.resetPassword.useMutation();
  // Replacing: Back must not return to a form whose link has just been used.
  const loginAfterReset = () => void navigate({ to: '/login', replace: true });

  useEffect(() => {
    if (!fromUrl) return;
    void navigate({
      to: '/reset-password',
      search: {},
      replace: true,
      state: (previous) => ({ ...previous, resetToken: fromUrl }),
    });
  }, [fromUrl, navigate]);

  return (
    <ResetPasswordView
      token={token}
      onReset={(input) => resetPassword.mutateAsync(input)}
      onDone={loginAfterReset}
    />
  );
}
