import { useCallback, useMemo } from 'react';
import { trpc } from '../trpc';
import { hashFile } from './hash-file';
import { putFile } from './put-file';
import {
  runUpload,
  type UpdateItem,
  type UploadItem,
  type UploadSteps,
  type UploadTarget,
} from './upload-documents';

/**
 * The vault's upload sequence (spec §4: hash, sign, PUT with progress, register) scoped to an upload
 * invite (issue 15): each file is signed and registered through the invite's token, no account needed.
 * `upload` sends one file (its row updated through `update`) and, once it is registered, refetches the
 * invite's view (its list of uploads and what the link still accepts). Resolves true when it landed.
 */
export function useInviteUpload(token: string) {
  const utils = trpc.useUtils();

  const steps = useMemo<UploadSteps>(
    () => ({
      hash: hashFile,
      signBatch: (declared) =>
        Promise.all(declared.map((file) => utils.client.invites.sign.mutate({ token, ...file }))),
      put: putFile,
      register: (document) => utils.client.invites.register.mutate({ token, document }),
    }),
    [utils, token],
  );

  const upload = useCallback(
    async (file: File, item: UploadItem, target: UploadTarget, update: UpdateItem): Promise<boolean> => {
      const { documentIds } = await runUpload([file], [item], target, steps, update);
      if (documentIds.length === 0) return false;
      await utils.invites.view.invalidate({ token });
      return true;
    },
    [steps, utils, token],
  );

  return { upload };
}
