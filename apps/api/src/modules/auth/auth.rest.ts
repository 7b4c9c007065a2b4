import {
  changePasswordSchema,
  demoLoginSchema,
  forgotPasswordSchema,
  loginSchema,
  resetPasswordSchema,
  signupRequestSchema,
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
    method: 'POST',
    url: '/api/auth/demo',
    summary: 'Sign in to the owner or the supplier demo account',
    tags: ['auth'],
    body: demoLoginSchema,
    response: loginResultSchema,
    call: (caller, { body }) => caller.auth.demo(body),
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
];
