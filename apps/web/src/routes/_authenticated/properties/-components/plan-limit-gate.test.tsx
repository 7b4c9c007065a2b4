import { FREE_PLAN_LIMIT_MESSAGE } from '@propertydna/domain';
import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithMantine, renderWithRouter } from '../../../../test/render';
import { PlanLimitPage, usePlanLimitGate } from './upgrade-prompt';

type Organization = { plan: 'free' | 'premium'; trialEndsAt: string | null };

/** The session's organisation, as a store: setting `current` re-renders whoever reads it. */
const organization = vi.hoisted(() => {
  let value: Organization = { plan: 'free', trialEndsAt: null };
  const listeners = new Set<() => void>();
  return {
    get current() {
      return value;
    },
    set current(next: Organization) {
      value = next;
      for (const listener of listeners) listener();
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
});
vi.mock('../../../../lib/auth', async () => {
  const { useSyncExternalStore } = await import('react');
  return {
    useAuth: () => ({
      organization: useSyncExternalStore(organization.subscribe, () => organization.current),
    }),
  };
});
vi.mock('../../../../lib/plan', async (original) => ({
  ...(await original<typeof import('../../../../lib/plan')>()),
  useStartTrial: () => ({
    isPending: false,
    mutate: (_: unknown, options: { onSuccess: () => void }) => {
      organization.current = { plan: 'free', trialEndsAt: new Date(Date.now() + 86_400_000).toISOString() };
      options.onSuccess();
    },
  }),
}));

// The Upgrade button (PayFast's checkout) asks the server; its own test is components/premium-upgrade.test.tsx.
vi.mock('../../../../components/premium-upgrade', () => ({
  UpgradeButton: () => (
    <button type="button" data-testid="upgrade-button">
      Upgrade for R99 per year
    </button>
  ),
}));

function AddButton({ count, onAdd }: { count: number | undefined; onAdd: () => void }) {
  const gate = usePlanLimitGate(count);
  return (
    <>
      {gate.modal}
      <button type="button" onClick={gate.guard(onAdd)}>
        Add Property
      </button>
    </>
  );
}

describe('usePlanLimitGate', () => {
  beforeEach(() => {
    organization.current = { plan: 'free', trialEndsAt: null };
  });

  it('lets Add through below the Free limit and while the list loads', () => {
    const onAdd = vi.fn();
    const { rerender } = renderWithMantine(<AddButton count={0} onAdd={onAdd} />);
    fireEvent.click(screen.getByRole('button', { name: 'Add Property' }));
    rerender(<AddButton count={undefined} onAdd={onAdd} />);
    fireEvent.click(screen.getByRole('button', { name: 'Add Property' }));
    expect(onAdd).toHaveBeenCalledTimes(2);
  });

  it('offers the trial before any form at the limit, and goes on to the form once it starts', async () => {
    const onAdd = vi.fn();
    renderWithMantine(<AddButton count={1} onAdd={onAdd} />);
    fireEvent.click(screen.getByRole('button', { name: 'Add Property' }));
    expect(await screen.findByRole('dialog', { name: 'Add another property' })).toBeTruthy();
    expect(screen.getByText(FREE_PLAN_LIMIT_MESSAGE)).toBeTruthy();
    expect(onAdd).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Start 14-day free trial' }));
    expect(onAdd).toHaveBeenCalledOnce();
  });

  it('lets a Premium organisation add more', () => {
    organization.current = { plan: 'premium', trialEndsAt: null };
    const onAdd = vi.fn();
    renderWithMantine(<AddButton count={7} onAdd={onAdd} />);
    fireEvent.click(screen.getByRole('button', { name: 'Add Property' }));
    expect(onAdd).toHaveBeenCalledOnce();
  });
});

/** /properties/new's body: the gate around a stand-in for the form, whose button adds a property. */
function NewPropertyPage({ count, loadFailed = false }: { count: number | undefined; loadFailed?: boolean }) {
  const [properties, setProperties] = useState(count);
  return (
    <PlanLimitPage propertyCount={properties} loadFailed={loadFailed}>
      <form aria-label="New property">
        <button type="button" onClick={() => setProperties((current) => (current ?? 0) + 1)}>
          Create Property
        </button>
      </form>
    </PlanLimitPage>
  );
}

describe('PlanLimitPage', () => {
  beforeEach(() => {
    organization.current = { plan: 'free', trialEndsAt: null };
  });

  it('opened at the Free limit, shows the offer instead of the form, and the form once the trial starts', async () => {
    await renderWithRouter(<NewPropertyPage count={1} />, '/properties/new');
    const offer = screen.getByRole('region', { name: 'Add another property' });
    expect(offer.textContent).toContain(FREE_PLAN_LIMIT_MESSAGE);
    expect(screen.queryByRole('form', { name: 'New property' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to Properties' }).getAttribute('href')).toBe('/properties');
    fireEvent.click(screen.getByRole('button', { name: 'Start 14-day free trial' }));
    expect(screen.getByRole('form', { name: 'New property' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Add another property' })).toBeNull();
  });

  it('says the trial has been used when it has', async () => {
    organization.current = { plan: 'free', trialEndsAt: '2024-01-01T00:00:00.000Z' };
    await renderWithRouter(<NewPropertyPage count={1} />, '/properties/new');
    expect(screen.getByText('Your free trial has been used.')).toBeTruthy();
    // At the trial's end the offer is the upgrade itself (issue 31 §5).
    expect(screen.getByRole('button', { name: 'Upgrade for R99 per year' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Start 14-day free trial' })).toBeNull();
    expect(screen.queryByRole('form', { name: 'New property' })).toBeNull();
  });

  it("waits for a Free organisation's properties before showing either, and shows the form if they fail", async () => {
    const { unmount } = await renderWithRouter(<NewPropertyPage count={undefined} />, '/properties/new');
    expect(screen.getByLabelText('Checking your plan')).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'New property' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Add another property' })).toBeNull();
    unmount();
    await renderWithRouter(<NewPropertyPage count={undefined} loadFailed />, '/properties/new');
    expect(screen.getByRole('form', { name: 'New property' })).toBeTruthy();
  });

  it('keeps the form once shown, when the property it created fills the plan', async () => {
    await renderWithRouter(<NewPropertyPage count={0} />, '/properties/new');
    fireEvent.click(screen.getByRole('button', { name: 'Create Property' }));
    expect(screen.getByRole('form', { name: 'New property' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Add another property' })).toBeNull();
  });

  it('shows a Premium organisation the form without waiting for its properties', async () => {
    organization.current = { plan: 'premium', trialEndsAt: null };
    await renderWithRouter(<NewPropertyPage count={undefined} />, '/properties/new');
    expect(screen.getByRole('form', { name: 'New property' })).toBeTruthy();
  });
});
