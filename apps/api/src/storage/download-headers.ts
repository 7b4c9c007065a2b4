import { downloadFileName } from '@propertydna/domain';
import type { FastifyReply } from 'fastify';
import { contentDisposition, mediaTypeOf } from './file-store.js';

/** Shown inline only when browsers render them safely as themselves; anything else is a download. */
export const INLINE_TYPES: ReadonlySet<string> = new Set([
  'application/pdf',
  'image/jpeg',
  'image/png',
  'image/webp',
]);

/**
 * A stored file is shown as itself and nothing more: no scripts, no requests of its own, no plugins
 * or forms, and (sandbox) an opaque origin of its own, so even a file that slips past the content
 * check cannot act on the API's origin. Only our own pages may frame it. Checked in Chromium 156:
 * PDFs still open in the built-in viewer (top level and framed) and images still display.
 */
export const DOWNLOAD_CSP = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'self'; sandbox";

export interface DownloadFile {
  /** The stored (declared and sniffed) type; parameters are dropped. */
  contentType: string;
  bytes: number;
  /**
   * The display name for Content-Disposition; saved with the served type's extension (a text/plain
   * 'page.html' as 'page.html.txt', so it never opens as a web page from the disk).
   */
  filename: string;
  /** What the caller asks for; inline is granted only to INLINE_TYPES. */
  disposition: 'inline' | 'attachment';
}

/** inline only for a type browsers render safely; everything else is an attachment. */
export function dispositionFor(
  requested: 'inline' | 'attachment',
  contentType: string,
): 'inline' | 'attachment' {
  return requested === 'inline' && INLINE_TYPES.has(mediaTypeOf(contentType)) ? 'inline' : 'attachment';
}

/**
 * The headers every download sends, a generated file's (a report, a receipt, a ZIP) as a stored file's:
 * its type, saved under `filename`, never sniffed, never kept by a cache.
 */
export function attachmentHeaders(filename: string, contentType: string): Record<string, string> {
  return {
    'content-type': contentType,
    'content-disposition': contentDisposition('attachment', filename),
    'x-content-type-options': 'nosniff',
    'cache-control': 'private, no-store',
  };
}

/** A generated file (a report, a receipt) sent as an attachment. */
export function sendAttachment(
  reply: FastifyReply,
  filename: string,
  contentType: string,
  body: string | Buffer | NodeJS.ReadableStream,
) {
  return reply.headers(attachmentHeaders(filename, contentType)).send(body);
}

/**
 * The one set of headers every download door sends with a stored file: the attachment headers, its size,
 * inline where that is safe, and a CSP that keeps it from acting.
 */
export function downloadHeaders(file: DownloadFile): Record<string, string> {
  const contentType = mediaTypeOf(file.contentType);
  return {
    ...attachmentHeaders(file.filename, contentType),
    'content-length': String(file.bytes),
    'content-disposition': contentDisposition(
      dispositionFor(file.disposition, contentType),
      downloadFileName(file.filename, contentType),
    ),
    'content-security-policy': DOWNLOAD_CSP,
  };
}

/** Streams a stored file with the download headers. */
export function sendDownload(reply: FastifyReply, file: DownloadFile, stream: NodeJS.ReadableStream) {
  return reply.headers(downloadHeaders(file)).send(stream);
}
