import { FREE_PLAN_LIMIT_MESSAGE } from '@propertydna/domain';
import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithMantine } from '../../../../test/render';
import { usePlanLimitGate } from './upgrade-prompt';

const organization = vi.hoisted(() => ({ current: { plan: 'free', trialEndsAt: null as string | null } }));
vi.mock('../../../../lib/auth', () => ({ useAuth: () => ({ organization: organization.current }) }));
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
