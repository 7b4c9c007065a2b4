import { notifications } from '@mantine/notifications';
import { ROOFING_SERVICE_REPORT_V1, TEMPLATE_MESSAGES, type Template } from '@propertydna/domain';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { TRPCClientError } from '@trpc/client';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithMantine } from '../../../../test/render';
import { TemplateForm, type TemplateFormProps } from './template-form';
import { TEMPLATE_CREATED, TEMPLATE_UPDATED, TemplatesPanel } from './templates-panel';

// The panel's tRPC calls, stubbed: the templates query, the two mutations and the cache invalidation.
const api = vi.hoisted(() => ({
  query: { data: undefined as unknown, isError: false, isLoading: false },
  create: vi.fn(),
  update: vi.fn(),
  invalidate: vi.fn(),
}));
vi.mock('../../../../lib/trpc', () => ({
  trpc: {
    useUtils: () => ({ supplier: { templates: { invalidate: api.invalidate } } }),
    supplier: {
      templates: { useQuery: () => api.query },
      createTemplate: { useMutation: () => ({ mutateAsync: api.create, isPending: false }) },
      updateTemplate: { useMutation: () => ({ mutateAsync: api.update, isPending: false }) },
    },
  },
}));

function renderForm(props: Partial<TemplateFormProps> = {}) {
  const onSubmit = vi.fn();
  const onCancel = vi.fn();
  renderWithMantine(<TemplateForm pending={false} onSubmit={onSubmit} onCancel={onCancel} {...props} />);
  return { onSubmit, onCancel };
}

// Role queries go by the accessible name: the per-field inputs are named 'Field 1 name' and so on,
// though their visible labels ('Name', 'Label') repeat in every row.
const textbox = (name: string | RegExp) => screen.getByRole('textbox', { name }) as HTMLInputElement;
const typeSelect = (n: number) =>
  screen.getByRole('combobox', { name: `Field ${n} type` }) as HTMLSelectElement;
/** The options input of a select field (a tags input, which is a combobox rather than a textbox). */
const optionsInput = (n: number) => screen.queryByLabelText(`Field ${n} options`) as HTMLInputElement | null;
const typeInto = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save' }));

/** Types an option into a select field's tags input and presses Enter, as a keyboard user would. */
function addOption(n: number, option: string) {
  const input = optionsInput(n) as HTMLInputElement;
  // The tags input ignores changes to an input without focus (autofill), so focus it as a user would.
  input.focus();
  typeInto(input, option);
  fireEvent.keyDown(input, { key: 'Enter' });
}

const OWN_TEMPLATE: Template = {
  id: 'tpl-1',
  name: 'Gutter Inspection',
  category: 'gutters',
  version: 3,
  fields: [
    {
      name: 'gutter_material',
      type: 'select',
      required: true,
      label: 'Gutter material',
      options: ['PVC', 'Aluminium'],
    },
    { name: 'notes', type: 'textarea', required: false, label: 'Notes' },
  ],
  certificate_type: null,
  issue_date_field: null,
};

