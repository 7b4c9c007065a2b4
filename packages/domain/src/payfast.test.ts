import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  addressInRanges,
  formatPayfastAmount,
  orderCheckoutFields,
  PAYFAST_DEFAULT_VALID_RANGES,
  parsePayfastAmount,
  payfastEncode,
  payfastParamString,
  vatSplit,
} from './payfast.js';

describe('payfastEncode', () => {
  it('encodes as PHP urlencode: spaces as +, upper-case percent encoding', () => {
    expect(payfastEncode('Premium plan (1 year)')).toBe('Premium+plan+%281+year%29');
    expect(payfastEncode('https://a.example/x?y=1')).toBe('https%3A%2F%2Fa.example%2Fx%3Fy%3D1');
    expect(payfastEncode("a*b!c'~")).toBe('a%2Ab%21c%27%7E');
  });
});

describe('payfastParamString', () => {
  it('keeps the documented order, skips empty fields and appends the passphrase', () => {
    const fields = orderCheckoutFields({
      amount: '99.00',
      merchant_key: '46f0cd694581a',
      merchant_id: '10000100',
      item_name: 'Premium plan',
      name_first: '',
    });
    const text = payfastParamString(fields, 'jt7NOE43FZPn');
    expect(text).toBe(
      'merchant_id=10000100&merchant_key=46f0cd694581a&amount=99.00&item_name=Premium+plan&passphrase=jt7NOE43FZPn',
    );
    expect(createHash('md5').update(text).digest('hex')).toMatch(/^[0-9a-f]{32}$/);
  });
  it('refuses a field PayFast does not know', () => {
    expect(() => orderCheckoutFields({ nope: 'x' })).toThrow(RangeError);
  });
});

describe('amounts and VAT', () => {
  it('splits R99 into R86.09 and R12.91 VAT', () => {
    expect(vatSplit(9900)).toEqual({ exclusiveCents: 8609, vatCents: 1291 });
  });
  it('formats and parses amounts', () => {
    expect(formatPayfastAmount(9900)).toBe('99.00');
    expect(parsePayfastAmount('99.00')).toBe(9900);
    expect(parsePayfastAmount('98.5')).toBe(9850);
    expect(parsePayfastAmount('-1')).toBeNull();
  });
});

describe('addressInRanges', () => {
  it('accepts PayFast addresses and refuses others', () => {
    expect(addressInRanges('197.97.145.150', PAYFAST_DEFAULT_VALID_RANGES)).toBe(true);
    expect(addressInRanges('::ffff:41.74.179.200', PAYFAST_DEFAULT_VALID_RANGES)).toBe(true);
    expect(addressInRanges('144.126.193.139', PAYFAST_DEFAULT_VALID_RANGES)).toBe(true);
    expect(addressInRanges('197.97.145.160', PAYFAST_DEFAULT_VALID_RANGES)).toBe(false);
    expect(addressInRanges('203.0.113.5', PAYFAST_DEFAULT_VALID_RANGES)).toBe(false);
    expect(addressInRanges('not an address', PAYFAST_DEFAULT_VALID_RANGES)).toBe(false);
  });
});

describe('the edges', () => {
  it('signs an ITN over every variable as posted, empty ones too, and leaves out a blank passphrase', () => {
    const fields: [string, string][] = [
      ['m_payment_id', 'order-1'],
      ['custom_str1', ''],
      ['signature', 'ignored'],
    ];
    expect(payfastParamString(fields, '  ', { skipEmpty: false })).toBe('m_payment_id=order-1&custom_str1=');
    expect(payfastParamString(fields, null)).toBe('m_payment_id=order-1');
    expect(payfastEncode("it's (a) *test*~!")).toBe('it%27s+%28a%29+%2Atest%2A%7E%21');
  });

  it('refuses amounts it cannot take and parses the short forms', () => {
    expect(() => formatPayfastAmount(-1)).toThrow(RangeError);
    expect(() => formatPayfastAmount(1.5)).toThrow(RangeError);
    expect(parsePayfastAmount('99')).toBe(9900);
    expect(parsePayfastAmount(' 99.5 ')).toBe(9950);
    expect(parsePayfastAmount('99.123')).toBeNull();
    expect(parsePayfastAmount('R99')).toBeNull();
  });

  it('takes a mapped IPv6 address and a bare address as a /32; refuses what is not an IPv4 address or range', () => {
    expect(addressInRanges('::ffff:197.97.145.150', ['197.97.145.144/28'])).toBe(true);
    expect(addressInRanges('10.0.0.7', ['10.0.0.7'])).toBe(true);
    expect(addressInRanges('10.0.0.8', ['10.0.0.7'])).toBe(false);
    for (const address of ['10.0.0', '10.0.0.a', '10.0.0.256', '::1', '']) {
      expect(addressInRanges(address, ['0.0.0.0/0']), address).toBe(false);
    }
    for (const range of ['10.0.0.0/33', '10.0.0.0/-1', '10.0.0.0/x', 'nonsense/8', '10.0.0.0/1.5']) {
      expect(addressInRanges('10.0.0.1', [range]), range).toBe(false);
    }
    expect(addressInRanges('10.0.0.1', ['0.0.0.0/0'])).toBe(true);
  });
});
