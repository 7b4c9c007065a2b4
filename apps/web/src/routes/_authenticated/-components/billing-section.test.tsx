import type { AppRouter } from '@propertydna/api/router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import type { TRPCLink } from '@trpc/client';
import { observable } from '@trpc/server/observable';
import { describe, expect, it } from 'vitest';
import { trpc } from '../../../lib/trpc';
import { renderWithMantine } from '../../../test/render';
import { BillingSection } from './billing-section';

/** A tRPC client answering plan.billing from a fixed value: only the transport is fake. */
function renderWith(billing: unknown, canManage = true) {
  const link: TRPCLink<AppRouter> = () => () =>
    observable((observer) => {
      observer.next({ result: { type: 'data', data: billing } });
      observer.complete();
    });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderWithMantine(
    <trpc.Provider client={trpc.createClient({ links: [link] })} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <BillingSection canManage={canManage} />
      </QueryClientProvider>
    </trpc.Provider>,
  );
}

const base = { priceCents: 9900, paidUntil: null, subscribed: false, cancelledAt: null, payments: [] };

describe('BillingSection', () => {
  it('shows the price with VAT and disables Upgrade with the reason when payments are not configured', async () => {
    renderWith({ ...base, configured: false, reason: 'Payments are not configured' });
    const button = await screen.findByRole('button', { name: 'Upgrade for R99 per year' });
    expect(await screen.findByText('Payments are not configured')).toBeTruthy();
    expect(button.hasAttribute('disabled')).toBe(true);
    expect(button.getAttribute('aria-describedby')).toBe('payments-not-configured');
    expect(screen.getByText(/R86\.09 \+ 15% VAT R12\.91/)).toBeTruthy();
  });

  it('shows the paid year, cancel and the tax invoices once paid', async () => {
    renderWith({
      ...base,
      configured: true,
      reason: null,
      paidUntil: '2099-01-01T00:00:00.000Z',
      subscribed: true,
      payments: [
        {
          pfPaymentId: '1089250',
          invoiceNumber: 7,
          amountCents: 9900,
          paidFrom: null,
          paidUntil: null,
          createdAt: '2026-11-28T08:00:00.000Z',
        },
      ],
    });
    expect(await screen.findByRole('button', { name: 'Cancel subscription' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Upgrade for R99 per year' })).toBeNull();
    const invoice = screen.getByRole('link', { name: 'Invoice PDNA-000007' });
    expect(invoice.getAttribute('href')).toBe('/api/plan/invoices/1089250');
  });

  it('offers no buttons to a member who cannot change the plan', async () => {
    renderWith({ ...base, configured: true, reason: null }, false);
    expect(await screen.findByText(/per year including VAT/)).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });
});
