import {
  applyPackChoice,
  defaultPackSections,
  PACK_CHOICE_MESSAGES,
  type PackChoiceOut,
  type PackSection,
  type PackType,
  packChoiceChange,
  packSections,
} from '@propertydna/domain';
import type { RequestActor } from '../../auth/actor.js';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';

/**
 * What goes into a pack: the organisation's last choice for that pack type (else the defaults),
 * changed by the request's include/exclude. The reports and the claim pack each know their pack's
 * documents (its candidates); this module knows the choice, and where it is kept (pack_choices).
 */

/** The choice a pack is made with. */
export interface ResolvedPackChoice {
  type: PackType;
  /** The sections put in, in pack order. */
  sections: PackSection[];
  has: (section: PackSection) => boolean;
  /** Whether a document of the pack goes in. */
  includes: (documentId: string) => boolean;
  /** The pack's documents left out. */
  excludedDocumentIds: string[];
  /** Whether the defaults came from an earlier choice rather than the documented defaults. */
  remembered: boolean;
  /** Whether the request asked for any change (only then is the choice remembered). */
  changed: boolean;
  /** As the JSON packs and the preview answer it. */
  out: PackChoiceOut;
  /** Every remembered document left out, of this pack and others. */
  allExcluded: string[];
}

interface Stored {
  sections: string[];
  excludedDocumentIds: string[];
}

/** The organisation's last choice for a pack type, if it made one. */
async function storedChoice(db: Db, organizationId: string, type: PackType): Promise<Stored | null> {
  const row = await db
    .selectFrom('pack_choices')
    .select(['sections', 'excluded_document_ids'])
    .where('organization_id', '=', organizationId)
    .where('pack_type', '=', type)
    .executeTakeFirst();
  return row ? { sections: row.sections, excludedDocumentIds: row.excluded_document_ids } : null;
}

/**
 * The choice for one pack whose documents are `candidateIds`. A document id in include or exclude that
 * is not one of them (another property's, another organisation's, or none at all) is a 400 that says
 * the same thing in every case.
 */
export async function resolvePackChoice(
  db: Db,
  organizationId: string,
  type: PackType,
  lists: { include: string[]; exclude: string[] },
  candidateIds: readonly string[],
): Promise<ResolvedPackChoice> {
  const change = packChoiceChange(type, lists);
  const candidates = new Set(candidateIds);
  for (const id of [...change.include.documents, ...change.exclude.documents]) {
    if (!candidates.has(id)) throw new AppError('BAD_REQUEST', PACK_CHOICE_MESSAGES.unknownDocument(id));
  }
  const stored = await storedChoice(db, organizationId, type);
  const applied = applyPackChoice(
    type,
    stored ?? { sections: defaultPackSections(type), excludedDocumentIds: [] },
    change,
  );
  const excluded = new Set(applied.excludedDocumentIds.filter((id) => candidates.has(id)));
  const chosen = new Set(applied.sections);
  const excludedDocumentIds = candidateIds.filter((id) => excluded.has(id));
  return {
    type,
    sections: applied.sections,
    has: (section) => chosen.has(section),
    includes: (id) => !excluded.has(id),
    excludedDocumentIds,
    remembered: stored !== null,
    changed: [change.include, change.exclude].some(
      (side) => side.sections.length + side.documents.length > 0,
    ),
    out: { sections: applied.sections, excluded_document_ids: excludedDocumentIds },
    allExcluded: applied.excludedDocumentIds,
  };
}

/**
 * Keeps a choice that changed something as the next default for its pack type. Documents of other
 * properties or claims left out earlier stay left out; ids of documents no longer in the organisation's
 * vault are dropped, so the row does not grow with deleted files.
 */
export async function rememberPackChoice(
  db: Db,
  who: RequestActor,
  choice: ResolvedPackChoice,
): Promise<void> {
  if (!choice.changed) return;
  const organizationId = who.actor.organizationId;
  const live =
    choice.allExcluded.length === 0
      ? []
      : (
          await db
            .selectFrom('documents')
            .select('id')
            .where('organization_id', '=', organizationId)
            .where('id', 'in', choice.allExcluded)
            .execute()
        ).map((row) => row.id);
  const values = {
    sections: JSON.stringify(choice.sections),
    excluded_document_ids: JSON.stringify(live),
    updated_by: who.actor.userId,
    updated_at: new Date(),
  };
  await db
    .insertInto('pack_choices')
    .values({ organization_id: organizationId, pack_type: choice.type, ...values })
    .onConflict((conflict) => conflict.columns(['organization_id', 'pack_type']).doUpdateSet(values))
    .execute();
}

/** What a pack is asked to carry: the request's include/exclude, or everything (the owner's own archive). */
export type PackRequest = { include: string[]; exclude: string[] } | 'everything';

/** Every section and every document: Quick Export is the owner's own archive, and leaves nothing out. */
function everything(type: PackType): ResolvedPackChoice {
  const sections = packSections(type);
  return {
    type,
    sections,
    has: () => true,
    includes: () => true,
    excludedDocumentIds: [],
    remembered: false,
    changed: false,
    out: { sections, excluded_document_ids: [] },
    allExcluded: [],
  };
}

/** The choice for a pack request (see resolvePackChoice). */
export function choosePack(
  db: Db,
  organizationId: string,
  type: PackType,
  request: PackRequest,
  candidateIds: readonly string[],
): Promise<ResolvedPackChoice> {
  return request === 'everything'
    ? Promise.resolve(everything(type))
    : resolvePackChoice(db, organizationId, type, request, candidateIds);
}
