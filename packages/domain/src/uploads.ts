/** Spec §5, §9: at most 5 files per batch, at most 50 MB each (vault and jobs). */
export const MAX_FILES_PER_BATCH = 5;
export const MAX_UPLOAD_BYTES = 50 * 1024 * 1024;

/** The add-property form's optional uploads: pdf, jpg, jpeg, png up to 10 MB (enforced here, unlike the old client). */
export const PROPERTY_FORM_MAX_BYTES = 10 * 1024 * 1024;
export const PROPERTY_FORM_EXTENSIONS = ['pdf', 'jpg', 'jpeg', 'png'] as const;
export const PROPERTY_FORM_CONTENT_TYPES = ['application/pdf', 'image/jpeg', 'image/png'] as const;

/**
 * Content types a document may have (vault, jobs). The server also sniffs the stored bytes
 * against the declared type (see file-signatures.ts), so a declared type is never taken on trust.
 */
export const ALLOWED_CONTENT_TYPES = [
  'application/pdf',
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/heic',
  'image/heif',
  'image/tiff',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.ms-excel',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'text/plain',
] as const;
export type AllowedContentType = (typeof ALLOWED_CONTENT_TYPES)[number];

export function isAllowedContentType(contentType: string): contentType is AllowedContentType {
  return (ALLOWED_CONTENT_TYPES as readonly string[]).includes(contentType);
}

/**
 * The file extensions of each allowed content type (lower case), the usual one first. A file saved
 * under another extension would be opened as something else than it was served as: a text/plain
 * upload named `page.html` (or `.svg`) would open as a web page from the disk.
 */
export const FILE_EXTENSIONS: Readonly<Record<AllowedContentType, readonly [string, ...string[]]>> = {
  'application/pdf': ['pdf'],
  'image/jpeg': ['jpg', 'jpeg', 'jpe', 'jfif'],
  'image/png': ['png'],
  'image/webp': ['webp'],
  'image/heic': ['heic', 'heif'],
  'image/heif': ['heif', 'heic'],
  'image/tiff': ['tif', 'tiff'],
  'application/msword': ['doc'],
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': ['docx'],
  'application/vnd.ms-excel': ['xls'],
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ['xlsx'],
  'text/plain': ['txt', 'text'],
};

/**
 * The name a file is saved under when served as `contentType`: its own name when that ends in one of
 * the type's extensions (any case), else the name with the type's usual extension added —
 * `page.html` served as text/plain is saved as `page.html.txt`, `scan` as a PDF as `scan.pdf`. A
 * type outside the allowed list (nothing the vault stores) keeps the name.
 */
export function downloadFileName(name: string, contentType: string): string {
  const type = contentType.replace(/;.*$/s, '').trim().toLowerCase();
  if (!isAllowedContentType(type)) return name;
  const extensions = FILE_EXTENSIONS[type];
  const dot = name.lastIndexOf('.');
  const extension = dot >= 0 ? name.slice(dot + 1).toLowerCase() : '';
  return extensions.includes(extension) ? name : `${name}.${extensions[0]}`;
}
