import { z } from 'zod';
import { idSchema, isoDate } from './common.js';

/**
 * Issue 31 §3: the access ledger — every access to an organisation's information by anyone other than
 * its members. Each kind is a way in from outside.
 */
export const ACCESS_KINDS = [
  'share_link',
  'vendor_upload',
  'grantee',
  'api_token',
  'staff',
  'transfer',
] as const;
export type AccessKind = (typeof ACCESS_KINDS)[number];

/** How each kind is named on screen (the filter and the table). */
export const ACCESS_KIND_LABELS: Record<AccessKind, string> = {
  share_link: 'Share link',
  vendor_upload: 'Vendor upload link',
  grantee: 'Shared access',
  api_token: 'API token',
  staff: 'PropertyDNA staff',
  transfer: 'Transfer',
};

/** What can be revoked from a ledger row: the live link, grant or token behind it. */
export const REVOKE_KINDS = ['share_link', 'vendor_invite', 'grant', 'api_token', 'transfer_pack'] as const;
export type AccessRevokeKind = (typeof REVOKE_KINDS)[number];

export const ACCESS_LEDGER_MESSAGES = {
  kind: 'Kind must be one of share_link, vendor_upload, grantee, api_token, staff, transfer',
  page: 'Page must be a whole number from 1 to 10000',
  dates: 'The "from" date must not be after the "to" date',
  revokeKind: 'Kind must be one of share_link, vendor_invite, grant, api_token, transfer_pack',
  notFound: 'Nothing live to revoke',
} as const;

/** Rows of the ledger per page. */
export const ACCESS_LEDGER_PAGE_SIZE = 50;

const ledgerFilterFields = {
  kind: z.enum(ACCESS_KINDS, { error: ACCESS_LEDGER_MESSAGES.kind }).optional(),
  /** From this day (inclusive) to that day (inclusive), in Africa/Johannesburg. */
  from: isoDate().optional(),
  to: isoDate().optional(),
  page: z
    .union(
      [
        z.number(),
        z
          .string()
          .trim()
          .regex(/^\d{1,5}$/, ACCESS_LEDGER_MESSAGES.page),
      ],
      {
        error: ACCESS_LEDGER_MESSAGES.page,
      },
    )
    .transform(Number)
    .pipe(
      z
        .number()
        .int(ACCESS_LEDGER_MESSAGES.page)
        .min(1, ACCESS_LEDGER_MESSAGES.page)
        .max(10_000, ACCESS_LEDGER_MESSAGES.page),
    )
    .optional(),
};
const datesInOrder = (q: { from?: string | undefined; to?: string | undefined }) =>
  !q.from || !q.to || q.from <= q.to;

/** Compared only once both dates are valid (a bad date is refused for itself, not as out of order). */
const datesRule = {
  message: ACCESS_LEDGER_MESSAGES.dates,
  path: ['from'],
  when: (payload: { issues: readonly unknown[] }) => payload.issues.length === 0,
};

/** The ledger's filters of one property (all optional), as a query string. */
export const propertyAccessLedgerQuery = z
  .object(ledgerFilterFields)
  .strict()
  .refine(datesInOrder, datesRule);

/** The ledger's filters (all optional), as a query string or a procedure's input. */
export const accessLedgerQuery = z
  .object({ propertyId: idSchema.optional(), ...ledgerFilterFields })
  .strict()
  .refine(datesInOrder, datesRule);
export type AccessLedgerQuery = z.infer<typeof accessLedgerQuery>;

/** Revoke the access a ledger row shows: the row's `revoke` target. */
export const revokeAccessInput = z
  .object({
    kind: z.enum(REVOKE_KINDS, { error: ACCESS_LEDGER_MESSAGES.revokeKind }),
    id: idSchema,
  })
  .strict();
export type RevokeAccessInput = z.infer<typeof revokeAccessInput>;
