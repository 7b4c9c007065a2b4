import { CALLBACK_TIME_LABELS, ESCALATION_MESSAGES } from '@propertydna/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  callbackRequest,
  type FakeEscalationServer,
  PROPERTY_ID,
  renderWithEscalationApi,
} from './escalation-api.fixture';
import { EscalationTab } from './escalation-tab';
import { CALL_MESSAGES, ESCALATION_TAB_MESSAGES } from './labels';

const REQUESTED = callbackRequest();
const SCHEDULED = callbackRequest({
  id: 'ca11bac0-0000-4000-8000-000000000002',
  preferred_time: 'afternoon',
  preferred_time_label: CALLBACK_TIME_LABELS.afternoon,
  topic: 'A quote for a new roof',
  status: 'scheduled',
  created_at: '2026-11-10T09:00:00.000Z',
});
const DONE = callbackRequest({
  id: 'ca11bac0-0000-4000-8000-000000000003',
  topic: 'Cover for solar panels',
  status: 'done',
  created_at: '2026-10-01T09:00:00.000Z',
});

function renderTab(overrides: Partial<FakeEscalationServer> = {}) {
  return renderWithEscalationApi(
    <EscalationTab
      property={{ id: PROPERTY_ID, municipality: 'CPT', features: [] }}
      defaultPhone="082 555 0199"
    />,
    { callbacks: [REQUESTED, SCHEDULED, DONE], ...overrides },
  );
}

async function openScheduleCall() {
  fireEvent.click(await screen.findByRole('button', { name: 'Schedule Call' }));
  return within(await screen.findByRole('dialog', { name: 'Schedule Call' }));
}

const requests = () => within(screen.getByRole('list', { name: 'Call requests' })).getAllByRole('listitem');

describe('Escalation tab: Schedule Call', () => {
  it('lists the property’s call requests with their status', async () => {
    await renderTab();
    await screen.findByRole('list', { name: 'Call requests' });
    const status = (item: HTMLElement) => within(item).getByText(/^(Requested|Scheduled|Done)$/).textContent;
    expect(requests().map(status)).toEqual(['Requested', 'Scheduled', 'Done']);
    expect(within(requests()[1] as HTMLElement).getByText(CALLBACK_TIME_LABELS.afternoon)).toBeTruthy();
    expect(
      within(requests()[0] as HTMLElement).getByText('To 082 555 0199 · sent Nov 22, 2026 by Thandiwe Nkosi'),
    ).toBeTruthy();
    expect(within(requests()[1] as HTMLElement).getByText('A quote for a new roof')).toBeTruthy();
  });

  it('says No calls requested yet when there are none', async () => {
    await renderTab({ callbacks: [] });
    expect(await screen.findByText(ESCALATION_TAB_MESSAGES.noCalls)).toBeTruthy();
  });

  it('checks the phone, time and topic with the domain’s messages', async () => {
    const { server } = await renderTab();
    const dialog = await openScheduleCall();
    const phone = dialog.getByLabelText(/^Phone number/) as HTMLInputElement;
    // The user's own number at first.
    expect(phone.value).toBe('082 555 0199');
    fireEvent.change(phone, { target: { value: '' } });
    fireEvent.click(dialog.getByRole('button', { name: CALL_MESSAGES.submit }));
    expect(await dialog.findByText(ESCALATION_MESSAGES.phoneRequired)).toBeTruthy();
    expect(dialog.getByText(ESCALATION_MESSAGES.preferredTimeRequired)).toBeTruthy();
    expect(dialog.getByText(ESCALATION_MESSAGES.topicRequired)).toBeTruthy();
    fireEvent.change(phone, { target: { value: 'call me' } });
    fireEvent.click(dialog.getByRole('button', { name: CALL_MESSAGES.submit }));
    expect(await dialog.findByText('Enter a valid phone number')).toBeTruthy();
    expect(server.calls).toEqual([]);
  });

  it('requests the call, says Call requested and lists it first as Requested', async () => {
    const { server } = await renderTab({ callbacks: [SCHEDULED] });
    const dialog = await openScheduleCall();
    const evening = dialog.getByRole('radio', { name: CALLBACK_TIME_LABELS.evening });
    fireEvent.click(evening);
    fireEvent.change(dialog.getByLabelText(/^What is the call about/), {
      target: { value: 'My claim for the burst geyser' },
    });
    fireEvent.click(dialog.getByRole('button', { name: CALL_MESSAGES.submit }));
    expect(await screen.findByText(CALL_MESSAGES.requested)).toBeTruthy();
    expect(server.calls).toEqual([
      {
        path: 'escalation.requestCallback',
        input: {
          propertyId: PROPERTY_ID,
          // Sent as the domain normalises a South African number.
          phone: '+27825550199',
          preferred_time: 'evening',
          topic: 'My claim for the burst geyser',
        },
      },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(requests()).toHaveLength(2));
    const first = within(requests()[0] as HTMLElement);
    expect(first.getByText('Requested')).toBeTruthy();
    expect(first.getByText('My claim for the burst geyser')).toBeTruthy();
    expect(first.getByText(CALLBACK_TIME_LABELS.evening)).toBeTruthy();
  });

  it('shows the server’s message when too many calls were asked for, keeping the form', async () => {
    const message = 'You have asked for several calls already. Try again in 40 minutes.';
    await renderTab({
      refusals: { 'escalation.requestCallback': { message, code: 'TOO_MANY_REQUESTS', httpStatus: 429 } },
    });
    const dialog = await openScheduleCall();
    fireEvent.click(dialog.getByRole('radio', { name: CALLBACK_TIME_LABELS.morning }));
    fireEvent.change(dialog.getByLabelText(/^What is the call about/), { target: { value: 'My cover' } });
    fireEvent.click(dialog.getByRole('button', { name: CALL_MESSAGES.submit }));
    expect((await dialog.findByRole('alert')).textContent).toBe(message);
    expect(screen.getByRole('dialog', { name: 'Schedule Call' })).toBeTruthy();
    expect((dialog.getByLabelText(/^What is the call about/) as HTMLTextAreaElement).value).toBe('My cover');
  });
});
