import { Badge, Group, Loader, Table } from '@mantine/core';
import { useTemplates } from './use-templates';

/** Templates tab: the report templates, built-in first, with their field counts. */
export function TemplatesPanel() {
  const { templates, isLoading } = useTemplates();
  if (isLoading) return <Loader size="sm" />;
  return (
    <Table aria-label="Templates">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Name</Table.Th>
          <Table.Th>Category</Table.Th>
          <Table.Th>Version</Table.Th>
          <Table.Th>Fields</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {templates.map((template) => (
          <Table.Tr key={template.id}>
            <Table.Td>
              <Group gap="xs">
                {template.name}
                {template.builtIn && (
                  <Badge variant="light" size="sm">
                    Built-in
                  </Badge>
                )}
              </Group>
            </Table.Td>
            <Table.Td>{template.category}</Table.Td>
            <Table.Td>v{template.version}</Table.Td>
            <Table.Td>
              {template.fields.length} fields, {template.fields.filter((field) => field.required).length}{' '}
              required
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
