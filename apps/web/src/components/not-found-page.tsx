import { Anchor, Container, Text, Title } from '@mantine/core';

/** The 404 texts of the spec, for a page that already has its landmarks (the older layout's fallback). */
export function NotFoundContent() {
  return (
    <Container size="sm" py="xl">
      <Title order={1}>404 Page Not Found</Title>
      <Text mt="md">Did you forget to add the page to the router?</Text>
      <Anchor href="/" mt="md" display="inline-block">
        Go to the home page
      </Anchor>
    </Container>
  );
}

/** Shown for any path the router does not know (the server answers every such path with the app). */
export function NotFoundPage() {
  return (
    <main>
      <NotFoundContent />
    </main>
  );
}
