import { describe, expect, it } from 'vitest';
import { dataOf, errorsOf } from './test-helpers.js';
import { VENDOR_MESSAGES, vendorInviteSchema } from './vendor.js';

const invite = {
  name: ' Sipho Dlamini ',
  email: 'Sipho@Plumbing.co.za',
  company: '',
  propertyId: '3f1c2a5e-8b7d-4c9a-9e1f-2d3c4b5a6f70',
};

describe('vendorInviteSchema', () => {
  it('accepts an invite, allowing both vendor kinds by default', () => {
    expect(dataOf(vendorInviteSchema, invite)).toEqual({
      name: 'Sipho Dlamini',
      email: 'sipho@plumbing.co.za',
      company: undefined,
      propertyId: '3f1c2a5e-8b7d-4c9a-9e1f-2d3c4b5a6f70',
      allowedKinds: ['certificate', 'inspection'],
    });
  });

  it('keeps a company and a chosen kind, dropping repeats', () => {
    expect(
      dataOf(vendorInviteSchema, {
        ...invite,
        company: 'Dlamini Plumbing',
        allowedKinds: ['inspection', 'inspection'],
      }),
    ).toMatchObject({ company: 'Dlamini Plumbing', allowedKinds: ['inspection'] });
  });

  it('gives a message for each missing field', () => {
    expect(errorsOf(vendorInviteSchema, { name: '', email: '', propertyId: '' })).toEqual({
      name: 'Name is required',
      email: 'Email is required',
      propertyId: 'Property is required',
    });
    expect(errorsOf(vendorInviteSchema, {})).toEqual({
      name: VENDOR_MESSAGES.nameRequired,
      email: 'Email is required',
      propertyId: VENDOR_MESSAGES.propertyRequired,
    });
  });

  it('checks the email format and the property id', () => {
    expect(errorsOf(vendorInviteSchema, { ...invite, email: 'sipho', propertyId: 'demo' })).toEqual({
      email: 'Enter a valid email address',
      propertyId: 'Property is required',
    });
  });

  it('refuses other document kinds and an empty list', () => {
    expect(errorsOf(vendorInviteSchema, { ...invite, allowedKinds: ['certificate', 'deed'] })).toEqual({
      'allowedKinds.1': 'Vendors can only be given certificate or inspection access',
    });
    expect(errorsOf(vendorInviteSchema, { ...invite, allowedKinds: [] })).toEqual({
      allowedKinds: 'Choose at least one document kind',
    });
    expect(errorsOf(vendorInviteSchema, { ...invite, allowedKinds: 'certificate' })).toEqual({
      allowedKinds: 'Choose at least one document kind',
    });
  });
});
