import { notifications } from '@mantine/notifications';
import type { AppRouter } from '@propertydna/api/router';
import {
  type OrganizationRole,
  READ_ONLY_PROPERTY_MESSAGE,
  REMINDER_COMPLETION_MESSAGES,
  REMINDER_MESSAGES,
  snoozedLabel,
} from '@propertydna/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { TRPCClientError, type TRPCLink } from '@trpc/client';
import { observable } from '@trpc/server/observable';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { PropertyReminder } from '../../../../lib/maintenance';
import { PlanReadOnlyContext } from '../../../../lib/permissions';
import { trpc } from '../../../../lib/trpc';
import { renderWithRouter } from '../../../../test/render';
import { expectHeldBack, SignedInAs } from '../../../../test/signed-in-as';
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
    snoozed_until: null,
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
  title: 'Electric fence certificate expires',
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

/** A document of the property as documents.byProperty answers it (the fields the dialog reads). */
const fenceCertificate = (id: string, name: string, expiresOn: string | null) => ({
  id,
  name,
  kind: 'certificate',
  property_id: PROPERTY_ID,
  metadata: { certificate_type: 'electric_fence_coc' },
  expires_on: expiresOn,
});

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
            answer({
              ok: true,
              message: input.no_longer_have
                ? 'Reminder completed. Electric fence is no longer listed on the property.'
                : 'Reminder completed',
            });
            break;
          case 'maintenance.snoozeReminder':
            server.reminders = server.reminders.map((item) =>
              item.id === input.id ? { ...item, snoozed_until: input.until as string } : item,
            );
            answer({ ok: true, message: `Reminder snoozed until ${input.until}` });
            break;
          case 'documents.byProperty':
            answer([
              fenceCertificate('d1', 'Electric fence certificate.pdf', '2027-01-01'),
              fenceCertificate('d2', 'Electric fence certificate 2027.pdf', '2028-01-01'),
              // Current, but it runs out before the one it would replace: no replacement.
              fenceCertificate('d3', 'Electric fence certificate (old copy).pdf', '2026-12-01'),
              // Without an expiry date: an electric fence certificate has none of its own, so it replaces.
              fenceCertificate('d4', 'Electric fence certificate (undated).pdf', null),
              {
                id: 'p1',
                name: 'Home policy.pdf',
                kind: 'policy',
                property_id: PROPERTY_ID,
                metadata: {},
                expires_on: '2028-01-01',
              },
            ]);
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

/**
 * Who looks (issue 29 §1): signed in with `role`, on a property read-only on the Free plan when `readOnly`
 * (issue 31 §5: PlanReadOnlyContext holds the reason, as PropertyReadOnly sets it); without either, no
 * session, and the server decides.
 */
interface Viewing {
  role?: OrganizationRole;
  readOnly?: boolean;
}

function asViewing(ui: ReactElement, { role, readOnly = false }: Viewing): ReactElement {
  const inProperty = readOnly ? (
    <PlanReadOnlyContext.Provider value={READ_ONLY_PROPERTY_MESSAGE}>{ui}</PlanReadOnlyContext.Provider>
  ) : (
    ui
  );
  return role ? <SignedInAs role={role}>{inProperty}</SignedInAs> : inProperty;
}

