import { Container, Group, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { Logo } from './logo';
import { AnchorLink } from './router-links';

/**
 * A narrow, phone-first page for someone who follows a mailed link without an account (a vendor's upload
 * invite, a buyer's transfer offer): the logo home, then the page's content.
 */
export function PublicLinkPage({ children }: { children: ReactNode }) {
  return (
    <Container size="sm" px="md" py="lg" component="main">
      <Stack gap="xl">
        <Group justify="space-between">
          <AnchorLink to="/" aria-label="PropertyDNA home" underline="never">
            <Logo />
          </AnchorLink>
        </Group>
        {children}
      </Stack>
    </Container>
  );
}
