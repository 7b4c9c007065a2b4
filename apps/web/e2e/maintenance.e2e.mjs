/**
 * Maintenance (issue 14 item 6): an owner's new property gets the standard South African schedule from
 * Bootstrap Standards; a task completed with an evidence PDF moves its next due date on, its history
 * shows the evidence (stored in the property's vault) and its reminder leaves the Actions tab; a custom
 * reminder is added there and marked complete, and a maintenance task's reminder completes the task.
 * axe at 1280×900 and 390×844, no sideways scroll on the phone. MAINTENANCE_SCREENSHOTS=<dir> keeps
 * screenshots of /maintenance, the Complete dialog and the Actions tab.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { before, describe, it } from 'node:test';
import {
  api,
  assertAccessible,
  assertClean,
  assertNoSideScroll,
  assertNothingCut,
  johannesburgDay,
  newAccount,
  pdfBytes,
  screenshots,
  signIn,
  toast,
  transitionsEnded,
  useBrowser,
  VIEWPORTS,
  watchPage,
} from './browser.mjs';

const save = screenshots('MAINTENANCE_SCREENSHOTS');
const [DESKTOP, PHONE] = VIEWPORTS;
const PROPERTY_NAME = 'Bergvliet Family Home';
const SMOKE = 'Test smoke detectors';
const ALARM = 'Test the alarm and its backup battery';
const CUSTOM = 'Renew the alarm response contract';
const EVIDENCE = 'smoke-detector-test.pdf';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** 'YYYY-MM-DD' as the app shows it ('Nov 23, 2026'). */
const shown = (date) => `${MONTHS[Number(date.slice(5, 7)) - 1]} ${date.slice(8, 10)}, ${date.slice(0, 4)}`;
/** Today's date in Johannesburg (UTC+2), `days` on. */
const dateIn = johannesburgDay;

const taskCard = (page, title) => page.getByRole('article', { name: title, exact: true });
const reminders = (page) => page.getByRole('list', { name: 'Reminders' });

async function chooseProperty(page, name) {
  await page.getByRole('combobox', { name: 'Property' }).click();
  await page.getByRole('option', { name, exact: true }).click();
}

/** The owner's tasks of the property, through the API. */
async function tasksOf(token, propertyId) {
  const tasks = await api(`/api/maintenance?propertyId=${propertyId}`, { token });
  assert.equal(tasks.status, 200, JSON.stringify(tasks.body));
  return tasks.body;
}

