import { isJobRef, SUPPLIER_MESSAGES } from '@propertydna/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithMantine } from '../../../../test/render';
import { JobForm } from './job-form';

const field = (label: string) => screen.getByLabelText(new RegExp(`^${label}`)) as HTMLInputElement;

describe('JobForm', () => {
  it('requires the property address, client name and description, with the spec messages', async () => {
    const onSubmit = vi.fn();
    renderWithMantine(<JobForm pending={false} onSubmit={onSubmit} />);
    fireEvent.click(screen.getByRole('button', { name: 'Create Job' }));
    expect(await screen.findByText(SUPPLIER_MESSAGES.propertyAddressRequired)).toBeTruthy();
    expect(screen.getByText(SUPPLIER_MESSAGES.clientNameRequired)).toBeTruthy();
    expect(screen.getByText(SUPPLIER_MESSAGES.descriptionRequired)).toBeTruthy();
    expect(SUPPLIER_MESSAGES.propertyAddressRequired).toBe('Property address is required');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends the job with a client-made JOB- reference and clears the form once created', async () => {
    const onSubmit = vi.fn().mockResolvedValue(true);
    renderWithMantine(<JobForm pending={false} onSubmit={onSubmit} />);
    fireEvent.change(field('Property address'), { target: { value: '12 Bree Street, Cape Town' } });
    fireEvent.change(field('Client name'), { target: { value: 'Thandi Mokoena' } });
    fireEvent.change(field('Description'), { target: { value: 'Re-seal ridge tiles' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create Job' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    const job = onSubmit.mock.calls[0]?.[0];
    expect(job).toMatchObject({
      property_address: '12 Bree Street, Cape Town',
      client_name: 'Thandi Mokoena',
      description: 'Re-seal ridge tiles',
    });
    expect(isJobRef(job.job_ref)).toBe(true);
    await waitFor(() => expect(field('Property address').value).toBe(''));
  });
});
