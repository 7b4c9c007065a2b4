import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  GARDENS_ID,
  renderWithTransfersApi,
  transfer,
} from '../../../../components/transfers/transfers-api.fixture';
import { PropertyNotFound } from './property-detail';

describe('PropertyNotFound', () => {
  it('tells the seller of a transferred property to whom and when it went (issue 32), not that it may be archived', async () => {
    await renderWithTransfersApi(<PropertyNotFound propertyId={GARDENS_ID} />, {
      outgoing: [
        transfer({
          status: 'accepted',
          to_organization: 'Mokoena Holdings',
          decided_at: '2026-11-27T10:00:00.000Z',
        }),
      ],
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Gardens Home was transferred' }),
    ).toBeTruthy();
    expect(
      screen.getByText(
        'Transferred to Mokoena Holdings (buyer@example.com) on Nov 27, 2026. Its documents and history went with it.',
      ),
    ).toBeTruthy();
    expect(screen.queryByText(/may have been archived/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Your transfers' }).getAttribute('href')).toBe('/transfers');
  });

  it('says "Property not found" for a property the caller never had, or one still being offered', async () => {
    await renderWithTransfersApi(<PropertyNotFound propertyId={GARDENS_ID} />, {
      outgoing: [transfer({ status: 'declined' })],
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Property not found' })).toBeTruthy();
    expect(screen.getByText('It may have been archived, or the link may be wrong.')).toBeTruthy();
  });
});
