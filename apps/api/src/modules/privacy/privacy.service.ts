import { type MarketingConsentInput, RETENTION } from '@propertydna/domain';
import type { RequestActor } from '../../auth/actor.js';
import type { Db } from '../../db/database.js';
import type { Env } from '../../env.js';
import { recordActorAudit } from '../audit/audit.repo.js';
import type { MarketingConsent, PrivacyNotice } from './privacy.schemas.js';

const hostOf = (url: string | undefined) => (url ? new URL(url).hostname : 'an address not configured');

/**
 * The parts of the privacy notice (/privacy) that depend on this deployment: the operators it is
 * configured to use (a host name only, never a credential of the URL), and the retention it applies.
 */
export function privacyNotice(env: Env): PrivacyNotice {
  return {
    operators: [
      {
        purpose: 'Email',
        operator: env.SMTP_URL
          ? `The mail server at ${hostOf(env.SMTP_URL)}`
          : 'Nobody outside: emails are written to a folder on this server, not sent',
      },
      {
        purpose: 'File storage',
        operator:
          env.STORAGE_DRIVER === 's3'
            ? `S3-compatible storage at ${hostOf(env.S3_ENDPOINT)}`
            : "Nobody outside: files are kept on this server's own disk",
      },
      {
        purpose: 'Payments',
        operator: env.PAYFAST_MERCHANT_ID
          ? 'PayFast, for Premium payments (it receives your name, email and the amount)'
          : 'Nobody: payments are not configured',
      },
    ],
    retention: { ...RETENTION },
  };
}

/** The person's marketing consent and when it was last given or withdrawn (sign-up, if never since). */
export async function marketingConsent(db: Db, userId: string): Promise<MarketingConsent> {
  const user = await db
    .selectFrom('users')
    .select(['agree_to_marketing', 'created_at'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  const last = await db
    .selectFrom('audit_events')
    .select('created_at')
    .where('user_id', '=', userId)
    .where('action', '=', 'marketing_consent')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return {
    agree: user.agree_to_marketing,
    changedAt: new Date(last?.created_at ?? user.created_at).toISOString(),
  };
}

/** Gives or withdraws marketing consent; the change is recorded with its time and address. */
export async function setMarketingConsent(
  db: Db,
  who: RequestActor,
  input: MarketingConsentInput,
): Promise<MarketingConsent> {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({ agree_to_marketing: input.agree })
      .where('id', '=', who.actor.userId)
      .execute();
    await recordActorAudit(trx, who, 'marketing_consent', null, { agree: input.agree });
  });
  return marketingConsent(db, who.actor.userId);
}
