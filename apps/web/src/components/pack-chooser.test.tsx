import type { AppRouter } from '@propertydna/api/router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TRPCLink } from '@trpc/client';
import { observable } from '@trpc/server/observable';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { trpc } from '../lib/trpc';
import { renderWithMantine } from '../test/render';
import { PackContents, usePackChoice } from './pack-chooser';

const PREVIEW = {
  pack: 'insurance_pack',
  pack_label: 'Insurance pack',
  remembered: false,
  sections: [
    {
      name: 'compliance_summary',
      label: 'Compliance summary: what is in order',
      included: true,
      default: true,
    },
    { name: 'compliance_gaps', label: 'Compliance gaps: the standing', included: false, default: false },
    { name: 'policy_findings', label: 'Policy findings: clauses', included: true, default: true },
    { name: 'maintenance', label: 'Maintenance', included: true, default: true },
  ],
  documents: [
    {
      id: 'd-coc',
      name: 'Electrical CoC.pdf',
      kind: 'certificate',
      group: 'Certificates and inspections',
      included: true,
    },
    {
      id: 'd-roof',
      name: 'Roof inspection.pdf',
      kind: 'inspection',
      group: 'Certificates and inspections',
      included: true,
    },
  ],
  choice: { sections: ['compliance_summary', 'policy_findings', 'maintenance'], excluded_document_ids: [] },
};

function fakeApi() {
  const link: TRPCLink<AppRouter> =
    () =>
    ({ op }) =>
      observable((observer) => {
        if (op.path === 'reports.packPreview') observer.next({ result: { type: 'data', data: PREVIEW } });
        observer.complete();
      });
  return trpc.createClient({ links: [link] });
}

/** The chooser, and the include/exclude a Generate button would send, shown as text. */
function Harness() {
  const choice = usePackChoice('insurance_pack', { propertyId: 'p-1' });
  const [sent, setSent] = useState('');
  return (
    <>
      <PackContents choice={choice} disabled={false} />
      <button type="button" onClick={() => setSent(JSON.stringify(choice.query()))}>
        Generate
      </button>
      <output data-testid="sent">{sent}</output>
    </>
  );
}

function renderChooser() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderWithMantine(
    <trpc.Provider client={fakeApi()} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <Harness />
      </QueryClientProvider>
    </trpc.Provider>,
  );
}

describe('PackContents', () => {
  it('says what goes in, and sends nothing when the owner changed nothing', async () => {
    renderChooser();
    expect((await screen.findByTestId('pack-summary')).textContent).toContain(
      'In this pack: Compliance summary, Policy findings, Maintenance; 2 of 2 documents.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Generate' }));
    expect(screen.getByTestId('sent').textContent).toBe('{}');
  });

  it('unticking a document and ticking the gaps shows in the preview, the summary and what is sent', async () => {
    renderChooser();
    await screen.findByTestId('pack-summary');
    fireEvent.click(screen.getByRole('button', { name: 'Choose what goes in' }));
    const dialog = await screen.findByRole('dialog', { name: 'What goes in: Insurance pack' });
    const preview = within(dialog).getByTestId('pack-preview');
    expect(preview.textContent).toContain('Electrical CoC.pdf');
    expect(preview.textContent).not.toContain('Compliance gaps');

    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Electrical CoC.pdf' }));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /^Compliance gaps/ }));
    expect(preview.textContent).not.toContain('Electrical CoC.pdf');
    expect(preview.textContent).toContain('Compliance gaps');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() =>
      expect(screen.getByTestId('pack-summary').textContent).toContain(
        'In this pack: Compliance summary, Compliance gaps, Policy findings, Maintenance; 1 of 2 documents.',
      ),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Generate' }));
    expect(JSON.parse(screen.getByTestId('sent').textContent ?? '')).toEqual({
      include: 'compliance_summary,compliance_gaps,policy_findings,maintenance',
      exclude: 'd-coc',
    });

    // Reset to defaults puts the defaults back.
    fireEvent.click(screen.getByRole('button', { name: 'Choose what goes in' }));
    const again = await screen.findByRole('dialog', { name: 'What goes in: Insurance pack' });
    fireEvent.click(within(again).getByRole('button', { name: 'Reset to defaults' }));
    expect(
      (within(again).getByRole('checkbox', { name: /^Compliance gaps/ }) as HTMLInputElement).checked,
    ).toBe(false);
    expect(
      (within(again).getByRole('checkbox', { name: 'Electrical CoC.pdf' }) as HTMLInputElement).checked,
    ).toBe(true);
  });
});
