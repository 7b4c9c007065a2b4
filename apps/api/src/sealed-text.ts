import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const ALGORITHM = 'aes-256-gcm';
/** The derived key of each secret and purpose: derived once, not for every text sealed or opened. */
const keys = new Map<string, Buffer>();
const keyOf = (secret: string, purpose: string) => {
  const id = `${purpose}\u0000${secret}`;
  let key = keys.get(id);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), purpose, 32));
    keys.set(id, key);
  }
  return key;
};

/**
 * Seals a text (AES-256-GCM under a key derived from APP_SECRET for one purpose), for what must be read
 * back but never lie readable in a table: a queued mail (it can carry a secret link), a webhook's secret.
 */
export function sealText(secret: string, purpose: string, text: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv(ALGORITHM, keyOf(secret, purpose), iv);
  const body = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), body].map((part) => part.toString('base64url')).join('.');
}

/** Opens what sealText sealed with the same secret and purpose (throws when it was not, or was changed). */
export function openText(secret: string, purpose: string, sealed: string): string {
  const [iv, tag, body] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
  if (!iv || !tag || !body) throw new Error('sealed text is malformed');
  const decipher = createDecipheriv(ALGORITHM, keyOf(secret, purpose), iv);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
}
