// No zod here: /login and /signup check their ?redirect= in the web app's route tree, which every page
// loads (the landing page among them), so this module must not bring schemas with it.

/** The longest return path kept after login (a share link is about 60 characters). */
const MAX_RETURN_PATH = 512;

/**
 * Where to go after logging in or signing up (`?redirect=` on /login and /signup): a path of this app
 * only — one '/' then not another '/' or '\' (no other host), no control characters, not the login
 * or signup pages themselves. Anything else is undefined (the audience's home then).
 */
export function safeReturnPath(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length > MAX_RETURN_PATH) return undefined;
  if (!/^\/(?![/\\])/.test(value) || /[\p{Cc}\\]/u.test(value)) return undefined;
  if (/^\/(login|signup)(?:[/?#]|$)/.test(value)) return undefined;
  return value;
}
