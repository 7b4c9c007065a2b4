import { Button, Group, Stack, Text } from '@mantine/core';
import { useId } from 'react';

/** A `tel:` address from a number as people type it ('082 555 0199' → 'tel:0825550199'). */
export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

/**
 * Spec §2 Contact: under a 'Contact' label (which also names the group), Email (a mailto: link) and, with
 * a phone number, Call (a tel: link), each named for the vendor ('Email Sipho Dlamini') and big enough to
 * tap (36px), with the address and number written out to read or copy.
 */
export function VendorContact({ vendor }: { vendor: { name: string; email: string; phone: string | null } }) {
  const labelId = useId();
  return (
    <Stack gap={4} role="group" aria-labelledby={labelId}>
      <Text size="sm" fw={600} id={labelId}>
        Contact
      </Text>
      <Group gap="xs">
        <Button
          component="a"
          href={`mailto:${vendor.email}`}
          size="sm"
          variant="default"
          aria-label={`Email ${vendor.name}`}
        >
          Email
        </Button>
        {vendor.phone && (
          <Button
            component="a"
            href={telHref(vendor.phone)}
            size="sm"
            variant="default"
            aria-label={`Call ${vendor.name}`}
          >
            Call
          </Button>
        )}
      </Group>
      <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        {vendor.email}
        {vendor.phone ? ` · ${vendor.phone}` : ''}
      </Text>
    </Stack>
  );
}
