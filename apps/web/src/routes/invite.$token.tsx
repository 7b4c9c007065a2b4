import { Container, Group, Stack } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { InviteContent } from '../components/invite/invite-content';
import { Logo } from '../components/logo';
import { AnchorLink } from '../components/router-links';
import { pageHead } from '../lib/page-head';

/** The vendor's upload link (issue 15): public, no account needed, phone first. */
export const Route = createFileRoute('/invite/$token')({
  head: pageHead('Upload documents'),
  component: InvitePage,
});

function InvitePage() {
  const { token } = Route.useParams();
  return (
    <Container size="sm" px="md" py="lg" component="main">
      <Stack gap="xl">
        <Group justify="space-between">
          <AnchorLink to="/" aria-label="PropertyDNA home" underline="never">
            <Logo />
          </AnchorLink>
        </Group>
        <InviteContent token={token} />
      </Stack>
    </Container>
  );
}
