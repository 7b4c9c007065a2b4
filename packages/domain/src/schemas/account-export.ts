import { z } from 'zod';

/** Issue 31 §1: how long a finished export can be downloaded; housekeeping removes it after that. */
export const ACCOUNT_EXPORT_DAYS = 7;

export const ACCOUNT_EXPORT_STATUSES = ['queued', 'running', 'ready', 'failed'] as const;
export type AccountExportStatus = (typeof ACCOUNT_EXPORT_STATUSES)[number];

/** What exports say, at both doors and on screen. */
export const ACCOUNT_EXPORT_MESSAGES = {
  running: 'An export of this organisation is already being prepared: wait for it to finish',
  notFound: 'No such export',
  expired: `This export has expired (downloads are kept ${ACCOUNT_EXPORT_DAYS} days): start a new one`,
  notReady: 'This export is not ready yet',
  failed: 'This export failed: start a new one',
  badId: 'Export id must be a UUID',
} as const;

/** An export's id, as the routes and procedures take it. */
export const accountExportIdInput = z
  .object({ id: z.uuid({ error: ACCOUNT_EXPORT_MESSAGES.badId }) })
  .strict();
export type AccountExportIdInput = z.input<typeof accountExportIdInput>;

/** How far along an export is, in whole percent (0 when there is nothing to count yet). */
export function exportPercent(filesDone: number, filesTotal: number): number {
  if (filesTotal <= 0) return 0;
  return Math.min(100, Math.floor((filesDone / filesTotal) * 100));
}
