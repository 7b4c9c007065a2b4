import { johannesburgToday, reportFileName } from '@propertydna/domain';
import { type StoredFile, storedFileOf, withManifest, type ZipEntry, ZipPaths } from '../../exports/zip.js';

/** A document as a ZIP of chosen documents packs it: its bytes, name and type, and the folder it goes in. */
export interface ZippedDocument extends StoredFile {
  name: string;
  content_type: string;
}

/**
 * The archive of chosen documents (the vault's selection, a share link's "Download all"; issue 32): its
 * name, `<property>-documents-<date>.zip` when they are one property's (reportFileName), else
 * `documents-<date>.zip`; each document under its own name (with its type's extension, made unique), in a
 * folder per property when they come from several; manifest.json first, listing every file with its size
 * and SHA-256 (each checked against the vault's while packed: exports/zip.ts).
 */
export function documentsArchive(
  documents: readonly (ZippedDocument & { folder: string | null })[],
  property: { name: string } | null,
  about: Record<string, unknown>,
  now: Date,
): { filename: string; entries: ZipEntry[] } {
  const filename = property
    ? reportFileName(property, 'documents', 'zip', now)
    : `documents-${johannesburgToday(now)}.zip`;
  const paths = new ZipPaths();
  const entries: ZipEntry[] = documents.map((document) => ({
    path: paths.add(property ? '' : (document.folder ?? ''), document.name, document.content_type),
    document: storedFileOf(document),
  }));
  return { filename, entries: withManifest(entries, { archive: filename, ...about }, now) };
}
