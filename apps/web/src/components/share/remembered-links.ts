/**
 * The full URLs of the links made in this browser tab. The server keeps only a link's SHA-256, so the
 * URL exists once, in the answer to its creation: it is kept here (sessionStorage: this tab, until it
 * is closed) so that 'Copy link' works for the links made in this session. Older links cannot be
 * copied again by anyone; they can only be revoked and replaced by a new link.
 */
const KEY = 'propertydna:share-links';

function read(): Record<string, string> {
  try {
    const parsed: unknown = JSON.parse(window.sessionStorage.getItem(KEY) ?? '{}');
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, string>) : {};
  } catch {
    return {};
  }
}

/** Remembers a new link's URL under its id, for this tab's session. */
export function rememberShareUrl(id: string, url: string): void {
  try {
    window.sessionStorage.setItem(KEY, JSON.stringify({ ...read(), [id]: url }));
  } catch {
    // Storage full or blocked: the link is still shown once in the modal.
  }
}

/** The URL of a link made in this tab's session, if any. */
export function rememberedShareUrl(id: string): string | null {
  const url = read()[id];
  return typeof url === 'string' ? url : null;
}
