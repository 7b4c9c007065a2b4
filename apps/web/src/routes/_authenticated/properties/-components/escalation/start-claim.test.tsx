import { ESCALATION_MESSAGES, formatDate, INCIDENT_EVIDENCE, johannesburgToday } from '@propertydna/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { PutFileOptions } from '../../../../../lib/upload/put-file';
import { ESCALATION_ACTIONS } from '../property-detail';
import { type FakeEscalationServer, PROPERTY_ID, renderWithEscalationApi } from './escalation-api.fixture';
import { EscalationTab } from './escalation-tab';
import { CLAIM_MESSAGES } from './labels';

/** The PUT to the store: half-way progress, then done (or held by a test, to see the progress). */
const store = vi.hoisted(() => ({
  put: vi.fn<(options: PutFileOptions) => Promise<void>>(),
  held: null as Promise<void> | null,
}));
vi.mock('../../../../../lib/upload/put-file', () => ({
  putFile: (options: PutFileOptions) => store.put(options),
}));

beforeEach(() => {
  store.held = null;
  store.put.mockReset();
  store.put.mockImplementation(async ({ body, onProgress }) => {
    onProgress?.(body.size / 2, body.size);
    await store.held;
    onProgress?.(body.size, body.size);
  });
});

const PROPERTY = { id: PROPERTY_ID, municipality: 'CPT', features: [] };

function renderTab(overrides: Partial<FakeEscalationServer> = {}) {
  return renderWithEscalationApi(<EscalationTab property={PROPERTY} />, overrides);
}

const photo = (name: string, type = 'image/jpeg') => new File([`bytes of ${name}`], name, { type });

async function openStartClaim() {
  fireEvent.click(await screen.findByRole('button', { name: 'Start Claim' }));
  const dialog = await screen.findByRole('dialog', { name: 'Start Claim' });
  return { dialog, form: within(dialog) };
}

/** Chooses an incident type in the Select by its label, as a user does. */
async function chooseType(form: ReturnType<typeof within>, label: string) {
  fireEvent.click(form.getByRole('combobox', { name: /^Incident type/ }));
  fireEvent.click(await screen.findByRole('option', { name: label, hidden: true }));
}

async function fill(
  form: ReturnType<typeof within>,
  { type = 'Burst geyser', date = '2026-11-20', description = 'The geyser burst overnight.' } = {},
) {
  await chooseType(form, type);
  fireEvent.change(form.getByLabelText(/^Date of the incident/), { target: { value: date } });
  fireEvent.change(form.getByLabelText(/^Description/), { target: { value: description } });
}

function choose(dialog: HTMLElement, files: File[]) {
  const input = dialog.querySelector('input[type="file"]') as HTMLInputElement | null;
  if (!input) throw new Error('no file input');
  fireEvent.change(input, { target: { files } });
}

const paths = (server: FakeEscalationServer) => server.calls.map((call) => call.path);

