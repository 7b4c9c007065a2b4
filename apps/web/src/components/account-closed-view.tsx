import { Stack, Text } from '@mantine/core';
import { formatDate } from '@propertydna/domain';
import { AuthCardPage } from './auth-card-page';
import { ButtonLink } from './router-links';

/** Where the owner lands after closing the account (issue 31 §2): what happened, and how to change one's mind. */
export function AccountClosedView({ until }: { until?: string | undefined }) {
  return (
    <AuthCardPage title="Your account is closed">
      <Stack gap="sm" mt="md">
        <Text size="sm">
          Everyone in your organisation was signed out, and its API tokens, share links and the access it gave
          others stopped working. Every member was told by email.
        </Text>
        <Text size="sm">
          {until
            ? `Nothing has been deleted yet. Until ${formatDate(until)} you can change your mind: sign in and choose Reopen, and everything comes back as it was. After that its properties, documents and files are deleted for good, and we email you when it is done.`
            : 'Nothing has been deleted yet. During the grace period you can change your mind: sign in and choose Reopen, and everything comes back as it was.'}
        </Text>
        <ButtonLink to="/login" variant="default">
          Go to sign in
        </ButtonLink>
      </Stack>
    </AuthCardPage>
  );
}
