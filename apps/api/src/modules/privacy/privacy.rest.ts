import { marketingConsentInput } from '@propertydna/domain';
import { type AnyRestRoute, defineRoute } from '../../rest/define-route.js';
import { marketingConsentSchema, privacyNoticeSchema } from './privacy.schemas.js';

/** The REST routes of the privacy notice and marketing consent (issue 31 §4): each a door to one procedure. */
export const privacyRestRoutes: AnyRestRoute[] = [
  defineRoute({
    method: 'GET',
    url: '/api/privacy',
    summary:
      "The privacy notice's facts for this deployment: who processes personal information (mail, file storage, payments) and how long each kind of record is kept",
    tags: ['account'],
    capability: 'anyone',
    response: privacyNoticeSchema,
    call: (caller) => caller.privacy.notice(),
  }),
  defineRoute({
    method: 'GET',
    url: '/api/account/marketing-consent',
    summary: 'My marketing consent, and when it was last given or withdrawn',
    tags: ['account'],
    capability: 'account.self',
    response: marketingConsentSchema,
    call: (caller) => caller.privacy.marketingConsent(),
  }),
  defineRoute({
    method: 'PUT',
    url: '/api/account/marketing-consent',
    summary: 'Give or withdraw my marketing consent (recorded with its time)',
    tags: ['account'],
    capability: 'account.self',
    body: marketingConsentInput,
    example: { agree: false },
    response: marketingConsentSchema,
    call: (caller, { body }) => caller.privacy.setMarketingConsent(body),
  }),
];
