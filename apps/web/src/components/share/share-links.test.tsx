import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithMantine } from '../../test/render';
import { rememberedShareUrl, rememberShareUrl } from './remembered-links';
import {
  ACCESS_LOG_COLUMNS,
  AccessLogTable,
  AccessLogView,
  COPY_ONLY_HERE,
  formatEventTime,
  type ShareEventRow,
  type ShareLinkRow,
  ShareLinksTable,
  sharedSubject,
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
  it('shows each link: what it shares, created, status, password, counts and expiry', () => {
    renderWithMantine(
      <ShareLinksTable
        links={[link({ password_protected: true, views: 3, downloads: 2 })]}
        onRevoke={vi.fn()}
        onShowLog={vi.fn()}
      />,
    );
    const [, row] = screen.getAllByRole('row') as HTMLElement[];
    expect(cellsOf(row as HTMLElement).slice(0, 7)).toEqual([
      'Title deed.pdf',
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
    const buttons = screen.getAllByRole('button', { name: /^Revoke/ }) as HTMLButtonElement[];
    expect(buttons.map((button) => button.disabled)).toEqual([false, true, true]);
    fireEvent.click(buttons[0] as HTMLButtonElement);
    expect(onRevoke).toHaveBeenCalledWith('active');
    fireEvent.click(buttons[1] as HTMLButtonElement);
    expect(onRevoke).toHaveBeenCalledTimes(1);

    rerender(<ShareLinksTable links={links} revoking onRevoke={onRevoke} onShowLog={vi.fn()} />);
    const pending = screen.getAllByRole('button', { name: /^Revoke/ }) as HTMLButtonElement[];
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
    const buttons = screen.getAllByRole('button', { name: /^Access log/ }) as HTMLButtonElement[];
    expect(buttons.map((button) => button.disabled)).toEqual([false, false]);
    // A real <button>: reachable with Tab and pressed with Enter or Space.
    expect(buttons[1]?.tagName).toBe('BUTTON');
    fireEvent.click(buttons[1] as HTMLButtonElement);
    expect(onShowLog).toHaveBeenCalledWith('second');
    expect(onShowLog).toHaveBeenCalledTimes(1);
  });
});

describe('what a link shares, and Copy', () => {
  it("names a job's link by its reference and a property's link by its documents", () => {
    expect(sharedSubject({ job_ref: 'JOB-MWSNWR9M-HCD5', document_names: [] })).toBe('Job JOB-MWSNWR9M-HCD5');
    expect(sharedSubject({ job_ref: null, document_names: ['A.pdf', 'B.pdf'] })).toBe('A.pdf, B.pdf');
    expect(sharedSubject({ job_ref: null, document_names: ['A.pdf', 'B.pdf', 'C.pdf', 'D.pdf'] })).toBe(
      'A.pdf, B.pdf and 2 more',
    );
    expect(sharedSubject({ job_ref: null, document_names: [] })).toBe('Documents since deleted');
  });

  it('copies a link made in this session; an older one only says why it cannot be copied', () => {
    const onCopy = vi.fn();
    renderWithMantine(
      <ShareLinksTable
        links={[
          link({ id: 'new', job_ref: 'JOB-1', document_names: [] }),
          link({ id: 'old', document_names: ['Old deed.pdf'] }),
          link({ id: 'gone', status: 'revoked', document_names: ['Gone.pdf'] }),
        ]}
        urlOf={(id) => (id === 'new' || id === 'gone' ? `https://example.test/share/${id}` : null)}
        onCopy={onCopy}
        onRevoke={vi.fn()}
        onShowLog={vi.fn()}
      />,
    );
    const copyNew = screen.getByRole('button', { name: 'Copy link: Job JOB-1' }) as HTMLButtonElement;
    const copyOld = screen.getByRole('button', { name: 'Copy link: Old deed.pdf' }) as HTMLButtonElement;
    const copyGone = screen.getByRole('button', { name: 'Copy link: Gone.pdf' }) as HTMLButtonElement;
    expect([copyNew.disabled, copyOld.disabled, copyGone.disabled]).toEqual([false, true, true]);
    fireEvent.click(copyNew);
    expect(onCopy).toHaveBeenCalledWith('https://example.test/share/new');
    expect(screen.getByText(COPY_ONLY_HERE)).toBeTruthy();
  });

  it('remembers the URL of a link made in this tab only', () => {
    expect(rememberedShareUrl('link-x')).toBeNull();
    rememberShareUrl('link-x', 'https://example.test/share/abc');
    expect(rememberedShareUrl('link-x')).toBe('https://example.test/share/abc');
    expect(JSON.parse(window.sessionStorage.getItem('propertydna:share-links') ?? '{}')).toEqual({
      'link-x': 'https://example.test/share/abc',
    });
    window.sessionStorage.clear();
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
