import { authedProcedure, router } from '../../trpc/init.js';
import { messageSchema } from '../auth/auth.schemas.js';
import { notificationSettingsSchema, updateNotificationSettingsInput } from './notifications.schemas.js';
import { alertSettings, sendTestDigest, updateAlertSettings } from './notifications.service.js';

export const notificationsRouter = router({
  /** The caller's email alert setting, and whether the plan includes alerts (not on Free, with the reason). */
  settings: authedProcedure
    .meta({ requires: 'account.self' })
    .output(notificationSettingsSchema)
    .query(({ ctx }) => alertSettings(ctx.db, ctx.actor)),

  /** Turns the daily email alert on or off. */
  update: authedProcedure
    .meta({ requires: 'account.self' })
    .input(updateNotificationSettingsInput)
    .output(notificationSettingsSchema)
    .mutation(({ ctx, input }) => updateAlertSettings(ctx.db, ctx.actor, input)),

  /** 'Send me a test reminder email': the caller's current digest, now. */
  sendTest: authedProcedure
    .meta({ requires: 'account.self' })
    .output(messageSchema)
    .mutation(({ ctx }) => sendTestDigest(ctx.deps, ctx.actor)),
});
