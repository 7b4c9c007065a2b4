import { type Capability, can, refusal } from '@propertydna/domain';
import { AppError } from '../errors.js';
import type { Actor } from './actor.js';

/**
 * What a procedure or route needs, declared on each one (its tRPC builder's meta, its REST route's
 * `capability`): a capability of the domain's permission table, which the caller's role must have;
 * 'anyone', for a door open without signing in (sign-up, a share link, a vendor's invite); or 'staff',
 * for the back office, where the staff_members table decides, not the organisation's role.
 */
export type Requirement = Capability | 'anyone' | 'staff';

export const NOT_SIGNED_IN = 'Not signed in';

/**
 * Refuses a caller who does not meet the requirement: 401 without a session, 403 "Your role (viewer)
 * cannot …" when the role (read from the database with the session, never sent by the client) lacks the
 * capability. 'staff' asks only for a session here; the staff procedures check the staff table.
 */
export function assertAllowed(actor: Actor | null, requires: Requirement): void {
  if (requires === 'anyone') return;
  if (!actor) throw new AppError('UNAUTHORIZED', NOT_SIGNED_IN);
  if (requires === 'staff') return;
  if (!can(actor.role, requires)) throw new AppError('FORBIDDEN', refusal(actor.role, requires));
}
