import { ACCESS_KINDS, answeredDateTimeSchema, REVOKE_KINDS } from '@propertydna/domain';
import { z } from 'zod';

const accessKindSchema = z.enum(ACCESS_KINDS);

export const accessLedgerRowSchema = z
  .object({
    id: z.string().meta({ description: 'Stable within the ledger (which record the row was read from)' }),
    at: answeredDateTimeSchema,
    kind: accessKindSchema,
    action: z.string().meta({
      description:
        "What was done: view, download, upload, adopt, grant_accept, evidence_approve, evidence_reject, last_use (a token's latest use), accept (a transfer), or the audit action a token made",
    }),
    who: z.string().meta({ description: 'The link, vendor, person, token, "PropertyDNA staff" or buyer' }),
    ip: z.string().nullable().meta({ description: 'The address it came from, where recorded' }),
    property: z.object({ id: z.string(), name: z.string() }).nullable(),
    document: z.object({ id: z.string(), name: z.string() }).nullable(),
    revoke: z
      .object({ kind: z.enum(REVOKE_KINDS), id: z.string() })
      .nullable()
      .meta({
        description: 'What POST /api/account/access-ledger/revoke takes to end this access, while it is live',
      }),
  })
  .meta({ id: 'AccessLedgerRow' });

export const accessLedgerPageSchema = z
  .object({
    rows: z.array(accessLedgerRowSchema),
    page: z.number().int(),
    has_more: z.boolean(),
    summary: z.array(z.object({ month: z.string(), kind: accessKindSchema, count: z.number().int() })).meta({
      description: 'Accesses older than two years, counted per month and kind (the whole organisation)',
    }),
  })
  .meta({ id: 'AccessLedgerPage' });
