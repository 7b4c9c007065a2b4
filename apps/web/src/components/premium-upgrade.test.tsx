import { Button } from '@mantine/core';
import type { AppRouter } from '@propertydna/api/router';
import { READ_ONLY_PROPERTY_MESSAGE } from '@propertydna/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import type { TRPCLink } from '@trpc/client';
import { observable } from '@trpc/server/observable';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { RoleGuard } from '../lib/permissions';
import { trpc } from '../lib/trpc';
import { renderWithMantine } from '../test/render';
import {
  PropertyReadOnly,
  ReadOnlyPropertiesBanner,
  ReadOnlyPropertyBanner,
  UPGRADE_LABEL,
  UpgradeButton,
} from './premium-upgrade';

const BILLING = {
  configured: false,
  reason: 'Payments are not configured',
  priceCents: 9900,
  paidUntil: null,
  subscribed: false,
  cancelledAt: null,
  payments: [],
};

/** A tRPC client answering plan.billing and plan.readOnlyProperties: only the transport is fake. */
function render(ui: ReactNode, { configured = false, readOnly = [] as string[] } = {}) {
  const link: TRPCLink<AppRouter> =
    () =>
    ({ op }) =>
      observable((observer) => {
        const answer = (data: unknown) => observer.next({ result: { type: 'data', data } });
        if (op.path === 'plan.billing')
          answer({ ...BILLING, configured, reason: configured ? null : BILLING.reason });
        if (op.path === 'plan.readOnlyProperties')
          answer({ propertyIds: readOnly, message: READ_ONLY_PROPERTY_MESSAGE });
        observer.complete();
      });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderWithMantine(
    <trpc.Provider client={trpc.createClient({ links: [link] })} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>
    </trpc.Provider>,
  );
}

describe('Upgrade (issue 31 §5)', () => {
  it('without PayFast settings the button is disabled and says that payments are not configured', async () => {
    render(<UpgradeButton />);
    const reason = await screen.findByText('Payments are not configured');
    const button = screen.getByRole('button', { name: UPGRADE_LABEL }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(button.getAttribute('aria-describedby')).toBe(reason.id);
  });

  it('with the settings the button is enabled and no reason is shown', async () => {
    render(<UpgradeButton />, { configured: true });
    const button = (await screen.findByRole('button', { name: UPGRADE_LABEL })) as HTMLButtonElement;
    await waitFor(() => expect(button.disabled).toBe(false));
    expect(screen.queryByText('Payments are not configured')).toBeNull();
  });

  it("a read-only property shows the banner with Upgrade and holds back its writes with the reason; another property's are not", async () => {
    render(
      <>
        <PropertyReadOnly propertyId="p2">
          <ReadOnlyPropertyBanner propertyId="p2" />
          <RoleGuard capability="documents.write">
            <Button>Upload</Button>
          </RoleGuard>
          <RoleGuard capability="shares.write">
            <Button>Share</Button>
          </RoleGuard>
        </PropertyReadOnly>
        <PropertyReadOnly propertyId="p1">
          <ReadOnlyPropertyBanner propertyId="p1" />
          <RoleGuard capability="documents.write">
            <Button>Upload to the oldest</Button>
          </RoleGuard>
        </PropertyReadOnly>
      </>,
      { readOnly: ['p2'] },
    );
    expect(await screen.findByText(READ_ONLY_PROPERTY_MESSAGE, { selector: 'p' })).toBeTruthy();
    expect(screen.getAllByTestId('read-only-banner')).toHaveLength(1);
    expect(screen.getByRole('button', { name: UPGRADE_LABEL })).toBeTruthy();
    const upload = screen.getByRole('button', { name: 'Upload' });
    expect(upload.getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByRole('button', { name: 'Share' }).getAttribute('aria-disabled')).toBeNull();
    expect(
      screen.getByRole('button', { name: 'Upload to the oldest' }).getAttribute('aria-disabled'),
    ).toBeNull();
  });

  it('the dashboard banner counts the read-only properties, and is absent when there are none', async () => {
    render(<ReadOnlyPropertiesBanner />, { readOnly: ['p2', 'p3'] });
    expect(await screen.findByText(/2 properties are read-only on the Free plan/)).toBeTruthy();
  });
});
