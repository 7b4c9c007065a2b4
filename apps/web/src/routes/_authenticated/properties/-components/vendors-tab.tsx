import { Button, Group, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { formatDate, vendorCompanyLabel } from '@propertydna/domain';
import { useId, useState } from 'react';
import { KIND_LABELS } from '../../../../components/documents/labels';
import { ListLoading } from '../../../../components/list-loading';
import { LoadError } from '../../../../components/load-error';
import {
  INVITE_MESSAGES,
  type InvitePrefill,
  InviteVendorModal,
  inviteKinds,
} from '../../../../components/vendors/invite-vendor-modal';
import { NO_VENDORS, type PropertyVendor } from '../../../../components/vendors/labels';
import { VendorAccessDetails, VerifiedBadge } from '../../../../components/vendors/vendor-badges';
import { VendorContact } from '../../../../components/vendors/vendor-contact';
import { errorMessage } from '../../../../lib/error-message';
import { RoleGuard } from '../../../../lib/permissions';
import { trpc } from '../../../../lib/trpc';

export const VENDORS_TAB_MESSAGES = {
  invite: 'Invite Service Provider',
  empty: NO_VENDORS,
  emptyHint:
    'Invite the electrician, plumber or gas installer who issues your certificates: they upload them straight into this vault through a link, no account needed.',
  loading: 'Loading vendors…',
  loadFailed: 'Unable to load the vendors',
  nothingUploaded: 'Nothing uploaded yet',
  revoked: 'Access revoked',
  revokedMessage: (name: string) => `${name} can no longer upload to this property`,
  revokeFailed: 'Unable to revoke the access',
  resendTitle: 'Send a new upload link?',
  resendConfirm: (name: string) => `Send ${name} a new link? The link sent before stops working.`,
  resend: 'Send new link',
} as const;

/** What is open over the list: the invite form (new or a re-invite), or the revoke or resend confirmation. */
type Dialog =
  | { kind: 'invite'; prefill?: InvitePrefill; title: string }
  | { kind: 'revoke'; vendor: PropertyVendor }
  | { kind: 'resend'; vendor: PropertyVendor };

/**
 * The Vendors tab of a property (spec §2, §4): the service providers invited to it, each with the
 * Verified badge, Contact, whether their upload link is Active (access level 'Certificate Upload', what
 * it allows until when), what they uploaded; Resend link and Revoke while the link is live, Re-invite
 * once it is not; and Invite Service Provider. Those are vendors.write (vendors.invite, revoke): held
 * back, with the reason, from a role without it and on a property read-only on the Free plan (RoleGuard);
 * the list and the contact links stay.
 */
export function VendorsTab({ propertyId, now }: { propertyId: string; now?: Date }) {
  const utils = trpc.useUtils();
  const vendors = trpc.vendors.byProperty.useQuery({ propertyId });
  const revoke = trpc.vendors.revoke.useMutation();
  const invite = trpc.vendors.invite.useMutation();
  const [dialog, setDialog] = useState<Dialog | null>(null);

  const inviteNew = () => setDialog({ kind: 'invite', title: VENDORS_TAB_MESSAGES.invite });
  const reinvite = (vendor: PropertyVendor) =>
    setDialog({
      kind: 'invite',
      title: `Re-invite ${vendor.name}`,
      prefill: {
        name: vendor.name,
        email: vendor.email,
        company: vendor.company,
        phone: vendor.phone,
        allowedKinds: vendor.access.allowed_kinds,
      },
    });

  async function revokeAccess(vendor: PropertyVendor) {
    try {
      await revoke.mutateAsync({ id: vendor.id, propertyId });
      setDialog(null);
      notifications.show({
        color: 'green',
        title: VENDORS_TAB_MESSAGES.revoked,
        message: VENDORS_TAB_MESSAGES.revokedMessage(vendor.name),
      });
      await utils.vendors.invalidate();
    } catch (error) {
      notifications.show({ color: 'red', message: errorMessage(error, VENDORS_TAB_MESSAGES.revokeFailed) });
    }
  }

  /**
   * A new link for a live vendor who lost theirs: the same vendor, property and kinds (the server renews
   * the invite, so the link sent before stops working; it lasts the default 14 days).
   */
  async function resendLink(vendor: PropertyVendor) {
    if (invite.isPending) return;
    try {
      await invite.mutateAsync({
        name: vendor.name,
        email: vendor.email,
        company: vendor.company,
        phone: vendor.phone,
        propertyId,
        allowedKinds: inviteKinds(vendor.access.allowed_kinds),
      });
      setDialog(null);
      notifications.show({
        color: 'green',
        title: INVITE_MESSAGES.sent,
        message: INVITE_MESSAGES.sentTo(vendor.email),
      });
      await utils.vendors.invalidate();
    } catch (error) {
      notifications.show({ color: 'red', message: errorMessage(error, INVITE_MESSAGES.failed) });
    }
  }

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm">
        <Title order={2} size="h4">
          Vendors
        </Title>
        <RoleGuard capability="vendors.write">
          <Button variant="light" onClick={inviteNew}>
            {VENDORS_TAB_MESSAGES.invite}
          </Button>
        </RoleGuard>
      </Group>
      <VendorList
        vendors={vendors.data}
        loading={vendors.isPending}
        error={vendors.isError ? errorMessage(vendors.error, 'Try again in a moment') : null}
        onRetry={() => void vendors.refetch()}
        onInvite={inviteNew}
        onRevoke={(vendor) => setDialog({ kind: 'revoke', vendor })}
        onResend={(vendor) => setDialog({ kind: 'resend', vendor })}
        onReinvite={reinvite}
      />
      {dialog?.kind === 'invite' && (
        <InviteVendorModal
          opened
          title={dialog.title}
          propertyId={propertyId}
          prefill={dialog.prefill}
          now={now}
          onClose={() => setDialog(null)}
        />
      )}
      <Modal
        opened={dialog?.kind === 'revoke'}
        onClose={() => setDialog(null)}
        title="Revoke this vendor's access?"
      >
        {dialog?.kind === 'revoke' && (
          <Stack gap="sm">
            <Text>
              <strong>{dialog.vendor.name}</strong>&apos;s upload link for this property stops working at
              once. What they already uploaded stays in the vault; Re-invite sends a new link.
            </Text>
            <Group justify="flex-end" mt="sm">
              <Button variant="default" onClick={() => setDialog(null)} data-autofocus>
                Cancel
              </Button>
              <Button color="red" loading={revoke.isPending} onClick={() => void revokeAccess(dialog.vendor)}>
                Revoke
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
      <Modal
        opened={dialog?.kind === 'resend'}
        onClose={invite.isPending ? () => {} : () => setDialog(null)}
        title={VENDORS_TAB_MESSAGES.resendTitle}
      >
        {dialog?.kind === 'resend' && (
          <Stack gap="sm">
            <Text>{VENDORS_TAB_MESSAGES.resendConfirm(dialog.vendor.name)}</Text>
            <Group justify="flex-end" mt="sm">
              <Button
                variant="default"
                onClick={() => setDialog(null)}
                disabled={invite.isPending}
                data-autofocus
              >
                Cancel
              </Button>
              <Button loading={invite.isPending} onClick={() => void resendLink(dialog.vendor)}>
                {VENDORS_TAB_MESSAGES.resend}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}

function VendorList({
  vendors,
  loading,
  error,
  onRetry,
  onInvite,
  onRevoke,
  onResend,
  onReinvite,
}: {
  vendors: readonly PropertyVendor[] | undefined;
  loading: boolean;
  error: string | null;
  onRetry: () => void;
  onInvite: () => void;
  onRevoke: (vendor: PropertyVendor) => void;
  onResend: (vendor: PropertyVendor) => void;
  onReinvite: (vendor: PropertyVendor) => void;
}) {
  if (loading) return <ListLoading label={VENDORS_TAB_MESSAGES.loading} testId="vendor-skeleton" lines={3} />;
  if (error !== null || !vendors) {
    return <LoadError title={VENDORS_TAB_MESSAGES.loadFailed} message={error} onRetry={onRetry} />;
  }
  if (vendors.length === 0) {
    return (
      <Paper withBorder radius="md" p="lg">
        <Text fw={600}>{VENDORS_TAB_MESSAGES.empty}</Text>
        <Text size="sm" c="dimmed" mt={4}>
          {VENDORS_TAB_MESSAGES.emptyHint}
        </Text>
        <RoleGuard capability="vendors.write">
          <Button mt="md" onClick={onInvite}>
            {VENDORS_TAB_MESSAGES.invite}
          </Button>
        </RoleGuard>
      </Paper>
    );
  }
  return (
    <Stack
      gap="sm"
      component="ul"
      aria-label="Vendors of this property"
      p={0}
      m={0}
      style={{ listStyle: 'none' }}
    >
      {vendors.map((vendor) => (
        <PropertyVendorItem
          key={vendor.id}
          vendor={vendor}
          onRevoke={() => onRevoke(vendor)}
          onResend={() => onResend(vendor)}
          onReinvite={() => onReinvite(vendor)}
        />
      ))}
    </Stack>
  );
}

/**
 * One vendor of the property: who, contact, access, what came in; Resend link and Revoke while the link
 * is live, Re-invite once it is not (buttons 36px tall, to tap).
 */
function PropertyVendorItem({
  vendor,
  onRevoke,
  onResend,
  onReinvite,
}: {
  vendor: PropertyVendor;
  onRevoke: () => void;
  onResend: () => void;
  onReinvite: () => void;
}) {
  const nameId = useId();
  const active = vendor.access.status === 'active';
  return (
    <Paper
      component="li"
      withBorder
      radius="md"
      p="md"
      aria-labelledby={nameId}
      data-testid="property-vendor"
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Stack gap={2} style={{ flex: '1 1 14rem', minWidth: 0 }}>
            <Group gap="xs">
              <Title order={3} size="h5" id={nameId} style={{ overflowWrap: 'anywhere' }}>
                {vendor.name}
              </Title>
              {vendor.verified && vendor.verification_level && (
                <VerifiedBadge
                  registeredSupplier={vendor.registered_supplier}
                  level={vendor.verification_level}
                />
              )}
            </Group>
            <Text size="sm">{vendorCompanyLabel(vendor.company)}</Text>
          </Stack>
          <VendorContact vendor={vendor} />
        </Group>
        <VendorAccessDetails access={vendor.access} />
        <VendorUploads vendor={vendor} />
        <Group gap="xs">
          {active ? (
            <>
              <RoleGuard capability="vendors.write">
                <Button
                  size="sm"
                  variant="light"
                  onClick={onResend}
                  aria-label={`Resend link to ${vendor.name}`}
                >
                  Resend link
                </Button>
              </RoleGuard>
              <RoleGuard capability="vendors.write">
                <Button
                  size="sm"
                  variant="light"
                  color="red"
                  onClick={onRevoke}
                  aria-label={`Revoke ${vendor.name}`}
                >
                  Revoke
                </Button>
              </RoleGuard>
            </>
          ) : (
            <RoleGuard capability="vendors.write">
              <Button size="sm" variant="light" onClick={onReinvite} aria-label={`Re-invite ${vendor.name}`}>
                Re-invite
              </Button>
            </RoleGuard>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}

/** What the vendor uploaded to this property, newest first, or 'Nothing uploaded yet'. */
function VendorUploads({ vendor }: { vendor: PropertyVendor }) {
  if (vendor.uploads.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {VENDORS_TAB_MESSAGES.nothingUploaded}
      </Text>
    );
  }
  return (
    <div>
      <Text size="sm" fw={600}>
        Uploaded
      </Text>
      <Stack
        component="ul"
        gap={2}
        p={0}
        m={0}
        style={{ listStyle: 'none' }}
        aria-label={`Uploaded by ${vendor.name}`}
      >
        {vendor.uploads.map((upload) => (
          <Text component="li" key={upload.id} size="sm" style={{ overflowWrap: 'anywhere' }}>
            {upload.name}{' '}
            <Text span size="sm" c="dimmed">
              ({KIND_LABELS[upload.kind]}, {formatDate(upload.created_at)})
            </Text>
          </Text>
        ))}
      </Stack>
    </div>
  );
}
