import { Container, Group, Stack } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { Logo } from '../components/logo';
import { AnchorLink } from '../components/router-links';
import { pageHead } from '../lib/page-head';
import { TransferLinkContent } from './-components/transfer-link-view';

/** The buyer's mailed transfer link (issue 17): public; accepting needs the address it was sent to. */
export const Route = createFileRoute('/transfers/$token')({
  head: pageHead('Property transfer'),
  component: TransferLinkPage,
});

function TransferLinkPage() {
  const { token } = Route.useParams();
  return (
    <Container size="sm" px="md" py="lg" component="main">
      <Stack gap="xl">
        <Group justify="space-between">
          <AnchorLink to="/" aria-label="PropertyDNA home" underline="never">
            <Logo />
          </AnchorLink>
        </Group>
        <TransferLinkContent token={token} />
      </Stack>
    </Container>
  );
}
