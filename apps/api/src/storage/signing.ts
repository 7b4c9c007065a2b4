import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * HMAC-SHA256 signatures for URLs the API serves itself. The signed string lists every field the
 * URL grants (method, key, declared size/hash/type or read headers, expiry), one per line, so
 * changing any of them invalidates the signature.
 */
export function sign(secret: string, fields: readonly (string | number)[]): string {
  return createHmac('sha256', secret).update(fields.join('\n')).digest('base64url');
}

export function verifySignature(
  secret: string,
  fields: readonly (string | number)[],
  signature: string,
): boolean {
  const expected = Buffer.from(sign(secret, fields));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
