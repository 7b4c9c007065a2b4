import { z } from 'zod';

/** Who processes personal information for this deployment, by what it is configured to use. */
const operatorSchema = z.object({
  purpose: z.string().meta({ description: "What the operator does: 'Email', 'File storage', 'Payments'" }),
  operator: z.string().meta({ description: 'Who does it for this deployment, or that nobody outside does' }),
});

export const privacyNoticeSchema = z
  .object({
    operators: z.array(operatorSchema),
    retention: z
      .object({
        accessLogDays: z.number().int(),
        failedJobDays: z.number().int(),
        finishedJobDays: z.number().int(),
        sessionDays: z.number().int(),
        attemptHours: z.number().int(),
        webhookLogDays: z.number().int(),
        demoHours: z.number().int(),
      })
      .meta({ description: 'How long each kind of record is kept before housekeeping deletes it' }),
  })
  .meta({ id: 'PrivacyNotice' });
export type PrivacyNotice = z.infer<typeof privacyNoticeSchema>;

export const marketingConsentSchema = z
  .object({
    agree: z.boolean().meta({ description: 'The person agreed to receive marketing email' }),
    changedAt: z.iso
      .datetime({ offset: true })
      .meta({ description: 'When it was last given or withdrawn (sign-up, if never changed since)' }),
  })
  .meta({ id: 'MarketingConsent' });
export type MarketingConsent = z.infer<typeof marketingConsentSchema>;
