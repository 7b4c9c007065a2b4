import { CLAIM_GUIDANCE, INCIDENT_GUIDANCE, INCIDENT_TYPE_LABELS, INCIDENT_TYPES } from '@propertydna/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PROPERTY_ID, renderWithEscalationApi } from './escalation-api.fixture';
import { EscalationTab } from './escalation-tab';

async function openLearnMore() {
  await renderWithEscalationApi(
    <EscalationTab property={{ id: PROPERTY_ID, municipality: 'CPT', features: [] }} />,
  );
  const button = await screen.findByRole('button', { name: 'Learn More' });
  fireEvent.click(button);
  const section = await screen.findByRole('region', { name: 'Learn More' });
  return { button, section: within(section) };
}

describe('Escalation tab: Learn More', () => {
  it('offers guidance for every kind of incident, the heading taking the focus', async () => {
    const { section } = await openLearnMore();
    await waitFor(() =>
      expect(document.activeElement).toBe(section.getByRole('heading', { name: 'Learn More' })),
    );
    for (const type of INCIDENT_TYPES) {
      const control = section.getByRole('button', { name: INCIDENT_TYPE_LABELS[type] });
      expect(control.getAttribute('aria-expanded')).toBe('false');
    }
  });

  it('shows what to do first, what the insurer will ask for and the time limits of the chosen incident', async () => {
    const { section } = await openLearnMore();
    const control = section.getByRole('button', { name: 'Burst geyser' });
    fireEvent.click(control);
    expect(control.getAttribute('aria-expanded')).toBe('true');
    const panelElement = document.getElementById(control.getAttribute('aria-controls') ?? '') as HTMLElement;
    // Open; jsdom never ends the opening transition, so the parts are read with `hidden`.
    expect(panelElement.getAttribute('aria-hidden')).toBe('false');
    const panel = within(panelElement);
    const items = (name: string) =>
      within(panel.getByRole('region', { name, hidden: true }))
        .getAllByRole('listitem', { hidden: true })
        .map((item) => item.textContent);
    const guidance = INCIDENT_GUIDANCE.burst_geyser;
    expect(items('What to do first')).toEqual([...guidance.firstSteps]);
    expect(items('What your insurer will ask for')).toEqual([...guidance.insurerWillAsk]);
    expect(items('Time limits')).toEqual([...guidance.timeLimits]);
    // The first steps are in order.
    expect(
      panel.getByRole('region', { name: 'What to do first', hidden: true }).querySelector('ol'),
    ).toBeTruthy();

    // Theft has its own limit: the SAPS within 24 to 48 hours.
    const theft = section.getByRole('button', { name: 'Theft / burglary' });
    fireEvent.click(theft);
    expect(theft.getAttribute('aria-expanded')).toBe('true');
    const theftPanel = within(
      document.getElementById(theft.getAttribute('aria-controls') ?? '') as HTMLElement,
    );
    expect(theftPanel.getByText(INCIDENT_GUIDANCE.theft_burglary.timeLimits[0] as string)).toBeTruthy();
  });

  it('shows what holds for every claim, what to do when one is rejected, the sources and the disclaimer', async () => {
    const { section } = await openLearnMore();
    const part = (name: string) => within(section.getByRole('region', { name }));
    expect(part('For every claim').getAllByRole('listitem')).toHaveLength(CLAIM_GUIDANCE.everyClaim.length);
    expect(part('If your claim is rejected').getByText(CLAIM_GUIDANCE.ifRejected[2] as string)).toBeTruthy();
    expect(
      part('Sources')
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([...CLAIM_GUIDANCE.sources]);
    expect(section.getByText(CLAIM_GUIDANCE.disclaimer)).toBeTruthy();
  });

  it('Learn More again, or Close, hides the guidance', async () => {
    const { button } = await openLearnMore();
    expect(button.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('region', { name: 'Learn More' })).toBeNull();
    fireEvent.click(button);
    fireEvent.click(await screen.findByRole('button', { name: 'Close Learn More' }));
    expect(screen.queryByRole('region', { name: 'Learn More' })).toBeNull();
  });
});
