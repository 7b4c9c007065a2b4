import { formatSize } from '@propertydna/domain';
import { throwIfNotOk } from './error-message';
import { authHeaders } from './trpc';

/** How far a download has come: the bytes read so far and, when the server said, how many there are. */
export interface DownloadProgress {
  receivedBytes: number;
  /** From Content-Length; null for a streamed answer (a ZIP built on the fly) or a compressed one. */
  totalBytes: number | null;
}

/** A file the browser has been handed: its bytes and the name the server gave it. */
export interface DownloadedFile {
  blob: Blob;
  filename: string;
}

/**
 * The answer broke off before its end: the server cut the stream (a stored file failed its SHA-256 check
 * while a pack was being built) or the connection dropped. A server that answered with an error status
 * raises a `ResponseError` instead, whose `error` field says why.
 */
export class DownloadInterruptedError extends Error {
  override readonly name = 'DownloadInterruptedError';
  constructor(options?: { cause?: unknown }) {
    super('The download was interrupted', options);
  }
}

/** The last segment of a name the server sent, so it can never point into another folder. */
function baseName(name: string): string {
  const base = name.split(/[/\\]/).pop()?.trim() ?? '';
  return base === '.' || base === '..' ? '' : base;
}

function decodeExtended(value: string): string | null {
  // RFC 5987: charset'language'percent-encoded-value.
  const match = /^([\w!#$%&+^`{}~-]*)'[\w-]*'(.*)$/.exec(value.trim());
  if (!match) return null;
  try {
    return decodeURIComponent(match[2] ?? '');
  } catch {
    return null;
  }
}

/**
 * The file name of a Content-Disposition header ('attachment; filename="insurance-pack-1.json"'): the
 * RFC 5987 `filename*` when present, else `filename` (quoted or not); null when there is none.
 */
export function filenameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const extended = /(?:^|;)\s*filename\*\s*=\s*([^;]+)/i.exec(header);
  const decoded = extended?.[1] ? decodeExtended(extended[1]) : null;
  if (decoded) return baseName(decoded) || null;
  const quoted = /(?:^|;)\s*filename\s*=\s*"((?:[^"\\]|\\.)*)"/i.exec(header);
  if (quoted?.[1] !== undefined) return baseName(quoted[1].replace(/\\(.)/g, '$1')) || null;
  const plain = /(?:^|;)\s*filename\s*=\s*([^;\s]+)/i.exec(header);
  return plain?.[1] ? baseName(plain[1]) || null : null;
}

/** The length the body will have as read, when the server said it (a compressed body's length is not). */
function expectedLength(response: Response): number | null {
  const encoding = response.headers.get('Content-Encoding');
  if (encoding && encoding.toLowerCase() !== 'identity') return null;
  const length = Number(response.headers.get('Content-Length') ?? Number.NaN);
  return Number.isSafeInteger(length) && length >= 0 ? length : null;
}

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

/**
 * GETs a file the API answers as an attachment, with the session's credentials (the cookie and, when
 * stored, the bearer token, as every tRPC call sends them), reading the body chunk by chunk so
 * `onProgress` can tell how far it has come. Resolves with the bytes as a Blob and the name from
 * Content-Disposition (else `fallbackName`).
 *
 * Rejects with a `ResponseError` when the server answers an error status (its JSON `{ error }` is the
 * message `errorMessage` shows), with a `DownloadInterruptedError` when the connection fails or the body
 * breaks off (or ends short of its Content-Length), and with the AbortError when `signal` aborts.
 */
export async function fetchDownload(
  url: string,
  {
    fallbackName,
    onProgress,
    signal,
  }: { fallbackName: string; onProgress?: (progress: DownloadProgress) => void; signal?: AbortSignal },
): Promise<DownloadedFile> {
  let response: Response;
  try {
    response = await fetch(url, { credentials: 'include', headers: authHeaders(), signal });
  } catch (error) {
    if (isAbort(error)) throw error;
    throw new DownloadInterruptedError({ cause: error });
  }
  await throwIfNotOk(response);

  const totalBytes = expectedLength(response);
  const filename = filenameFromDisposition(response.headers.get('Content-Disposition')) ?? fallbackName;
  const type = response.headers.get('Content-Type') ?? '';
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let receivedBytes = 0;
  onProgress?.({ receivedBytes, totalBytes });
  try {
    if (response.body) {
      const reader = response.body.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        chunks.push(value);
        receivedBytes += value.byteLength;
        onProgress?.({ receivedBytes, totalBytes });
      }
    } else {
      const bytes = new Uint8Array(await response.arrayBuffer());
      chunks.push(bytes);
      receivedBytes = bytes.byteLength;
      onProgress?.({ receivedBytes, totalBytes });
    }
  } catch (error) {
    if (isAbort(error)) throw error;
    throw new DownloadInterruptedError({ cause: error });
  }
  if (totalBytes !== null && receivedBytes < totalBytes) throw new DownloadInterruptedError();
  return { blob: new Blob(chunks, { type }), filename };
}

/** An object URL lives long enough for the browser to take the file, then is released. */
const RELEASE_AFTER_MS = 60_000;

/** Hands a blob to the browser as a download named `name`. */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), RELEASE_AFTER_MS);
}

/** Whole percent of a download whose length is known, else null. */
export function downloadPercent({ receivedBytes, totalBytes }: DownloadProgress): number | null {
  if (totalBytes === null) return null;
  if (totalBytes === 0) return 100;
  return Math.min(100, Math.floor((receivedBytes / totalBytes) * 100));
}

/**
 * How far a download has come, in words: 'Preparing the file…' before the first byte, '40% · 2.0 MB of
 * 5.0 MB' when the length is known, '12.5 MB received' for a stream without one.
 */
export function progressText(progress: DownloadProgress): string {
  const percent = downloadPercent(progress);
  if (progress.receivedBytes === 0 && percent !== 100) return 'Preparing the file…';
  if (percent === null || progress.totalBytes === null)
    return `${formatSize(progress.receivedBytes)} received`;
  return `${percent}% · ${formatSize(progress.receivedBytes)} of ${formatSize(progress.totalBytes)}`;
}
