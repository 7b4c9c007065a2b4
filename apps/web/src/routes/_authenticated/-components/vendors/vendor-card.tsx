import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { vendorCompanyLabel } from '@propertydna/domain';
import { useId } from 'react';
import { AnchorLink } from '../../../../components/router-links';
import { documentsCountLabel, type Vendor } from '../../../../components/vendors/labels';
import {
  SpecialtyBadges,
  VendorAccessDetails,
  VerifiedBadge,
} from '../../../../components/vendors/vendor-badges';
import { VendorContact } from '../../../../components/vendors/vendor-contact';
import { RoleGuard } from '../../../../lib/permissions';

export interface VendorCardProps {
  vendor: Vendor;
  onEdit: () => void;
  onRemove: () => void;
}

/**
 * A vendor of the directory (spec §2 Vendors, §3, §4): name, company ('Independent' when empty), the
 * Verified badge, specialties, contact, each property it serves with its access, how many documents it
 * brought in, the owner's notes; Edit and Remove (36px tall, to tap; held back, with the reason, from a
 * role that cannot change vendors).
 */
export function VendorCard({ vendor, onEdit, onRemove }: VendorCardProps) {
  const nameId = useId();
  return (
    <Paper
      component="article"
      withBorder
      radius="md"
      p="md"
      aria-labelledby={nameId}
      data-testid="vendor-card"
      style={{ minWidth: 0 }}
    >
      <Stack gap="sm" h="100%">
        <div>
          <Group gap="xs">
            <Title order={2} size="h5" id={nameId} style={{ overflowWrap: 'anywhere' }}>
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
        </div>
        <SpecialtyBadges of={vendor.name} specialties={vendor.specialties} />
        <VendorContact vendor={vendor} />
        <div>
          <Text size="sm" fw={600}>
            Properties
          </Text>
          {vendor.properties.length === 0 ? (
            <Text size="sm" c="dimmed">
              Not invited to any property
            </Text>
          ) : (
            <Stack
              component="ul"
              gap="xs"
              p={0}
              m={0}
              mt={4}
              style={{ listStyle: 'none' }}
              aria-label={`Properties ${vendor.name} serves`}
            >
              {vendor.properties.map((property) => (
                <li key={property.id}>
                  <AnchorLink
                    to="/properties/$id"
                    params={{ id: property.id }}
                    size="sm"
                    fw={500}
                    style={{ overflowWrap: 'anywhere' }}
                  >
                    {property.name}
                  </AnchorLink>
                  <VendorAccessDetails access={property.access} />
                </li>
              ))}
            </Stack>
          )}
        </div>
        <Text size="sm" c="dimmed">
          {documentsCountLabel(vendor.documents_count)}
        </Text>
        {vendor.notes && (
          <Text
            size="sm"
            c="dimmed"
            lineClamp={3}
            style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}
          >
            {vendor.notes}
          </Text>
        )}
        <Group gap="xs" mt="auto">
          <RoleGuard capability="vendors.write">
            <Button size="sm" variant="default" onClick={onEdit} aria-label={`Edit ${vendor.name}`}>
              Edit
            </Button>
          </RoleGuard>
          <RoleGuard capability="vendors.write">
            <Button
              size="sm"
              variant="subtle"
              color="red"
              onClick={onRemove}
              aria-label={`Remove ${vendor.name}`}
            >
              Remove
            </Button>
          </RoleGuard>
        </Group>
      </Stack>
    </Paper>
  );
}
