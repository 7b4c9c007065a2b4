import { type OrganizationRole, READ_ONLY_PROPERTY_MESSAGE } from '@propertydna/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PlanReadOnlyContext } from '../../../../../lib/permissions';
import { expectHeldBack, SignedInAs } from '../../../../../test/signed-in-as';
import {
  callbackRequest,
  claimDetail,
  ownVendor,
  PROPERTY_ID,
  provider,
  renderWithEscalationApi,
} from './escalation-api.fixture';
import { EscalationTab } from './escalation-tab';
import { CLAIM_MESSAGES, PROVIDER_MESSAGES } from './labels';

const NOW = new Date('2026-11-23T08:00:00Z');

afterEach(() => localStorage.clear());

/**
 * The Escalation tab signed in with `role` (issue 29 §1), on a property read-only on the Free plan when
 * `readOnly` (issue 31 §5), with a claim, a call request, a registered provider and one of the owner's
 * vendors not yet invited here.
 */
function renderAs(role: OrganizationRole, { readOnly = false } = {}) {
  const tab = <EscalationTab property={{ id: PROPERTY_ID, municipality: 'CPT', features: [] }} now={NOW} />;
  return renderWithEscalationApi(
    <SignedInAs role={role}>
      {readOnly ? (
        <PlanReadOnlyContext.Provider value={READ_ONLY_PROPERTY_MESSAGE}>{tab}</PlanReadOnlyContext.Provider>
      ) : (
        tab
      )}
    </SignedInAs>,
    {
      claims: [claimDetail()],
      callbacks: [callbackRequest()],
      providers: [provider()],
      vendors: [ownVendor()],
    },
  );
}

/** Opens Find Provider (a read: it stays open to every role) and waits for its results. */
async function openFindProvider() {
  fireEvent.click(await screen.findByRole('button', { name: 'Find Provider' }));
  const section = within(await screen.findByRole('region', { name: 'Find Provider' }));
  await section.findByRole('listitem', { name: 'Atlantic Plumbing (Pty) Ltd' });
  await section.findByRole('listitem', { name: 'Thabo Nkosi' });
  return section;
}

/** The tab's writes: Start Claim, Schedule Call, and Find Provider's two invites. */
async function writes() {
  const actions = [
    await screen.findByRole('button', { name: 'Start Claim' }),
    screen.getByRole('button', { name: 'Schedule Call' }),
  ];
  const section = await openFindProvider();
  return [
    ...actions,
    section.getByRole('button', { name: PROVIDER_MESSAGES.invite }),
    section.getByRole('button', { name: PROVIDER_MESSAGES.inviteOwn }),
  ];
}

describe('Escalation tab for the roles and a read-only property (issue 29 §1, issue 31 §5)', () => {
  it('holds every write back from a viewer, with the reason, and pressing one sends nothing; reading stays', async () => {
    const { server } = await renderAs('viewer');
    const controls = await writes();
    for (const control of controls) {
      expectHeldBack(control);
      fireEvent.click(control);
    }
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(server.calls).toEqual([]);
    // The invite is still described by the provider it is for, as well as by the reason.
    const invite = controls[2] as HTMLElement;
    const described = (invite.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent);
    expect(described).toContain('Atlantic Plumbing (Pty) Ltd');
    // The reads stay usable: Find Provider (searched above), Learn More, the claims with their pack, the calls.
    for (const read of ['Find Provider', 'Learn More']) {
      expect(screen.getByRole('button', { name: read }).getAttribute('aria-disabled')).toBeNull();
    }
    fireEvent.click(screen.getByRole('button', { name: 'Learn More' }));
    expect(await screen.findByRole('region', { name: 'Learn More' })).toBeTruthy();
    expect(await screen.findByText('Whether my policy covers the burst geyser')).toBeTruthy();
    const pack = await screen.findByRole('button', { name: CLAIM_MESSAGES.downloadPack });
    expect(pack.getAttribute('aria-disabled')).toBeNull();
  });

  it('lets a member start a claim, schedule a call and invite as before', async () => {
    await renderAs('member');
    const [start, schedule, invite, inviteOwn] = await writes();
    for (const control of [start, schedule, invite, inviteOwn]) {
      expect(control?.getAttribute('aria-disabled')).toBeNull();
    }
    fireEvent.click(start as HTMLElement);
    expect(await screen.findByRole('dialog', { name: 'Start Claim' })).toBeTruthy();
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(schedule as HTMLElement);
    expect(await screen.findByRole('dialog', { name: 'Schedule Call' })).toBeTruthy();
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(invite as HTMLElement);
    expect(
      await screen.findByRole('dialog', { name: 'Invite Atlantic Plumbing (Pty) Ltd as vendor' }),
    ).toBeTruthy();
  });

  it("holds the owner's writes back on a property read-only on the Free plan, saying why", async () => {
    const { server } = await renderAs('owner', { readOnly: true });
    for (const control of await writes()) {
      expectHeldBack(control, READ_ONLY_PROPERTY_MESSAGE);
      fireEvent.click(control);
    }
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(server.calls).toEqual([]);
  });
});
