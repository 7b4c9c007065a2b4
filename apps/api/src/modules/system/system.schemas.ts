import { z } from 'zod';

export const partStatusSchema = z.enum(['ok', 'error']);

export const healthSchema = z
  .object({
    status: z.enum(['ok', 'error']),
    /** busy: overloaded, requests are being answered 503 with Retry-After (still alive: status stays ok). */
    db: z.enum(['ok', 'error', 'busy']),
    storage: partStatusSchema,
  })
  .meta({ id: 'Health' });

export const infoSchema = z
  .object({ name: z.literal('PropertyDNA'), version: z.string() })
  .meta({ id: 'Info' });
