import { FREE_PLAN_LIMIT_MESSAGE } from '@propertydna/domain';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithMantine } from '../../../../test/render';
import { UpgradePrompt } from './upgrade-prompt';

describe('UpgradePrompt', () => {
  it('names the Free plan limit and Premium, and offers the 14-day trial while it is unused', () => {
    const onStartTrial = vi.fn();
    renderWithMantine(<UpgradePrompt canStartTrial starting={false} onStartTrial={onStartTrial} />);
    expect(screen.getByText(FREE_PLAN_LIMIT_MESSAGE)).toBeTruthy();
    expect(FREE_PLAN_LIMIT_MESSAGE).toContain('R99 per year');
    fireEvent.click(screen.getByRole('button', { name: 'Start 14-day free trial' }));
    expect(onStartTrial).toHaveBeenCalledOnce();
  });

  it('offers no trial once it has been used', () => {
    renderWithMantine(<UpgradePrompt canStartTrial={false} starting={false} onStartTrial={() => {}} />);
    expect(screen.getByText(FREE_PLAN_LIMIT_MESSAGE)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Start 14-day free trial' })).toBeNull();
    expect(screen.getByText('Your free trial has been used.')).toBeTruthy();
  });

  it('disables the button while the trial starts', () => {
    renderWithMantine(<UpgradePrompt canStartTrial starting onStartTrial={() => {}} />);
    expect((screen.getByRole('button', { name: 'Starting trial...' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });
});
