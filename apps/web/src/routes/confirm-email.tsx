import { homePathOf } from '@propertydna/domain';
import { createFileRoute } from '@tanstack/react-router';
import { useCallback } from 'react';
import { useAuth } from '../lib/auth';
import { pageHead } from '../lib/page-head';
import { trpc } from '../lib/trpc';
import { type EmailLinkSearch, useLinkToken, validateEmailLinkSearch } from './-components/email-link-token';
import { EmailLinkView } from './-components/email-link-view';

export const Route = createFileRoute('/confirm-email')({
  head: pageHead('Confirm your new email address'),
  validateSearch: validateEmailLinkSearch,
  component: ConfirmEmailPage,
});

/** The page the mail to a new address links to: POST /api/auth/confirm-email-change. */
function ConfirmEmailPage() {
  const search: EmailLinkSearch = Route.useSearch();
  const { user } = useAuth();
  const token = useLinkToken('/confirm-email', search.token);
  const utils = trpc.useUtils();
  const { mutateAsync } = trpc.auth.confirmEmailChange.useMutation({
    onSuccess: () => void utils.auth.me.invalidate(),
  });
  const confirm = useCallback((value: string) => mutateAsync({ token: value }), [mutateAsync]);
  return (
    <EmailLinkView
      kind="change"
      token={token}
      onConfirm={confirm}
      home={user ? homePathOf(user.userType) : undefined}
    />
  );
}
