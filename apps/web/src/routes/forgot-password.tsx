import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../lib/page-head';
import { trpc } from '../lib/trpc';
import { ForgotPasswordView } from './-components/forgot-password-view';

export const Route = createFileRoute('/forgot-password')({
  head: pageHead('Forgot password'),
  component: ForgotPasswordPage,
});

/** 'Forgot password?' of the login page: asks for a reset link by email (issue 11). */
function ForgotPasswordPage() {
  const forgotPassword = trpc.auth.forgotPassword.useMutation();
  return <ForgotPasswordView onRequest={(input) => forgotPassword.mutateAsync(input)} />;
}
