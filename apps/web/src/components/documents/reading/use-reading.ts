import type { ExtractionOut } from '@propertydna/domain';
import { useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../../lib/error-message';
import { trpc } from '../../../lib/trpc';
import { invalidateDocumentQueries } from '../../../lib/upload/invalidate';
import type { ReadFieldDecisions } from './read-fields-view';
import { isReading } from './read-values';

/** How often a reading on its way is asked for again. */
export const READING_POLL_MS = 2000;

/**
 * A document's reading (extraction.get), asked again every READING_POLL_MS while it is queued or
 * running and then kept. Every screen showing the same document shares the one query (the upload row,
 * the vault row, the details). When a reading ends with fields accepted automatically, the document
 * changed: the queries showing it are refetched (given its `propertyId`).
 */
export function useReading(
  documentId: string | null,
  { enabled = true, propertyId }: { enabled?: boolean; propertyId?: string | null } = {},
) {
  const utils = trpc.useUtils();
  const query = trpc.extraction.get.useQuery(
    { id: documentId ?? '' },
    {
      enabled: enabled && documentId !== null,
      refetchInterval: (current) => (isReading(current.state.data) ? READING_POLL_MS : false),
    },
  );
  const data = query.data;
  const wasReading = useRef(false);
  useEffect(() => {
    if (!data) return;
    const finished = wasReading.current && !isReading(data);
    wasReading.current = isReading(data);
    if (finished && propertyId && data.fields.some((field) => field.state === 'auto_accepted')) {
      void invalidateDocumentQueries(utils, [propertyId]);
    }
  }, [data, propertyId, utils]);
  return query;
}

/**
 * Confirming what was read (extraction.confirm): the answer replaces the reading in the cache; when a
 * value was accepted the document's details changed, so the vaults, the property's compliance check,
 * the portfolio and the statistics are refetched (a rejection alone changes none of them). `send`
 * resolves with the answer once saved, or null with `error` set to the server's refusal.
 */
export function useConfirmReading(document: { id: string; property_id: string | null }) {
  const utils = trpc.useUtils();
  const confirm = trpc.extraction.confirm.useMutation();
  const [error, setError] = useState<string | null>(null);
  const send = async (fields: ReadFieldDecisions): Promise<ExtractionOut | null> => {
    setError(null);
    let answer: ExtractionOut;
    try {
      answer = await confirm.mutateAsync({ id: document.id, fields });
    } catch (refusal) {
      setError(errorMessage(refusal, 'The fields could not be saved'));
      return null;
    }
    utils.extraction.get.setData({ id: document.id }, answer);
    // Refetched behind the answer: the fields show their state at once.
    if (Object.values(fields).some((value) => value !== null)) {
      void invalidateDocumentQueries(utils, [document.property_id]);
    }
    return answer;
  };
  return { send, busy: confirm.isPending, error };
}
