import { z } from 'zod';
import { noControlCharacters, uuidSchema } from './common.js';

/** Issue 30 §1: what an API token may do — read, or read and change — within its creator's role. */
export const API_TOKEN_SCOPES = ['read', 'read_write'] as const;
export type ApiTokenScope = (typeof API_TOKEN_SCOPES)[number];
export const API_TOKEN_SCOPE_LABELS: Record<ApiTokenScope, string> = {
  read: 'Read only',
  read_write: 'Read and write',
};
/** A token lives a year unless asked otherwise, and never more than two. */
export const DEFAULT_TOKEN_DAYS = 365;
export const MAX_TOKEN_DAYS = 730;

/**
 * A new API token's name, scope, lifetime in days and, optionally, the one property of the organisation
 * it is restricted to (it then sees and changes that property and what belongs to it, nothing else).
 */
export const createApiTokenSchema = z.object({
  name: z
    .string({ error: 'Name is required' })
    .trim()
    .check(noControlCharacters('Name'))
    .min(1, 'Name is required')
    .max(100, 'Name must be at most 100 characters'),
  scope: z.enum(API_TOKEN_SCOPES, { error: 'Scope must be read or read_write' }),
  expiresInDays: z
    .number({ error: 'Expiry must be a number of days' })
    .int('Expiry must be a whole number of days')
    .min(1, 'Expiry must be at least 1 day')
    .max(MAX_TOKEN_DAYS, `Expiry must be at most ${MAX_TOKEN_DAYS} days (2 years)`)
    .optional(),
  propertyId: uuidSchema('Property must be an id').optional(),
});
export type CreateApiTokenInput = z.infer<typeof createApiTokenSchema>;
