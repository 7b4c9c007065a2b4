import { ACCOUNT_EXPORT_STATUSES, answeredDateTimeSchema } from '@propertydna/domain';
import { z } from 'zod';

/** An export of all of the organisation's data, as both doors answer it (issue 31 §1). */
export const accountExportSchema = z
  .object({
    id: z.string().meta({ description: 'The export id' }),
    status: z.enum(ACCOUNT_EXPORT_STATUSES).meta({
      description: 'queued → running → ready (downloadable for 7 days), or failed (start a new one)',
    }),
    files_total: z.number().int().meta({ description: 'Stored files to pack (known once running)' }),
    files_done: z.number().int().meta({ description: 'Stored files packed so far' }),
    percent: z.number().int().min(0).max(100),
    bytes: z.number().int().nullable().meta({ description: "The ZIP's size once ready" }),
    sha256: z.string().nullable().meta({ description: "The ZIP's SHA-256 once ready" }),
    error: z.string().nullable().meta({ description: 'What went wrong, when failed' }),
    created_at: answeredDateTimeSchema,
    finished_at: answeredDateTimeSchema.nullable(),
    expires_at: answeredDateTimeSchema
      .nullable()
      .meta({ description: 'When the download ends (7 days after ready)' }),
    download_url: z.string().nullable().meta({
      description: 'GET it with the session once ready: /api/account/export/{id}/download',
    }),
  })
  .meta({ id: 'AccountExport' });
