import {
  Alert,
  Button,
  Checkbox,
  CopyButton,
  Group,
  Modal,
  NativeSelect,
  NumberInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import {
  type DocumentKind,
  formatDate,
  INVITE_DEFAULT_DAYS,
  INVITE_MAX_DAYS,
  inviteAccessSummary,
  VENDOR_ACCESS_KINDS,
  vendorInviteSchema,
} from '@propertydna/domain';
import { useState } from 'react';
import { errorMessage } from '../../lib/error-message';
import { trpc } from '../../lib/trpc';
import { DialogFooter } from '../dialog-footer';
import { KIND_LABELS } from '../documents/labels';

export const INVITE_MESSAGES = {
  sent: 'Invite sent',
  sentTo: (email: string) => `The upload link was emailed to ${email}`,
  failed: 'Unable to send the invite',
} as const;

interface InviteValues {
  name: string;
  email: string;
  company: string;
  phone: string;
  propertyId: string;
  allowedKinds: DocumentKind[];
  /** A NumberInput's value: '' while the field is empty. */
  expiresInDays: number | string;
}

/** What a re-invite starts from: the vendor as the owner knows them and what their last link allowed. */
export interface InvitePrefill {
  name?: string;
  email?: string;
  company?: string | null;
  phone?: string | null;
  allowedKinds?: readonly DocumentKind[];
}

/** The kinds an invite may allow (spec §6, §9): the API refuses any other. */
export type VendorAccessKind = (typeof VENDOR_ACCESS_KINDS)[number];

const KIND_CHOICES = VENDOR_ACCESS_KINDS.map((kind) => ({ value: kind, label: KIND_LABELS[kind] }));

/**
 * The kinds an invite asks for, in the kinds' order: those of `kinds` an invite may allow, or all of them
 * when `kinds` holds none (a link from before the limit, which allowed other kinds only).
 */
export function inviteKinds(kinds: readonly string[] | undefined): VendorAccessKind[] {
  const allowed = VENDOR_ACCESS_KINDS.filter((kind) => kinds?.includes(kind));
  return allowed.length > 0 ? allowed : [...VENDOR_ACCESS_KINDS];
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The sentence the vendor's access will read once sent, while the form holds a valid choice. */
function accessPreview(values: InviteValues, now: Date): string | null {
  const days = values.expiresInDays;
  if (typeof days !== 'number' || !Number.isInteger(days) || days < 1 || days > INVITE_MAX_DAYS) return null;
  if (values.allowedKinds.length === 0) return null;
  return inviteAccessSummary(values.allowedKinds, new Date(now.getTime() + days * DAY_MS));
}

export type InviteVendorModalProps = {
  opened: boolean;
  onClose: () => void;
  /** 'Invite Service Provider' (a property's Vendors tab), 'Invite Vendor' (the Vendors page). */
  title: string;
  prefill?: InvitePrefill;
  /** The form's clock (the access sentence's end date). */
  now?: Date;
} & (
  | {
      /** The property the invite is for (a property's Vendors tab): not asked for. */
      propertyId: string;
      properties?: undefined;
    }
  | {
      propertyId?: undefined;
      /** The properties to choose from (the Vendors page); the only one is chosen at first. */
      properties: readonly { id: string; name: string }[];
    }
);

/**
 * Invite Service Provider / Invite Vendor (spec §2, §5): name, email, company and phone (optional), the
 * property when it is not given, the document kinds the vendor may upload (only certificate and
 * inspection, both at first, spec §6, §9; at least one) and how long the link lasts (14 days at first),
 * checked with the domain's messages (vendorInviteSchema). Sent, the vendor is e-mailed the link; the
 * dialog shows it once, to copy, and the vendor lists are refetched. A refusal shows the server's message and keeps what was typed.
 */
export function InviteVendorModal(props: InviteVendorModalProps) {
  const { opened, onClose, title, prefill, now = new Date() } = props;
  const utils = trpc.useUtils();
  const invite = trpc.vendors.invite.useMutation();
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<{ url: string; expiresAt: string; email: string } | null>(null);
  const onlyProperty = props.properties?.length === 1 ? props.properties[0]?.id : undefined;
  const form = useForm<InviteValues>({
    initialValues: {
      name: prefill?.name ?? '',
      email: prefill?.email ?? '',
      company: prefill?.company ?? '',
      phone: prefill?.phone ?? '',
      propertyId: props.propertyId ?? onlyProperty ?? '',
      allowedKinds: inviteKinds(prefill?.allowedKinds),
      expiresInDays: INVITE_DEFAULT_DAYS,
    },
    validate: schemaResolver(vendorInviteSchema, { sync: true }),
  });
  const busy = invite.isPending;

  async function send(values: InviteValues) {
    if (busy) return;
    const parsed = vendorInviteSchema.safeParse(values);
    if (!parsed.success) return;
    setError(null);
    try {
      const created = await invite.mutateAsync(parsed.data);
      setSent({ url: created.invite.url, expiresAt: created.invite.expires_at, email: parsed.data.email });
      notifications.show({
        color: 'green',
        title: INVITE_MESSAGES.sent,
        message: INVITE_MESSAGES.sentTo(parsed.data.email),
      });
      // The vendor lists, and Find Provider's answers, which put the owner's vendors first.
      await Promise.all([utils.vendors.invalidate(), utils.escalation.findProviders.invalidate()]);
    } catch (failure) {
      setError(errorMessage(failure, INVITE_MESSAGES.failed));
    }
  }

  const preview = accessPreview(form.values, now);
  const chosenProperty = props.properties?.find((property) => property.id === form.values.propertyId);
  const vault = props.propertyId
    ? "this property's vault"
    : chosenProperty
      ? `the vault of ${chosenProperty.name}`
      : "the chosen property's vault";

  return (
    <Modal opened={opened} onClose={busy ? () => {} : onClose} title={title} size="lg">
      {sent ? (
        <InviteLink {...sent} onClose={onClose} />
      ) : (
        <form noValidate onSubmit={form.onSubmit((values) => void send(values))}>
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              They get an email with a link to upload documents to {vault}. No account needed; you can revoke
              the link at any time.
            </Text>
            {props.properties && (
              <NativeSelect
                label="Property"
                withAsterisk
                data={[
                  { value: '', label: 'Choose the property', disabled: true },
                  ...props.properties.map((property) => ({ value: property.id, label: property.name })),
                ]}
                {...form.getInputProps('propertyId')}
              />
            )}
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="sm">
              <TextInput
                label="Name"
                withAsterisk
                autoComplete="off"
                data-autofocus
                {...form.getInputProps('name')}
              />
              <TextInput
                label="Email"
                type="email"
                withAsterisk
                autoComplete="off"
                {...form.getInputProps('email')}
              />
              <TextInput label="Company (Optional)" autoComplete="off" {...form.getInputProps('company')} />
              <TextInput
                label="Phone (Optional)"
                type="tel"
                autoComplete="off"
                {...form.getInputProps('phone')}
              />
            </SimpleGrid>
            <Checkbox.Group
              label="Documents they may upload"
              withAsterisk
              {...form.getInputProps('allowedKinds')}
              onChange={(next) =>
                form.setFieldValue(
                  'allowedKinds',
                  VENDOR_ACCESS_KINDS.filter((kind) => next.includes(kind)),
                )
              }
            >
              <Group gap="lg" mt="xs">
                {KIND_CHOICES.map((choice) => (
                  <Checkbox key={choice.value} value={choice.value} label={choice.label} />
                ))}
              </Group>
            </Checkbox.Group>
            <NumberInput
              label="Link valid for (days)"
              description={`From 1 to ${INVITE_MAX_DAYS} days`}
              min={1}
              max={INVITE_MAX_DAYS}
              allowDecimal={false}
              allowNegative={false}
              w={{ base: '100%', xs: 200 }}
              {...form.getInputProps('expiresInDays')}
            />
            {preview && (
              <Text size="sm" data-testid="access-preview">
                Access: Certificate Upload. {preview}.
              </Text>
            )}
            <DialogFooter
              error={error}
              onCancel={onClose}
              cancelDisabled={busy}
              submitLabel="Send invite"
              busyLabel="Sending…"
              busy={busy}
            />
          </Stack>
        </form>
      )}
    </Modal>
  );
}

/** The upload link, shown once (it is also e-mailed): to copy and send some other way. */
function InviteLink({
  url,
  expiresAt,
  email,
  onClose,
}: {
  url: string;
  expiresAt: string;
  email: string;
  onClose: () => void;
}) {
  return (
    <Stack gap="sm">
      <Alert color="green" title={INVITE_MESSAGES.sent}>
        <Text size="sm">
          We emailed the upload link to <strong>{email}</strong>. It works until {formatDate(expiresAt)}.
        </Text>
      </Alert>
      <TextInput
        label="Upload link"
        description="Copy it to send by message as well. Only this screen shows it: PropertyDNA keeps only its fingerprint."
        readOnly
        value={url}
        onFocus={(event) => event.currentTarget.select()}
        styles={{ input: { textOverflow: 'ellipsis' } }}
      />
      <Group justify="flex-end" mt="sm">
        <Button variant="default" onClick={onClose}>
          Done
        </Button>
        <CopyButton value={url}>
          {({ copied, copy }) => (
            <Button color={copied ? 'green' : undefined} onClick={copy} data-autofocus>
              {copied ? 'Copied' : 'Copy link'}
            </Button>
          )}
        </CopyButton>
      </Group>
    </Stack>
  );
}
