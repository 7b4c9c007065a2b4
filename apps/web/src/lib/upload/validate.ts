import {
  type AllowedContentType,
  DOCUMENT_MESSAGES,
  documentUploadBatchSchema,
  isAllowedContentType,
  MAX_FILES_PER_BATCH,
} from '@propertydna/domain';

/** What the browser knows of a chosen file before reading it. */
export interface ChosenFile {
  name: string;
  size: number;
  type: string;
}

/** Types by extension, for files the operating system gave no type (often .heic, sometimes .docx). */
const EXTENSION_TYPES: Record<string, AllowedContentType> = {
  pdf: 'application/pdf',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  heic: 'image/heic',
  heif: 'image/heif',
  tif: 'image/tiff',
  tiff: 'image/tiff',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  txt: 'text/plain',
};

/** The `accept` list of the file input: the allowed types and their extensions. */
export const UPLOAD_ACCEPT = [
  ...new Set([...Object.values(EXTENSION_TYPES), ...Object.keys(EXTENSION_TYPES).map((ext) => `.${ext}`)]),
].join(',');

/**
 * The content type declared for a file: the browser's (trimmed, lower case), else the one its extension
 * implies, else ''. The server sniffs the stored bytes against it, so it is never taken on trust.
 */
export function contentTypeOf(file: Pick<ChosenFile, 'name' | 'type'>): string {
  const declared = file.type.trim().toLowerCase();
  if (declared) return declared;
  const dot = file.name.lastIndexOf('.');
  return dot < 0 ? '' : (EXTENSION_TYPES[file.name.slice(dot + 1).toLowerCase()] ?? '');
}

export interface BatchCheck {
  /** Why the batch as a whole cannot be uploaded (more than 5 files, none): nothing is sent. */
  batchError: string | null;
  /** Per file, why that file cannot be uploaded (too large, empty, type not allowed), else null. */
  fileErrors: (string | null)[];
}

/**
 * The browser-side check of a chosen batch (spec §5, §9) with the domain's messages: at most 5 files,
 * each 1 byte to 50 MB and of an allowed type. A file that fails is refused alone; the others go on.
 */
export function validateUploadBatch(files: readonly ChosenFile[]): BatchCheck {
  const infos = files.map(({ name, size, type }) => ({ name, size, type }));
  const fileErrors: (string | null)[] = infos.map(() => null);
  if (infos.length > MAX_FILES_PER_BATCH) return { batchError: DOCUMENT_MESSAGES.tooManyFiles, fileErrors };
  const parsed = documentUploadBatchSchema.safeParse(infos);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const [index] = issue.path;
      if (typeof index !== 'number') return { batchError: issue.message, fileErrors };
      fileErrors[index] ??= issue.message;
    }
  }
  infos.forEach((file, index) => {
    if (fileErrors[index] === null && !isAllowedContentType(contentTypeOf(file))) {
      fileErrors[index] = DOCUMENT_MESSAGES.typeNotAllowed;
    }
  });
  return { batchError: null, fileErrors };
}
