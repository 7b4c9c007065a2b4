import { Badge, Button, Group, Loader, Modal, Stack, Table } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { TemplateDraft } from '@propertydna/domain';
import { useState } from 'react';
import { StackedTable, TableHead } from '../../../../components/table-head';
import { errorMessage } from '../../../../lib/error-message';
import { trpc } from '../../../../lib/trpc';
import { TemplateForm } from './template-form';
import { type ConsoleTemplate, useTemplates } from './use-templates';

export const TEMPLATE_CREATED = 'Template created';
export const TEMPLATE_UPDATED = 'Template updated';

/** What the modal holds: a new template, or one of the supplier's own being edited. */
type Editing = { template?: ConsoleTemplate | undefined; key: number };

const TEMPLATE_COLUMNS = ['Name', 'Category', 'Version', 'Fields', 'Actions'] as const;

/**
 * Templates tab: the report templates (cards on a phone), built-in first, with their field counts;
 * 'New template' and, for the supplier's own templates (not the built-in one), 'Edit', in a modal.
 */
export function TemplatesPanel() {
  const utils = trpc.useUtils();
  const { templates, isLoading } = useTemplates();
  const create = trpc.supplier.createTemplate.useMutation();
  const update = trpc.supplier.updateTemplate.useMutation();
  // The last template opened stays set while the modal closes, so its title and form fade out unchanged.
  const [editing, setEditing] = useState<Editing>({ key: 0 });
  const [opened, setOpened] = useState(false);
  const pending = create.isPending || update.isPending;

  const open = (template?: ConsoleTemplate) => {
    // A fresh key per opening: the form starts from the chosen template, not from the last one typed.
    setEditing((previous) => ({ template, key: previous.key + 1 }));
    setOpened(true);
  };
  const close = () => {
    if (!pending) setOpened(false);
  };

  const save = async (draft: TemplateDraft) => {
    const id = editing.template?.id;
    try {
      if (id) await update.mutateAsync({ id, template: draft });
      else await create.mutateAsync(draft);
    } catch (error) {
      notifications.show({ color: 'red', title: 'Error', message: errorMessage(error, 'Error') });
      return;
    }
    notifications.show({ color: 'green', message: id ? TEMPLATE_UPDATED : TEMPLATE_CREATED });
    setOpened(false);
    await utils.supplier.templates.invalidate();
  };

  if (isLoading) return <Loader size="sm" />;
  return (
    <Stack gap="md">
      <Group>
        <Button onClick={() => open()}>New template</Button>
      </Group>
      <StackedTable aria-label="Templates" minWidth={560}>
        <TableHead columns={TEMPLATE_COLUMNS} />
        <Table.Tbody>
          {templates.map((template) => (
            <Table.Tr key={template.id}>
              <Table.Td data-label="Name">
                <Group gap="xs">
                  {template.name}
                  {template.builtIn && (
                    <Badge variant="light" size="sm">
                      Built-in
                    </Badge>
                  )}
                </Group>
              </Table.Td>
              <Table.Td data-label="Category">{template.category}</Table.Td>
              <Table.Td data-label="Version">v{template.version}</Table.Td>
              <Table.Td data-label="Fields">
                {template.fields.length} fields, {template.fields.filter((field) => field.required).length}{' '}
                required
              </Table.Td>
              <Table.Td data-label="Actions">
                {!template.builtIn && (
                  <Button
                    size="xs"
                    variant="default"
                    aria-label={`Edit ${template.name}`}
                    onClick={() => open(template)}
                  >
                    Edit
                  </Button>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </StackedTable>
      <Modal
        opened={opened}
        onClose={close}
        title={editing.template ? 'Edit template' : 'New template'}
        size="xl"
        closeOnClickOutside={!pending}
        closeOnEscape={!pending}
      >
        <TemplateForm
          key={editing.key}
          template={editing.template}
          pending={pending}
          onSubmit={save}
          onCancel={close}
        />
      </Modal>
    </Stack>
  );
}
