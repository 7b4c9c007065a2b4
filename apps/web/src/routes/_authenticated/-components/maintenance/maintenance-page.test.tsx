import { notifications } from '@mantine/notifications';
import type { AppRouter } from '@propertydna/api/router';
import { johannesburgToday, MAINTENANCE_MESSAGES, type OrganizationRole } from '@propertydna/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { TRPCClientError, type TRPCLink } from '@trpc/client';
import { observable } from '@trpc/server/observable';
import { afterEach, describe, expect, it } from 'vitest';
import { formatRand, type MaintenanceTask, parseRand } from '../../../../lib/maintenance';
import { trpc } from '../../../../lib/trpc';
import { fullText, renderWithRouter } from '../../../../test/render';
import { expectHeldBack, SignedInAs } from '../../../../test/signed-in-as';
import { Maintenance } from './maintenance-page';
import { GARDENS, maintenanceTask, NOW, SEA_POINT } from './maintenance-task.fixture';

interface FakeServer {
  tasks: MaintenanceTask[];
  properties: { id: string; name: string }[];
  /** Every mutation's path and input, in order. */
  calls: { path: string; input: unknown }[];
  /** The inputs maintenance.list was called with. */
  listed: unknown[];
  /** maintenance.list fails this many times first. */
  listFailures: number;
}

function fakeServer(overrides: Partial<FakeServer> = {}): FakeServer {
  return {
    tasks: [maintenanceTask()],
    properties: [SEA_POINT, GARDENS],
    calls: [],
    listed: [],
    listFailures: 0,
    ...overrides,
  };
}

const STANDARD = [
  maintenanceTask({
    id: 'std-smoke',
    title: 'Test smoke detectors',
    next_due: '2026-11-22',
    standard_key: 'smoke',
  }),
  maintenanceTask({ id: 'std-roof', title: 'Roof inspection', next_due: '2027-09-30', standard_key: 'roof' }),
];

/** A tRPC client answering from the fake server (only the transport is faked: the hooks are real). */
function fakeApi(server: FakeServer) {
  const link: TRPCLink<AppRouter> =
    () =>
    ({ op }) =>
      observable((observer) => {
        const input = (op.input ?? {}) as Record<string, unknown>;
        const answer = (data: unknown) => observer.next({ result: { type: 'data', data } });
        const find = (id: unknown) => server.tasks.find((task) => task.id === id) as MaintenanceTask;
        if (op.type === 'mutation') server.calls.push({ path: op.path, input: op.input });
        switch (op.path) {
          case 'properties.list':
            answer(server.properties);
            break;
          case 'maintenance.list': {
            server.listed.push(op.input);
            if (server.listFailures > 0) {
              server.listFailures -= 1;
              observer.error(TRPCClientError.from(new Error('The database is resting')));
              return;
            }
            const { propertyId } = input as { propertyId?: string };
            answer(server.tasks.filter((task) => !propertyId || task.property_id === propertyId));
            break;
          }
          case 'maintenance.bootstrap': {
            const fresh = STANDARD.filter((task) => !server.tasks.some((known) => known.id === task.id));
            server.tasks.push(...fresh);
            answer({
              created: fresh.length,
              message:
                fresh.length > 0
                  ? `Added ${fresh.length} standard tasks to the schedule`
                  : 'The standard schedule is already in place: nothing was added',
              tasks: server.tasks.filter((task) => task.property_id === input.propertyId),
            });
            break;
          }
          case 'maintenance.create': {
            const { propertyId, ...fields } = input as { propertyId: string } & Partial<MaintenanceTask>;
            const created = maintenanceTask({ ...fields, id: 'task-new', property_id: propertyId });
            server.tasks.push(created);
            answer(created);
            break;
          }
          case 'maintenance.update': {
            const task = find(input.id);
            Object.assign(task, input.patch);
            answer(task);
            break;
          }
          case 'maintenance.remove':
            server.tasks = server.tasks.filter((task) => task.id !== input.id);
            answer({ ok: true });
            break;
          case 'maintenance.complete': {
            const task = find(input.id);
            task.next_due = '2027-11-20';
            task.last_completed_on = input.completed_on as string;
            answer(task);
            break;
          }
        }
        observer.complete();
      });
  return trpc.createClient({ links: [link] });
}

