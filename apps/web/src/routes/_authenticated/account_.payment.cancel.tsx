import { Anchor, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { createFileRoute, Link } from '@tanstack/react-router';
import { pageHead } from '../../lib/page-head';

export const Route = createFileRoute('/_authenticated/account_/payment/cancel')({
  head: pageHead('Payment cancelled'),
  component: PaymentCancelPage,
});

/** PayFast sends the buyer here when they cancel on its page: nothing was paid, the plan is unchanged. */
function PaymentCancelPage() {
  return (
    <Container size="sm" py="xl">
      <Paper withBorder radius="md" p="lg">
        <Stack gap="sm">
          <Title order={1} size="h2">
            Payment cancelled
          </Title>
          <Text>
            Nothing was paid and your plan has not changed. You can upgrade again from your account.
          </Text>
          <Anchor component={Link} to="/account">
            Back to your account
          </Anchor>
        </Stack>
      </Paper>
    </Container>
  );
}
