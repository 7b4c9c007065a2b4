import { useEffect, useState } from 'react';
import { authHeaders } from '../../../lib/trpc';

/** The picture of a read page (image/jpeg). */
export const extractionPageUrl = (documentId: string, page: number) =>
  `/api/documents/${encodeURIComponent(documentId)}/extraction/pages/${page}`;

export type PagePicture = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; src: string };

/**
 * The picture of one page of a document as read, fetched with the session's credentials (the cookie,
 * and the bearer token when the session has one, which an <img> alone would not send) and shown from
 * an object URL, released when the page shown changes or the preview goes.
 */
export function usePagePicture(documentId: string, page: number): PagePicture {
  const [picture, setPicture] = useState<PagePicture>({ status: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    let src: string | null = null;
    setPicture({ status: 'loading' });
    fetch(extractionPageUrl(documentId, page), {
      credentials: 'include',
      headers: authHeaders(),
      signal: controller.signal,
    })
      .then(async (response) => {
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        const blob = await response.blob();
        if (controller.signal.aborted) return;
        src = URL.createObjectURL(blob);
        setPicture({ status: 'ready', src });
      })
      .catch(() => {
        if (!controller.signal.aborted) setPicture({ status: 'failed' });
      });
    return () => {
      controller.abort();
      if (src) URL.revokeObjectURL(src);
    };
  }, [documentId, page]);
  return picture;
}
