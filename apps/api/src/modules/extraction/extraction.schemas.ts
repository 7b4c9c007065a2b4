import {
  AUTO_ACCEPT_CONFIDENCE,
  confirmExtractionSchema,
  idParamsSchema,
  idSchema,
} from '@propertydna/domain';
import { z } from 'zod';

/** A document's reading: the document's id (REST: from the path). */
export const extractionIdInput = idParamsSchema;

/** Confirming a reading: the document's id and `{ fields: { name: value | null } }` (REST: the body). */
export const confirmExtractionInput = idParamsSchema.extend({ fields: confirmExtractionSchema.shape.fields });

export const PAGE_MESSAGE = 'page must be a whole number from 1';

/** One page's preview: the document's id and the page, counted from 1. */
export const pagePreviewParams = z.object({
  id: idSchema,
  page: z.coerce
    .number({ error: PAGE_MESSAGE })
    .int(PAGE_MESSAGE)
    .min(1, PAGE_MESSAGE)
    .max(100_000, PAGE_MESSAGE),
});

/** The organisation's reading settings. */
export const readingSettingsSchema = z
  .object({
    /** "Accept high-confidence fields automatically": fields read with at least `threshold` confidence. */
    auto_accept: z.boolean(),
    threshold: z.literal(AUTO_ACCEPT_CONFIDENCE),
  })
  .meta({ id: 'ReadingSettings' });

export const setAutoAcceptSchema = z.object({
  enabled: z.boolean({ error: 'enabled must be true or false' }),
});
