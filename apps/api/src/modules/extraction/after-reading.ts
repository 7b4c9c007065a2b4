import type { ExtractionStatus } from '@propertydna/domain';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/database.js';
import type { AppServices } from '../../trpc/context.js';
import { queuePolicyAnalysisAfterReading } from '../policies/policies.jobs.js';
import { wakeWaitingCopies } from './extraction.budget.js';

/** The document a reading has just finished for, as the hooks see it. */
export interface ReadDocument {
  id: string;
  organization_id: string;
  property_id: string | null;
  kind: string;
  /**
   * How the reading ended: `done` (its pages are stored), `unreadable`, or `failed` (its last try threw;
   * nothing is stored, and whatever waited for the reading must not wait for ever).
   */
  status: Extract<ExtractionStatus, 'done' | 'unreadable' | 'failed'>;
}

/**
 * What follows a finished reading, run inside the transaction that stores it (so it happens if and only
 * if the reading is stored): the modules that wait for a document's text add theirs here.
 */
export type AfterReading = (
  services: AppServices,
  trx: Transaction<Database>,
  document: ReadDocument,
) => Promise<void>;

export const afterReadingHooks: readonly AfterReading[] = [
  // A scanned policy whose analysis waited for its text is analysed now.
  async (services, trx, document) => {
    await queuePolicyAnalysisAfterReading(services, trx, document);
  },
  // The copies that wait for this reading take it now.
  async (services, trx, document) => {
    await wakeWaitingCopies(services, trx, document.id);
  },
];
