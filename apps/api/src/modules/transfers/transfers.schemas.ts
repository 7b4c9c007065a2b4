import {
  answeredDateTimeSchema,
  DOCUMENT_KINDS,
  idParamsSchema,
  idSchema,
  noControlCharacters,
  transferStartSchema,
} from '@propertydna/domain';
import { z } from 'zod';

export const transferIdParams = idParamsSchema;
/** Accept: the mailed link's token, needed by an account made after the offer (see acceptTransfer). */
export const acceptTransferBody = z.object({
  token: z.string().check(noControlCharacters('Transfer link')).min(1).max(200).optional(),
});
export const acceptTransferInput = transferIdParams.extend(acceptTransferBody.shape);
/** A transfer link's token, as the /transfers/{token} page and the REST path carry it. */
export const transferTokenParams = z.object({
  token: z.string().check(noControlCharacters('Transfer link')).min(1).max(200),
});
/** tRPC's input of Transfer ownership: the property beside the body's fields. */
export const startTransferInput = transferStartSchema.extend({ propertyId: idSchema });
export const ownershipInput = z.object({ propertyId: idSchema });

// Outputs.

export const TRANSFER_STATUSES = ['pending', 'accepted', 'declined', 'cancelled', 'expired'] as const;

export const transferStartedSchema = z
  .object({
    id: z.string(),
    status: z.literal('pending'),
    expires_at: answeredDateTimeSchema.meta({
      description: 'When the offer (and the mailed link) ends: 30 days',
    }),
  })
  .meta({ id: 'TransferStarted' });

/** A transfer as either side sees it: the property, who offers it, to whom, and where it stands. */
export const transferSchema = z
  .object({
    id: z.string(),
    status: z.enum(TRANSFER_STATUSES),
    property: z.object({ id: z.string(), name: z.string(), address: z.string(), dna_code: z.string() }),
    from_organization: z.string().meta({ description: "The seller's organisation name" }),
    to_email: z.string(),
    to_organization: z
      .string()
      .nullable()
      .meta({ description: "The buyer's organisation name, once accepted" }),
    message: z.string().nullable(),
    documents_count: z
      .number()
      .int()
      .meta({ description: 'Documents that come with the property (handed over, once accepted)' }),
    created_at: answeredDateTimeSchema,
    expires_at: answeredDateTimeSchema,
    decided_at: answeredDateTimeSchema.nullable(),
  })
  .meta({ id: 'Transfer' });
export type TransferOut = z.infer<typeof transferSchema>;

export const transferListSchema = z
  .object({
    incoming: z.array(transferSchema).meta({
      description: "Addressed to the caller's email: pending ones and those of the last 90 days",
    }),
    outgoing: z.array(transferSchema).meta({ description: "Started by the caller's organisation" }),
    incoming_withheld: z.number().int().min(0).meta({
      description:
        "Pending transfers addressed to the caller's address while it is unconfirmed: listed in incoming only once it is confirmed (until then nobody learns the property, the seller or the message by signing up with someone else's address); 0 otherwise",
    }),
    confirm_first: z
      .string()
      .nullable()
      .meta({ description: 'What to do to see them (confirm the address), when any is withheld; else null' }),
  })
  .meta({ id: 'Transfers' });

/** One ownership period: organisation names and dates, nothing private. */
export const ownershipPeriodSchema = z
  .object({
    organization_name: z.string(),
    from: answeredDateTimeSchema,
    until: answeredDateTimeSchema.nullable().meta({ description: 'Null for the current owner' }),
  })
  .meta({ id: 'OwnershipPeriod' });
export type OwnershipPeriodOut = z.infer<typeof ownershipPeriodSchema>;

/** A document as the transfer snapshot keeps it (the receipt lists these). */
export const transferredDocumentSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(DOCUMENT_KINDS),
  sha256: z.string(),
  bytes: z.number().int(),
});

/**
 * What the mailed link shows whoever opens it (no account needed): the offer, and the address to sign up
 * or log in with to accept it. Accepting needs that address signed in; the link alone accepts nothing.
 */
export const transferLinkViewSchema = transferSchema
  .pick({
    id: true,
    property: true,
    from_organization: true,
    to_email: true,
    message: true,
    documents_count: true,
    expires_at: true,
  })
  .meta({ id: 'TransferLinkView' });

export const packLinkSchema = z
  .object({
    url: z.string().meta({ description: 'GET it without an account: the transfer pack (ZIP). Shown once' }),
    expires_at: answeredDateTimeSchema,
  })
  .meta({ id: 'TransferPackLink' });
