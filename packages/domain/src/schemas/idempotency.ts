import { z } from 'zod';

/**
 * The `Idempotency-Key` header of a REST POST (issue 30 §3, as Stripe's): a retry with the same key and
 * the same body within 24 hours answers the first answer again instead of doing the work twice.
 */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
export const IDEMPOTENCY_KEY_MAX_LENGTH = 255;
/** 1 to 255 visible ASCII characters (letters, digits, punctuation; no spaces): what any header carries unchanged. */
export const IDEMPOTENCY_KEY_PATTERN = /^[!-~]{1,255}$/;
/** How long a key's first answer is kept and answered again. */
export const IDEMPOTENCY_KEY_HOURS = 24;

export const IDEMPOTENCY_MESSAGES = {
  invalidKey: `${IDEMPOTENCY_KEY_HEADER} must be 1 to ${IDEMPOTENCY_KEY_MAX_LENGTH} visible ASCII characters (letters, digits or punctuation, no spaces), e.g. a UUID`,
  otherBody: `This ${IDEMPOTENCY_KEY_HEADER} was already used with a different request in the last ${IDEMPOTENCY_KEY_HOURS} hours. Use a new key for a new request.`,
  inFlight: `A request with this ${IDEMPOTENCY_KEY_HEADER} is still being answered. Retry once it is done.`,
} as const;

/** The header's value: as sent (no trimming: a key is compared byte for byte), or the one message. */
export const idempotencyKeySchema = z
  .string({ error: IDEMPOTENCY_MESSAGES.invalidKey })
  .regex(IDEMPOTENCY_KEY_PATTERN, IDEMPOTENCY_MESSAGES.invalidKey);
