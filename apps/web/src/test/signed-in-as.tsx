import type { OrganizationRole } from '@propertydna/domain';
import { type ReactNode, useState } from 'react';
import { expect } from 'vitest';
import { AuthProvider, type Me } from '../lib/auth';
import { AUTH_TOKEN_KEY, trpc } from '../lib/trpc';
import { meAnswer } from './me';

/**
 * Signs a component test in as Thandiwe with `role` (issue 29 §1), whatever its fake transport answers:
 * a stored token, and `auth.me`'s answer (meAnswer) put in the query cache before AuthProvider asks.
 * With a cache whose answers do not go stale (the component tests' staleTime: Infinity) nothing is sent.
 * The test clears localStorage afterwards.
 */
export function SignedInAs({ role, children }: { role: OrganizationRole; children: ReactNode }) {
  const utils = trpc.useUtils();
  useState(() => {
    localStorage.setItem(AUTH_TOKEN_KEY, 'session-token');
    utils.auth.me.setData(undefined, meAnswer(role) as Me);
    return null;
  });
  return <AuthProvider>{children}</AuthProvider>;
}

/** What a viewer is told of every write held back from them (the domain's whyNot). */
export const VIEWER_REASON = 'Viewers can read but not change anything';

/**
 * A write control held back from the role (RoleGuard, useCan): in its place, reachable by keyboard (not
 * `disabled`), aria-disabled, and described by the reason.
 */
export function expectHeldBack(control: HTMLElement, reason: string = VIEWER_REASON) {
  expect(control.getAttribute('aria-disabled'), control.textContent ?? '').toBe('true');
  expect(control.hasAttribute('disabled'), control.textContent ?? '').toBe(false);
  const described = (control.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent);
  expect(described, control.textContent ?? '').toContain(reason);
}
