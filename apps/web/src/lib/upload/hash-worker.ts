/**
 * The module Web Worker that hashes uploads (spec §4: hash the file, SHA-256), so a 50 MB file never
 * blocks the page. One request at a time per message; progress is posted after every slice.
 */
import type { HashReply, HashRequest } from './hash-protocol';
import { sha256OfBlob } from './sha256';

// The worker's global scope, typed by the two members used (the DOM lib types `self` as a Window).
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<HashRequest>) => void) | null;
  postMessage: (reply: HashReply) => void;
};

scope.onmessage = (event) => {
  const { id, blob } = event.data;
  sha256OfBlob(blob, (hashed, total) => scope.postMessage({ id, type: 'progress', hashed, total })).then(
    (sha256) => scope.postMessage({ id, type: 'done', sha256 }),
    (error: unknown) =>
      scope.postMessage({
        id,
        type: 'error',
        message: error instanceof Error ? error.message : String(error),
      }),
  );
};
