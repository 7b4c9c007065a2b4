import { Alert, Button, Stack, Text } from '@mantine/core';
import { PREMIUM_PRICE_ZAR } from '@propertydna/domain';
import { type ReactNode, useId } from 'react';
import { errorMessage } from '../lib/error-message';
import { submitToPayfast } from '../lib/payfast';
import { PlanReadOnlyContext, useCan } from '../lib/permissions';
import { trpc } from '../lib/trpc';

export const UPGRADE_LABEL = `Upgrade for R${PREMIUM_PRICE_ZAR} per year`;

/**
 * "Upgrade" (issue 31 §5): the same checkout as /account's — an order, then the signed form posted to
 * PayFast's hosted page. Without PayFast settings it is disabled and says that payments are not
 * configured; a member whose role may not change the plan is told who can.
 */
export function UpgradeButton({ size = 'sm' }: { size?: 'xs' | 'sm' | 'md' }) {
  const { allowed } = useCan('plan.manage');
  const billing = trpc.plan.billing.useQuery(undefined, { enabled: allowed });
  const checkout = trpc.plan.checkout.useMutation({
    onSuccess: ({ action, fields }) => submitToPayfast(action, fields),
  });
  const reasonId = useId();
  if (!allowed) {
    return (
      <Text size="sm" c="dimmed">
        Ask your organisation's owner to upgrade to Premium.
      </Text>
    );
  }
  const notConfigured = billing.data && !billing.data.configured ? billing.data.reason : null;
  return (
    <Stack gap={4} align="flex-start">
      <Button
        size={size}
        onClick={() => checkout.mutate()}
        loading={checkout.isPending}
        disabled={!billing.data?.configured}
        aria-describedby={notConfigured ? reasonId : undefined}
      >
        {UPGRADE_LABEL}
      </Button>
      {notConfigured && (
        <Text size="sm" c="dimmed" id={reasonId}>
          {notConfigured}
        </Text>
      )}
      {checkout.error && (
        <Text size="sm" c="red" role="alert">
          {errorMessage(checkout.error, 'The payment could not be started')}
        </Text>
      )}
    </Stack>
  );
}

/** The ids of the organisation's properties that are read-only on the Free plan (issue 31 §5). */
export function useReadOnlyProperties() {
  const answer = trpc.plan.readOnlyProperties.useQuery();
  return { ids: answer.data?.propertyIds ?? [], message: answer.data?.message ?? '' };
}

/**
 * A property's page: when it is read-only on the Free plan, its writes are held back (useCan, with the
 * reason) and a banner says why, with the Upgrade button.
 */
export function PropertyReadOnly({ propertyId, children }: { propertyId: string; children: ReactNode }) {
  const { ids, message } = useReadOnlyProperties();
  return (
    <PlanReadOnlyContext.Provider value={ids.includes(propertyId) ? message : null}>
      {children}
    </PlanReadOnlyContext.Provider>
  );
}

/** Whether this property is read-only on the Free plan. */
export function useIsReadOnlyProperty(propertyId: string): boolean {
  return useReadOnlyProperties().ids.includes(propertyId);
}

/** The banner on a read-only property: why, nothing deleted, and Upgrade. */
export function ReadOnlyPropertyBanner({ propertyId }: { propertyId: string }) {
  const { ids, message } = useReadOnlyProperties();
  if (!ids.includes(propertyId)) return null;
  return (
    <Alert color="yellow" variant="light" title="Read-only on the Free plan" data-testid="read-only-banner">
      <Text size="sm">{message}</Text>
      <Text size="sm" mt={4}>
        Nothing has been deleted: its documents and history are all here to read and download.
      </Text>
      <Stack mt="sm">
        <UpgradeButton />
      </Stack>
    </Alert>
  );
}

/** The dashboard's banner while any property is read-only on the Free plan. */
export function ReadOnlyPropertiesBanner() {
  const { ids } = useReadOnlyProperties();
  if (ids.length === 0) return null;
  const count = ids.length === 1 ? '1 property is' : `${ids.length} properties are`;
  return (
    <Alert color="yellow" variant="light" title="Premium has ended" data-testid="read-only-banner">
      <Text size="sm">
        {count} read-only on the Free plan: you can read and download everything, but not change it. Only your
        oldest property stays editable. Nothing has been deleted.
      </Text>
      <Stack mt="sm">
        <UpgradeButton />
      </Stack>
    </Alert>
  );
}
