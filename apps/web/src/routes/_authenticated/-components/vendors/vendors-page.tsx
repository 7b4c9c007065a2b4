import { Box, Button, Group, Modal, Paper, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { UpdateVendorInput } from '@propertydna/domain';
import { type ReactNode, useMemo, useState } from 'react';
import { LoadError } from '../../../../components/load-error';
import { ButtonLink } from '../../../../components/router-links';
import { InviteVendorModal } from '../../../../components/vendors/invite-vendor-modal';
import { NO_VENDORS, type Vendor } from '../../../../components/vendors/labels';
import { errorMessage } from '../../../../lib/error-message';
import { RoleGuard, useCan } from '../../../../lib/permissions';
import { trpc } from '../../../../lib/trpc';
import { PageTitle, SECTIONS } from '../section-page';
import { EditVendorModal } from './edit-vendor-modal';
import { VendorCard } from './vendor-card';

export const VENDORS_PAGE_MESSAGES = {
  invite: 'Invite Vendor',
  empty: NO_VENDORS,
  emptyHint:
    'Invite the electricians, plumbers, gas installers and inspectors who work on your properties: they upload their certificates and reports straight into the property’s vault through a link, no account needed.',
  noProperties: 'Add a property first: a vendor is invited to upload to one property.',
  propertiesFailed: 'Unable to load your properties',
  loadFailed: 'Unable to load the vendors',
  updated: 'Vendor updated',
  saveFailed: 'Unable to save the vendor',
  removed: 'Vendor removed',
  removeFailed: 'Unable to remove the vendor',
} as const;

/** The Vendors screen (spec §2) at /vendors, /app/vendors and /app/old/vendors. */
export function VendorsPage() {
  return (
    <PageTitle {...SECTIONS.vendors}>
      <Vendors />
    </PageTitle>
  );
}

/** What is open over the cards: the invite form, a vendor's edit form or the remove confirmation. */
type Dialog = { kind: 'invite' } | { kind: 'edit'; vendor: Vendor } | { kind: 'remove'; vendor: Vendor };

/**
 * The owner's vendor directory (spec §2 Vendors): a card per vendor (1, 2 or 3 columns as the screen
 * allows), Invite Vendor with a property to choose, and on each card Edit and Remove. Every change
 * refetches the vendor lists (this page's and the properties' Vendors tabs).
 */
export function Vendors() {
  const utils = trpc.useUtils();
  const vendors = trpc.vendors.list.useQuery();
  const properties = trpc.properties.list.useQuery();
  const update = trpc.vendors.update.useMutation();
  const remove = trpc.vendors.remove.useMutation();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [formError, setFormError] = useState<string | null>(null);

  const sortedProperties = useMemo(
    () =>
      [...(properties.data ?? [])]
        .sort((a, b) => a.name.localeCompare(b.name))
        .map((property) => ({ id: property.id, name: property.name })),
    [properties.data],
  );
  const noProperties = properties.isSuccess && properties.data.length === 0;
  const canInvite = properties.isSuccess && !noProperties;
  // Issue 29 §1: a role that cannot change vendors keeps Invite Vendor in place, held back with the reason.
  const mayWrite = useCan('vendors.write').allowed;

  const open = (next: Dialog) => {
    setFormError(null);
    setDialog(next);
  };

  async function save(vendor: Vendor, patch: UpdateVendorInput) {
    if (Object.keys(patch).length === 0) {
      setDialog(null);
      return;
    }
    setFormError(null);
    try {
      const updated = await update.mutateAsync({ id: vendor.id, patch });
      setDialog(null);
      notifications.show({ color: 'green', title: VENDORS_PAGE_MESSAGES.updated, message: updated.name });
      await utils.vendors.invalidate();
    } catch (error) {
      setFormError(errorMessage(error, VENDORS_PAGE_MESSAGES.saveFailed));
    }
  }

  async function removeVendor(vendor: Vendor) {
    try {
      await remove.mutateAsync({ id: vendor.id });
      setDialog(null);
      notifications.show({ color: 'green', title: VENDORS_PAGE_MESSAGES.removed, message: vendor.name });
      await utils.vendors.invalidate();
    } catch (error) {
      notifications.show({ color: 'red', message: errorMessage(error, VENDORS_PAGE_MESSAGES.removeFailed) });
    }
  }

  const inviteControls = (
    <Stack gap={6} align="flex-start">
      <RoleGuard capability="vendors.write">
        <Button
          onClick={() => open({ kind: 'invite' })}
          disabled={mayWrite && !canInvite}
          loading={properties.isPending}
          aria-describedby={canInvite || properties.isPending ? undefined : 'invite-vendor-hint'}
        >
          {VENDORS_PAGE_MESSAGES.invite}
        </Button>
      </RoleGuard>
      {!canInvite && !properties.isPending && (
        <>
          <Text size="xs" c={properties.isError ? 'red' : 'dimmed'} id="invite-vendor-hint">
            {properties.isError
              ? errorMessage(properties.error, VENDORS_PAGE_MESSAGES.propertiesFailed)
              : VENDORS_PAGE_MESSAGES.noProperties}
          </Text>
          {noProperties && (
            <RoleGuard capability="properties.write">
              <ButtonLink to="/properties/new" size="xs" variant="default">
                Add Property
              </ButtonLink>
            </RoleGuard>
          )}
        </>
      )}
    </Stack>
  );
  const noVendors = vendors.isSuccess && vendors.data.length === 0;

  return (
    <>
      {!noVendors && (
        <Group justify="space-between" align="center" mt="lg" gap="sm">
          <Text size="sm" c="dimmed" aria-live="polite">
            {vendors.data ? `${vendors.data.length} ${vendors.data.length === 1 ? 'vendor' : 'vendors'}` : ''}
          </Text>
          {inviteControls}
        </Group>
      )}

      <section aria-label="Vendors">
        <VendorGrid
          vendors={vendors.data}
          loading={vendors.isPending}
          error={vendors.isError ? errorMessage(vendors.error, 'Try again in a moment') : null}
          onRetry={() => void vendors.refetch()}
          emptyAction={inviteControls}
          onDialog={open}
        />
      </section>

      {dialog?.kind === 'invite' && (
        <InviteVendorModal
          opened
          title={VENDORS_PAGE_MESSAGES.invite}
          properties={sortedProperties}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'edit' && (
        <EditVendorModal
          opened
          vendor={dialog.vendor}
          onClose={() => setDialog(null)}
          busy={update.isPending}
          error={formError}
          onSave={(patch) => void save(dialog.vendor, patch)}
        />
      )}
      <Modal opened={dialog?.kind === 'remove'} onClose={() => setDialog(null)} title="Remove this vendor?">
        {dialog?.kind === 'remove' && (
          <Stack gap="sm">
            <Text>
              <strong>{dialog.vendor.name}</strong> leaves your vendors and their upload links stop working.
              Documents they uploaded stay in the vault.
            </Text>
            <Group justify="flex-end" mt="sm">
              <Button variant="default" onClick={() => setDialog(null)} data-autofocus>
                Cancel
              </Button>
              <Button color="red" loading={remove.isPending} onClick={() => void removeVendor(dialog.vendor)}>
                Remove
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </>
  );
}

const GRID_COLS = { base: 1, sm: 2, lg: 3 } as const;

function VendorGrid({
  vendors,
  loading,
  error,
  onRetry,
  emptyAction,
  onDialog,
}: {
  vendors: readonly Vendor[] | undefined;
  loading: boolean;
  error: string | null;
  onRetry: () => void;
  emptyAction: ReactNode;
  onDialog: (dialog: Dialog) => void;
}) {
  if (loading) {
    return (
      <SimpleGrid cols={GRID_COLS} mt="md" aria-busy="true" aria-label="Loading vendors">
        {[0, 1, 2].map((key) => (
          <Paper key={key} withBorder radius="md" p="md" data-testid="vendor-skeleton">
            <Skeleton height={20} width="60%" />
            <Skeleton height={14} mt="sm" width="40%" />
            <Skeleton height={24} mt="md" width={160} />
            <Skeleton height={14} mt="md" />
            <Skeleton height={14} mt="xs" width="70%" />
          </Paper>
        ))}
      </SimpleGrid>
    );
  }
  if (error !== null || !vendors) {
    return <LoadError title={VENDORS_PAGE_MESSAGES.loadFailed} message={error} onRetry={onRetry} mt="md" />;
  }
  if (vendors.length === 0) {
    return (
      <Paper withBorder radius="md" p="lg" mt="md">
        <Text fw={600}>{VENDORS_PAGE_MESSAGES.empty}</Text>
        <Text size="sm" c="dimmed" mt={4} maw={640}>
          {VENDORS_PAGE_MESSAGES.emptyHint}
        </Text>
        <Box mt="md">{emptyAction}</Box>
      </Paper>
    );
  }
  return (
    <SimpleGrid cols={GRID_COLS} spacing="md" verticalSpacing="md" mt="md">
      {vendors.map((vendor) => (
        <VendorCard
          key={vendor.id}
          vendor={vendor}
          onEdit={() => onDialog({ kind: 'edit', vendor })}
          onRemove={() => onDialog({ kind: 'remove', vendor })}
        />
      ))}
    </SimpleGrid>
  );
}
