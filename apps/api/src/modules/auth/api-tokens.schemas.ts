import { API_TOKEN_SCOPES } from '@propertydna/domain';
import { z } from 'zod';

export { createApiTokenSchema } from '@propertydna/domain';

export const apiTokenIdSchema = z.object({ id: z.uuid({ error: 'Token id must be a UUID' }) });

export const apiTokenSchema = z.object({
  id: z.string(),
  name: z.string(),
  scope: z.enum(API_TOKEN_SCOPES),
  createdAt: z.string(),
  expiresAt: z.string(),
  lastUsedAt: z.string().nullable(),
  lastUsedIp: z.string().nullable(),
  /** The one property the token is restricted to, or null: the whole organisation. */
  property: z.object({ id: z.string(), name: z.string() }).nullable(),
});

/** The answer to creating a token: the only time its secret is shown. */
export const createdApiTokenSchema = apiTokenSchema.extend({ secret: z.string() });
