import { describe, expect, it } from 'vitest';
import { dataOf, errorsOf } from './test-helpers.js';
import {
  endedAccessSummary,
  INVITE_MAX_DAYS,
  inviteAccessSummary,
  kindsPhrase,
  updateVendorSchema,
  VENDOR_MESSAGES,
  vendorCompanyLabel,
  vendorInviteSchema,
  vendorVerifierName,
} from './vendor.js';

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
      phone: undefined,
      propertyId: '3f1c2a5e-8b7d-4c9a-9e1f-2d3c4b5a6f70',
      allowedKinds: ['certificate', 'inspection'],
      expiresInDays: 14,
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

  it('takes certificate and inspection only (spec §6, §9), refuses other kinds and an empty list', () => {
    expect(
      dataOf(vendorInviteSchema, { ...invite, allowedKinds: ['inspection', 'certificate', 'inspection'] })
        .allowedKinds,
    ).toEqual(['certificate', 'inspection']);
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

describe("the link's lifetime", () => {
  it('is 14 days by default, 1 to 90 when chosen', () => {
    expect(dataOf(vendorInviteSchema, { ...invite, expiresInDays: 1 }).expiresInDays).toBe(1);
    expect(dataOf(vendorInviteSchema, { ...invite, expiresInDays: INVITE_MAX_DAYS }).expiresInDays).toBe(90);
    for (const days of [0, 91, 2.5, '7']) {
      expect(errorsOf(vendorInviteSchema, { ...invite, expiresInDays: days })).toEqual({
        expiresInDays: VENDOR_MESSAGES.expiryDays,
      });
    }
  });

  it('takes an optional phone number', () => {
    expect(dataOf(vendorInviteSchema, { ...invite, phone: '082 123 4567' }).phone).toBe('+27821234567');
    expect(errorsOf(vendorInviteSchema, { ...invite, phone: 'call me' })).toEqual({
      phone: 'Enter a valid phone number',
    });
  });
});

describe('what an invite says', () => {
  it('names the kinds in words, in the vault order', () => {
    expect(kindsPhrase(['inspection', 'certificate'])).toBe('certificates and inspection reports');
    expect(kindsPhrase(['maintenance'])).toBe('maintenance records');
    expect(kindsPhrase(['deed', 'policy', 'contract', 'other'])).toBe(
      'title deeds, insurance policies, contracts and other documents',
    );
    expect(kindsPhrase([])).toBe('no documents');
  });

  it("says spec §4's access level in full", () => {
    expect(inviteAccessSummary(['certificate', 'inspection'], '2026-12-07')).toBe(
      'May upload certificates and inspection reports until Dec 07, 2026',
    );
    expect(inviteAccessSummary(['certificate'], '2026-12-06T22:30:00.000Z')).toBe(
      'May upload certificates until Dec 07, 2026',
    );
  });

  it('says when an ended link ended', () => {
    expect(endedAccessSummary(['certificate'], 'expired', '2026-12-07')).toBe(
      'The link for certificates expired on Dec 07, 2026',
    );
    expect(endedAccessSummary(['inspection'], 'revoked', '2026-11-30T08:00:00.000Z')).toBe(
      'The link for inspection reports was revoked on Nov 30, 2026',
    );
  });

  it("shows an empty company as 'Independent' (spec §3)", () => {
    expect(vendorCompanyLabel(null)).toBe('Independent');
    expect(vendorCompanyLabel('')).toBe('Independent');
    expect(vendorCompanyLabel('Sparks')).toBe('Sparks');
  });

  it('names the verifier: a registered supplier by its company, anyone else by name and company', () => {
    expect(vendorVerifierName({ name: 'Sipho', company: 'Acme Electrical', verified: true })).toBe(
      'Acme Electrical (registered supplier)',
    );
    expect(vendorVerifierName({ name: 'Sipho', company: null, verified: true })).toBe(
      'Sipho (registered supplier)',
    );
    expect(vendorVerifierName({ name: 'Sipho', company: 'Sparks', verified: false })).toBe('Sipho, Sparks');
    expect(vendorVerifierName({ name: 'Sipho', company: undefined, verified: false })).toBe('Sipho');
  });
});

describe('updateVendorSchema', () => {
  it('keeps what is absent, clears what is blank or null, splits specialties', () => {
    expect(
      dataOf(updateVendorSchema, {
        name: ' Sipho ',
        company: '',
        phone: null,
        specialties: 'Electrical, Solar',
        notes: ' Good ',
      }),
    ).toEqual({
      name: 'Sipho',
      company: null,
      phone: null,
      specialties: ['Electrical', 'Solar'],
      notes: 'Good',
    });
    expect(dataOf(updateVendorSchema, { phone: '082 123 4567' })).toEqual({ phone: '+27821234567' });
  });

  it('needs something to change, and a name when one is given', () => {
    expect(errorsOf(updateVendorSchema, {})).toEqual({ '': VENDOR_MESSAGES.nothingToUpdate });
    expect(errorsOf(updateVendorSchema, { name: ' ' })).toEqual({ name: VENDOR_MESSAGES.nameRequired });
  });
});

describe('messages of an upload link', () => {
  it('names what the link accepts when a kind is refused', () => {
    expect(VENDOR_MESSAGES.kindNotAllowed(['inspection'])).toBe('This link only accepts inspection reports');
    expect(VENDOR_MESSAGES.kindNotAllowed(['certificate', 'inspection'])).toBe(
      'This link only accepts certificates and inspection reports',
    );
  });
});
