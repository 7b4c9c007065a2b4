import { notifications } from '@mantine/notifications';
import type { AppRouter } from '@propertydna/api/router';
import { REMINDER_MESSAGES } from '@propertydna/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { TRPCClientError, type TRPCLink } from '@trpc/client';
import { observable } from '@trpc/server/observable';
import { describe, expect, it } from 'vitest';
import type { PropertyReminder } from '../../../../lib/maintenance';
import { trpc } from '../../../../lib/trpc';
import { renderWithRouter } from '../../../../test/render';
import { ACTIONS_MESSAGES, ActionsTab } from './actions-tab';

const PROPERTY_ID = '0b6f5d1e-3c39-4b7a-9f0e-0c5d6e7f8a91';
const NOW = new Date('2026-11-22T06:00:00Z');

function reminder(overrides: Partial<PropertyReminder> = {}): PropertyReminder {
  return {
    id: 'custom:r1',
    title: 'Renew the alarm contract',
    message: 'Call the security company',
    due_date: '2026-12-01',
    priority: 'medium',
    type: 'maintenance',
    overdue: false,
    days_until: 9,
    source: { kind: 'custom', id: 'r1' },
    ...overrides,
  };
}

const GEYSER = reminder({
  id: 'task:t1',
  title: 'Geyser service',
  message: 'Overdue by 2 days',
  due_date: '2026-11-20',
  priority: 'critical',
  overdue: true,
  days_until: -2,
  source: { kind: 'task', id: 't1' },
});
const COC = reminder({
  id: 'document:d1',
  title: 'Electrical CoC expires',
  message: 'Certificate expires in 40 days',
  due_date: '2027-01-01',
  priority: 'low',
  type: 'certificate',
  days_until: 40,
  source: { kind: 'document', id: 'd1' },
});

interface FakeServer {
  reminders: PropertyReminder[];
  calls: { path: string; input: unknown }[];
  /** How often each query was asked for. */
  asked: Record<string, number>;
  failures: number;
}

function fakeApi(server: FakeServer) {
  const link: TRPCLink<AppRouter> =
    () =>
    ({ op }) =>
      observable((observer) => {
        const input = (op.input ?? {}) as Record<string, unknown>;
        const answer = (data: unknown) => observer.next({ result: { type: 'data', data } });
        if (op.type === 'mutation') server.calls.push({ path: op.path, input: op.input });
        else server.asked[op.path] = (server.asked[op.path] ?? 0) + 1;
        switch (op.path) {
          case 'maintenance.reminders':
            if (server.failures > 0) {
              server.failures -= 1;
              observer.error(TRPCClientError.from(new Error('The database is resting')));
              return;
            }
            answer(server.reminders);
            break;
          case 'maintenance.completeReminder':
            server.reminders = server.reminders.filter((item) => item.id !== input.id);
            answer({ ok: true, message: 'Reminder completed' });
            break;
          case 'maintenance.addReminder': {
            const added = reminder({
              id: 'custom:new',
              title: input.title as string,
              message: (input.message as string | undefined) ?? 'Due in 9 days',
              due_date: input.due_date as string,
              priority: input.priority as PropertyReminder['priority'],
            });
            server.reminders.push(added);
            answer(added);
            break;
          }
        }
        observer.complete();
      });
  return trpc.createClient({ links: [link] });
}

async function renderTab(overrides: Partial<FakeServer> = {}) {
  const server: FakeServer = {
    reminders: [GEYSER, reminder(), COC],
    calls: [],
    asked: {},
    failures: 0,
    ...overrides,
  };
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } },
  });
  // Something else on the page shows the dashboard's counts: it is refetched after a change.
  queryClient.setQueryData([['properties', 'stats'], { type: 'query' }], {});
  await renderWithRouter(
    <trpc.Provider client={fakeApi(server)} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <ActionsTab propertyId={PROPERTY_ID} now={NOW} />
      </QueryClientProvider>
    </trpc.Provider>,
  );
  return { server, queryClient };
}

const items = () => screen.getAllByTestId('reminder');

