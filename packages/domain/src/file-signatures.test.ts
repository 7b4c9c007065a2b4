import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { detectContentType, HEIC_BRANDS, HEIF_BRANDS, SNIFF_BYTES, sniffMatches } from './file-signatures.js';
import { ALLOWED_CONTENT_TYPES, type AllowedContentType } from './uploads.js';

const ascii = (text: string) => new TextEncoder().encode(text);
const bytes = (...parts: (string | number[])[]) =>
  new Uint8Array(parts.flatMap((part) => (typeof part === 'string' ? [...ascii(part)] : part)));

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const ftyp = (brand: string) => bytes([0x00, 0x00, 0x00, 0x18], 'ftyp', brand, [0, 0, 0, 0], 'mif1');

/** One real-looking head per family, and the types it may be declared as. */
const SAMPLES: [string, Uint8Array, AllowedContentType[]][] = [
  ['PDF', bytes('%PDF-1.7\n%', [0xe2, 0xe3, 0xcf, 0xd3]), ['application/pdf']],
  ['JPEG (JFIF)', bytes([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10], 'JFIF'), ['image/jpeg']],
  ['JPEG (Exif)', bytes([0xff, 0xd8, 0xff, 0xe1, 0x2f, 0xfe], 'Exif'), ['image/jpeg']],
  ['PNG', bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d], 'IHDR'), ['image/png']],
  ['WebP', bytes('RIFF', [0x24, 0x10, 0, 0], 'WEBPVP8 '), ['image/webp']],
  ...[...HEIC_BRANDS, ...HEIF_BRANDS].map((brand): [string, Uint8Array, AllowedContentType[]] => [
    `HEIF brand ${brand}`,
    ftyp(brand),
    ['image/heic', 'image/heif'],
  ]),
  ['TIFF (Intel)', bytes('II*', [0, 0x08, 0, 0, 0]), ['image/tiff']],
  ['TIFF (Motorola)', bytes('MM', [0, 0x2a, 0, 0, 0, 0x08]), ['image/tiff']],
  [
    'OLE2',
    bytes([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]),
    ['application/msword', 'application/vnd.ms-excel'],
  ],
  ['ZIP', bytes('PK', [0x03, 0x04, 0x14, 0, 0x06, 0], '[Content_Types].xml'), [DOCX, XLSX]],
  ['ASCII text', bytes('Roof inspected on 2026-11-22.\r\n'), ['text/plain']],
  ['UTF-8 text', bytes('Geyser — drip tray ✓ 🏠\n'), ['text/plain']],
  ['UTF-8 text with a BOM', bytes([0xef, 0xbb, 0xbf], 'notes'), ['text/plain']],
  ['an empty file', new Uint8Array(), ['text/plain']],
];

describe('SNIFF_BYTES', () => {
  it('covers every signature (12 bytes) and a text sample', () => {
    expect(SNIFF_BYTES).toBeGreaterThanOrEqual(16);
    expect(SNIFF_BYTES).toBe(4096);
  });
});

