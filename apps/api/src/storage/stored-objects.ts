import type { Db, DbOrTrx } from '../db/database.js';
import type { FileStore } from './file-store.js';

/**
 * The one place that decides when a stored object may go. Several documents may name the same object
 * (a supplier's document and each owner's adopted copy, wherever a transfer moves them), and a file is
 * removed only once nothing can name it any more:
 * - a document names only an object that has a row in stored_objects (a foreign key: the database
 *   refuses any other), made in the transaction of the object's first document (`recordStoredObject`);
 * - a document that names an existing object (an adopted copy) is added while its row is locked
 *   (`lockStoredObjects`, FOR KEY SHARE, as the foreign key's own check does), and only if it is there;
 * - the row goes only in `removeIfUnreferenced`, locked FOR UPDATE (which waits for every such share
 *   lock), when no document names it; its file is removed after that has committed.
 * So a file may outlive its last document for a moment (a failed removal is left to the sweeps), never
 * the reverse: of a delete and an adoption at once, either the adoption sees the row gone and copies
 * nothing, or the delete's check sees the adopted copy and keeps the file.
 */

/** Records a new object in the transaction that adds its first document (before the document). */
export async function recordStoredObject(trx: DbOrTrx, key: string): Promise<void> {
  await trx
    .insertInto('stored_objects')
    .values({ storage_key: key })
    .onConflict((conflict) => conflict.column('storage_key').doNothing())
    .execute();
}

/**
 * Locks the rows of these objects until the transaction ends, so none of them can be removed meanwhile;
 * answers those that are still there (a document may name only these).
 */
export async function lockStoredObjects(trx: DbOrTrx, keys: readonly string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await trx
    .selectFrom('stored_objects')
    .select('storage_key')
    .where('storage_key', 'in', [...new Set(keys)].sort())
    .orderBy('storage_key')
    .forKeyShare()
    .execute();
  return new Set(rows.map((row) => row.storage_key));
}

/**
 * Removes a stored object if nothing names it or may still name it: no document names it, and its upload
 * (if any) is registered or expired (a live, unregistered one is still on its way). The decision is taken
 * with the upload's row and the object's row locked, so a registration of the same key either finished
 * before (and the object stays) or finds its upload gone afterwards (and registers nothing), and an
 * adoption either committed its copy before (and the object stays) or finds the row gone (and copies
 * nothing). The rows go first; the file once that has committed.
 */
export async function removeIfUnreferenced(
  db: Db,
  store: FileStore,
  key: string,
  now = new Date(),
): Promise<boolean> {
  const removable = await db.transaction().execute(async (trx) => {
    const upload = await trx
      .selectFrom('uploads')
      .select(['registered_at', 'expires_at'])
      .where('storage_key', '=', key)
      .forUpdate()
      .executeTakeFirst();
    if (upload && upload.registered_at === null && new Date(upload.expires_at) > now) return false;
    // An account export's ZIP (issue 31 §1) is named by its export's row, which housekeeping removes with it.
    const exported = await trx
      .selectFrom('account_exports')
      .select('id')
      .where('storage_key', '=', key)
      .executeTakeFirst();
    if (exported) return false;
    const object = await trx
      .selectFrom('stored_objects')
      .select('storage_key')
      .where('storage_key', '=', key)
      .forUpdate()
      .executeTakeFirst();
    if (object) {
      // Read after the lock: a copy added by a transaction that held the row has committed by now. A
      // page preview of a document's reading names its object as a document names its file.
      const named = await trx
        .selectFrom('documents')
        .select('id')
        .where('storage_key', '=', key)
        .union(trx.selectFrom('document_pages').select('document_id as id').where('preview_key', '=', key))
        .limit(1)
        .executeTakeFirst();
      if (named) return false;
      await trx.deleteFrom('stored_objects').where('storage_key', '=', key).execute();
    }
    // A registered upload's row stays as the record of what came in (an invite's caps count it).
    if (upload && upload.registered_at === null) {
      await trx.deleteFrom('uploads').where('storage_key', '=', key).execute();
    }
    return true;
  });
  if (removable) await store.remove(key);
  return removable;
}

/**
 * Objects whose row no document (nor a page preview of a document's reading) names any more (the last one was deleted and its removal did not run or
 * failed), oldest first.
 */
export async function unreferencedObjects(db: Db, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('stored_objects as o')
    .select('o.storage_key')
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(selectFrom('documents as d').select('d.id').whereRef('d.storage_key', '=', 'o.storage_key')),
      ),
    )
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('document_pages as p').select('p.page').whereRef('p.preview_key', '=', 'o.storage_key'),
        ),
      ),
    )
    .orderBy('o.created_at')
    .limit(limit)
    .execute();
  return rows.map((row) => row.storage_key);
}
