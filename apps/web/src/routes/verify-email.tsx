import { homePathOf } from '@propertydna/domain';
import { createFileRoute } from '@tanstack/react-router';
import { useCallback } from 'react';
import { useAuth } from '../lib/auth';
import { pageHead } from '../lib/page-head';
import { trpc } from '../lib/trpc';
import { type EmailLinkSearch, useLinkToken, validateEmailLinkSearch } from './-components/email-link-token';
import { EmailLinkView } from './-components/email-link-view';

export const Route = createFileRoute('/verify-email')({
  head: pageHead('Confirm your email address'),
  validateSearch: validateEmailLinkSearch,
  component: VerifyEmailPage,
});

/** The page the sign-up's (and Resend's) confirmation mail links to: POST /api/auth/verify-email. */
function VerifyEmailPage() {
  const search: EmailLinkSearch = Route.useSearch();
  const { user } = useAuth();
  const token = useLinkToken('/verify-email', search.token);
  const utils = trpc.useUtils();
  const { mutateAsync } = trpc.auth.verifyEmail.useMutation({
    onSuccess: () => void utils.auth.me.invalidate(),
  });
  const confirm = useCallback((value: string) => mutateAsync({ token: value }), [mutateAsync]);
  return (
    <EmailLinkView
      kind="verify"
      token={token}
      onConfirm={confirm}
      home={user ? homePathOf(user.userType) : undefined}
    />
  );
}
