import { Button, Group, Stack, Text } from '@mantine/core';
import { useId } from 'react';
import { telHref } from '../../../../../components/vendors/vendor-contact';
import type { Provider } from './labels';

/** A website as a link: a bare domain ('acme.co.za') is taken as https. */
export function websiteHref(website: string): string {
  const trimmed = website.trim();
  return /^https?:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
}

/**
 * How to reach a provider, like a vendor's Contact (components/vendors/vendor-contact.tsx) but with what
 * a supplier publishes: each of Email (mailto:), Call (tel:) and Website only when given, named for the
 * provider and 36px tall, with the address, number and website written out; 'No contact details
 * published' when there are none (nothing is made up).
 */
export function ProviderContact({
  provider,
}: {
  provider: Pick<Provider, 'company_name' | 'email' | 'phone' | 'website'>;
}) {
  const labelId = useId();
  const { company_name: name, email, phone, website } = provider;
  const written = [email, phone, website].filter(Boolean).join(' · ');
  return (
    <Stack gap={4} role="group" aria-labelledby={labelId}>
      <Text size="sm" fw={600} id={labelId}>
        Contact
      </Text>
      {!email && !phone && !website ? (
        <Text size="sm" c="dimmed">
          No contact details published
        </Text>
      ) : (
        <Group gap="xs">
          {email && (
            <Button
              component="a"
              href={`mailto:${email}`}
              size="sm"
              variant="default"
              aria-label={`Email ${name}`}
            >
              Email
            </Button>
          )}
          {phone && (
            <Button
              component="a"
              href={telHref(phone)}
              size="sm"
              variant="default"
              aria-label={`Call ${name}`}
            >
              Call
            </Button>
          )}
          {website && (
            <Button
              component="a"
              href={websiteHref(website)}
              target="_blank"
              rel="noopener noreferrer"
              size="sm"
              variant="default"
              aria-label={`Website of ${name} (opens in a new tab)`}
            >
              Website
            </Button>
          )}
        </Group>
      )}
      {written && (
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {written}
        </Text>
      )}
    </Stack>
  );
}
