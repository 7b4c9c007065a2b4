import { createHmac, randomBytes } from 'node:crypto';

/** A new endpoint secret as Standard Webhooks writes it: `whsec_` and the base64 of 32 random bytes. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

/**
 * The `webhook-signature` header of a message (Standard Webhooks): `v1,<base64 HMAC-SHA256>` of
 * `id.timestamp.body` under each secret's key (the base64 after `whsec_`), space-separated when an old
 * secret is still valid beside the new one after a rotation.
 */
export function signWebhook(
  secrets: readonly string[],
  messageId: string,
  timestampSeconds: number,
  body: string,
): string {
  return secrets
    .map((secret) => {
      const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
      const mac = createHmac('sha256', key)
        .update(`${messageId}.${timestampSeconds}.${body}`)
        .digest('base64');
      return `v1,${mac}`;
    })
    .join(' ');
}
