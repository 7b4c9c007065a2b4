import { Alert, Button, type MantineSpacing } from '@mantine/core';

/** A list that could not be loaded: what failed, the server's reason and Retry. */
export function LoadError({
  title,
  message,
  onRetry,
  mt,
}: {
  title: string;
  message: string | null;
  onRetry: () => void;
  mt?: MantineSpacing;
}) {
  return (
    <Alert color="red" role="alert" title={title} mt={mt}>
      {message}
      <Button mt="sm" variant="default" display="block" onClick={onRetry}>
        Retry
      </Button>
    </Alert>
  );
}
