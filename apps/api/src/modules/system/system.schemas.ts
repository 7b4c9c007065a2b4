import { z } from 'zod';

export const partStatusSchema = z.enum(['ok', 'error']);

export const healthSchema = z
  .object({ status: z.enum(['ok', 'error']), db: partStatusSchema, storage: partStatusSchema })
  .meta({ id: 'Health' });

export const infoSchema = z
  .object({ name: z.literal('PropertyDNA'), version: z.string() })
  .meta({ id: 'Info' });
