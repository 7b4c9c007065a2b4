import { Button, Group, Stack, Text } from '@mantine/core';

/** A `tel:` address from a number as people type it ('082 555 0199' → 'tel:0825550199'). */
export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

/**
 * Spec §2 Contact: Email (a mailto: link) and, with a phone number, Call (a tel: link), each named for
 * the vendor ('Email Sipho Dlamini'), with the address and number written out to read or copy.
 */
export function VendorContact({ vendor }: { vendor: { name: string; email: string; phone: string | null } }) {
  return (
    <Stack gap={4}>
      <Group gap="xs">
        <Button
          component="a"
          href={`mailto:${vendor.email}`}
          size="xs"
          variant="default"
          aria-label={`Email ${vendor.name}`}
        >
          Email
        </Button>
        {vendor.phone && (
          <Button
            component="a"
            href={telHref(vendor.phone)}
            size="xs"
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
