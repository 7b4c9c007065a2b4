import { notifications } from '@mantine/notifications';
import { DOCUMENT_MESSAGES } from '@propertydna/domain';
import { useCallback, useRef, useState } from 'react';
import { trpc } from '../trpc';
import { hashFile } from './hash-file';
import { invalidateDocumentQueries } from './invalidate';
import { putFile } from './put-file';
import { initialUploadItems, runUpload, type UploadItem, type UploadTarget } from './upload-documents';
import { validateUploadBatch } from './validate';

export interface DocumentUpload {
  /** The rows of the latest batch. */
  items: UploadItem[];
  /** True while a batch is going. */
  busy: boolean;
  /**
   * Checks and uploads a batch. Resolves with the batch's own refusal (more than 5 files), in which case
   * nothing was sent, else null once every file has finished or failed.
   */
  start: (files: readonly File[], target: UploadTarget) => Promise<string | null>;
}

/**
 * The upload sequence (spec §4) wired to the API: validate, hash in the worker, sign the batch, PUT
 * each file, register it; then refresh the lists concerned and toast 'Document uploaded'.
 * With `jobId`, the files become documents of that supplier job instead of the target's property.
 */
export function useDocumentUpload({ jobId }: { jobId?: string } = {}): DocumentUpload {
  const utils = trpc.useUtils();
  const [items, setItems] = useState<UploadItem[]>([]);
  const [busy, setBusy] = useState(false);
  const batches = useRef(0);

  const start = useCallback<DocumentUpload['start']>(
    async (files, target) => {
      const { batchError, fileErrors } = validateUploadBatch(files);
      if (batchError) return batchError;
      batches.current += 1;
      const initial = initialUploadItems(files, fileErrors, `batch-${batches.current}`);
      setItems(initial);
      setBusy(true);
      try {
        const { uploaded } = await runUpload(
          files,
          initial,
          target,
          {
            hash: hashFile,
            signBatch: (declared) => utils.client.documents.signBatch.mutate({ files: declared }),
            put: putFile,
            register: ({ property_id, ...input }) =>
              utils.client.documents.register.mutate(
                jobId ? { ...input, job_id: jobId } : { ...input, property_id },
              ),
          },
          (key, patch) =>
            setItems((current) => current.map((item) => (item.key === key ? { ...item, ...patch } : item))),
        );
        if (uploaded > 0) {
          notifications.show({ color: 'green', message: DOCUMENT_MESSAGES.uploaded });
          await (jobId
            ? Promise.all([
                utils.supplier.jobDocuments.invalidate({ id: jobId }),
                utils.supplier.jobs.invalidate(),
              ])
            : invalidateDocumentQueries(utils, [target.propertyId]));
        }
      } finally {
        setBusy(false);
      }
      return null;
    },
    [utils, jobId],
  );

  return { items, busy, start };
}