describe('TemplateForm', () => {
  it('starts a new template at version 1 with one empty text field', () => {
    renderForm();
    expect(screen.getByRole('form', { name: 'New template' })).toBeTruthy();
    expect(textbox('Version').value).toBe('1');
    expect(textbox('Field 1 name').value).toBe('');
    expect(typeSelect(1).value).toBe('text');
    expect(screen.queryByRole('textbox', { name: 'Field 2 name' })).toBeNull();
    // The options input belongs to select fields only.
    expect(optionsInput(1)).toBeNull();
  });

  it("shows the domain's messages: required name and category, snake_case names, select options", async () => {
    const { onSubmit } = renderForm();
    typeInto(textbox('Field 1 name'), 'Roof Type');
    typeInto(textbox('Field 1 label'), 'Roof type');
    fireEvent.change(typeSelect(1), { target: { value: 'select' } });
    expect(optionsInput(1)).toBeTruthy();
    save();
    expect(await screen.findByText(TEMPLATE_MESSAGES.fieldName)).toBeTruthy();
    expect(screen.getByText(TEMPLATE_MESSAGES.selectNeedsOptions)).toBeTruthy();
    expect(screen.getByText(TEMPLATE_MESSAGES.nameRequired)).toBeTruthy();
    expect(screen.getByText(TEMPLATE_MESSAGES.categoryRequired)).toBeTruthy();
    expect(textbox('Field 1 name').getAttribute('aria-invalid')).toBe('true');
    // The first input with an error takes the focus.
    await waitFor(() => expect(document.activeElement).toBe(textbox(/^Name/)));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('needs at least one field, and unique field names', async () => {
    const { onSubmit } = renderForm();
    typeInto(textbox(/^Name/), 'Gutter Inspection');
    typeInto(textbox(/^Category/), 'gutters');
    fireEvent.click(screen.getByRole('button', { name: 'Remove field 1' }));
    expect(screen.queryByRole('textbox', { name: 'Field 1 name' })).toBeNull();
    save();
    expect(await screen.findByText(TEMPLATE_MESSAGES.noFields)).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();

    for (const n of [1, 2]) {
      fireEvent.click(screen.getByRole('button', { name: 'Add field' }));
      typeInto(textbox(`Field ${n} name`), 'notes');
      typeInto(textbox(`Field ${n} label`), `Notes ${n}`);
    }
    save();
    expect(await screen.findByText(TEMPLATE_MESSAGES.fieldNamesUnique)).toBeTruthy();
    expect(screen.queryByText(TEMPLATE_MESSAGES.noFields)).toBeNull();
    // The second of the two is the duplicate.
    expect(textbox('Field 2 name').getAttribute('aria-invalid')).toBe('true');
    expect(textbox('Field 1 name').getAttribute('aria-invalid')).not.toBe('true');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends the parsed template: trimmed text, options only on select fields, no row keys', async () => {
    const { onSubmit } = renderForm();
    typeInto(textbox(/^Name/), '  Gutter Inspection ');
    typeInto(textbox(/^Category/), 'gutters');
    typeInto(textbox('Version'), '2');
    typeInto(textbox('Field 1 name'), 'gutter_material');
    typeInto(textbox('Field 1 label'), 'Gutter material');
    fireEvent.change(typeSelect(1), { target: { value: 'select' } });
    addOption(1, 'PVC');
    addOption(1, 'Aluminium');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Field 1 required' }));

    fireEvent.click(screen.getByRole('button', { name: 'Add field' }));
    // The new row's name input takes the focus, for keyboard users.
    await waitFor(() => expect(document.activeElement).toBe(textbox('Field 2 name')));
    typeInto(textbox('Field 2 name'), 'notes');
    typeInto(textbox('Field 2 label'), 'Notes');
    // Options typed while the field was a select are dropped when it becomes another type.
    fireEvent.change(typeSelect(2), { target: { value: 'select' } });
    addOption(2, 'stray');
    fireEvent.change(typeSelect(2), { target: { value: 'textarea' } });

    save();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({
      name: 'Gutter Inspection',
      category: 'gutters',
      version: 2,
      fields: [
        {
          name: 'gutter_material',
          type: 'select',
          required: true,
          label: 'Gutter material',
          options: ['PVC', 'Aluminium'],
        },
        { name: 'notes', type: 'textarea', required: false, label: 'Notes' },
      ],
      certificate_type: null,
      issue_date_field: null,
    });
  });

  it('declares the certificate its reports are and the date field that is their issue date', async () => {
    const { onSubmit } = renderForm({
      template: {
        ...OWN_TEMPLATE,
        fields: [{ name: 'inspected_on', type: 'date', required: true, label: 'Inspected on' }],
      },
    });
    const certificate = screen.getByRole('combobox', { name: /^Certificate type/ }) as HTMLSelectElement;
    const issueField = screen.getByRole('combobox', { name: /^Issue date field/ }) as HTMLSelectElement;
    expect(Array.from(issueField.options).map((option) => option.value)).toEqual(['', 'inspected_on']);
    // A type without its issue date field is refused with the schema's message.
    fireEvent.change(certificate, { target: { value: 'roof_inspection' } });
    save();
    expect(await screen.findByText(TEMPLATE_MESSAGES.issuesBoth)).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
    fireEvent.change(issueField, { target: { value: 'inspected_on' } });
    save();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({
      certificate_type: 'roof_inspection',
      issue_date_field: 'inspected_on',
    });
  });

  it('prefills an edited template and sends it back unchanged, without its id', async () => {
    const { onSubmit } = renderForm({ template: OWN_TEMPLATE });
    expect(screen.getByRole('form', { name: 'Edit template' })).toBeTruthy();
    expect(textbox(/^Name/).value).toBe('Gutter Inspection');
    expect(textbox(/^Category/).value).toBe('gutters');
    expect(textbox('Version').value).toBe('3');
    expect(textbox('Field 1 name').value).toBe('gutter_material');
    expect(textbox('Field 1 label').value).toBe('Gutter material');
    expect(typeSelect(1).value).toBe('select');
    expect((screen.getByRole('checkbox', { name: 'Field 1 required' }) as HTMLInputElement).checked).toBe(
      true,
    );
    expect(screen.getByText('PVC')).toBeTruthy();
    expect(screen.getByText('Aluminium')).toBeTruthy();
    expect(textbox('Field 2 name').value).toBe('notes');
    expect(typeSelect(2).value).toBe('textarea');
    expect((screen.getByRole('checkbox', { name: 'Field 2 required' }) as HTMLInputElement).checked).toBe(
      false,
    );
    expect(optionsInput(2)).toBeNull();

    save();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    const { id: _id, ...withoutId } = OWN_TEMPLATE;
    expect(onSubmit.mock.calls[0]?.[0]).toEqual(withoutId);
  });

  it('shows Save as loading while saving', () => {
    renderForm({ pending: true });
    expect(screen.getByRole('button', { name: 'Save' }).hasAttribute('data-loading')).toBe(true);
    expect((screen.getByRole('button', { name: 'Cancel' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('calls onCancel, without submitting, on Cancel', () => {
    const { onSubmit, onCancel } = renderForm();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onSubmit).not.toHaveBeenCalled();
  });
});

const BUILT_IN = { ...ROOFING_SERVICE_REPORT_V1, builtIn: true };
const OWN = { ...OWN_TEMPLATE, builtIn: false };

describe('TemplatesPanel', () => {
  beforeEach(() => {
    api.query = { data: [OWN, BUILT_IN], isError: false, isLoading: false };
    api.create.mockReset();
    api.update.mockReset();
    api.invalidate.mockReset().mockResolvedValue(undefined);
  });

  const rows = () =>
    within(screen.getByRole('table', { name: 'Templates' }))
      .getAllByRole('row')
      .slice(1);

  it("lists the built-in template first, with Edit only on the supplier's own templates", () => {
    renderWithMantine(<TemplatesPanel />);
    const [first, second] = rows();
    expect(within(first as HTMLElement).getByText('Built-in')).toBeTruthy();
    expect(within(first as HTMLElement).queryByRole('button', { name: /Edit/ })).toBeNull();
    expect(within(second as HTMLElement).getByText('2 fields, 1 required')).toBeTruthy();
    expect(
      within(second as HTMLElement).getByRole('button', { name: 'Edit Gutter Inspection' }),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'New template' })).toBeTruthy();
  });

  it('shows the built-in template alone when the list cannot be loaded', () => {
    api.query = { data: undefined, isError: true, isLoading: false };
    renderWithMantine(<TemplatesPanel />);
    expect(rows()).toHaveLength(1);
    expect(screen.getByText(ROOFING_SERVICE_REPORT_V1.name)).toBeTruthy();
  });

  it("creates a template from the 'New template' modal, then refreshes the list", async () => {
    api.create.mockResolvedValue({ ...OWN, id: 'tpl-2' });
    renderWithMantine(<TemplatesPanel />);
    fireEvent.click(screen.getByRole('button', { name: 'New template' }));
    const dialog = await screen.findByRole('dialog', { name: 'New template' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Name/ }), {
      target: { value: 'Solar Check' },
    });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Category/ }), {
      target: { value: 'solar' },
    });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Field 1 name' }), {
      target: { value: 'panel_count' },
    });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Field 1 label' }), {
      target: { value: 'Panel count' },
    });
    fireEvent.change(within(dialog).getByRole('combobox', { name: 'Field 1 type' }), {
      target: { value: 'number' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(TEMPLATE_CREATED)).toBeTruthy();
    expect(api.create).toHaveBeenCalledWith({
      name: 'Solar Check',
      category: 'solar',
      version: 1,
      fields: [{ name: 'panel_count', type: 'number', required: false, label: 'Panel count' }],
      certificate_type: null,
      issue_date_field: null,
    });
    expect(api.update).not.toHaveBeenCalled();
    await waitFor(() => expect(api.invalidate).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("updates an own template by id, and keeps the modal open with the server's message when refused", async () => {
    api.update.mockRejectedValueOnce(
      TRPCClientError.from({
        error: { message: 'Template not found', code: -32004, data: { code: 'NOT_FOUND', httpStatus: 404 } },
      }),
    );
    renderWithMantine(<TemplatesPanel />);
    fireEvent.click(screen.getByRole('button', { name: 'Edit Gutter Inspection' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit template' });
    expect((within(dialog).getByRole('textbox', { name: 'Field 1 name' }) as HTMLInputElement).value).toBe(
      'gutter_material',
    );
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Version' }), { target: { value: '4' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Template not found')).toBeTruthy();
    expect(api.invalidate).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Edit template' })).toBeTruthy();

    // The test outlet shows one toast at a time: dismiss the error so the next one shows.
    act(() => notifications.clean());
    api.update.mockResolvedValueOnce({ ...OWN, version: 4 });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(TEMPLATE_UPDATED)).toBeTruthy();
    const { id, builtIn: _builtIn, ...template } = OWN;
    expect(api.update).toHaveBeenLastCalledWith({ id, template: { ...template, version: 4 } });
    expect(api.create).not.toHaveBeenCalled();
    await waitFor(() => expect(api.invalidate).toHaveBeenCalledTimes(1));
  });
});
