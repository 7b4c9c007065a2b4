import { authHeaders } from '../../lib/trpc';

/** The public download route of one document of a share link (spec §7). */
export function shareDownloadUrl(token: string, documentId: string): string {
  return `/api/share/${encodeURIComponent(token)}/download/${encodeURIComponent(documentId)}`;
}

/**
 * "Download all" of a share link (issue 32): one ZIP of its documents, streamed as a plain link (the
 * unlock cookie travels with it), counted in the link's access log as each single download is.
 */
export function shareDownloadAllUrl(token: string): string {
  return `/api/share/${encodeURIComponent(token)}/download-all`;
}

/** Types a browser tab can show by itself: 'View' opens these in a new tab, anything else downloads. */
export function isViewable(contentType: string): boolean {
  return contentType === 'application/pdf' || contentType.startsWith('image/');
}

/**
 * Fetches a shared document as a blob (the unlock cookie travels with the request, and the bearer token
 * when there is one, so an adoption-ready visitor is logged as themselves). Throws on any non-OK answer.
 */
export async function fetchSharedDocument(token: string, documentId: string): Promise<Blob> {
  const response = await fetch(shareDownloadUrl(token, documentId), {
    credentials: 'include',
    headers: authHeaders(),
  });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return response.blob();
}

/** An object URL lives long enough for the browser to take the file, then is released. */
const RELEASE_AFTER_MS = 60_000;

/** Opens a blob in a new tab; false when the browser refused the tab (a popup blocker). */
export function openBlob(blob: Blob): boolean {
  const url = URL.createObjectURL(blob);
  const opened = window.open(url, '_blank');
  setTimeout(() => URL.revokeObjectURL(url), RELEASE_AFTER_MS);
  return opened !== null;
}
