import { useCallback, useState } from 'react';
import { trpc } from '../../../../../lib/trpc';
import { hashFile } from '../../../../../lib/upload/hash-file';
import { invalidateDocumentQueries } from '../../../../../lib/upload/invalidate';
import { putFile } from '../../../../../lib/upload/put-file';
import { runUpload, type UploadItem, type UploadSteps } from '../../../../../lib/upload/upload-documents';

/** A file chosen for a claim; `documentId` once it is in the vault (a second try does not send it again). */
export interface ClaimPhoto {
  key: string;
  file: File;
  documentId: string | null;
}

/** What the vault keeps about why a document was uploaded: the claim it was taken for. */
export type ClaimPhotoNote = { purpose: 'claim'; incident_type: string; incident_date: string };

/** Files sent at once: the rest wait their turn (a storm claim can bring 20 photos). */
const PARALLEL_UPLOADS = 3;

const doneItem = (photo: ClaimPhoto): UploadItem => ({
  key: photo.key,
  name: photo.file.name,
  bytes: photo.file.size,
  phase: 'done',
  percent: 100,
  error: null,
});

const queuedItem = (photo: ClaimPhoto): UploadItem => ({ ...doneItem(photo), phase: 'queued', percent: 0 });

/**
 * The photos of Start Claim, uploaded into the property's vault with the vault's own sequence (hash in
 * the worker, sign, PUT with progress, register; `runUpload`) before the claim is started: kind 'other',
 * with metadata naming the incident. Each file goes through the sequence on its own, so a failure is
 * that file's alone and the document each file became is known; at most 3 at a time. `items` holds one
 * progress row per photo (those uploaded by an earlier try show as uploaded).
 */
export function useClaimPhotoUpload() {
  const utils = trpc.useUtils();
  const [items, setItems] = useState<UploadItem[]>([]);
  const [busy, setBusy] = useState(false);

  /** Resolves with the document of each photo by its key (null: that photo failed, its row says why). */
  const upload = useCallback(
    async (
      photos: readonly ClaimPhoto[],
      propertyId: string,
      note: ClaimPhotoNote,
    ): Promise<Map<string, string | null>> => {
      const results = new Map<string, string | null>(photos.map((photo) => [photo.key, photo.documentId]));
      const pending = photos.filter((photo) => photo.documentId === null);
      setItems(photos.map((photo) => (photo.documentId ? doneItem(photo) : queuedItem(photo))));
      if (pending.length === 0) return results;
      setBusy(true);
      const steps: UploadSteps = {
        hash: hashFile,
        signBatch: (files) => utils.client.documents.signBatch.mutate({ files }),
        put: putFile,
        register: (input) =>
          utils.client.documents.register.mutate({ ...input, metadata: { ...input.metadata, ...note } }),
      };
      const update = (key: string, patch: Partial<UploadItem>) =>
        setItems((current) => current.map((item) => (item.key === key ? { ...item, ...patch } : item)));
      const target = { destination: { propertyId }, kind: 'other', expiresAt: null } as const;
      let next = 0;
      const worker = async () => {
        while (next < pending.length) {
          const photo = pending[next++] as ClaimPhoto;
          const { documentIds } = await runUpload([photo.file], [queuedItem(photo)], target, steps, update);
          results.set(photo.key, documentIds[0] ?? null);
        }
      };
      try {
        await Promise.all(Array.from({ length: Math.min(PARALLEL_UPLOADS, pending.length) }, worker));
        if (pending.some((photo) => results.get(photo.key))) {
          await invalidateDocumentQueries(utils, [propertyId]);
        }
        return results;
      } finally {
        setBusy(false);
      }
    },
    [utils],
  );

  const reset = useCallback(() => setItems([]), []);

  return { items, busy, upload, reset };
}
