import { GRANT_MESSAGES, ISSUE_MESSAGES } from '@propertydna/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
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

  it('a conveyancer sees no maintenance and cannot report an issue', async () => {
    await renderWithGrantsApi(<SharedPropertyPage grantId={GRANT_ID} />, {
      'grants.sharedProperty': sharedProperty(),
    });
    await screen.findByRole('region', { name: 'Documents' });
    expect(screen.queryByRole('region', { name: 'Maintenance' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Report an issue' })).toBeNull();
  });

  it("a tenant sees the property's maintenance tasks read-only: title, due date and status", async () => {
    await renderWithGrantsApi(<SharedPropertyPage grantId={GRANT_ID} />, {
      'grants.sharedProperty': sharedProperty('documents_only', 'tenant'),
    });
    const maintenance = within(await screen.findByRole('region', { name: 'Maintenance' }));
    const items = maintenance.getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Service the geyserDue Nov 01, 2026Overdue',
      'Clear the guttersDue May 01, 2027Scheduled',
    ]);
    expect(maintenance.queryByRole('button')).toBeNull();
  });

  it('a tenant reports an issue: checked before sending, sent with the grant, then a success state', async () => {
    const { server } = await renderWithGrantsApi(<SharedPropertyPage grantId={GRANT_ID} />, {
      'grants.sharedProperty': sharedProperty('documents_only', 'tenant'),
      'grants.reportIssue': {
        ok: true,
        message: GRANT_MESSAGES.issueReported,
        reminder: { id: 'custom:r1', title: 'Leaking tap', due_date: '2026-11-28' },
      },
    });
    const form = within(await screen.findByRole('region', { name: 'Report an issue' }));
    fireEvent.click(form.getByRole('button', { name: 'Report issue' }));
    expect(await form.findByText(ISSUE_MESSAGES.titleRequired)).toBeTruthy();
    expect(form.getByText(ISSUE_MESSAGES.descriptionRequired)).toBeTruthy();
    expect(server.calls.map((call) => call.path)).toEqual(['grants.sharedProperty']);

    fireEvent.change(form.getByRole('textbox', { name: /Title/ }), { target: { value: ' Leaking tap ' } });
    fireEvent.change(form.getByRole('textbox', { name: /Description/ }), {
      target: { value: 'The kitchen tap drips all night.' },
    });
    fireEvent.click(form.getByRole('button', { name: 'Report issue' }));
    const status = await form.findByRole('status');
    expect(status.textContent).toContain('Issue reported');
    expect(status.textContent).toContain(GRANT_MESSAGES.issueReported);
    expect(server.calls.at(-1)).toEqual({
      path: 'grants.reportIssue',
      input: { grantId: GRANT_ID, title: 'Leaking tap', description: 'The kitchen tap drips all night.' },
    });
    fireEvent.click(form.getByRole('button', { name: 'Report another issue' }));
    await waitFor(() => expect(form.getByRole('textbox', { name: /Title/ })).toBeTruthy());
    expect((form.getByRole('textbox', { name: /Title/ }) as HTMLInputElement).value).toBe('');
  });

  it("the server's refusal is shown in the form, what was typed kept", async () => {
    await renderWithGrantsApi(<SharedPropertyPage grantId={GRANT_ID} />, {
      'grants.sharedProperty': sharedProperty('documents_only', 'tenant'),
      'grants.reportIssue': refusal(GRANT_MESSAGES.notFound, 'NOT_FOUND', 404),
    });
    const form = within(await screen.findByRole('region', { name: 'Report an issue' }));
    fireEvent.change(form.getByRole('textbox', { name: /Title/ }), { target: { value: 'Broken gate' } });
    fireEvent.change(form.getByRole('textbox', { name: /Description/ }), {
      target: { value: 'It does not latch.' },
    });
    fireEvent.click(form.getByRole('button', { name: 'Report issue' }));
    expect((await form.findByRole('alert')).textContent).toContain(GRANT_MESSAGES.notFound);
    expect((form.getByRole('textbox', { name: /Title/ }) as HTMLInputElement).value).toBe('Broken gate');
  });
});
