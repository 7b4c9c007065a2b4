import { AsyncLocalStorage } from 'node:async_hooks';
import { AppError } from '../errors.js';

/**
 * Issue 30 §1: the one property an API token may be restricted to, for the rest of the request it
 * came with. The services take an organisation id, not the actor, so the restriction travels beside
 * the request (set once where the caller is authenticated, trpc/init.ts) and is read where ownership
 * is decided (requireOwned in owned.ts) and where a list is built for an organisation. A session, an
 * unrestricted token and every background job run outside any scope: nothing is narrowed.
 */
const scope = new AsyncLocalStorage<{ propertyId: string }>();

/** Runs `fn` (and all it awaits) restricted to one property; with none, runs it as it is. */
export function withPropertyScope<T>(propertyId: string | null | undefined, fn: () => T): T {
  return propertyId ? scope.run({ propertyId }, fn) : fn();
}

/**
 * Restricts the rest of the current asynchronous context (the calling function after this line, and all
 * it awaits or starts) to one property; with none, changes nothing. For a plain route, whose handler
 * learns its caller only after an await (signed-in.ts, enterCallerScope); a procedure runs `next` inside
 * withPropertyScope instead.
 */
export function enterPropertyScope(propertyId: string | null | undefined): void {
  if (propertyId) scope.enterWith({ propertyId });
}

/** Runs `fn` outside any restriction (a background job, whoever's request woke its worker). */
export function outsidePropertyScope<T>(fn: () => T): T {
  return scope.exit(fn);
}

/** The property this request is restricted to, or null when it may see the whole organisation. */
export function scopedPropertyId(): string | null {
  return scope.getStore()?.propertyId ?? null;
}

export const ONE_PROPERTY_TOKEN = 'This API token is restricted to one property: it cannot do this';

/** Refuses what a property-restricted token may not do at all (add a property, accept a transfer …). */
export function assertNotPropertyScoped(): void {
  if (scopedPropertyId()) throw new AppError('FORBIDDEN', ONE_PROPERTY_TOKEN);
}
