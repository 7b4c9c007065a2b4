import type { RouterOutputs } from '../../lib/trpc';

/** A vendor of the owner's directory as the API answers it (spec §3), with the properties it serves. */
export type Vendor = RouterOutputs['vendors']['list'][number];
/** A vendor as a property's Vendors tab shows it: its latest invite there and what came in through it. */
export type PropertyVendor = RouterOutputs['vendors']['byProperty'][number];
/** What a vendor's latest invite for one property allows, until when, and whether it still does. */
export type VendorAccess = PropertyVendor['access'];
export type VendorAccessStatus = VendorAccess['status'];

/** Spec §4: a vendor whose link is live is Active; a link can also run out or be revoked. */
export const ACCESS_STATUS_LABELS: Record<VendorAccessStatus, string> = {
  active: 'Active',
  expired: 'Expired',
  revoked: 'Revoked',
};

export const ACCESS_STATUS_COLORS: Record<VendorAccessStatus, string> = {
  active: 'green',
  expired: 'gray',
  revoked: 'red',
};

/** '1 document', '3 documents'. */
export const documentsCountLabel = (count: number) => `${count} ${count === 1 ? 'document' : 'documents'}`;

/** Spec §2: the empty state of the Vendors page (and of a property's Vendors tab). */
export const NO_VENDORS = 'No vendors yet';
