import { Center, Group, Loader, Text } from '@mantine/core';

/** What a protected page shows while the signed-in user is being loaded (spec §2). */
export function LoadingScreen() {
  return (
    <Center component="main" mih="60vh">
      <Group gap="sm" role="status" aria-live="polite">
        <Loader size="sm" aria-hidden="true" />
        <Text>Loading...</Text>
      </Group>
    </Center>
  );
}
