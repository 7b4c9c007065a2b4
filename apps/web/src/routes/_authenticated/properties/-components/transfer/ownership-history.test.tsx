import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TRANSFER_UI } from '../../../../../components/transfers/labels';
import {
  GARDENS_ID,
  renderWithTransfersApi,
} from '../../../../../components/transfers/transfers-api.fixture';
import { OwnershipHistory } from './ownership-history';

describe('OwnershipHistory', () => {
  it('lists the ownership periods: organisation names and dates, the current one until now', async () => {
    await renderWithTransfersApi(<OwnershipHistory propertyId={GARDENS_ID} />, {
      ownership: [
        {
          organization_name: 'Dube Family Trust',
          from: '2026-01-10T08:00:00.000Z',
          until: '2026-11-24T08:00:00.000Z',
        },
        { organization_name: 'Naidoo Holdings', from: '2026-11-24T08:00:00.000Z', until: null },
      ],
    });
    const list = within(await screen.findByRole('list', { name: TRANSFER_UI.history }));
    const items = list.getAllByRole('listitem').map((item) => item.textContent);
    expect(items).toEqual([
      'Dube Family Trust: Jan 10, 2026 – Nov 24, 2026',
      'Naidoo Holdings: Nov 24, 2026 – now',
    ]);
  });

  it('says when it cannot be loaded, and retries', async () => {
    await renderWithTransfersApi(<OwnershipHistory propertyId={GARDENS_ID} />, {
      failures: { 'transfers.ownership': 1 },
      ownership: [{ organization_name: 'Dube Family Trust', from: '2026-01-10T08:00:00.000Z', until: null }],
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(TRANSFER_UI.historyFailed);
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Dube Family Trust')).toBeTruthy();
  });
});
