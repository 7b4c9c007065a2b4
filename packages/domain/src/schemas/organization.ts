import { z } from 'zod';
import { organizationRoleSchema } from '../permissions.js';
import { idSchema } from './common.js';

/** Issue 29 §1: changing a member's role (PATCH /api/organization/members/{id}). */
export const changeMemberRoleSchema = z.object({ role: organizationRoleSchema });
export type ChangeMemberRoleInput = z.infer<typeof changeMemberRoleSchema>;

export const changeMemberRoleInput = changeMemberRoleSchema.extend({ id: idSchema });
