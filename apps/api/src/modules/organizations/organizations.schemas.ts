import { idParamsSchema, ORGANIZATION_ROLES } from '@propertydna/domain';
import { z } from 'zod';

export const memberSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    role: z.enum(ORGANIZATION_ROLES),
  })
  .meta({ id: 'Member' });

export const memberIdParams = idParamsSchema;
