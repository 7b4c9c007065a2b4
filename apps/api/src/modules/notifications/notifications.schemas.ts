import { z } from 'zod';

/** The email alert settings (issue 14 §4): the user's choice, and whether the plan includes alerts. */
export const notificationSettingsSchema = z
  .object({
    emailAlerts: z.boolean().meta({ description: 'The daily email alert at 07:00 is on (the default)' }),
    available: z.boolean().meta({ description: 'The plan includes email alerts (Premium and the trial)' }),
    reason: z
      .string()
      .nullable()
      .meta({ description: 'Why alerts are not available (the Free plan), or null' }),
  })
  .meta({ id: 'NotificationSettings' });
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

export const updateNotificationSettingsInput = z
  .object({ emailAlerts: z.boolean({ error: 'emailAlerts must be true or false' }) })
  .strict();
