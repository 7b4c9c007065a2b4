import type { PropertyVendor, Vendor, VendorAccess } from './labels';

export const GARDENS = { id: 'a1b2c3d4-0000-4000-8000-000000000001', name: 'Gardens Family Home' };
export const SEA_POINT = { id: 'a1b2c3d4-0000-4000-8000-000000000002', name: 'Sea Point Flat' };
export const ADDRESSES: Record<string, string> = {
  [GARDENS.id]: '12 Kloof Street, Gardens, Cape Town',
  [SEA_POINT.id]: '4 Beach Road, Sea Point, Cape Town',
};

/** A vendor's access to a property as the API answers it: live, certificates and inspections, to Dec 07. */
export function vendorAccess(overrides: Partial<VendorAccess> = {}): VendorAccess {
  return {
    invite_id: 'c0ffee00-0000-4000-8000-000000000001',
    status: 'active',
    access_level: 'Certificate Upload',
    allowed_kinds: ['certificate', 'inspection'],
    summary: 'May upload certificates and inspection reports until Dec 07, 2026',
    invited_at: '2026-11-23T08:00:00.000Z',
    expires_at: '2026-12-07T08:00:00.000Z',
    revoked_at: null,
    ...overrides,
  };
}

/** A vendor of the directory, for component tests: an independent electrician serving Gardens. */
export function vendor(overrides: Partial<Vendor> = {}): Vendor {
  return {
    id: 'f00d0000-0000-4000-8000-000000000001',
    name: 'Sipho Dlamini',
    company: null,
    email: 'sipho@example.com',
    phone: '082 555 0199',
    specialties: ['Electrical'],
    verified: false,
    verification_level: null,
    registered_supplier: null,
    notes: null,
    created_at: '2026-11-23T08:00:00.000Z',
    properties: [{ ...GARDENS, address: ADDRESSES[GARDENS.id] as string, access: vendorAccess() }],
    documents_count: 0,
    ...overrides,
  };
}

/** A vendor as a property's Vendors tab has it: its access there and what it uploaded. */
export function propertyVendor(overrides: Partial<PropertyVendor> = {}): PropertyVendor {
  const access = overrides.access ?? vendorAccess();
  const properties = [{ ...GARDENS, address: ADDRESSES[GARDENS.id] as string, access }];
  return { ...vendor({ properties, ...overrides }), access, uploads: [], ...overrides };
}

/** A verified vendor: a registered supplier whose documents were checked, who uploaded a certificate. */
export const ACME = propertyVendor({
  id: 'f00d0000-0000-4000-8000-000000000002',
  name: 'Thandi Mokoena',
  company: 'Acme Electrical',
  email: 'thandi@acme.example',
  phone: null,
  verified: true,
  verification_level: 'documents_checked',
  registered_supplier: 'Acme Electrical (Pty) Ltd',
  documents_count: 1,
  access: vendorAccess({ invite_id: 'c0ffee00-0000-4000-8000-000000000002' }),
  uploads: [
    {
      id: 'd0c00000-0000-4000-8000-000000000001',
      name: 'Electrical CoC.pdf',
      kind: 'certificate',
      created_at: '2026-11-24T10:30:00.000Z',
    },
  ],
});