async function renderTab(overrides: Partial<FakeServer> = {}, viewing: Viewing = {}) {
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
        {asViewing(
          <ActionsTab propertyId={PROPERTY_ID} features={['electric_fence', 'geyser']} now={NOW} />,
          viewing,
        )}
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

  it('Mark Complete on an expiry asks for the replacement or a reason, and refuses neither', async () => {
    const { server } = await renderTab();
    await screen.findAllByTestId('reminder');
    fireEvent.click(
      screen.getByRole('button', { name: 'Mark Complete: Electric fence certificate expires' }),
    );
    const dialog = within(
      await screen.findByRole('dialog', { name: 'Mark Complete: Electric fence certificate expires' }),
    );
    fireEvent.click(dialog.getByRole('button', { name: 'Mark Complete' }));
    expect((await dialog.findByRole('alert')).textContent).toContain(
      'Choose the replacement, or say why it is no longer needed',
    );
    fireEvent.click(dialog.getByRole('radio', { name: 'It is no longer needed' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Mark Complete' }));
    expect((await dialog.findByRole('alert')).textContent).toBe(
      REMINDER_COMPLETION_MESSAGES.replacementOrReason,
    );
    expect(server.calls).toEqual([]);

    fireEvent.click(dialog.getByRole('combobox', { name: /We no longer have/ }));
    // Only the feature the certificate is about is offered (the property has a geyser too).
    const fence = await screen.findByRole('option', { name: 'Electric fence', hidden: true });
    expect(screen.queryByRole('option', { name: 'Geyser', hidden: true })).toBeNull();
    fireEvent.click(fence);
    fireEvent.change(dialog.getByRole('textbox', { name: /Why is it no longer needed/ }), {
      target: { value: 'Sold the fence' },
    });
    fireEvent.click(dialog.getByRole('button', { name: 'Mark Complete' }));
    expect(await screen.findByText(/Electric fence is no longer listed on the property/)).toBeTruthy();
    expect(server.calls).toEqual([
      {
        path: 'maintenance.completeReminder',
        input: { id: 'document:d1', reason: 'Sold the fence', no_longer_have: 'electric_fence' },
      },
    ]);
  });

  it('Mark Complete on an expiry with a replacement picked from the vault: same kind, not the expiring one', async () => {
    const { server } = await renderTab();
    await screen.findAllByTestId('reminder');
    fireEvent.click(
      screen.getByRole('button', { name: 'Mark Complete: Electric fence certificate expires' }),
    );
    const dialog = within(
      await screen.findByRole('dialog', { name: 'Mark Complete: Electric fence certificate expires' }),
    );
    fireEvent.click(dialog.getByRole('radio', { name: 'I have the replacement document' }));
    fireEvent.click(await dialog.findByRole('combobox', { name: 'Choose it from the vault' }));
    expect(
      await screen.findByRole('option', { name: /^Electric fence certificate 2027\.pdf/, hidden: true }),
    ).toBeTruthy();
    expect(screen.queryByRole('option', { name: 'Home policy.pdf', hidden: true })).toBeNull();
    expect(screen.queryByRole('option', { name: /old copy/, hidden: true })).toBeNull();
    expect(screen.getByRole('option', { name: /undated/, hidden: true })).toBeTruthy();
    expect(
      screen.queryByRole('option', { name: /^Electric fence certificate\.pdf/, hidden: true }),
    ).toBeNull();
    fireEvent.click(
      screen.getByRole('option', { name: /^Electric fence certificate 2027\.pdf/, hidden: true }),
    );
    fireEvent.click(dialog.getByRole('button', { name: 'Mark Complete' }));
    await waitFor(() =>
      expect(server.calls).toEqual([
        { path: 'maintenance.completeReminder', input: { id: 'document:d1', replacement_document_id: 'd2' } },
      ]),
    );
  });

  it('a critical reminder can be snoozed: it stays listed, marked with the day it is back', async () => {
    const { server } = await renderTab();
    await screen.findAllByTestId('reminder');
    expect(screen.queryByRole('button', { name: 'Snooze: Renew the alarm contract' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Snooze: Geyser service' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Snooze: Geyser service' }));
    const until = dialog.getByLabelText(/Snooze until/) as HTMLInputElement;
    fireEvent.change(until, { target: { value: '2020-01-01' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Snooze' }));
    expect(await dialog.findByText(REMINDER_COMPLETION_MESSAGES.snoozeNotAfterToday)).toBeTruthy();
    expect(server.calls).toEqual([]);
    const day = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);
    fireEvent.change(until, { target: { value: day } });
    fireEvent.click(dialog.getByRole('button', { name: 'Snooze' }));
    await waitFor(() =>
      expect(server.calls).toEqual([
        { path: 'maintenance.snoozeReminder', input: { id: 'task:t1', until: day } },
      ]),
    );
    expect(await screen.findByText(snoozedLabel(day))).toBeTruthy();
    expect(items()).toHaveLength(3);
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

describe('ActionsTab for the roles and a read-only property (issue 29 §1, issue 31 §5)', () => {
  afterEach(() => localStorage.clear());

  /** Every write of the tab with the three reminders: Add Custom Reminder, each Mark Complete, Snooze. */
  const writes = () => [
    screen.getByRole('button', { name: 'Add Custom Reminder' }),
    screen.getByRole('button', { name: 'Snooze: Geyser service' }),
    screen.getByRole('button', { name: 'Mark Complete: Geyser service' }),
    screen.getByRole('button', { name: 'Mark Complete: Renew the alarm contract' }),
    screen.getByRole('button', { name: 'Mark Complete: Electric fence certificate expires' }),
  ];

  it('holds every write back from a viewer, with the reason, and pressing one sends nothing', async () => {
    const { server } = await renderTab({}, { role: 'viewer' });
    // Reading stays: the reminders are listed in full.
    await waitFor(() => expect(items()).toHaveLength(3));
    expect(within(items()[0] as HTMLElement).getByText('Due Nov 20, 2026')).toBeTruthy();
    for (const control of writes()) {
      expectHeldBack(control);
      fireEvent.click(control);
    }
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(server.calls).toEqual([]);
  });

  it('lets a member add, snooze and complete as before', async () => {
    const { server } = await renderTab({}, { role: 'member' });
    await waitFor(() => expect(items()).toHaveLength(3));
    for (const control of writes()) expect(control.getAttribute('aria-disabled')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Add Custom Reminder' }));
    expect(await screen.findByRole('dialog', { name: 'Add Custom Reminder' })).toBeTruthy();
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Snooze: Geyser service' }));
    expect(await screen.findByRole('dialog', { name: 'Snooze: Geyser service' })).toBeTruthy();
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Mark Complete: Renew the alarm contract' }));
    await waitFor(() =>
      expect(server.calls).toEqual([{ path: 'maintenance.completeReminder', input: { id: 'custom:r1' } }]),
    );
  });

  it("holds the owner's writes back on a property read-only on the Free plan, saying why", async () => {
    const { server } = await renderTab({}, { role: 'owner', readOnly: true });
    await waitFor(() => expect(items()).toHaveLength(3));
    for (const control of writes()) {
      expectHeldBack(control, READ_ONLY_PROPERTY_MESSAGE);
      fireEvent.click(control);
    }
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(server.calls).toEqual([]);
  });
});
