import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithMantine } from '../test/render';
import { EditFeaturesModal, PropertyFeaturesSummary } from './property-features';

describe('PropertyFeaturesSummary', () => {
  it("lists the features by their labels, with 'Change features'", () => {
    const onEdit = vi.fn();
    renderWithMantine(<PropertyFeaturesSummary features={['gas', 'thatch_roof']} onEdit={onEdit} />);
    const list = screen.getByRole('list', { name: 'Features' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Gas installation', 'Thatch roof']);
    fireEvent.click(screen.getByRole('button', { name: 'Change features' }));
    expect(onEdit).toHaveBeenCalledOnce();
  });

  it("says 'None recorded' when there are none, and offers no edit without a handler", () => {
    renderWithMantine(<PropertyFeaturesSummary features={[]} />);
    expect(screen.getByText('None recorded')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Change features' })).toBeNull();
  });
});

describe('EditFeaturesModal', () => {
  it('starts from the property features and saves the ticked ones in the list order', () => {
    const onSubmit = vi.fn();
    renderWithMantine(
      <EditFeaturesModal features={['alarm']} opened onClose={vi.fn()} busy={false} onSubmit={onSubmit} />,
    );
    const group = screen.getByRole('group', { name: 'What does the property have?' });
    expect((within(group).getByLabelText('Alarm system') as HTMLInputElement).checked).toBe(true);
    fireEvent.click(within(group).getByLabelText('Gas installation'));
    fireEvent.click(within(group).getByLabelText('Swimming pool'));
    fireEvent.click(screen.getByRole('button', { name: 'Save features' }));
    expect(onSubmit).toHaveBeenCalledWith(['gas', 'pool', 'alarm']);
  });
});
