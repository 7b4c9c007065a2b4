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

export const pendingInviteSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    role: z.enum(ORGANIZATION_ROLES),
    invitedBy: z.string().nullable(),
    created_at: z.string(),
    expires_at: z.string(),
  })
  .meta({ id: 'MemberInvite' });

export const invitationViewSchema = z
  .object({
    organizationName: z.string(),
    inviterName: z.string().nullable(),
    role: z.enum(ORGANIZATION_ROLES),
    email: z.string(),
    expires_at: z.string(),
  })
  .meta({ id: 'Invitation' });

export const invitationAcceptedSchema = z
  .object({ ok: z.literal(true), message: z.string(), member: memberSchema })
  .meta({ id: 'InvitationAccepted' });
