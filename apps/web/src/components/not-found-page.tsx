import { Anchor, Container, Text, Title } from '@mantine/core';

/** Shown for any path the router does not know (the server answers every such path with the app). */
export function NotFoundPage() {
  return (
    <Container component="main" size="sm" py="xl">
      <Title order={1}>404 Page Not Found</Title>
      <Text mt="md">Did you forget to add the page to the router?</Text>
      <Anchor href="/" mt="md" display="inline-block">
        Go to the home page
      </Anchor>
    </Container>
  );
}
