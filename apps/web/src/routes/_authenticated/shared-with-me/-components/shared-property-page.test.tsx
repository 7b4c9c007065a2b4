import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DOCUMENT_ID, GRANT_ID, refusal, renderWithGrantsApi, sharedProperty } from './grants-api.fixture';
import { SharedPropertyPage } from './shared-property-page';

const base = `/api/shared-with-me/${GRANT_ID}/documents/${DOCUMENT_ID}`;

describe('SharedPropertyPage (issue 29 §3)', () => {
  it('shows the property read-only: its documents through the grant and its compliance check', async () => {
    const { server } = await renderWithGrantsApi(<SharedPropertyPage grantId={GRANT_ID} />, {
      'grants.sharedProperty': sharedProperty(),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Gardens Home' })).toBeTruthy();
    expect(screen.getByText('Read-only')).toBeTruthy();
    expect(screen.getByText('PDNA-ZA-7K3M-9QX2')).toBeTruthy();
    expect(server.calls).toEqual([{ path: 'grants.sharedProperty', input: { grantId: GRANT_ID } }]);

    const documents = within(screen.getByRole('region', { name: 'Documents' }));
    expect(documents.getByText('Electrical COC.pdf')).toBeTruthy();
    expect(documents.getByRole('link', { name: 'View Electrical COC.pdf' }).getAttribute('href')).toBe(
      `${base}/view`,
    );
    expect(documents.getByRole('link', { name: 'Download Electrical COC.pdf' }).getAttribute('href')).toBe(
      `${base}/download`,
    );

    const compliance = within(screen.getByRole('region', { name: 'Compliance check' }));
    expect(compliance.getByText('Gaps detected')).toBeTruthy();
    expect(compliance.getByText('Electric fence certificate missing')).toBeTruthy();
    expect(compliance.getByText(/transfer readiness 2 of 5/)).toBeTruthy();
    // No write anywhere: the only links are the documents' and the way back.
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('documents only: no compliance check', async () => {
    await renderWithGrantsApi(<SharedPropertyPage grantId={GRANT_ID} />, {
      'grants.sharedProperty': sharedProperty('documents_only'),
    });
    await screen.findByRole('region', { name: 'Documents' });
    expect(screen.queryByRole('region', { name: 'Compliance check' })).toBeNull();
  });

  it('a revoked or expired grant says the access has ended, without a retry', async () => {
    await renderWithGrantsApi(<SharedPropertyPage grantId={GRANT_ID} />, {
      'grants.sharedProperty': refusal('Access not found', 'NOT_FOUND', 404),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Access not found' })).toBeTruthy();
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('This access has ended');
    expect(within(alert).queryByRole('button')).toBeNull();
    expect(screen.getByRole('link', { name: /Shared with me/ }).getAttribute('href')).toBe('/shared-with-me');
  });
});
