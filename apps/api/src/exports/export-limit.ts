import { z } from 'zod';
import { type LimitRule, waitPhrase } from '../limits/attempt-limiter.js';

/**
 * What the downloads of reports and packs share: the limit on how many one user may take (the reports
 * and the claim pack) and how a file answer is described in OpenAPI (the transfer's pack and receipt
 * too). Recording an export is an audit event: `recordExport` in modules/audit/audit.repo.ts.
 */

/** Reports and packs one user may download within 10 minutes (each renders PDFs: CPU the limit bounds). */
export const MAX_EXPORTS_PER_10_MINUTES = 120;

/** The limit on report and pack downloads, per user (the claim pack shares it). */
export const exportRule = (userId: string): LimitRule => ({
  rule: 'export:user',
  key: userId,
  windowMs: 10 * 60 * 1000,
  max: MAX_EXPORTS_PER_10_MINUTES,
  message: (seconds) => `Too many reports requested. Try again in ${waitPhrase(seconds)}.`,
});

/** How a download's non-JSON formats (PDF, CSV, ZIP) are described in OpenAPI. */
export const binary = (description: string) => z.string().meta({ format: 'binary', description });

/**
 * The OpenAPI 200 of a file download: its media type (the wildcard one for a stored document of any type) and the
 * file's description.
 */
export const fileAnswer = (mediaType: string, description: string) => ({
  description,
  content: { [mediaType]: { schema: binary(description) } },
});
