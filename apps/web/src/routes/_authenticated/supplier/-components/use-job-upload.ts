import { notifications } from '@mantine/notifications';
import { DOCUMENT_MESSAGES } from '@propertydna/domain';
import { useCallback, useRef, useState } from 'react';
import { trpc } from '../../../../lib/trpc';
import { hashFile } from '../../../../lib/upload/hash-file';
import { putFile } from '../../../../lib/upload/put-file';
import {
  initialUploadItems,
  runUpload,
  type UploadItem,
  type UploadTarget,
} from '../../../../lib/upload/upload-documents';
import { validateUploadBatch } from '../../../../lib/upload/validate';

/**
 * The upload sequence (spec §4) for a supplier job: the shared sequence, registering each file with
 * job_id instead of property_id; then the job's documents are refetched and 'Document uploaded' shown.
 */
export function useJobUpload(jobId: string) {
  const utils = trpc.useUtils();
  const [items, setItems] = useState<UploadItem[]>([]);
  const [busy, setBusy] = useState(false);
  const batches = useRef(0);

  const start = useCallback(
    async (files: readonly File[], target: UploadTarget): Promise<string | null> => {
      const { batchError, fileErrors } = validateUploadBatch(files);
      if (batchError) return batchError;
      batches.current += 1;
      const initial = initialUploadItems(files, fileErrors, `job-batch-${batches.current}`);
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
            register: ({ property_id: _property, ...input }) =>
              utils.client.documents.register.mutate({ ...input, job_id: jobId }),
          },
          (key, patch) =>
            setItems((current) => current.map((item) => (item.key === key ? { ...item, ...patch } : item))),
        );
        if (uploaded > 0) {
          notifications.show({ color: 'green', message: DOCUMENT_MESSAGES.uploaded });
          await Promise.all([
            utils.supplier.jobDocuments.invalidate({ id: jobId }),
            utils.supplier.jobs.invalidate(),
          ]);
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