/** Renders the page; with `role`, signed in as a member with that role (issue 29 §1). */
async function renderMaintenance(server: FakeServer, role?: OrganizationRole) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } },
  });
  const page = <Maintenance now={NOW} />;
  await renderWithRouter(
    <trpc.Provider client={fakeApi(server)} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        {role ? <SignedInAs role={role}>{page}</SignedInAs> : page}
      </QueryClientProvider>
    </trpc.Provider>,
  );
}

afterEach(() => localStorage.clear());

const cards = () => screen.getAllByTestId('task');
const cardOf = async (title: string) => within(await screen.findByRole('article', { name: title }));

async function chooseProperty(name: string) {
  fireEvent.click(screen.getByRole('combobox', { name: 'Property' }));
  fireEvent.click(await screen.findByRole('option', { name, hidden: true }));
}

/** The days of a card and whether they are in red. */
function days(card: ReturnType<typeof within>) {
  const element = card.getByTestId('days');
  return { text: element.textContent, red: (element.getAttribute('style') ?? '').includes('red') };
}

describe('Maintenance', () => {
  it('gives each task the due badge of its band, with the days in red at 7 or fewer', async () => {
    const due = (id: string, next_due: string) => maintenanceTask({ id, title: `Task ${id}`, next_due });
    await renderMaintenance(
      fakeServer({
        tasks: [
          due('a', '2026-11-19'),
          due('b', '2026-11-22'),
          due('c', '2026-11-29'),
          due('d', '2026-11-30'),
          due('e', '2026-12-22'),
          due('f', '2026-12-23'),
        ],
      }),
    );
    const expected = [
      ['a', 'Overdue', '(Overdue by 3 days)', true],
      ['b', 'Due Soon', '(Due today)', true],
      ['c', 'Due Soon', '(Due in 7 days)', true],
      ['d', 'Upcoming', '(Due in 8 days)', false],
      ['e', 'Upcoming', '(Due in 30 days)', false],
      ['f', 'Scheduled', '(Due in 31 days)', false],
    ] as const;
    for (const [id, band, text, red] of expected) {
      const card = await cardOf(`Task ${id}`);
      expect(card.getByText(band)).toBeTruthy();
      expect(days(card)).toEqual({ text, red });
    }
    expect(screen.getByText('6 tasks, 1 overdue')).toBeTruthy();
  });

  it('shows the title, property under All Properties, frequency, priority, assignee, next and last done', async () => {
    await renderMaintenance(
      fakeServer({
        tasks: [
          maintenanceTask(),
          maintenanceTask({
            id: 'task-gutters',
            title: 'Clean gutters and downpipes',
            property_id: SEA_POINT.id,
            property_name: SEA_POINT.name,
            frequency: 'bi-annually',
            priority: 'high',
            assigned_to: 'Karoo Roofing',
            next_due: '2027-03-31',
            last_completed_on: '2026-09-30',
          }),
        ],
      }),
    );
    const geyser = await cardOf('Geyser service');
    expect(geyser.getByText(GARDENS.name)).toBeTruthy();
    for (const fact of [
      'Next due: Dec 12, 2026 (Due in 20 days)',
      'Frequency: Annually',
      'Assigned to: Unassigned',
      'Last done: Never',
    ]) {
      expect(geyser.getByText(fullText(fact))).toBeTruthy();
    }
    expect(geyser.getByText('Medium priority')).toBeTruthy();
    const gutters = await cardOf('Clean gutters and downpipes');
    expect(gutters.getByText(SEA_POINT.name)).toBeTruthy();
    expect(gutters.getByText('High priority')).toBeTruthy();
    for (const fact of ['Frequency: Bi-annually', 'Assigned to: Karoo Roofing', 'Last done: Sep 30, 2026']) {
      expect(gutters.getByText(fullText(fact))).toBeTruthy();
    }
  });

  it('shows the first paragraph of a long description until Show more', async () => {
    const what = 'Press the test button on every smoke detector.';
    const why = 'Why: a working detector is the first defence against a house fire.';
    await renderMaintenance(fakeServer({ tasks: [maintenanceTask({ description: `${what}\n\n${why}` })] }));
    const card = await cardOf('Geyser service');
    expect(card.getByText(what)).toBeTruthy();
    expect(card.queryByText(why, { exact: false })).toBeNull();
    const more = card.getByRole('button', { name: 'Show more' });
    expect(more.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(more);
    expect(card.getByText(why, { exact: false })).toBeTruthy();
    expect(card.getByRole('button', { name: 'Show less' }).getAttribute('aria-expanded')).toBe('true');
  });

  it('filters by property; Bootstrap Standards needs one and toasts what the server says', async () => {
    const server = fakeServer();
    await renderMaintenance(server);
    await screen.findAllByTestId('task');
    const bootstrap = screen.getByRole('button', { name: 'Bootstrap Standards' });
    expect((bootstrap as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('Choose a property to add its standard schedule')).toBeTruthy();
    const select = screen.getByRole('combobox', { name: 'Property' }) as HTMLInputElement;
    expect(select.value).toBe('All Properties');

    await chooseProperty(SEA_POINT.name);
    expect(
      await screen.findByText(
        `No maintenance tasks for ${SEA_POINT.name} yet: Bootstrap Standards adds the standard schedule for its features, or Add Task.`,
      ),
    ).toBeTruthy();
    expect(server.listed).toContainEqual({ propertyId: SEA_POINT.id });

    await chooseProperty(GARDENS.name);
    await screen.findAllByTestId('task');
    // One property: the cards do not repeat its name.
    expect(within(cards()[0] as HTMLElement).queryByText(GARDENS.name)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Bootstrap Standards' }));
    expect(await screen.findByText('Added 2 standard tasks to the schedule')).toBeTruthy();
    await waitFor(() => expect(cards()).toHaveLength(3));
    expect(server.calls).toEqual([{ path: 'maintenance.bootstrap', input: { propertyId: GARDENS.id } }]);

    // One toast at a time: the first one makes way for the next.
    notifications.clean();
    fireEvent.click(screen.getByRole('button', { name: 'Bootstrap Standards' }));
    expect(
      await screen.findByText('The standard schedule is already in place: nothing was added'),
    ).toBeTruthy();
  });

  it('completes a task with when, who, cost in rand and notes; the card shows the new next due date', async () => {
    const server = fakeServer({ tasks: [maintenanceTask({ assigned_to: 'Cape Geysers' })] });
    await renderMaintenance(server);
    const card = await cardOf('Geyser service');
    fireEvent.click(card.getByRole('button', { name: 'Complete Geyser service' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Complete: Geyser service' }));
    const doneOn = dialog.getByLabelText(/^Done on/) as HTMLInputElement;
    expect(doneOn.value).toBe(johannesburgToday(new Date()));
    expect((dialog.getByLabelText('Done by (Optional)') as HTMLInputElement).value).toBe('Cape Geysers');

    fireEvent.change(dialog.getByLabelText(/^Cost/), { target: { value: 'twelve' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Complete Task' }));
    expect(await dialog.findByText('Cost must be an amount in rand')).toBeTruthy();
    fireEvent.change(dialog.getByLabelText(/^Cost/), { target: { value: '12.345' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Complete Task' }));
    expect(await dialog.findByText('Cost has at most two decimals (cents)')).toBeTruthy();
    expect(server.calls).toEqual([]);

    fireEvent.change(doneOn, { target: { value: '2026-11-20' } });
    fireEvent.change(dialog.getByLabelText('Done by (Optional)'), { target: { value: 'Sipho Dlamini' } });
    fireEvent.change(dialog.getByLabelText(/^Cost/), { target: { value: '1 250,50' } });
    fireEvent.change(dialog.getByLabelText('Notes (Optional)'), { target: { value: 'Anode replaced' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Complete Task' }));

    expect(await screen.findByText('Geyser service completed: next due Nov 20, 2027')).toBeTruthy();
    expect(server.calls).toEqual([
      {
        path: 'maintenance.complete',
        input: {
          id: 'task-geyser',
          completed_on: '2026-11-20',
          completed_by: 'Sipho Dlamini',
          cost: 1250.5,
          notes: 'Anode replaced',
          document_id: null,
        },
      },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const after = await cardOf('Geyser service');
    await waitFor(() => expect(after.getByText('Scheduled')).toBeTruthy());
    expect(after.getByText(fullText('Last done: Nov 20, 2026'))).toBeTruthy();
  });

  it('opens the history: date, who, cost in rand, who recorded it, notes and the evidence in the vault', async () => {
    await renderMaintenance(
      fakeServer({
        tasks: [
          maintenanceTask({
            last_completed_on: '2025-12-01',
            history: [
              {
                id: 'c1',
                completed_on: '2025-12-01',
                notes: 'Anode replaced',
                cost: 1250,
                completed_by: 'Cape Geysers',
                recorded_by: { id: 'user-thandi', name: 'Thandi Nkosi' },
                document: { id: 'doc-1', name: 'Geyser invoice.pdf' },
                created_at: '2025-12-01T10:00:00.000Z',
              },
              {
                id: 'c0',
                completed_on: '2024-12-01',
                notes: null,
                cost: null,
                completed_by: null,
                recorded_by: { id: null, name: 'A former member' },
                document: null,
                created_at: '2024-12-01T10:00:00.000Z',
              },
            ],
          }),
        ],
      }),
    );
    const card = await cardOf('Geyser service');
    const toggle = card.getByRole('button', { name: 'History (2)' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(card.getByRole('button', { name: 'Hide history' }).getAttribute('aria-expanded')).toBe('true');
    const history = within(card.getByRole('list', { name: 'History of Geyser service' }));
    expect(history.getByText(fullText('Dec 01, 2025 · by Cape Geysers · R 1 250.00'))).toBeTruthy();
    expect(history.getByText('Anode replaced')).toBeTruthy();
    // The member who recorded each entry, by name; one who has left the organisation is not named.
    expect(history.getByText('Recorded by Thandi Nkosi')).toBeTruthy();
    expect(history.getByText('Recorded by A former member')).toBeTruthy();
    expect(history.getByRole('link', { name: 'Geyser invoice.pdf' }).getAttribute('href')).toBe(
      '/api/documents/doc-1/view',
    );
  });

  it('adds a task with the form, saying what is missing in the domain’s words', async () => {
    const server = fakeServer();
    await renderMaintenance(server);
    await screen.findAllByTestId('task');
    fireEvent.click(screen.getByRole('button', { name: 'Add Task' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add Task' }));
    fireEvent.change(dialog.getByLabelText(/^Next due/), { target: { value: '' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Add Task' }));
    expect(await dialog.findByText(MAINTENANCE_MESSAGES.titleRequired)).toBeTruthy();
    expect(dialog.getByText(MAINTENANCE_MESSAGES.nextDueRequired)).toBeTruthy();
    expect(dialog.getByText('Choose a property')).toBeTruthy();

    fireEvent.change(dialog.getByLabelText(/^Property/), { target: { value: SEA_POINT.id } });
    fireEvent.change(dialog.getByLabelText(/^Title/), { target: { value: 'Service the pool pump' } });
    fireEvent.change(dialog.getByLabelText('Frequency'), { target: { value: 'quarterly' } });
    fireEvent.change(dialog.getByLabelText('Priority'), { target: { value: 'high' } });
    fireEvent.change(dialog.getByLabelText(/^Next due/), { target: { value: '2026-12-01' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Add Task' }));
    expect(await screen.findByText('Task added')).toBeTruthy();
    expect(server.calls).toEqual([
      {
        path: 'maintenance.create',
        input: {
          propertyId: SEA_POINT.id,
          title: 'Service the pool pump',
          frequency: 'quarterly',
          priority: 'high',
          next_due: '2026-12-01',
          assigned_to: null,
        },
      },
    ]);
    await cardOf('Service the pool pump');
  });

  it('edits only what changed (a blank assignee is cleared) and deletes after a confirmation', async () => {
    const server = fakeServer({ tasks: [maintenanceTask({ assigned_to: 'Cape Geysers' })] });
    await renderMaintenance(server);
    let card = await cardOf('Geyser service');
    fireEvent.click(card.getByRole('button', { name: 'Edit Geyser service' }));
    let dialog = within(await screen.findByRole('dialog', { name: 'Edit Task' }));
    expect((dialog.getByLabelText(/^Title/) as HTMLInputElement).value).toBe('Geyser service');
    fireEvent.change(dialog.getByLabelText(/^Title/), { target: { value: ' ' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Save changes' }));
    expect(await dialog.findByText(MAINTENANCE_MESSAGES.titleRequired)).toBeTruthy();
    fireEvent.change(dialog.getByLabelText(/^Title/), { target: { value: 'Geyser service and valve' } });
    fireEvent.change(dialog.getByLabelText(/^Assigned to/), { target: { value: '' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Task updated')).toBeTruthy();
    expect(server.calls).toEqual([
      {
        path: 'maintenance.update',
        input: { id: 'task-geyser', patch: { title: 'Geyser service and valve', assigned_to: null } },
      },
    ]);
    card = await cardOf('Geyser service and valve');
    expect(card.getByText(fullText('Assigned to: Unassigned'))).toBeTruthy();

    notifications.clean();
    fireEvent.click(card.getByRole('button', { name: 'Delete Geyser service and valve' }));
    dialog = within(await screen.findByRole('dialog', { name: 'Delete this task?' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(server.calls).toHaveLength(1);
    fireEvent.click(card.getByRole('button', { name: 'Delete Geyser service and valve' }));
    dialog = within(await screen.findByRole('dialog', { name: 'Delete this task?' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Task deleted')).toBeTruthy();
    expect(server.calls[1]).toEqual({ path: 'maintenance.remove', input: { id: 'task-geyser' } });
    expect(
      await screen.findByText(
        'No maintenance tasks yet: choose a property and Bootstrap Standards for the standard South African schedule, or Add Task.',
      ),
    ).toBeTruthy();
  });

  it('shows placeholders while loading, then an error with Retry', async () => {
    const server = fakeServer({ listFailures: 1 });
    await renderMaintenance(server);
    expect(screen.getAllByTestId('task-skeleton')).toHaveLength(4);
    expect(await screen.findByText('Unable to load the maintenance tasks')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await screen.findAllByTestId('task');
  });

  it('tells an owner without properties to add one', async () => {
    await renderMaintenance(fakeServer({ tasks: [], properties: [] }));
    expect(
      await screen.findByText('No properties yet: add a property to schedule its maintenance.'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add Property' }).getAttribute('href')).toBe('/properties/new');
    expect((screen.getByRole('button', { name: 'Add Task' }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('Maintenance for the roles (issue 29 §1)', () => {
  it('holds every change back from a viewer, with the reason, and sends nothing', async () => {
    const server = fakeServer();
    await renderMaintenance(server, 'viewer');
    await cardOf('Geyser service');
    const controls = () => [
      screen.getByRole('button', { name: 'Bootstrap Standards' }),
      screen.getByRole('button', { name: 'Add Task' }),
      ...['Complete', 'Edit', 'Delete'].map((action) =>
        within(screen.getByRole('article', { name: 'Geyser service' })).getByRole('button', {
          name: `${action} Geyser service`,
        }),
      ),
    ];
    for (const control of controls()) {
      expectHeldBack(control);
      fireEvent.click(control);
    }
    // A property chosen, Bootstrap Standards is still held back for the role, not for the choice.
    await chooseProperty(GARDENS.name);
    await screen.findAllByTestId('task');
    expect(screen.queryByText('Choose a property to add its standard schedule')).toBeNull();
    for (const control of controls()) {
      expectHeldBack(control);
      fireEvent.click(control);
    }
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(server.calls).toEqual([]);
  });

  it('holds Add Property and Add Task back from a viewer without properties', async () => {
    await renderMaintenance(fakeServer({ tasks: [], properties: [] }), 'viewer');
    await screen.findByText('No properties yet: add a property to schedule its maintenance.');
    expectHeldBack(screen.getByRole('link', { name: 'Add Property' }));
    expectHeldBack(screen.getByRole('button', { name: 'Add Task' }));
  });

  it('lets a member bootstrap, complete and delete as before', async () => {
    const server = fakeServer();
    await renderMaintenance(server, 'member');
    const card = await cardOf('Geyser service');
    expect(
      card.getByRole('button', { name: 'Edit Geyser service' }).getAttribute('aria-disabled'),
    ).toBeNull();
    fireEvent.click(card.getByRole('button', { name: 'Complete Geyser service' }));
    expect(await screen.findByRole('dialog')).toBeTruthy();
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await chooseProperty(GARDENS.name);
    await screen.findAllByTestId('task');
    fireEvent.click(screen.getByRole('button', { name: 'Bootstrap Standards' }));
    await waitFor(() => expect(cards()).toHaveLength(3));
    fireEvent.click((await cardOf('Geyser service')).getByRole('button', { name: 'Delete Geyser service' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Delete this task?' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    await waitFor(() =>
      expect(server.calls).toEqual([
        { path: 'maintenance.bootstrap', input: { propertyId: GARDENS.id } },
        { path: 'maintenance.remove', input: { id: 'task-geyser' } },
      ]),
    );
  });
});

describe('formatRand and parseRand', () => {
  it('writes rand with a space between thousands and two decimals', () => {
    expect(formatRand(1250)).toBe('R 1 250.00');
    expect(formatRand(0)).toBe('R 0.00');
    expect(formatRand(1234567.5)).toBe('R 1 234 567.50');
    expect(formatRand(99.99)).toBe('R 99.99');
  });

  it('reads what an owner types; anything else is left for the schema to refuse', () => {
    expect(parseRand('')).toBeNull();
    expect(parseRand(' 1 250,50 ')).toBe(1250.5);
    expect(parseRand('R80')).toBe(80);
    expect(parseRand('twelve')).toBe('twelve');
  });
});
