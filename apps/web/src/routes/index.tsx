import { Anchor, Container, Group, Text, Title } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { ApiStatus } from '../components/api-status';

export const Route = createFileRoute('/')({
  component: HomePage,
});

function HomePage() {
  return (
    <Container component="main" size="sm" py="xl">
      <Title order={1}>PropertyDNA</Title>
      <Text mt="md" size="lg">
        A permanent DNA code and a document vault for every South African property.
      </Text>
      <Group component="nav" aria-label="Account" mt="lg" gap="lg">
        {/* Plain anchors until the login and sign-up pages exist in the router. */}
        <Anchor href="/login">Log in</Anchor>
        <Anchor href="/signup">Sign up</Anchor>
      </Group>
      <ApiStatus />
    </Container>
  );
}
