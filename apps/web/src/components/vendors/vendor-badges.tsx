import { Badge, Group, Stack, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { VERIFICATION_LEVEL_LABELS, type VerificationLevel } from '@propertydna/domain';
import { ACCESS_STATUS_COLORS, ACCESS_STATUS_LABELS, type VendorAccess } from './labels';

/**
 * What the badge stands for: a registered supplier (by its confirmed e-mail address) that someone checked
 * (its documents reviewed by PropertyDNA, or matched in an official register); typed insurance never.
 */
export function verifiedExplanation(registeredSupplier: string | null, level: VerificationLevel): string {
  const how =
    level === 'register_matched'
      ? 'registration matched in an official register'
      : 'documents checked by PropertyDNA';
  return registeredSupplier
    ? `Registered supplier ${registeredSupplier}, ${how}`
    : `Registered supplier, ${how}`;
}

/**
 * Spec §2: a verified vendor's badge names its level ('Documents checked', 'Register matched'), with the
 * registered supplier's name on hover and for screen readers (the badge is not focusable, so the name is
 * in its accessible text, not only in the tooltip).
 */
export function VerifiedBadge({
  registeredSupplier,
  level,
}: {
  registeredSupplier: string | null;
  level: VerificationLevel;
}) {
  const explanation = verifiedExplanation(registeredSupplier, level);
  return (
    <Tooltip label={explanation} multiline maw={280} withArrow>
      <Badge color="green" variant="light" tt="none" data-testid="verified-badge">
        {VERIFICATION_LEVEL_LABELS[level]}
        <VisuallyHidden>: {explanation}</VisuallyHidden>
      </Badge>
    </Tooltip>
  );
}

/** Spec §4: Active while the vendor's upload link is live; Expired or Revoked once it is not. */
export function VendorStatusBadge({ status }: { status: VendorAccess['status'] }) {
  return (
    <Badge color={ACCESS_STATUS_COLORS[status]} variant={status === 'active' ? 'filled' : 'light'}>
      {ACCESS_STATUS_LABELS[status]}
    </Badge>
  );
}

/**
 * A vendor's access to one property (spec §4): the status badge, the access level ('Certificate Upload')
 * and what the link allows until when, in a sentence.
 */
export function VendorAccessDetails({ access }: { access: VendorAccess }) {
  return (
    <Stack gap={2} data-testid="vendor-access">
      <Group gap={6}>
        <VendorStatusBadge status={access.status} />
        <Badge color="gray" variant="outline" tt="none">
          {access.access_level}
        </Badge>
      </Group>
      <Text size="sm" c={access.status === 'active' ? undefined : 'dimmed'}>
        {access.summary}
      </Text>
    </Stack>
  );
}

/** Service categories as a labelled list of badges (a vendor's, a provider's); nothing when there are none. */
export function SpecialtyBadges({ of, specialties }: { of: string; specialties: readonly string[] }) {
  if (specialties.length === 0) return null;
  return (
    <Group
      gap={6}
      component="ul"
      p={0}
      m={0}
      style={{ listStyle: 'none' }}
      aria-label={`Specialties of ${of}`}
    >
      {specialties.map((specialty) => (
        <Badge key={specialty} component="li" variant="light" color="blue" tt="none" fw={500}>
          {specialty}
        </Badge>
      ))}
    </Group>
  );
}
