import { ALLOWED_CONTENT_TYPES, type AllowedContentType } from './uploads.js';

/**
 * Magic bytes for sniffing a stored upload against its declared content type (spec §5; see
 * ALLOWED_CONTENT_TYPES in uploads.ts). The server reads the first SNIFF_BYTES bytes of the stored
 * object and calls sniffMatches with the declared type; a mismatch is refused. Plain Uint8Array and
 * TextDecoder only, so the same code runs in Node and in browsers.
 */

/**
 * How many leading bytes to read. Every binary signature sits in the first 12 bytes (WebP, HEIF);
 * the rest of the 4 KiB page is the sample the text/plain check looks at for NUL bytes and bad UTF-8.
 * Longer heads are cut to this length, so the cost of a check is bounded.
 */
export const SNIFF_BYTES = 4096;

/** '%PDF-' at offset 0. (Readers tolerate junk before it; uploads must not have any.) */
export const PDF_MAGIC = [0x25, 0x50, 0x44, 0x46, 0x2d] as const;
/** JPEG SOI marker followed by the first marker's 0xFF. */
export const JPEG_MAGIC = [0xff, 0xd8, 0xff] as const;
/** The 8-byte PNG signature. */
export const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] as const;
/** 'RIFF' at offset 0 and 'WEBP' at offset 8 (bytes 4-7 are the RIFF chunk size). */
export const RIFF_MAGIC = [0x52, 0x49, 0x46, 0x46] as const;
export const WEBP_MAGIC = [0x57, 0x45, 0x42, 0x50] as const;
/** ISO-BMFF: 'ftyp' at offset 4 (after the box size), then the 4-character major brand at offset 8. */
export const FTYP_MAGIC = [0x66, 0x74, 0x79, 0x70] as const;
/** Major brands of HEVC-coded images (image/heic) and of HEIF in general (image/heif). */
export const HEIC_BRANDS = ['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis'] as const;
export const HEIF_BRANDS = ['mif1', 'msf1'] as const;
/** TIFF: 'II*\0' (little-endian, Intel) or 'MM\0*' (big-endian, Motorola); both have a NUL, so never text. */
export const TIFF_LE_MAGIC = [0x49, 0x49, 0x2a, 0x00] as const;
export const TIFF_BE_MAGIC = [0x4d, 0x4d, 0x00, 0x2a] as const;
/** OLE2 compound file: legacy Word (.doc) and Excel (.xls) alike. */
export const OLE2_MAGIC = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1] as const;
/** A ZIP local file header 'PK\x03\x04': the container of .docx and .xlsx alike. */
export const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04] as const;
/** Executables, refused as text/plain even when their first bytes happen to be text. */
export const ELF_MAGIC = [0x7f, 0x45, 0x4c, 0x46] as const;
export const MZ_MAGIC = [0x4d, 0x5a] as const;

function startsWith(head: Uint8Array, magic: readonly number[], offset = 0): boolean {
  return head.length >= offset + magic.length && magic.every((byte, i) => head[offset + i] === byte);
}

function ftypBrand(head: Uint8Array): string | null {
  return startsWith(head, FTYP_MAGIC, 4) && head.length >= 12
    ? String.fromCharCode(...head.subarray(8, 12))
    : null;
}

const isPdf = (head: Uint8Array) => startsWith(head, PDF_MAGIC);
const isJpeg = (head: Uint8Array) => startsWith(head, JPEG_MAGIC);
const isPng = (head: Uint8Array) => startsWith(head, PNG_MAGIC);
const isWebp = (head: Uint8Array) => startsWith(head, RIFF_MAGIC) && startsWith(head, WEBP_MAGIC, 8);
const isHeif = (head: Uint8Array) => {
  const brand = ftypBrand(head);
  return ([...HEIC_BRANDS, ...HEIF_BRANDS] as readonly (string | null)[]).includes(brand);
};
const isTiff = (head: Uint8Array) => startsWith(head, TIFF_LE_MAGIC) || startsWith(head, TIFF_BE_MAGIC);
const isOle2 = (head: Uint8Array) => startsWith(head, OLE2_MAGIC);
const isZip = (head: Uint8Array) => startsWith(head, ZIP_MAGIC);

/**
 * text/plain has no signature. It is accepted when the sample is UTF-8 (ASCII included; a BOM is
 * fine) with no NUL byte, and does not start like another known format (PDF, ZIP, OLE2, PNG, JPEG,
 * WebP, HEIF, ELF, MZ). UTF-16 text has NULs and is refused. A multi-byte character cut off at the
 * end of the sample is allowed, since the sample may stop in the middle of one. An empty file is
 * accepted as (empty) text. The server should still serve text with X-Content-Type-Options: nosniff.
 */
function isPlainText(head: Uint8Array): boolean {
  if (head.includes(0)) return false;
  const otherFormats = [isPdf, isJpeg, isPng, isWebp, isHeif, isOle2, isZip];
  if (otherFormats.some((looksLike) => looksLike(head))) return false;
  if (startsWith(head, ELF_MAGIC) || startsWith(head, MZ_MAGIC)) return false;
  try {
    // stream: true keeps an incomplete final sequence pending instead of reporting it.
    new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: true });
    return true;
  } catch {
    return false;
  }
}

/**
 * What the bytes of each allowed type must look like. Container formats are shared: both Office
 * Open XML types accept any ZIP (telling .docx from .xlsx needs the archive's listing, which the
 * server may read itself), both legacy Office types any OLE2 file, and image/heic and image/heif any
 * of the HEIF brands, since clients label HEIF photos with either type.
 */
const MATCHERS = {
  'application/pdf': isPdf,
  'image/jpeg': isJpeg,
  'image/png': isPng,
  'image/webp': isWebp,
  'image/heic': isHeif,
  'image/heif': isHeif,
  'image/tiff': isTiff,
  'application/msword': isOle2,
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': isZip,
  'application/vnd.ms-excel': isOle2,
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': isZip,
  'text/plain': isPlainText,
} as const satisfies Record<AllowedContentType, (head: Uint8Array) => boolean>;

/**
 * Whether `head` (the first bytes of the file; only the first SNIFF_BYTES are looked at) looks like
 * the declared `contentType`. An unknown content type never matches.
 */
export function sniffMatches(contentType: AllowedContentType, head: Uint8Array): boolean {
  if (!Object.hasOwn(MATCHERS, contentType)) return false;
  return MATCHERS[contentType](head.subarray(0, SNIFF_BYTES));
}

/**
 * The allowed content type the bytes look like, or null. Where a container serves several types the
 * first of ALLOWED_CONTENT_TYPES is given: application/msword for any OLE2 file, the .docx type for
 * any ZIP; a HEIF file is image/heic for the HEVC brands and image/heif for mif1/msf1. Use
 * sniffMatches to check a declared type.
 */
export function detectContentType(head: Uint8Array): AllowedContentType | null {
  const brand = ftypBrand(head);
  if (brand !== null && (HEIF_BRANDS as readonly string[]).includes(brand)) return 'image/heif';
  return ALLOWED_CONTENT_TYPES.find((type) => sniffMatches(type, head)) ?? null;
}
