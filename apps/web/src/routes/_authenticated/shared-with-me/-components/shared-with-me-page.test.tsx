import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { GRANT_ID, refusal, renderWithGrantsApi, sharedGrant } from './grants-api.fixture';
import { SHARED_WITH_ME_PAGE } from './shared-labels';
import { SharedWithMePage } from './shared-with-me-page';

describe('SharedWithMePage (issue 29 §3)', () => {
  it('lists each live grant: property, address, DNA code, who shared it, role, scope and expiry', async () => {
    await renderWithGrantsApi(<SharedWithMePage />, {
      'grants.sharedWithMe': [
        sharedGrant(),
        sharedGrant({ grantId: 'other', scope: 'documents_only', role: 'tenant' }),
      ],
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Shared with me' })).toBeTruthy();
    const cards = await screen.findAllByRole('article', { name: 'Gardens Home' });
    expect(cards).toHaveLength(2);
    const first = within(cards[0] as HTMLElement);
    expect(first.getByRole('link', { name: 'Gardens Home' }).getAttribute('href')).toBe(
      `/shared-with-me/${GRANT_ID}`,
    );
    expect(first.getByText('12 Gardens Road, Cape Town')).toBeTruthy();
    expect(first.getByText('PDNA-ZA-7K3M-9QX2')).toBeTruthy();
    expect(
      first.getByText(
        'Shared by Dube Family Trust · Conveyancer · Documents and compliance · until Feb 26, 2027',
      ),
    ).toBeTruthy();
    expect(within(cards[1] as HTMLElement).getByText(/Tenant · Documents only/)).toBeTruthy();
    // Read-only: nothing to change here.
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('says so when nothing is shared', async () => {
    await renderWithGrantsApi(<SharedWithMePage />, { 'grants.sharedWithMe': [] });
    expect(await screen.findByText(SHARED_WITH_ME_PAGE.none)).toBeTruthy();
  });

  it('a failure of the server offers Try again', async () => {
    await renderWithGrantsApi(<SharedWithMePage />, {
      'grants.sharedWithMe': refusal('The database is resting', 'INTERNAL_SERVER_ERROR', 500),
    });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
