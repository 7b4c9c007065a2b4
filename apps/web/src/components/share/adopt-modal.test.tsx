import type { AppRouter } from '@propertydna/api/router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TRPCLink } from '@trpc/client';
import { observable } from '@trpc/server/observable';
import { describe, expect, it, vi } from 'vitest';
import { trpc } from '../../lib/trpc';
import { renderWithRouter } from '../../test/render';
import { AdoptModal, sameAddress } from './adopt-modal';

const HOME = { id: 'p-home', name: 'Gardens home', address: '5 Kloof Street, Gardens' };
const FLAT = { id: 'p-flat', name: 'Sea Point flat', address: '12 Beach Road, Sea Point' };

/** A tRPC client answering from this table: the owner's properties, and the adoption's result. */
function fakeApi(adopt: (input: unknown) => void) {
  const link: TRPCLink<AppRouter> =
    () =>
    ({ op }) =>
      observable((observer) => {
        if (op.path === 'properties.list') {
          observer.next({ result: { type: 'data', data: [HOME, FLAT] } });
        } else if (op.path === 'shares.adopt') {
          adopt(op.input);
          observer.next({
            result: {
              type: 'data',
              data: { property_id: 'p-flat', adopted: 1, message: 'Documents adopted' },
            },
          });
        }
        observer.complete();
      });
  return trpc.createClient({ links: [link] });
}

async function renderAdopt(jobAddress: string | null) {
  const adopt = vi.fn();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await renderWithRouter(
    <trpc.Provider client={fakeApi(adopt)} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <AdoptModal token="tok" opened jobAddress={jobAddress} onClose={() => {}} />
      </QueryClientProvider>
    </trpc.Provider>,
  );
  return adopt;
}

async function choose(name: string) {
  const dialog = await screen.findByRole('dialog', { name: 'Adopt to Property' });
  fireEvent.click(within(dialog).getByLabelText('Property', { exact: true }));
  fireEvent.click(await screen.findByRole('option', { name, hidden: true }));
  fireEvent.click(within(dialog).getByRole('button', { name: 'Adopt Documents' }));
  return dialog;
}

describe('AdoptModal', () => {
  it("adopts at once into a property at the job's address", async () => {
    const adopt = await renderAdopt('5 kloof street  gardens');
    await choose(HOME.name);
    await waitFor(() =>
      expect(adopt).toHaveBeenCalledWith({ token: 'tok', create_property: false, property_id: HOME.id }),
    );
    expect(screen.queryByText('Different address')).toBeNull();
  });

  it('asks before adopting into a property at another address: Go back adopts nothing, Adopt anyway does', async () => {
    const adopt = await renderAdopt(HOME.address);
    const dialog = await choose(FLAT.name);
    const warning = await within(dialog).findByRole('alert');
    expect(warning.textContent).toContain(HOME.address);
    expect(warning.textContent).toContain(`${FLAT.name} is at ${FLAT.address}`);
    expect(adopt).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Go back' }));
    expect(within(dialog).getByRole('button', { name: 'Adopt Documents' })).toBeTruthy();
    expect(adopt).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Adopt Documents' }));
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Adopt anyway' }));
    await waitFor(() =>
      expect(adopt).toHaveBeenCalledWith({ token: 'tok', create_property: false, property_id: FLAT.id }),
    );
    expect(await within(dialog).findByRole('link', { name: 'Open the property' })).toBeTruthy();
  });

  it('never asks for a property share, which has no job address', async () => {
    const adopt = await renderAdopt(null);
    await choose(FLAT.name);
    await waitFor(() => expect(adopt).toHaveBeenCalledTimes(1));
  });
});

describe('sameAddress', () => {
  it('ignores case, spacing and punctuation only', () => {
    expect(sameAddress('5 Kloof Street, Gardens', ' 5 kloof street gardens ')).toBe(true);
    expect(sameAddress('5 Kloof Street, Gardens', '7 Kloof Street, Gardens')).toBe(false);
  });
});