describe('Escalation tab: Start Claim', () => {
  it('shows the four actions in the spec’s words', async () => {
    await renderTab();
    const buttons = await Promise.all(
      ESCALATION_ACTIONS.map((action) => screen.findByRole('button', { name: action })),
    );
    expect(buttons.map((button) => button.textContent)).toEqual([
      'Start Claim',
      'Find Provider',
      'Learn More',
      'Schedule Call',
    ]);
    for (const button of buttons) expect(button).toHaveProperty('disabled', false);
  });

  it('checks the type, date and description with the domain’s messages; the date may not be in the future', async () => {
    const { server } = await renderTab();
    const { form } = await openStartClaim();
    // The date is today at first.
    const date = form.getByLabelText(/^Date of the incident/) as HTMLInputElement;
    expect(date.value).toBe(johannesburgToday(new Date()));
    fireEvent.change(date, { target: { value: '' } });
    fireEvent.click(form.getByRole('button', { name: 'Start Claim' }));
    expect(await form.findByText(ESCALATION_MESSAGES.incidentTypeRequired)).toBeTruthy();
    expect(form.getByText(ESCALATION_MESSAGES.incidentDateRequired)).toBeTruthy();
    expect(form.getByText(ESCALATION_MESSAGES.descriptionRequired)).toBeTruthy();

    const tomorrow = new Date(Date.parse(`${johannesburgToday(new Date())}T12:00:00Z`) + 86_400_000)
      .toISOString()
      .slice(0, 10);
    await fill(form, { date: tomorrow });
    // The date field itself offers nothing later than today.
    expect(form.getByLabelText(/^Date of the incident/).getAttribute('max')).toBe(
      johannesburgToday(new Date()),
    );
    fireEvent.click(form.getByRole('button', { name: 'Start Claim' }));
    expect(await form.findByText(ESCALATION_MESSAGES.incidentDateInFuture)).toBeTruthy();
    expect(form.queryByText(ESCALATION_MESSAGES.incidentTypeRequired)).toBeNull();
    expect(server.calls).toEqual([]);
  });

  it('lists what the insurer will ask for once the type is chosen', async () => {
    await renderTab();
    const { form } = await openStartClaim();
    await chooseType(form, 'Burst geyser');
    const expected = within(form.getByTestId('expected-evidence'));
    for (const requirement of INCIDENT_EVIDENCE.burst_geyser) {
      expect(expected.getByText(requirement.label)).toBeTruthy();
    }
  });

  it('uploads the photos into the vault with progress, then starts the claim with their document ids', async () => {
    let release!: () => void;
    store.held = new Promise((resolve) => {
      release = resolve;
    });
    const { server } = await renderTab();
    const { dialog, form } = await openStartClaim();
    await fill(form);
    choose(dialog, [
      photo('ceiling.jpg'),
      photo('plumber-report.pdf', 'application/pdf'),
      photo('clip.gif', 'image/gif'),
    ]);
    // A GIF is not a photo the vault keeps: refused with its reason, the others stay.
    expect(form.getByRole('alert').textContent).toContain('clip.gif');
    expect(form.getAllByTestId('claim-photo').map((row) => row.textContent)).toEqual([
      expect.stringContaining('ceiling.jpg'),
      expect.stringContaining('plumber-report.pdf'),
    ]);

    fireEvent.click(form.getByRole('button', { name: 'Start Claim' }));
    // Each photo has its own bar while it goes; the button says the claim is on its way.
    expect(await form.findByRole('progressbar', { name: 'Upload of ceiling.jpg' })).toBeTruthy();
    expect(form.getByRole('progressbar', { name: 'Upload of plumber-report.pdf' })).toBeTruthy();
    await waitFor(() => expect(form.getAllByText('Uploading 50%')).toHaveLength(2));
    expect(form.getByRole('button', { name: CLAIM_MESSAGES.submitting })).toHaveProperty('disabled', true);
    expect(paths(server)).not.toContain('escalation.startClaim');
    release();

    expect(await screen.findByText(CLAIM_MESSAGES.started)).toBeTruthy();
    // The photos went into the vault first, as 'other' documents of the property noting the claim…
    const registered = server.calls.filter((call) => call.path === 'documents.register');
    expect(registered.map((call) => call.input)).toEqual(
      ['ceiling.jpg', 'plumber-report.pdf'].map((name) =>
        expect.objectContaining({
          property_id: PROPERTY_ID,
          kind: 'other',
          name,
          metadata: { purpose: 'claim', incident_type: 'burst_geyser', incident_date: '2026-11-20' },
        }),
      ),
    );
    expect(paths(server).at(-1)).toBe('escalation.startClaim');
    // …and the claim was started with their documents.
    const vaultIds = server.vault.map((document) => document.id);
    expect(server.calls.at(-1)?.input).toEqual({
      propertyId: PROPERTY_ID,
      incident_type: 'burst_geyser',
      incident_date: '2026-11-20',
      description: 'The geyser burst overnight.',
      document_ids: vaultIds,
    });

    // The dialog closed and the claim is shown, with the focus on it.
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const card = await screen.findByRole('article', { name: `Burst geyser on ${formatDate('2026-11-20')}` });
    await waitFor(() => expect(document.activeElement).toBe(card));
    expect(within(card).getByText('2 photos')).toBeTruthy();
    const photos = within(card).getByTestId('evidence-photos');
    expect(photos.getAttribute('data-missing')).toBe('false');
  });

  it('keeps a failed photo’s message; Start Claim again sends only what was not uploaded', async () => {
    const { server } = await renderTab({
      refusedFiles: { 'blurry.jpg': 'The file is not what it says it is' },
    });
    const { dialog, form } = await openStartClaim();
    await fill(form);
    choose(dialog, [photo('ceiling.jpg'), photo('blurry.jpg')]);
    fireEvent.click(form.getByRole('button', { name: 'Start Claim' }));
    expect(await form.findByText(CLAIM_MESSAGES.photosFailed)).toBeTruthy();
    expect(form.getByText('The file is not what it says it is')).toBeTruthy();
    expect(form.getByText('Uploaded')).toBeTruthy();
    expect(paths(server)).not.toContain('escalation.startClaim');
    const uploadsBefore = store.put.mock.calls.length;

    fireEvent.click(form.getByRole('button', { name: 'Remove blurry.jpg' }));
    fireEvent.click(form.getByRole('button', { name: 'Start Claim' }));
    expect(await screen.findByText(CLAIM_MESSAGES.started)).toBeTruthy();
    // ceiling.jpg was not sent again.
    expect(store.put.mock.calls.length).toBe(uploadsBefore);
    const ceiling = server.vault.find((document) => document.name === 'ceiling.jpg');
    expect(server.calls.at(-1)).toMatchObject({
      path: 'escalation.startClaim',
      input: { document_ids: [ceiling?.id] },
    });
  });

  it('keeps the form and says why when the server refuses the claim', async () => {
    await renderTab({
      refusals: {
        'escalation.startClaim': { message: 'Property not found', code: 'NOT_FOUND', httpStatus: 404 },
      },
    });
    const { form } = await openStartClaim();
    await fill(form);
    fireEvent.click(form.getByRole('button', { name: 'Start Claim' }));
    expect((await form.findByRole('alert')).textContent).toBe('Property not found');
    expect((form.getByLabelText(/^Description/) as HTMLTextAreaElement).value).toBe(
      'The geyser burst overnight.',
    );
  });

  it('Cancel closes the dialog and gives the focus back to Start Claim', async () => {
    await renderTab();
    const opener = await screen.findByRole('button', { name: 'Start Claim' });
    opener.focus();
    const { form } = await openStartClaim();
    fireEvent.click(form.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });
});