describe('maintenance', () => {
  const session = useBrowser();
  let owner;
  let propertyId;

  before(async () => {
    owner = await newAccount({ label: 'maintenance' });
    const created = await api('/api/properties', {
      token: owner.token,
      body: {
        name: PROPERTY_NAME,
        address: '14 Dreyersdal Road, Bergvliet, Cape Town, 7945',
        property_type: 'residential',
        country: 'ZA',
        municipality: 'CPT',
        parcel_id: `ERF${randomBytes(2).toString('hex')}`,
        features: ['alarm'],
      },
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    propertyId = created.body.id;
  });

  it('Bootstrap Standards adds the schedule; Complete with an evidence PDF moves the task on and keeps the evidence', async () => {
    const { page, context } = session;
    await signIn(context, owner.token);
    const watch = await watchPage(page);
    await page.setViewportSize(DESKTOP);
    await page.goto('/maintenance');
    await page.getByRole('heading', { level: 1, name: 'Maintenance' }).waitFor();
    await page.getByText(/^No maintenance tasks yet: /).waitFor();
    assert.equal(await page.title(), 'Maintenance · PropertyDNA');
    const bootstrap = page.getByRole('button', { name: 'Bootstrap Standards' });
    assert.equal(await bootstrap.isDisabled(), true, 'All Properties: no property to bootstrap');

    await chooseProperty(page, PROPERTY_NAME);
    await bootstrap.click();
    const added = page
      .locator('.mantine-Notification-root')
      .getByText(/^Added \d+ standard tasks to the schedule$/);
    await added.waitFor();
    const count = Number((await added.textContent()).match(/\d+/)[0]);
    // Every house's five, and the alarm's.
    assert.equal(count, 6);
    await page.getByText(`${count} tasks`, { exact: false }).first().waitFor();
    assert.equal(await page.getByTestId('task').count(), count);
    const smoke = taskCard(page, SMOKE);
    await smoke.getByText('Due Soon', { exact: true }).waitFor();
    await smoke.getByText(`Next due: ${shown(dateIn())} (Due today)`).waitFor();
    await smoke.getByText('Assigned to: Unassigned').waitFor();
    await smoke.getByText('Last done: Never').waitFor();
    await taskCard(page, 'Geyser service and SANS 10254 check').getByText('Frequency: Annually').waitFor();

    // With All Properties each card names its property.
    await chooseProperty(page, 'All Properties');
    await smoke.getByText(PROPERTY_NAME, { exact: true }).waitFor();
    await assertAccessible(page, '/maintenance with tasks (desktop)');
    await assertNothingCut(page, '/maintenance (desktop)');
    await save(page, 'maintenance-desktop');

    // Complete, with who, what it cost, notes and an evidence PDF uploaded into the vault.
    await smoke.getByRole('button', { name: `Complete ${SMOKE}` }).click();
    const dialog = page.getByRole('dialog', { name: `Complete: ${SMOKE}` });
    await dialog.waitFor();
    await transitionsEnded(page);
    assert.equal(await dialog.getByLabel('Done on').inputValue(), dateIn());
    await dialog.getByLabel('Done by (Optional)').fill('Sipho Dlamini');
    await dialog.getByLabel(/^Cost/).fill('1250');
    await dialog.getByLabel('Notes (Optional)').fill('All four detectors sound; one battery replaced.');
    const chooser = page.waitForEvent('filechooser');
    await dialog.getByRole('button', { name: /^Evidence/ }).click();
    await (await chooser).setFiles({
      name: EVIDENCE,
      mimeType: 'application/pdf',
      buffer: pdfBytes('Smoke detector test report'),
    });
    await dialog.getByText(EVIDENCE).waitFor();
    await assertAccessible(page, 'the Complete dialog (desktop)');
    await save(page, 'complete-desktop');
    await dialog.getByRole('button', { name: 'Complete Task' }).click();
    const completed = page
      .locator('.mantine-Notification-root')
      .getByText(new RegExp(`^${SMOKE} completed: next due `));
    await completed.waitFor();
    await dialog.waitFor({ state: 'detached' });
    const [task] = (await tasksOf(owner.token, propertyId)).filter((one) => one.title === SMOKE);
    assert.equal(await completed.textContent(), `${SMOKE} completed: next due ${shown(task.next_due)}`);
    assert.ok(task.next_due > dateIn(60), `the next due date moved on a quarter: ${task.next_due}`);
    assert.equal(task.history.length, 1);
    assert.equal(task.history[0].cost, 1250);
    await smoke.getByText(`Next due: ${shown(task.next_due)}`, { exact: false }).waitFor();
    await smoke.getByText('Scheduled', { exact: true }).waitFor();
    await smoke.getByText(`Last done: ${shown(dateIn())}`).waitFor();

    // Its history: when, who, the cost in rand, the notes and the evidence, which is in the vault.
    await smoke.getByRole('button', { name: 'History (1)' }).click();
    const history = smoke.getByRole('list', { name: `History of ${SMOKE}` });
    await history.getByText(`${shown(dateIn())} · by Sipho Dlamini · R 1 250.00`).waitFor();
    await history.getByText('All four detectors sound; one battery replaced.').waitFor();
    const evidence = history.getByRole('link', { name: EVIDENCE });
    const documentId = task.history[0].document.id;
    assert.equal(await evidence.getAttribute('href'), `/api/documents/${documentId}/view`);
    const vault = await api(`/api/properties/${propertyId}/documents`, { token: owner.token });
    assert.deepEqual(
      vault.body.filter((document) => document.id === documentId).map(({ name, kind }) => ({ name, kind })),
      [{ name: EVIDENCE, kind: 'maintenance' }],
    );
    await save(page, 'maintenance-history-desktop');
    await assertAccessible(page, '/maintenance with a history open (desktop)');
    await assertClean(watch);
  });

  it('Actions tab: the completed task is gone; a custom reminder is added and marked complete; a task reminder completes the task', async () => {
    const { page, context } = session;
    await signIn(context, owner.token);
    const watch = await watchPage(page);
    await page.setViewportSize(DESKTOP);
    await page.goto(`/properties/${propertyId}`);
    await page.getByRole('tab', { name: 'Actions' }).click();
    const list = reminders(page);
    await list.getByText(ALARM, { exact: true }).waitFor();
    assert.equal(
      await list.getByText(SMOKE, { exact: true }).count(),
      0,
      'the completed task has no reminder',
    );

    await page.getByRole('button', { name: 'Add Custom Reminder' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Custom Reminder' });
    await dialog.waitFor();
    await transitionsEnded(page);
    await dialog.getByRole('button', { name: 'Add Reminder' }).click();
    await dialog.getByText('Title is required').waitFor();
    await dialog.getByLabel(/^Title/).fill(CUSTOM);
    await dialog.getByLabel('Message (Optional)').fill('Ask for the armed-response renewal quote.');
    await dialog.getByLabel(/^Due date/).fill(dateIn(10));
    await dialog.getByLabel('Priority').selectOption('high');
    await assertAccessible(page, 'Add Custom Reminder (desktop)');
    await dialog.getByRole('button', { name: 'Add Reminder' }).click();
    await toast(page, 'Reminder added').waitFor();
    await dialog.waitFor({ state: 'detached' });
    await transitionsEnded(page);
    const custom = list.getByTestId('reminder').filter({ hasText: CUSTOM });
    await custom.getByText(`Due ${shown(dateIn(10))}`).waitFor();
    await custom.getByText('High', { exact: true }).waitFor();
    await custom.getByText('Ask for the armed-response renewal quote.').waitFor();
    await assertAccessible(page, 'the Actions tab (desktop)');
    await save(page, 'actions-desktop');

    await page.getByRole('button', { name: `Mark Complete: ${CUSTOM}` }).click();
    await toast(page, 'Reminder completed').waitFor();
    await custom.waitFor({ state: 'detached' });

    // A maintenance task's reminder: confirmed, it completes the task, whose next due date moves on.
    await page.getByRole('button', { name: `Mark Complete: ${ALARM}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Complete the maintenance task?' });
    await confirm.getByRole('button', { name: 'Mark Complete', exact: true }).click();
    await page
      .locator('.mantine-Notification-root')
      .getByText(`${ALARM}: done today, next due date moved on`)
      .waitFor();
    await list.getByText(ALARM, { exact: true }).waitFor({ state: 'detached' });
    const [alarm] = (await tasksOf(owner.token, propertyId)).filter((one) => one.title === ALARM);
    assert.equal(alarm.last_completed_on, dateIn());
    assert.ok(alarm.next_due > dateIn(150), `six months on: ${alarm.next_due}`);
    await assertClean(watch);
  });

  it('on a phone: /maintenance, the Complete dialog and the Actions tab fit and pass axe', async () => {
    const { page, context } = session;
    await signIn(context, owner.token);
    const watch = await watchPage(page);
    await page.setViewportSize(PHONE);
    await page.goto('/app/maintenance');
    await page.getByRole('heading', { level: 1, name: 'Maintenance' }).waitFor();
    await taskCard(page, SMOKE).waitFor();
    await assertNoSideScroll(page, '/app/maintenance (phone)');
    await assertNothingCut(page, '/app/maintenance (phone)');
    await assertAccessible(page, '/app/maintenance (phone)');
    await save(page, 'maintenance-phone');

    await taskCard(page, SMOKE).getByRole('button', { name: 'History (1)' }).click();
    await taskCard(page, SMOKE).getByRole('link', { name: EVIDENCE }).waitFor();
    await assertNoSideScroll(page, 'a history open (phone)');

    const geyser = 'Geyser service and SANS 10254 check';
    await taskCard(page, geyser)
      .getByRole('button', { name: `Complete ${geyser}` })
      .click();
    const dialog = page.getByRole('dialog', { name: `Complete: ${geyser}` });
    await dialog.waitFor();
    await transitionsEnded(page);
    await assertNoSideScroll(page, 'the Complete dialog (phone)');
    await assertAccessible(page, 'the Complete dialog (phone)');
    await save(page, 'complete-phone');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });

    // A reminder with a long title, to see it wrap.
    const longTitle = 'Ask the body corporate about the shared boundary-wall electric fence certificate';
    const reminder = await api(`/api/properties/${propertyId}/reminders`, {
      token: owner.token,
      body: { title: longTitle, due_date: dateIn(-2), priority: 'critical' },
    });
    assert.equal(reminder.status, 201, JSON.stringify(reminder.body));
    await page.goto(`/properties/${propertyId}`);
    await page.getByRole('tab', { name: 'Actions' }).click();
    await page.getByRole('button', { name: 'Add Custom Reminder' }).waitFor();
    await reminders(page)
      .getByTestId('reminder')
      .filter({ hasText: longTitle })
      .getByText('Overdue', { exact: true })
      .waitFor();
    await assertNoSideScroll(page, 'the Actions tab (phone)');
    await assertNothingCut(page, 'the Actions tab (phone)');
    await assertAccessible(page, 'the Actions tab (phone)');
    await save(page, 'actions-phone');
    await assertClean(watch);
  });
});
