import type { FastifyRequest } from 'fastify';
import { isUnlocked } from '../../capabilities/capabilities.js';
import { AppError } from '../../errors.js';
import type { AppServices } from '../../trpc/context.js';
import { findLiveShare, PASSWORD_REQUIRED } from './shares.service.js';

/**
 * A live link that is either open or unlocked by this browser's cookie (the password gate otherwise):
 * what the link's procedures and its download route both open first.
 */
export async function openShare(
  services: Pick<AppServices, 'db' | 'secret'>,
  req: FastifyRequest,
  token: string,
) {
  const share = await findLiveShare(services.db.db, token);
  if (share.password_hash && !isUnlocked(req, services.secret, share.id)) {
    throw new AppError('UNAUTHORIZED', PASSWORD_REQUIRED, { passwordRequired: true });
  }
  return share;
}
