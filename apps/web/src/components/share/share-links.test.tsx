import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithMantine } from '../../test/render';
import {
  ACCESS_LOG_COLUMNS,
  AccessLogTable,
  AccessLogView,
  formatEventTime,
  type ShareEventRow,
  type ShareLinkRow,
  ShareLinksTable,
} from './share-links';

function link(overrides: Partial<ShareLinkRow> = {}): ShareLinkRow {
  return {
    id: 'link-1',
    created_at: '2026-11-20T08:00:00.000Z',
    expires_at: '2026-12-20T08:00:00.000Z',
    status: 'active',
    password_protected: false,
    job_ref: null,
    document_names: ['Title deed.pdf'],
    views: 0,
    downloads: 0,
    ...overrides,
  };
}

function event(overrides: Partial<ShareEventRow> = {}): ShareEventRow {
  return {
    action: 'view',
    ip: '203.0.113.7',
    user_id: null,
    user_name: null,
    document_id: null,
    document_name: null,
    created_at: '2026-11-22T08:05:00.000Z',
    ...overrides,
  };
}

const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

describe('ShareLinksTable', () => {
  it('shows each link: created, status, password, counts and expiry', () => {
    renderWithMantine(
      <ShareLinksTable
        links={[link({ password_protected: true, views: 3, downloads: 2 })]}
        onRevoke={vi.fn()}
        onShowLog={vi.fn()}
      />,
    );
    const [, row] = screen.getAllByRole('row') as HTMLElement[];
    expect(cellsOf(row as HTMLElement).slice(0, 6)).toEqual([
      'Nov 20, 2026',
      'active',
      'Yes',
      '3',
      '2',
      'Dec 20, 2026',
    ]);
  });

  it("says 'No share links yet' when there are none", () => {
    renderWithMantine(<ShareLinksTable links={[]} onRevoke={vi.fn()} onShowLog={vi.fn()} />);
    expect(screen.getByText('No share links yet')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('revokes only active links, and none while a revoke is out', () => {
    const onRevoke = vi.fn();
    const links = [
      link({ id: 'active' }),
      link({ id: 'expired', status: 'expired' }),
      link({ id: 'revoked', status: 'revoked' }),
    ];
    const { rerender } = renderWithMantine(
      <ShareLinksTable links={links} onRevoke={onRevoke} onShowLog={vi.fn()} />,
    );
    const buttons = screen.getAllByRole('button', { name: 'Revoke' }) as HTMLButtonElement[];
    expect(buttons.map((button) => button.disabled)).toEqual([false, true, true]);
    fireEvent.click(buttons[0] as HTMLButtonElement);
    expect(onRevoke).toHaveBeenCalledWith('active');
    fireEvent.click(buttons[1] as HTMLButtonElement);
    expect(onRevoke).toHaveBeenCalledTimes(1);

    rerender(<ShareLinksTable links={links} revoking onRevoke={onRevoke} onShowLog={vi.fn()} />);
    const pending = screen.getAllByRole('button', { name: 'Revoke' }) as HTMLButtonElement[];
    expect(pending.every((button) => button.disabled)).toBe(true);
  });

  it("opens the access log of any link, revoked ones included, with the link's id", () => {
    const onShowLog = vi.fn();
    renderWithMantine(
      <ShareLinksTable
        links={[link({ id: 'first' }), link({ id: 'second', status: 'revoked' })]}
        onRevoke={vi.fn()}
        onShowLog={onShowLog}
      />,
    );
    const buttons = screen.getAllByRole('button', { name: 'Access log' }) as HTMLButtonElement[];
    expect(buttons.map((button) => button.disabled)).toEqual([false, false]);
    // A real <button>: reachable with Tab and pressed with Enter or Space.
    expect(buttons[1]?.tagName).toBe('BUTTON');
    fireEvent.click(buttons[1] as HTMLButtonElement);
    expect(onShowLog).toHaveBeenCalledWith('second');
    expect(onShowLog).toHaveBeenCalledTimes(1);
  });
});

describe('AccessLogTable', () => {
  it('labels every action and shows time, document, visitor and IP', () => {
    renderWithMantine(
      <AccessLogTable
        events={[
          event({
            action: 'adopt',
            user_id: 'u1',
            user_name: 'Thandiwe Mokoena',
            document_id: 'd1',
            document_name: 'Roof report.pdf',
            created_at: '2026-11-22T10:30:00.000Z',
          }),
          event({ action: 'download', document_id: 'd1', document_name: 'Roof report.pdf' }),
          event({ action: 'unlock_failed', ip: '198.51.100.2' }),
          event({ action: 'unlock_ok' }),
          event({ action: 'view', created_at: '2026-11-21T21:59:00.000Z' }),
        ]}
      />,
    );
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      ...ACCESS_LOG_COLUMNS,
    ]);
    const [, adopt, download, failed, unlocked, viewed] = screen.getAllByRole('row') as HTMLElement[];
    // Johannesburg is UTC+2: 10:30Z is 12:30 there, and 21:59Z on the 21st is 23:59 the same day.
    expect(cellsOf(adopt as HTMLElement)).toEqual([
      'Nov 22, 2026 12:30',
      'Adopted',
      'Roof report.pdf',
      'Thandiwe Mokoena',
      '203.0.113.7',
    ]);
    expect(cellsOf(download as HTMLElement)).toEqual([
      'Nov 22, 2026 10:05',
      'Downloaded',
      'Roof report.pdf',
      'Anonymous',
      '203.0.113.7',
    ]);
    expect(cellsOf(failed as HTMLElement)).toEqual([
      'Nov 22, 2026 10:05',
      'Wrong password',
      '—',
      'Anonymous',
      '198.51.100.2',
    ]);
    expect(cellsOf(unlocked as HTMLElement)[1]).toBe('Unlocked');
    expect(cellsOf(viewed as HTMLElement).slice(0, 3)).toEqual(['Nov 21, 2026 23:59', 'Viewed', '—']);
  });

  it("says 'No access yet' when nobody used the link", () => {
    renderWithMantine(<AccessLogTable events={[]} />);
    expect(screen.getByText('No access yet')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });
});

describe('AccessLogView', () => {
  it('shows a loader while loading', () => {
    renderWithMantine(<AccessLogView loading error={null} events={undefined} />);
    expect(screen.getByLabelText('Loading access log')).toBeTruthy();
    expect(screen.queryByText('No access yet')).toBeNull();
  });

  it("shows the server's message in a red alert", () => {
    renderWithMantine(<AccessLogView loading={false} error="Share link not found" events={undefined} />);
    expect(screen.getByRole('alert').textContent).toBe('Share link not found');
  });

  it('shows the events once loaded', () => {
    renderWithMantine(<AccessLogView loading={false} error={null} events={[event()]} />);
    expect(screen.getByRole('table', { name: 'Access log' })).toBeTruthy();
    expect(screen.getByText('Viewed')).toBeTruthy();
  });
});

describe('formatEventTime', () => {
  it('gives the date and the 24-hour time in Johannesburg', () => {
    expect(formatEventTime('2026-01-05T23:15:00.000Z')).toBe('Jan 06, 2026 01:15');
  });
});
