import { notifications } from '@mantine/notifications';
import { DOCUMENT_MESSAGES } from '@propertydna/domain';
import { useCallback, useRef, useState } from 'react';
import { trpc } from '../trpc';
import { hashFile } from './hash-file';
import { invalidateDocumentQueries } from './invalidate';
import { putFile } from './put-file';
import {
  initialUploadItems,
  runUpload,
  type UploadDestination,
  type UploadItem,
  type UploadTarget,
} from './upload-documents';
import { validateUploadBatch } from './validate';

export interface DocumentUpload {
  /** The rows of the latest batch. */
  items: UploadItem[];
  /** True while a batch is going. */
  busy: boolean;
  /**
   * Checks and uploads a batch. Resolves once every file has finished or failed, with the ids of the
   * registered documents; or at once with the batch's own refusal (more than 5 files), nothing sent.
   */
  start: (files: readonly File[], target: UploadTarget) => Promise<UploadOutcome>;
}

export type UploadOutcome = { refusal: string; documentIds: [] } | { refusal: null; documentIds: string[] };

/** The queries that show a destination's documents. */
async function invalidateDestination(
  utils: ReturnType<typeof trpc.useUtils>,
  destination: UploadDestination,
) {
  if ('propertyId' in destination) return invalidateDocumentQueries(utils, [destination.propertyId]);
  if ('jobId' in destination) {
    await Promise.all([
      utils.supplier.jobDocuments.invalidate({ id: destination.jobId }),
      utils.supplier.jobs.invalidate(),
    ]);
  }
  // An organisation document (the insurance certificate) is shown through the record that names it.
}

/**
 * The upload sequence (spec §4) wired to the API: validate, hash in the worker, sign the batch, PUT
 * each file, register it to the target's destination (a property, a supplier job or the organisation);
 * then refresh the lists concerned and toast 'Document uploaded' (unless `notify` is false: a form that
 * uploads on the way to something else says so in its own toast).
 */
export function useDocumentUpload({ notify = true }: { notify?: boolean } = {}): DocumentUpload {
  const utils = trpc.useUtils();
  const [items, setItems] = useState<UploadItem[]>([]);
  const [busy, setBusy] = useState(false);
  const batches = useRef(0);

  const start = useCallback<DocumentUpload['start']>(
    async (files, target) => {
      const { batchError, fileErrors } = validateUploadBatch(files);
      if (batchError) return { refusal: batchError, documentIds: [] };
      batches.current += 1;
      const initial = initialUploadItems(files, fileErrors, `batch-${batches.current}`);
      setItems(initial);
      setBusy(true);
      try {
        const { documentIds } = await runUpload(
          files,
          initial,
          target,
          {
            hash: hashFile,
            signBatch: (declared) => utils.client.documents.signBatch.mutate({ files: declared }),
            put: putFile,
            register: (input) => utils.client.documents.register.mutate(input),
          },
          (key, patch) =>
            setItems((current) => current.map((item) => (item.key === key ? { ...item, ...patch } : item))),
        );
        if (documentIds.length > 0) {
          if (notify) notifications.show({ color: 'green', message: DOCUMENT_MESSAGES.uploaded });
          await invalidateDestination(utils, target.destination);
        }
        return { refusal: null, documentIds };
      } finally {
        setBusy(false);
      }
    },
    [utils, notify],
  );

  return { items, busy, start };
}