describe('sniffMatches', () => {
  it.each(SAMPLES)('%s matches exactly its types', (_label, head, types) => {
    for (const type of ALLOWED_CONTENT_TYPES) expect(sniffMatches(type, head)).toBe(types.includes(type));
  });

  it.each([
    ['a PDF header past offset 0', 'application/pdf', bytes(' %PDF-1.7')],
    ['a truncated PDF header', 'application/pdf', bytes('%PDF')],
    ['FF D8 without a marker', 'image/jpeg', bytes([0xff, 0xd8, 0x00])],
    ['a PNG without its line endings', 'image/png', bytes([0x89], 'PNG', [0x0a, 0x0d, 0x1a, 0x0a])],
    ['a WAV file', 'image/webp', bytes('RIFF', [0x24, 0x10, 0, 0], 'WAVEfmt ')],
    ['RIFF cut short', 'image/webp', bytes('RIFF', [0x24, 0x10, 0, 0], 'WEB')],
    ['an AVIF image', 'image/heif', ftyp('avif')],
    ['an MP4 video', 'image/heic', ftyp('isom')],
    ['ftyp with a cut brand', 'image/heic', bytes([0, 0, 0, 0x18], 'ftyphei')],
    ['ftyp at offset 0', 'image/heic', bytes('ftypheic')],
    ['a TIFF with its byte order mixed up', 'image/tiff', bytes('II', [0, 0x2a])],
    ['a BigTIFF (43, not 42)', 'image/tiff', bytes('II+', [0])],
    ['a truncated TIFF header', 'image/tiff', bytes('MM', [0])],
    ['a truncated OLE2 header', 'application/msword', bytes([0xd0, 0xcf, 0x11, 0xe0])],
    ['an empty ZIP', DOCX, bytes('PK', [0x05, 0x06])],
    ['an empty file', 'application/pdf', new Uint8Array()],
  ] as const)('refuses %s', (_label, type, head) => {
    expect(sniffMatches(type, head)).toBe(false);
  });

  it.each([
    ['invalid UTF-8', bytes('caf', [0xe9], ' au lait')],
    ['a lone continuation byte', bytes([0x80])],
    ['an overlong encoding', bytes([0xc0, 0xaf])],
    ['a UTF-16 surrogate in UTF-8', bytes([0xed, 0xa0, 0x80])],
    ['a NUL byte', bytes('abc', [0], 'def')],
    ['UTF-16LE text', bytes([0xff, 0xfe, 0x68, 0x00, 0x69, 0x00])],
    ['a PDF', bytes('%PDF-1.4 plain enough')],
    ['a ZIP that happens to be text', bytes('PK', [0x03, 0x04], 'abc')],
    ['a Windows executable', bytes('MZ is also a country code')],
    ['an ELF executable', bytes([0x7f], 'ELF')],
    ['a RIFF WebP that happens to be text', bytes('RIFF0000WEBPVP8 ')],
  ])('refuses %s as text/plain', (_label, head) => {
    expect(sniffMatches('text/plain', head)).toBe(false);
  });

  it('allows a character cut off at the end of the sample', () => {
    const euro = ascii('price: €');
    expect(euro.at(-1)).toBe(0xac);
    expect(sniffMatches('text/plain', euro.subarray(0, euro.length - 1))).toBe(true);
    expect(sniffMatches('text/plain', euro.subarray(0, euro.length - 2))).toBe(true);
  });

  it('looks at the first SNIFF_BYTES bytes only', () => {
    const text = new Uint8Array(SNIFF_BYTES + 10).fill(0x61);
    text[SNIFF_BYTES] = 0;
    text[SNIFF_BYTES + 1] = 0xff;
    expect(sniffMatches('text/plain', text)).toBe(true);
    text[SNIFF_BYTES - 1] = 0;
    expect(sniffMatches('text/plain', text)).toBe(false);
  });

  it('never matches a type that is not allowed', () => {
    expect(sniffMatches('image/gif' as AllowedContentType, bytes('GIF89a'))).toBe(false);
    expect(sniffMatches('toString' as AllowedContentType, bytes('text'))).toBe(false);
  });

  it('accepts any printable text without NULs as text/plain', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 200 }), (text) => {
        const otherFormat = ['%PDF-', 'PK\u0003\u0004', 'MZ', '\u007fELF'].some((magic) =>
          text.startsWith(magic),
        );
        fc.pre(!otherFormat && !/^RIFF.{4}WEBP/su.test(text) && !text.includes('\0'));
        expect(sniffMatches('text/plain', ascii(text))).toBe(true);
      }),
    );
  });

  it('never accepts bytes with a NUL as text/plain', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), fc.uint8Array({ maxLength: 64 }), (before, after) => {
        expect(sniffMatches('text/plain', new Uint8Array([...before, 0, ...after]))).toBe(false);
      }),
    );
  });
});

describe('detectContentType', () => {
  it.each([
    ['PDF', bytes('%PDF-2.0'), 'application/pdf'],
    ['JPEG', bytes([0xff, 0xd8, 0xff, 0xdb]), 'image/jpeg'],
    ['PNG', bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a]), 'image/png'],
    ['WebP', bytes('RIFF', [0, 0, 0, 0], 'WEBP'), 'image/webp'],
    ['HEIC', ftyp('heic'), 'image/heic'],
    ['HEVC sequence', ftyp('hevc'), 'image/heic'],
    ['HEIF', ftyp('mif1'), 'image/heif'],
    ['HEIF sequence', ftyp('msf1'), 'image/heif'],
    ['TIFF', bytes('II*', [0]), 'image/tiff'],
    ['OLE2 (.doc or .xls)', bytes([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), 'application/msword'],
    ['ZIP (.docx or .xlsx)', bytes('PK', [0x03, 0x04]), DOCX],
    ['text', bytes('hello'), 'text/plain'],
    ['an empty file', new Uint8Array(), 'text/plain'],
    ['GIF', bytes('GIF89a', [0x01, 0x00]), null],
    ['AVIF', ftyp('avif'), null],
    ['an executable', bytes('MZ', [0x90, 0x00]), null],
    ['random binary', bytes([0x01, 0x02, 0x00, 0xff]), null],
  ] as const)('%s is %s', (_label, head, type) => {
    expect(detectContentType(head)).toBe(type);
  });

  it('always names a type that sniffMatches accepts', () => {
    const heads = fc.oneof(
      fc.uint8Array({ maxLength: 32 }),
      fc
        .tuple(fc.constantFrom(...SAMPLES.map(([, head]) => head)), fc.uint8Array({ maxLength: 16 }))
        .map(([head, tail]) => new Uint8Array([...head, ...tail])),
    );
    fc.assert(
      fc.property(heads, (head) => {
        const type = detectContentType(head);
        if (type !== null) expect(sniffMatches(type, head)).toBe(true);
        else for (const allowed of ALLOWED_CONTENT_TYPES) expect(sniffMatches(allowed, head)).toBe(false);
      }),
    );
  });

  it('recognises each binary signature whatever follows it', () => {
    const binary = SAMPLES.filter(([, , types]) => !types.includes('text/plain'));
    fc.assert(
      fc.property(fc.constantFrom(...binary), fc.uint8Array({ maxLength: 64 }), ([, head, types], tail) => {
        const type = detectContentType(new Uint8Array([...head, ...tail]));
        expect(types).toContain(type);
      }),
    );
  });
});
