import { Container, Group } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { SIGNUP_MESSAGES, type SignupRequestInput, safeReturnPath } from '@propertydna/domain';
import { createFileRoute, useLocation, useNavigate } from '@tanstack/react-router';
import { prefillEmailOf } from '../components/login-screen';
import { LogoLink } from '../components/logo';
import { errorMessage } from '../lib/error-message';
import { pageHead } from '../lib/page-head';
import { trpc } from '../lib/trpc';
import { SIGNUP_PRESETS, type SignupPreset } from './-components/signup-presets';
import { SignupWizard } from './-components/signup-wizard';

interface SignupSearch {
  type?: SignupPreset | undefined;
  scenario?: 'existing' | undefined;
  /** A page of the app to return to once the new account logs in (an unsafe value is dropped). */
  redirect?: string | undefined;
}

export const Route = createFileRoute('/signup')({
  head: pageHead('Sign up'),
  // Unknown values are ignored rather than refused: the wizard then starts at step 1.
  // Every key is answered, undefined when unknown or unsafe: the router merges the raw search of the
  // root route with this, so a key left out would keep its raw value.
  validateSearch: (search: Record<string, unknown>): SignupSearch => ({
    type: SIGNUP_PRESETS.includes(search.type as SignupPreset) ? (search.type as SignupPreset) : undefined,
    scenario: search.scenario === 'existing' ? 'existing' : undefined,
    redirect: safeReturnPath(search.redirect),
  }),
  component: SignupPage,
});

function SignupPage() {
  const { type, scenario } = Route.useSearch();
  const redirect = safeReturnPath(Route.useSearch().redirect);
  const navigate = useNavigate();
  const signup = trpc.auth.signup.useMutation();
  // A transfer link's address, carried in the history entry's state (never the address bar).
  const prefillEmail = useLocation({ select: (location) => prefillEmailOf(location.state) });

  async function submit(request: SignupRequestInput) {
    try {
      await signup.mutateAsync(request);
    } catch (error) {
      notifications.show({
        color: 'red',
        title: SIGNUP_MESSAGES.failed.title,
        message: errorMessage(error, SIGNUP_MESSAGES.failed.message),
      });
      return;
    }
    notifications.show({ color: 'green', ...SIGNUP_MESSAGES.created });
    // The login page opens with the new email filled in and says the account was created: the email
    // travels in the history entry's state, never in the address bar.
    await navigate({
      to: '/login',
      search: redirect ? { redirect } : {},
      state: (previous) => ({ ...previous, signedUpEmail: String(request.email) }),
    });
  }

  return (
    <Container component="main" size="sm" py="xl">
      <Group justify="center" mb="lg">
        <LogoLink />
      </Group>
      {/* A new preset (another landing link) starts the wizard afresh. */}
      <SignupWizard
        key={`${type ?? ''}:${scenario ?? ''}`}
        preset={type}
        scenario={scenario}
        busy={signup.isPending}
        onSubmit={(request) => void submit(request)}
        redirect={redirect}
        email={prefillEmail}
      />
    </Container>
  );
}
