import { closeAccountSchema, loginSchema } from '@propertydna/domain';
import { type AnyRestRoute, defineRoute, TOO_MANY } from '../../rest/define-route.js';
import { loginResultSchema, okSchema } from '../auth/auth.schemas.js';
import { closedAccountSchema } from './closing.schemas.js';

/** Issue 31 §2: close the account, reopen it within the grace, leave an organisation. */
export const closingRestRoutes: AnyRestRoute[] = [
  defineRoute({
    method: 'POST',
    url: '/api/account/close',
    summary:
      "Close the organisation's account (owners only, not with an API token): with your password and the word CLOSE. Every member is signed out at once and mailed; API tokens, share links and grants stop answering. An owner may reopen it by signing in until `deleteAfter` (DELETION_GRACE_DAYS, 30 by default); after that every record and file of it is deleted",
    tags: ['account'],
    capability: 'organization.delete',
    body: closeAccountSchema,
    example: { password: 'a long password', confirm: 'CLOSE' },
    response: closedAccountSchema,
    errors: {
      400: 'Incorrect password, or the word CLOSE not typed',
      403: 'Not an owner, or called with an API token',
      429: TOO_MANY('wrong passwords for this account'),
    },
    call: (caller, { body }) => caller.closing.close(body),
  }),
  defineRoute({
    method: 'POST',
    url: '/api/account/reopen',
    summary:
      'Reopen a closed account within its grace (signed out: the owner signs in here instead of /api/auth/login, which answers 403 `details.accountClosed` for a closed account). Everything is as it was; answers a session as sign-in does',
    tags: ['account'],
    capability: 'anyone',
    body: loginSchema,
    example: { email: 'thandi@example.co.za', password: 'a long password' },
    response: loginResultSchema,
    errors: {
      401: 'Wrong email or password, or the account was closed longer ago than its grace',
      403: 'A member who is not an owner: only an owner can reopen',
      409: 'The account is not closed',
      429: TOO_MANY('failed sign-ins for this email or from this address'),
    },
    call: (caller, { body }) => caller.closing.reopen(body),
  }),
  defineRoute({
    method: 'POST',
    url: '/api/account/leave',
    summary:
      "Leave the organisation: only your membership goes (you keep your login, in a personal account of your own) and you are signed out. The organisation's only owner cannot leave (409): close the account, or make someone else owner first",
    tags: ['account'],
    capability: 'account.self',
    response: okSchema,
    errors: { 403: 'Called with an API token', 409: 'You are the only owner' },
    call: (caller) => caller.closing.leave(),
  }),
];
