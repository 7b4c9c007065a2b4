import { Anchor, Button, Group, List, Paper, Stack, Text } from '@mantine/core';
import { formatDate, formatPayfastAmount, PREMIUM_PRICE_CENTS, vatSplit } from '@propertydna/domain';
import { errorMessage } from '../../../lib/error-message';
import { submitToPayfast } from '../../../lib/payfast';
import { trpc } from '../../../lib/trpc';

const rand = (cents: number) => `R${formatPayfastAmount(cents)}`;

/**
 * Premium bought through PayFast (issue 31 §5), for the owner: "Upgrade" (R99 per year, VAT shown),
 * the paid year, cancel, and a tax invoice per payment. Without PayFast settings the button says why.
 */
export function BillingSection({ canManage }: { canManage: boolean }) {
  const billing = trpc.plan.billing.useQuery();
  const checkout = trpc.plan.checkout.useMutation({
    onSuccess: ({ action, fields }) => submitToPayfast(action, fields),
  });
  const utils = trpc.useUtils();
  const cancel = trpc.plan.cancelSubscription.useMutation({
    onSuccess: () => void utils.plan.billing.invalidate(),
  });
  const data = billing.data;
  const { exclusiveCents, vatCents } = vatSplit(PREMIUM_PRICE_CENTS);
  const paidUntil = data?.paidUntil ? new Date(data.paidUntil) : null;
  const paying = paidUntil !== null && paidUntil.getTime() > Date.now();
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label="Premium subscription">
      <Stack gap="xs">
        <Text fw={600}>Premium subscription</Text>
        {paying && paidUntil ? (
          <Text size="sm">
            Premium is paid until {formatDate(paidUntil)}.
            {data?.subscribed ? ' It renews every year through PayFast.' : ' It will not renew.'}
          </Text>
        ) : (
          <Text size="sm" c="dimmed">
            R{formatPayfastAmount(PREMIUM_PRICE_CENTS)} per year including VAT ({rand(exclusiveCents)} + 15%
            VAT {rand(vatCents)}), paid through PayFast.
          </Text>
        )}
        {canManage && (
          <Group gap="sm">
            {!paying && (
              <Button
                onClick={() => checkout.mutate()}
                loading={checkout.isPending}
                disabled={!data?.configured}
                aria-describedby={data && !data.configured ? 'payments-not-configured' : undefined}
              >
                Upgrade for R99 per year
              </Button>
            )}
            {paying && data?.subscribed && (
              <Button variant="default" onClick={() => cancel.mutate()} loading={cancel.isPending}>
                Cancel subscription
              </Button>
            )}
          </Group>
        )}
        {data && !data.configured && (
          <Text size="sm" c="dimmed" id="payments-not-configured">
            {data.reason}
          </Text>
        )}
        {(checkout.error || cancel.error) && (
          <Text size="sm" c="red" role="alert">
            {errorMessage(checkout.error ?? cancel.error, 'Something went wrong')}
          </Text>
        )}
        {data && data.payments.length > 0 && (
          <>
            <Text size="sm" fw={600}>
              Tax invoices
            </Text>
            <List size="sm">
              {data.payments.map((payment) => (
                <List.Item key={payment.pfPaymentId}>
                  <Anchor href={`/api/plan/invoices/${encodeURIComponent(payment.pfPaymentId)}`}>
                    Invoice PDNA-{String(payment.invoiceNumber).padStart(6, '0')}
                  </Anchor>{' '}
                  — {rand(payment.amountCents)}, {formatDate(payment.createdAt)}
                </List.Item>
              ))}
            </List>
          </>
        )}
      </Stack>
    </Paper>
  );
}
