import { type AnyRestRoute, defineRoute, TOO_MANY } from '../../rest/define-route.js';
import { messageSchema } from '../auth/auth.schemas.js';
import { notificationSettingsSchema, updateNotificationSettingsInput } from './notifications.schemas.js';

/** The REST routes of email alerts: each a door to one procedure. */
export const notificationsRestRoutes: AnyRestRoute[] = [
  defineRoute({
    method: 'GET',
    url: '/api/notifications/settings',
    summary:
      'Email alerts: whether the daily alert at 07:00 is on, and whether the plan includes alerts (Premium and the trial; not Free, with the reason)',
    tags: ['notifications'],
    capability: 'account.self',
    response: notificationSettingsSchema,
    call: (caller) => caller.notifications.settings(),
  }),
  defineRoute({
    method: 'PUT',
    url: '/api/notifications/settings',
    summary: 'Turn the daily email alert on or off',
    tags: ['notifications'],
    capability: 'account.self',
    body: updateNotificationSettingsInput,
    example: { emailAlerts: true },
    response: notificationSettingsSchema,
    call: (caller, { body }) => caller.notifications.update(body),
  }),
  defineRoute({
    method: 'POST',
    url: '/api/notifications/test',
    summary:
      "Send me a test reminder email: the caller's current digest (overdue or due within 7 days, then within 30 days, per property), now; 403 on the Free plan",
    tags: ['notifications'],
    capability: 'account.self',
    response: messageSchema,
    errors: { 429: TOO_MANY('test emails') },
    call: (caller) => caller.notifications.sendTest(),
  }),
];
