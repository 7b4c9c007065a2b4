import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithRouter } from '../../../test/render';
import { type NextActionsData, NextActionsList } from './next-actions';
import { dnaCodeStyle } from './property-card';

const item = (
  id: string,
  level: 'critical' | 'high' | 'medium' | 'low',
  title: string,
  kind: 'upload' | 'book_provider' | 'mark_done',
  tab: 'vault' | 'escalation' | 'actions',
  label: string,
): NextActionsData['items'][number] => ({
  id,
  level,
  title,
  reason: `Why ${title}`,
  property: { id: `p-${id}`, name: `Property ${id}` },
  due_date: null,
  overdue: false,
  action: { kind, label, tab },
  reminder_id: null,
});

describe('NextActionsList', () => {
  it('lists the items in the order given, each with its level, reason, property and one action opening its tab', async () => {
    const data: NextActionsData = {
      items: [
        item('a', 'critical', 'Expired insurance policy', 'upload', 'vault', 'Upload'),
        item('b', 'high', 'Service the geyser', 'mark_done', 'actions', 'Mark done'),
      ],
      total: 2,
    };
    await renderWithRouter(<NextActionsList data={data} loading={false} />);
    const rows = within(await screen.findByRole('list')).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/^CriticalExpired insurance policyProperty aWhy Expired insurance policyUpload$/),
      expect.stringMatching(/^HighService the geyserProperty bWhy Service the geyserMark done$/),
    ]);
    const upload = screen.getByRole('link', { name: 'Upload: Expired insurance policy, Property a' });
    expect(upload.getAttribute('href')).toBe('/properties/p-a?tab=vault');
    const done = screen.getByRole('link', { name: 'Mark done: Service the geyser, Property b' });
    expect(done.getAttribute('href')).toBe('/properties/p-b?tab=actions');
  });

  it('shows the first five and counts the rest; says when nothing needs doing; loading and unavailable', async () => {
    const many = Array.from({ length: 7 }, (_, index) =>
      item(String(index), 'medium', `Gap ${index}`, 'book_provider', 'escalation', 'Book a provider'),
    );
    const { unmount } = await renderWithRouter(
      <NextActionsList data={{ items: many, total: 9 }} loading={false} />,
    );
    expect(await screen.findAllByRole('link', { name: /^Book a provider/ })).toHaveLength(5);
    expect(screen.getByText(/And 4 more/)).toBeTruthy();
    unmount();
    const empty = await renderWithRouter(<NextActionsList data={{ items: [], total: 0 }} loading={false} />);
    expect(await screen.findByText('Nothing needs doing now: every property is in order.')).toBeTruthy();
    empty.unmount();
    const loading = await renderWithRouter(<NextActionsList data={undefined} loading />);
    expect(await screen.findByRole('status', { name: 'Loading what to do next' })).toBeTruthy();
    loading.unmount();
    await renderWithRouter(<NextActionsList data={undefined} loading={false} />);
    expect(await screen.findByText('What to do next is unavailable right now.')).toBeTruthy();
  });
});

describe('dnaCodeStyle', () => {
  it('keeps a DNA code on one line; a very long one breaks only between its parts', () => {
    expect(dnaCodeStyle('PDNA-ZA-CPT-A123-2026-7K3Q9X')).toEqual({ whiteSpace: 'nowrap' });
    expect(dnaCodeStyle('PDNA-ZA-CPT-VERYLONGPARCEL1234-UNIT12A-2026-7K3Q9X')).toEqual({
      wordBreak: 'keep-all',
      overflowWrap: 'normal',
    });
  });
});
