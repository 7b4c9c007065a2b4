import { notifications } from '@mantine/notifications';
import { SHARE_MESSAGES } from '@propertydna/domain';
import { useCallback, useEffect, useRef, useState } from 'react';
import { DownloadInterruptedError, type DownloadProgress, fetchDownload, saveBlob } from './download';
import { errorMessage } from './error-message';

export const DOWNLOAD_MESSAGES = {
  /** Spec §8's word for a download handed to the browser. */
  started: SHARE_MESSAGES.downloadStarted,
  failed: 'Download failed',
  interrupted:
    'The download was interrupted: a stored file failed its integrity check or the connection dropped. Try again.',
  /** A failure the server gave no reason for. */
  unknown: 'The file could not be prepared. Try again in a moment.',
} as const;

/** Where one download is; `failed` holds what to tell the owner. */
export type DownloadState =
  | { status: 'idle' }
  | ({ status: 'running' } & DownloadProgress)
  | { status: 'done'; filename: string }
  | { status: 'failed'; message: string; interrupted: boolean };

export interface DownloadRequest {
  url: string;
  /** The file's name when the answer's Content-Disposition gives none. */
  fallbackName: string;
}

/** Progress is drawn at most this often (a 200 MB pack arrives in thousands of chunks). */
const PROGRESS_INTERVAL_MS = 100;

/**
 * One download with progress, for a button that fetches a file from the API (a report, a claim pack):
 * `start` fetches it with the session's credentials, reports the bytes received as `state`, hands the
 * file to the browser and toasts 'Download started'; a failure becomes `state.message` (the server's
 * `error`, or the interrupted-stream message) and a toast titled `failureTitle`. Leaving the page aborts
 * a download under way, silently.
 */
export function useDownload({ failureTitle = DOWNLOAD_MESSAGES.failed }: { failureTitle?: string } = {}) {
  const [state, setState] = useState<DownloadState>({ status: 'idle' });
  const controller = useRef<AbortController | null>(null);

  useEffect(() => () => controller.current?.abort(), []);

  const start = useCallback(
    async ({ url, fallbackName }: DownloadRequest): Promise<boolean> => {
      if (controller.current) return false;
      const running = new AbortController();
      controller.current = running;
      let lastDrawn = Number.NEGATIVE_INFINITY;
      let drawnBytes = 0;
      setState({ status: 'running', receivedBytes: 0, totalBytes: null });
      try {
        const file = await fetchDownload(url, {
          fallbackName,
          signal: running.signal,
          onProgress: (progress) => {
            // The first bytes are always drawn (the bar leaves 'Preparing'), then at most every interval.
            const now = Date.now();
            const firstBytes = drawnBytes === 0 && progress.receivedBytes > 0;
            if (!firstBytes && now - lastDrawn < PROGRESS_INTERVAL_MS) return;
            lastDrawn = now;
            drawnBytes = progress.receivedBytes;
            setState({ status: 'running', ...progress });
          },
        });
        saveBlob(file.blob, file.filename);
        setState({ status: 'done', filename: file.filename });
        notifications.show({ color: 'green', title: DOWNLOAD_MESSAGES.started, message: file.filename });
        return true;
      } catch (error) {
        if (running.signal.aborted) return false;
        const interrupted = error instanceof DownloadInterruptedError;
        const message = interrupted
          ? DOWNLOAD_MESSAGES.interrupted
          : errorMessage(error, DOWNLOAD_MESSAGES.unknown);
        setState({ status: 'failed', message, interrupted });
        notifications.show({ color: 'red', title: failureTitle, message });
        return false;
      } finally {
        if (controller.current === running) controller.current = null;
      }
    },
    [failureTitle],
  );

  return { state, start, running: state.status === 'running' };
}
