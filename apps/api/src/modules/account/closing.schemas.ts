import { z } from 'zod';

/** The answer to closing: when it was closed and the moment it may be deleted (ISO 8601). */
export const closedAccountSchema = z
  .object({
    closedAt: z.string().meta({ description: 'When the account was closed (ISO 8601)' }),
    deleteAfter: z.string().meta({
      description: 'From this moment (ISO 8601) the account is deleted for good unless reopened before',
    }),
  })
  .meta({ id: 'ClosedAccount' });
