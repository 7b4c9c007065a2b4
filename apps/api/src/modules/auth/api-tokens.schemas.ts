import { z } from 'zod';
import { API_TOKEN_SCOPES, MAX_TOKEN_DAYS } from '../../auth/api-tokens.js';

/** Issue 30 §1: a new API token's name, scope and lifetime in days (default a year, at most two). */
export const createApiTokenSchema = z.object({
  name: z
    .string({ error: 'Name is required' })
    .trim()
    .min(1, 'Name is required')
    .max(100, 'Name must be at most 100 characters'),
  scope: z.enum(API_TOKEN_SCOPES, { error: 'Scope must be read or read_write' }),
  expiresInDays: z
    .number({ error: 'Expiry must be a number of days' })
    .int('Expiry must be a whole number of days')
    .min(1, 'Expiry must be at least 1 day')
    .max(MAX_TOKEN_DAYS, `Expiry must be at most ${MAX_TOKEN_DAYS} days (2 years)`)
    .optional(),
});

export const apiTokenIdSchema = z.object({ id: z.uuid({ error: 'Token id must be a UUID' }) });

export const apiTokenSchema = z.object({
  id: z.string(),
  name: z.string(),
  scope: z.enum(API_TOKEN_SCOPES),
  createdAt: z.string(),
  expiresAt: z.string(),
  lastUsedAt: z.string().nullable(),
  lastUsedIp: z.string().nullable(),
});

/** The answer to creating a token: the only time its secret is shown. */
export const createdApiTokenSchema = apiTokenSchema.extend({ secret: z.string() });
