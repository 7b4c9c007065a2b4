import { DEMO_MESSAGES, type DemoAccount, MAX_DEMOS_PER_ADDRESS_PER_HOUR } from '@propertydna/domain';
import { type LimitRule, takeAttempt, waitPhrase } from '../../limits/attempt-limiter.js';
import type { AppServices } from '../../trpc/context.js';
import { grantSession, type SessionGrant } from '../auth/auth.service.js';
import { createPrivateDemo } from './private-demo.js';

/** Each demo sign-in makes an organisation: at most this many an hour from one address. */
export const demoRule = (ip: string): LimitRule => ({
  rule: 'demo:ip',
  key: ip,
  windowMs: 60 * 60 * 1000,
  max: MAX_DEMOS_PER_ADDRESS_PER_HOUR,
  message: (seconds) => DEMO_MESSAGES.tooMany(waitPhrase(seconds)),
});

/**
 * 'Access Demo Accounts' (POST /api/auth/demo): a private demo of its own for each sign-in, copied from
 * the template of that demo, and a session in it. No password: the demo's user has none anyone knows.
 */
export async function startDemo(
  services: AppServices,
  account: DemoAccount,
  ip: string,
  now = new Date(),
): Promise<SessionGrant> {
  const { db } = services.db;
  await takeAttempt(db, [demoRule(ip)], now);
  const userId = await createPrivateDemo(services, account, now);
  return grantSession(db, services.lucia, userId);
}
