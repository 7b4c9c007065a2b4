import { z } from 'zod';
import { organizationRoleSchema } from '../permissions.js';
import { emailSchema, idSchema, noControlCharacters } from './common.js';

/** Issue 29 §1: changing a member's role (PATCH /api/organization/members/{id}). */
export const changeMemberRoleSchema = z.object({ role: organizationRoleSchema });
export type ChangeMemberRoleInput = z.infer<typeof changeMemberRoleSchema>;

export const changeMemberRoleInput = changeMemberRoleSchema.extend({ id: idSchema });

/** Issue 29 §2: inviting a colleague by email, with the role they will have. */
export const inviteMemberSchema = z.object({ email: emailSchema, role: organizationRoleSchema });
export type InviteMemberInput = z.infer<typeof inviteMemberSchema>;

/** An invitation link's token, as the mailed link carries it. */
export const invitationTokenSchema = z.object({
  token: z
    .string()
    .check(noControlCharacters('Invitation link'))
    .min(1, 'Invitation not found')
    .max(200, 'Invitation not found'),
});

/** The invitation's days: the link works for 14 days, once. */
export const INVITE_VALID_DAYS = 14;

export const INVITE_MESSAGES = {
  notFound: 'Invitation not found',
  alreadyMember: 'This person is already a member of your organisation',
  otherEmail: (email: string) =>
    `This invitation is for another email address. Sign in as ${email} to accept it.`,
  accepted: (organization: string) => `You joined ${organization}`,
} as const;
