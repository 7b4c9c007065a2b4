import { Anchor, Container, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { formatDate } from '@propertydna/domain';
import { createFileRoute, Link } from '@tanstack/react-router';
import { pageHead } from '../../lib/page-head';
import { trpc } from '../../lib/trpc';

export const Route = createFileRoute('/_authenticated/account_/payment/return')({
  head: pageHead('Payment'),
  component: PaymentReturnPage,
});

/**
 * PayFast returns the buyer here. The page never upgrades by itself: only PayFast's notification (ITN)
 * does, so it says the payment is being confirmed and asks the plan again until it shows.
 */
function PaymentReturnPage() {
  const billing = trpc.plan.billing.useQuery(undefined, {
    refetchInterval: (query) => {
      const until = query.state.data?.paidUntil;
      return until && new Date(until).getTime() > Date.now() ? false : 3000;
    },
  });
  const until = billing.data?.paidUntil ? new Date(billing.data.paidUntil) : null;
  const confirmed = until !== null && until.getTime() > Date.now();
  return (
    <Container size="sm" py="xl">
      <Paper withBorder radius="md" p="lg">
        <Stack gap="sm" aria-live="polite">
          <Title order={1} size="h2">
            {confirmed ? 'Premium is active' : 'Your payment is being confirmed'}
          </Title>
          {confirmed && until ? (
            <Text>PayFast confirmed your payment. Premium is paid until {formatDate(until)}.</Text>
          ) : (
            <Stack gap="xs">
              <Text>We are waiting for PayFast to confirm your payment. This page updates by itself.</Text>
              <Loader size="sm" aria-label="Waiting for PayFast" />
            </Stack>
          )}
          <Anchor component={Link} to="/account">
            Back to your account
          </Anchor>
        </Stack>
      </Paper>
    </Container>
  );
}
