import { notifications } from '@mantine/notifications';
import { type DemoAccount, homePathOf, LOGIN_MESSAGES, type Login, loginSchema } from '@propertydna/domain';
import { useLocation, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { type Me, useAuth } from '../lib/auth';
import { errorMessage } from '../lib/error-message';
import { trpc } from '../lib/trpc';
import { AuthPageFrame } from './auth-card-page';
import { type ClosedAccount, ClosedAccountView, closedAccountOf } from './closed-account-view';
import { type LoginPending, LoginView } from './login-view';

declare module '@tanstack/react-router' {
  interface HistoryState {
    /** Set by the signup page on its way to /login: the email of the account just created. */
    signedUpEmail?: string;
    /** An email to fill in on /login or /signup (the address a transfer link was sent to). */
    prefillEmail?: string;
  }
}

/** The email of an account just created, when the history entry carries a valid one. */
function signedUpEmailOf(state: { signedUpEmail?: unknown }): string | null {
  const parsed = loginSchema.shape.email.safeParse(state.signedUpEmail);
  return parsed.success ? parsed.data : null;
}

/** The email to fill in (a transfer link's address), when the history entry carries a valid one. */
export function prefillEmailOf(state: { prefillEmail?: unknown }): string | null {
  const parsed = loginSchema.shape.email.safeParse(state.prefillEmail);
  return parsed.success ? parsed.data : null;
}

/**
 * The login screen with its calls: shown by /login and by every protected route when nobody is signed
 * in (spec §2). After a login a supplier goes to /supplier and everyone else to /app, unless the visitor
 * came from a page of the app to return to (`redirect`, already checked with safeReturnPath): the share
 * they came from, or the protected page this screen stands in for.
 */
export function LoginScreen({ redirect }: { redirect?: string | undefined } = {}) {
  const auth = useAuth();
  const navigate = useNavigate();
  const signedUpEmail = useLocation({ select: (location) => signedUpEmailOf(location.state) });
  const prefillEmail = useLocation({ select: (location) => prefillEmailOf(location.state) });
  const loginCall = trpc.auth.login.useMutation();
  const demoCall = trpc.demo.start.useMutation();
  const [pending, setPending] = useState<LoginPending>(null);
  const [error, setError] = useState<string | null>(null);
  // A closed account within its grace (issue 31 §2): its owner may reopen it with the same credentials.
  const reopenCall = trpc.closing.reopen.useMutation();
  const [closed, setClosed] = useState<{ account: ClosedAccount; credentials: Login } | null>(null);

  async function enter(
    kind: LoginPending,
    request: () => Promise<Me & { token: string }>,
    describeFailure: (failure: unknown) => string,
  ) {
    setPending(kind);
    setError(null);
    try {
      const { token, user, organization } = await request();
      auth.login(token, user, organization);
      notifications.show({
        color: 'green',
        title: LOGIN_MESSAGES.welcomeBack,
        message: `Signed in as ${user.firstName} ${user.lastName}.`,
      });
      await (redirect ? navigate({ href: redirect }) : navigate({ to: homePathOf(user.userType) }));
    } catch (failure) {
      setError(describeFailure(failure));
    } finally {
      setPending(null);
    }
  }

  const login = (credentials: Login) =>
    enter(
      'login',
      () => loginCall.mutateAsync(credentials),
      (failure) => {
        const account = closedAccountOf(failure);
        if (account) setClosed({ account, credentials });
        // The closed account's own screen says it; no alert above it.
        return account ? '' : errorMessage(failure, LOGIN_MESSAGES.invalidCredentials);
      },
    );
  const reopen = (credentials: Login) =>
    enter(
      'login',
      () => reopenCall.mutateAsync(credentials),
      (failure) => errorMessage(failure, 'Could not reopen the account'),
    );
  // The spec gives one text for any demo failure.
  const demo = (account: DemoAccount) =>
    enter(
      account,
      () => demoCall.mutateAsync({ account }),
      () => LOGIN_MESSAGES.demoFailed,
    );

  if (closed) {
    return (
      <AuthPageFrame>
        <ClosedAccountView
          closed={closed.account}
          pending={pending !== null}
          error={error}
          onReopen={() => void reopen(closed.credentials)}
          onBack={() => {
            setClosed(null);
            setError(null);
          }}
        />
      </AuthPageFrame>
    );
  }
  return (
    <AuthPageFrame>
      <LoginView
        onLogin={login}
        onDemo={demo}
        pending={pending}
        error={error}
        redirect={redirect}
        signedUpEmail={signedUpEmail}
        prefillEmail={prefillEmail}
      />
    </AuthPageFrame>
  );
}