describe('ActionsTab', () => {
  it('lists the reminders with their priority, Overdue when past, type, message and due date', async () => {
    await renderTab();
    await screen.findAllByTestId('reminder');
    const [geyser, alarm, coc] = items().map((item) => within(item));
    expect(geyser?.getByText('Geyser service')).toBeTruthy();
    expect(geyser?.getByText('Critical')).toBeTruthy();
    expect(geyser?.getByText('Overdue')).toBeTruthy();
    expect(geyser?.getByText('Maintenance')).toBeTruthy();
    expect(geyser?.getByText('Due Nov 20, 2026')).toBeTruthy();
    expect(alarm?.getByText('Medium')).toBeTruthy();
    expect(alarm?.queryByText('Overdue')).toBeNull();
    expect(alarm?.getByText('Call the security company')).toBeTruthy();
    expect(coc?.getByText('Certificate')).toBeTruthy();
    expect(coc?.getByText('Low')).toBeTruthy();
    expect(coc?.getByText('Due Jan 01, 2027')).toBeTruthy();
  });

  it('Mark Complete ends a reminder, toasts the server’s message and refreshes the list and the stats', async () => {
    const { server, queryClient } = await renderTab();
    await screen.findAllByTestId('reminder');
    fireEvent.click(screen.getByRole('button', { name: 'Mark Complete: Renew the alarm contract' }));
    expect(await screen.findByText('Reminder completed')).toBeTruthy();
    expect(server.calls).toEqual([{ path: 'maintenance.completeReminder', input: { id: 'custom:r1' } }]);
    await waitFor(() => expect(items()).toHaveLength(2));
    expect(server.asked['maintenance.reminders']).toBe(2);
    expect(queryClient.getQueryState([['properties', 'stats'], { type: 'query' }])?.isInvalidated).toBe(true);
  });

  it('asks before Mark Complete completes a maintenance task', async () => {
    const { server } = await renderTab();
    await screen.findAllByTestId('reminder');
    fireEvent.click(screen.getByRole('button', { name: 'Mark Complete: Geyser service' }));
    let dialog = within(await screen.findByRole('dialog', { name: 'Complete the maintenance task?' }));
    expect(dialog.getByText(/records it as done today and moves its next due date on/)).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(server.calls).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Mark Complete: Geyser service' }));
    dialog = within(await screen.findByRole('dialog', { name: 'Complete the maintenance task?' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Mark Complete' }));
    expect(await screen.findByText('Reminder completed')).toBeTruthy();
    expect(screen.getByText('Geyser service: done today, next due date moved on')).toBeTruthy();
    expect(server.calls).toEqual([{ path: 'maintenance.completeReminder', input: { id: 'task:t1' } }]);
  });

  it('adds a custom reminder with the domain’s messages, then shows it', async () => {
    const { server } = await renderTab({ reminders: [] });
    expect(await screen.findByText(ACTIONS_MESSAGES.empty)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add Custom Reminder' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add Custom Reminder' }));
    expect((dialog.getByLabelText(/^Due date/) as HTMLInputElement).value).toBe('2026-11-29');
    // No type to choose: the server files it under maintenance.
    expect(dialog.queryByLabelText('Type')).toBeNull();
    fireEvent.change(dialog.getByLabelText(/^Due date/), { target: { value: '' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Add Reminder' }));
    expect(await dialog.findByText(REMINDER_MESSAGES.titleRequired)).toBeTruthy();
    expect(dialog.getByText(REMINDER_MESSAGES.dueDateRequired)).toBeTruthy();
    expect(server.calls).toEqual([]);

    fireEvent.change(dialog.getByLabelText(/^Title/), { target: { value: 'Service the pool pump' } });
    fireEvent.change(dialog.getByLabelText('Message (Optional)'), { target: { value: 'Before summer' } });
    fireEvent.change(dialog.getByLabelText(/^Due date/), { target: { value: '2026-12-05' } });
    fireEvent.change(dialog.getByLabelText('Priority'), { target: { value: 'high' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Add Reminder' }));
    expect(await screen.findByText('Reminder added')).toBeTruthy();
    expect(server.calls).toEqual([
      {
        path: 'maintenance.addReminder',
        input: {
          id: PROPERTY_ID,
          title: 'Service the pool pump',
          message: 'Before summer',
          due_date: '2026-12-05',
          priority: 'high',
        },
      },
    ]);
    const [added] = await screen.findAllByTestId('reminder');
    expect(within(added as HTMLElement).getByText('Due Dec 05, 2026')).toBeTruthy();
    expect(within(added as HTMLElement).getByText('High')).toBeTruthy();
  });

  it('shows placeholders while loading, then an error with Retry', async () => {
    await renderTab({ failures: 1 });
    expect(screen.getByLabelText('Loading reminders')).toBeTruthy();
    expect(await screen.findByText(ACTIONS_MESSAGES.loadFailed)).toBeTruthy();
    notifications.clean();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(items()).toHaveLength(3));
  });
});
