import { Group, Table, Text } from '@mantine/core';
import { DownloadLink, ViewLink } from './document-links';

/** A document table's name cell: the name set a little bolder, under its column's `label` on a phone. */
export function DocumentNameCell({ label, name }: { label: string; name: string }) {
  return (
    <Table.Td data-label={label}>
      <Text size="sm" fw={500}>
        {name}
      </Text>
    </Table.Td>
  );
}

/** A document table's Actions cell: View and Download, side by side, wrapping in a narrow cell. */
export function DocumentLinksCell({ document }: { document: { id: string; name: string } }) {
  return (
    <Table.Td data-label="Actions">
      <Group gap="xs" wrap="wrap">
        <ViewLink id={document.id} name={document.name} />
        <DownloadLink id={document.id} name={document.name} />
      </Group>
    </Table.Td>
  );
}
