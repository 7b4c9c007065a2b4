/** Messages between the page and the hash worker. */
export interface HashRequest {
  id: number;
  blob: Blob;
}

export type HashReply =
  | { id: number; type: 'progress'; hashed: number; total: number }
  | { id: number; type: 'done'; sha256: string }
  | { id: number; type: 'error'; message: string };
