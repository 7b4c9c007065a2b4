import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithMantine, renderWithRouter } from '../../../../test/render';
import { DemoActionsPanel } from './demo-actions-panel';
import { DemoPropertyDetail } from './demo-property-detail';
import { PROPERTY_TABS } from './property-tabs';

// 10:00 in Johannesburg.
const NOW = new Date('2026-11-22T08:00:00.000Z');

const fetchSpy = vi.fn();
beforeEach(() => {
  vi.stubGlobal('fetch', fetchSpy);
});
afterEach(() => {
  // The demo never asks the server for anything, whatever is clicked.
  expect(fetchSpy).not.toHaveBeenCalled();
  fetchSpy.mockClear();
  vi.unstubAllGlobals();
});

async function renderDemo() {
  await renderWithRouter(<DemoPropertyDetail now={NOW} />, '/properties/demo');
  await screen.findByRole('heading', { level: 1 });
}

const openTab = (name: string) => fireEvent.click(screen.getByRole('tab', { name }));

describe('DemoPropertyDetail', () => {
  it('shows the header with the Demo Property badge, the sample code and address, and the five tabs', async () => {
    await renderDemo();
    expect(screen.getByText('Demo Property')).toBeTruthy();
    expect(screen.getByTestId('dna-id').textContent).toBe('RES-DEMO-CT');
    expect(screen.getByText('12 Kloof Street, Gardens, Cape Town, 8001')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Dashboard' }).getAttribute('href')).toBe('/app');
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([...PROPERTY_TABS]);
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Archive' })).toBeNull();
  });

  it('lists the five sample documents in the Vault with KB sizes, short hashes, status and expiry', async () => {
    await renderDemo();
    const table = screen.getByRole('table', { name: 'Sample documents' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(5);
    const first = within(rows[0] as HTMLElement);
    expect(first.getByText('Title Deed T12345/2019')).toBeTruthy();
    expect(first.getByText('Deed')).toBeTruthy();
    expect(first.getByText('240.0 KB')).toBeTruthy();
    expect(first.getByText('66567dbaa5adde2b')).toBeTruthy();
    // The owner's own sample upload: the vault's Self-declared badge and line, never Verified.
    expect(first.getByText('Self-declared')).toBeTruthy();
    expect(first.getByText('Uploaded by the owner · Self-declared')).toBeTruthy();
    expect(within(table).getByText('1331.2 KB')).toBeTruthy();
    // Only the report of the sample supplier the sample register matched is Verified, with its issuer.
    expect(within(table).getAllByText('Verified')).toHaveLength(1);
    const roof = within(rows[3] as HTMLElement);
    expect(roof.getByText('Roof Inspection Report')).toBeTruthy();
    expect(roof.getByText('Verified')).toBeTruthy();
    expect(
      roof.getByText('Issued by a supplier on a job · Karoo Roofing (Pty) Ltd · Register matched'),
    ).toBeTruthy();
    expect(within(table).getAllByText('Self-declared')).toHaveLength(4);
    expect(within(table).queryByText('Pending')).toBeNull();
    // The whole tab is labelled as sample data.
    expect(within(screen.getByRole('tabpanel')).getByText(/^Sample data: /)).toBeTruthy();
    // Certificate: 240 days on.
    expect(within(table).getByText('Jul 20, 2027')).toBeTruthy();
    const view = first.getByRole('button', { name: 'View Title Deed T12345/2019' });
    expect(view.getAttribute('aria-disabled')).toBe('true');
    expect(
      first.getByRole('button', { name: 'Download Title Deed T12345/2019' }).getAttribute('aria-disabled'),
    ).toBe('true');
    fireEvent.mouseEnter(view);
    expect(await screen.findByText('Sample document')).toBeTruthy();
  });

  it('shows the policy check status, the time it last ran and its findings; re-running only toasts', async () => {
    await renderDemo();
    openTab('Policy Check');
    expect(screen.getByTestId('policy-status').textContent).toBe('Compliant');
    expect(screen.getByText('Last checked at 07:00')).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Findings' })).getAllByRole('listitem')).toHaveLength(3);
    fireEvent.click(screen.getByRole('button', { name: 'Run Full Compliance Check' }));
    expect(await screen.findByText('Compliance check')).toBeTruthy();
  });

  it('shows reminders due in 5, 15, 30 and 60 days with priorities; Mark Complete takes one off', async () => {
    await renderDemo();
    openTab('Actions');
    for (const due of ['Nov 27, 2026', 'Dec 07, 2026', 'Dec 22, 2026', 'Jan 21, 2027']) {
      expect(screen.getByText(`Due ${due}`)).toBeTruthy();
    }
    for (const priority of ['Critical', 'High', 'Medium', 'Low']) {
      expect(screen.getByText(priority)).toBeTruthy();
    }
    expect(screen.queryByText('Overdue')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Mark Complete: Insurance premium due' }));
    expect(screen.queryByText('Due Nov 27, 2026')).toBeNull();
    expect(await screen.findByText('Reminder completed')).toBeTruthy();
  });

  it('adds a custom reminder on the page', async () => {
    await renderDemo();
    openTab('Actions');
    fireEvent.click(screen.getByRole('button', { name: 'Add Custom Reminder' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Custom Reminder' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Reminder' }));
    expect(await within(dialog).findByText('Title is required')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/^Title/), { target: { value: 'Service the pool pump' } });
    fireEvent.change(within(dialog).getByLabelText(/^Due date/), { target: { value: '2026-12-01' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Reminder' }));
    expect(await screen.findByText('Due Dec 01, 2026')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Mark Complete: Service the pool pump' })).toBeTruthy();
  });

  it('lists the vendors with their sample level badges and Contact links, and Invite Service Provider', async () => {
    await renderDemo();
    openTab('Vendors');
    const vendors = screen.getAllByRole('listitem');
    expect(vendors).toHaveLength(3);
    const levels = vendors.map((vendor) => within(vendor as HTMLElement).getByTestId('verification-level'));
    expect(levels.map((level) => level.textContent?.split(':')[0])).toEqual([
      'Register matched',
      'Self-declared',
      'Self-declared',
    ]);
    expect(within(vendors[1] as HTMLElement).getByText('Independent')).toBeTruthy();
    const panel = within(screen.getByRole('tabpanel'));
    expect(panel.queryByText('Verified')).toBeNull();
    expect(panel.getByText(/^Sample data: /)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Contact Johan Pretorius' }).getAttribute('href')).toBe(
      'mailto:johan@karooroofing.example',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Invite Service Provider' }));
    expect(await screen.findByText(/Invitations are sent from your own properties/)).toBeTruthy();
  });

  it('asks for input on each escalation action', async () => {
    await renderDemo();
    openTab('Escalation');
    for (const action of ['Start Claim', 'Find Provider', 'Learn More', 'Schedule Call']) {
      expect(screen.getByRole('button', { name: action })).toBeTruthy();
    }
    fireEvent.click(screen.getByRole('button', { name: 'Start Claim' }));
    const dialog = await screen.findByRole('dialog', { name: 'Start Claim' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await within(dialog).findByText('Please enter an answer')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('What happened, and when?'), {
      target: { value: 'A storm lifted roof sheets last night.' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Claim details noted')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Start Claim' })).toBeNull());
  });
});

describe('DemoActionsPanel', () => {
  it('marks a reminder whose due date has passed Overdue', () => {
    renderWithMantine(
      <DemoActionsPanel
        today={NOW}
        initial={[
          {
            id: 'r1',
            title: 'Renew gas certificate',
            due_date: '2026-11-21',
            priority: 'high',
            type: 'certificate',
          },
        ]}
      />,
    );
    expect(screen.getByText('Overdue')).toBeTruthy();
  });
});
