import {
  changeEmailSchema,
  changePasswordSchema,
  forgotPasswordSchema,
  loginSchema,
  resetPasswordSchema,
  signupRequestSchema,
  verifyEmailSchema,
} from '@propertydna/domain';
import { type AnyRestRoute, defineRoute } from '../../rest/define-route.js';
import { loginResultSchema, meSchema, messageSchema, okSchema } from './auth.schemas.js';

/** The REST routes of sign-up, sign-in, the session and passwords: each a door to one procedure. */
export const authRestRoutes: AnyRestRoute[] = [
  defineRoute({
    method: 'POST',
    url: '/api/auth/signup',
    summary:
      'Create an account and its organisation; the same answer when the email already has one (its owner is mailed instead)',
    tags: ['auth'],
    body: signupRequestSchema,
    response: messageSchema,
    call: (caller, { body }) => caller.auth.signup(body),
    status: () => 201,
  }),
  defineRoute({
    method: 'POST',
    url: '/api/auth/login',
    summary: 'Sign in: answers the session token and sets the session cookie',
    tags: ['auth'],
    body: loginSchema,
    response: loginResultSchema,
    call: (caller, { body }) => caller.auth.login(body),
  }),
  defineRoute({
    method: 'GET',
    url: '/api/auth/me',
    summary: 'The signed-in user and their organisation (401 without a session)',
    tags: ['auth'],
    response: meSchema,
    call: (caller) => caller.auth.me(),
  }),
  defineRoute({
    method: 'POST',
    url: '/api/auth/logout',
    summary: 'End the session and clear the cookie',
    tags: ['auth'],
    response: okSchema,
    call: (caller) => caller.auth.logout(),
  }),
  defineRoute({
    method: 'POST',
    url: '/api/auth/password',
    summary: 'Change the password; every other session of the user ends',
    tags: ['auth'],
    body: changePasswordSchema,
    response: okSchema,
    call: (caller, { body }) => caller.auth.changePassword(body),
  }),
  defineRoute({
    method: 'POST',
    url: '/api/auth/forgot-password',
    summary:
      'Ask for a password reset link by email (single use, valid for an hour); the same answer whether or not the email has an account',
    tags: ['auth'],
    body: forgotPasswordSchema,
    response: messageSchema,
    call: (caller, { body }) => caller.auth.forgotPassword(body),
  }),
  defineRoute({
    method: 'POST',
    url: '/api/auth/reset-password',
    summary: 'Set a new password with the token of a reset link; every session of the user ends',
    tags: ['auth'],
    body: resetPasswordSchema,
    response: messageSchema,
    call: (caller, { body }) => caller.auth.resetPassword(body),
  }),
  defineRoute({
    method: 'POST',
    url: '/api/auth/verify-email',
    summary:
      "Confirm the account's email address with the token of the mailed link (single use, 24 hours); 400 for an invalid, expired or used link",
    tags: ['auth'],
    body: verifyEmailSchema,
    response: messageSchema,
    call: (caller, { body }) => caller.auth.verifyEmail(body),
  }),
  defineRoute({
    method: 'POST',
    url: '/api/auth/resend-verification',
    summary: "Mail a new confirmation link to the signed-in account's address (3 an hour; 429 beyond)",
    tags: ['auth'],
    response: messageSchema,
    call: (caller) => caller.auth.resendVerification(),
  }),
  defineRoute({
    method: 'POST',
    url: '/api/auth/email',
    summary:
      'Change the email address (with the current password): a link goes to the new address, which takes effect when it is opened; the old address is told',
    tags: ['auth'],
    body: changeEmailSchema,
    response: messageSchema,
    call: (caller, { body }) => caller.auth.changeEmail(body),
  }),
  defineRoute({
    method: 'POST',
    url: '/api/auth/confirm-email-change',
    summary:
      "Confirm a new email address with the token of the link mailed to it; it becomes the account's address",
    tags: ['auth'],
    body: verifyEmailSchema,
    response: messageSchema,
    call: (caller, { body }) => caller.auth.confirmEmailChange(body),
  }),
];
