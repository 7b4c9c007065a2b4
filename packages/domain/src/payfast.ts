// PayFast's documented protocol (custom integration, ITN, subscriptions), as pure functions: the
// signature over the form fields, the VAT split of the Premium price, and the ITN source-range check.
import { PREMIUM_PRICE_ZAR } from './plan-terms.js';

/**
 * The form fields in PayFast's documented order; the signature concatenates the non-empty ones in this
 * order (not alphabetically).
 */
export const PAYFAST_FIELD_ORDER = [
  'merchant_id',
  'merchant_key',
  'return_url',
  'cancel_url',
  'notify_url',
  'name_first',
  'name_last',
  'email_address',
  'cell_number',
  'm_payment_id',
  'amount',
  'item_name',
  'item_description',
  'custom_int1',
  'custom_int2',
  'custom_int3',
  'custom_int4',
  'custom_int5',
  'custom_str1',
  'custom_str2',
  'custom_str3',
  'custom_str4',
  'custom_str5',
  'email_confirmation',
  'confirmation_address',
  'payment_method',
  'subscription_type',
  'billing_date',
  'recurring_amount',
  'frequency',
  'cycles',
] as const;

/** PayFast's published ITN source ranges (configurable: PAYFAST_VALID_RANGES). */
export const PAYFAST_DEFAULT_VALID_RANGES = [
  '197.97.145.144/28',
  '41.74.179.192/27',
  '102.216.36.0/28',
  '102.216.36.128/28',
  '144.126.193.139/32',
] as const;

/** Subscription fields: type 1 (subscription), frequency 6 (annual), cycles 0 (until cancelled). */
export const PAYFAST_SUBSCRIPTION = { subscription_type: '1', frequency: '6', cycles: '0' } as const;

/** South African VAT rate, as a fraction. */
export const VAT_RATE = 0.15;

/**
 * URL-encodes a value as PHP's urlencode does (PayFast's reference): spaces as '+', every other
 * character outside [A-Za-z0-9-_.] percent-encoded in upper case.
 */
export function payfastEncode(value: string): string {
  return encodeURIComponent(value)
    .replace(/[!'()*~]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%20/g, '+');
}

/**
 * The parameter string PayFast signs: `key=value` pairs joined by '&', in the given order, values
 * trimmed and encoded, empty values skipped; the passphrase appended when there is one.
 */
export function payfastParamString(
  fields: ReadonlyArray<readonly [string, string]>,
  passphrase?: string | null,
  { skipEmpty = true }: { skipEmpty?: boolean } = {},
): string {
  // The checkout form skips empty fields; an ITN is signed over every variable as posted, in its order.
  const pairs = fields
    .filter(([key, value]) => key !== 'signature' && (!skipEmpty || value.trim() !== ''))
    .map(([key, value]) => `${key}=${payfastEncode(value.trim())}`);
  if (passphrase && passphrase.trim() !== '') pairs.push(`passphrase=${payfastEncode(passphrase.trim())}`);
  return pairs.join('&');
}

/** Orders a checkout form's fields as PayFast documents them (unknown fields are refused). */
export function orderCheckoutFields(fields: Record<string, string>): Array<[string, string]> {
  const known = new Set<string>(PAYFAST_FIELD_ORDER);
  for (const key of Object.keys(fields)) {
    if (!known.has(key)) throw new RangeError(`${key} is not a PayFast form field`);
  }
  return PAYFAST_FIELD_ORDER.filter((key) => fields[key] !== undefined).map((key) => [
    key,
    fields[key] as string,
  ]);
}

/** Amounts in cents → "99.00" as PayFast takes them. */
export function formatPayfastAmount(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new RangeError(`Bad amount in cents: ${cents}`);
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/** "99.00" (or "99", "99.0") → 9900 cents; null for anything else. */
export function parsePayfastAmount(text: string): number | null {
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '0').padEnd(2, '0'));
}

/** The Premium price, VAT-inclusive: R99.00 = R86.09 excl. + R12.91 VAT. */
export const PREMIUM_PRICE_CENTS = PREMIUM_PRICE_ZAR * 100;

/** Splits a VAT-inclusive amount (cents) into the amount excluding VAT and the VAT (15%). */
export function vatSplit(inclusiveCents: number): { exclusiveCents: number; vatCents: number } {
  const exclusiveCents = Math.round(inclusiveCents / (1 + VAT_RATE));
  return { exclusiveCents, vatCents: inclusiveCents - exclusiveCents };
}

function ipv4ToInt(address: string): number | null {
  const parts = address.split('.');
  if (parts.length !== 4) return null;
  let value = 0;
  for (const part of parts) {
    if (!/^\d{1,3}$/.test(part)) return null;
    const n = Number(part);
    if (n > 255) return null;
    value = value * 256 + n;
  }
  return value;
}

/** Whether an IPv4 address (also as IPv4-mapped IPv6, `::ffff:a.b.c.d`) lies in one of the CIDR ranges. */
export function addressInRanges(address: string, ranges: readonly string[]): boolean {
  const plain = address.startsWith('::ffff:') ? address.slice(7) : address;
  const ip = ipv4ToInt(plain);
  if (ip === null) return false;
  return ranges.some((range) => {
    const [base, bitsText] = range.split('/') as [string, string | undefined];
    const baseInt = ipv4ToInt(base);
    const bits = bitsText === undefined ? 32 : Number(bitsText);
    if (baseInt === null || !Number.isInteger(bits) || bits < 0 || bits > 32) return false;
    const size = 2 ** (32 - bits);
    return Math.floor(ip / size) === Math.floor(baseInt / size);
  });
}
