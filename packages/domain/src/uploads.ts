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
