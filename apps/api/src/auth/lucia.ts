import type { OrganizationRole, UserType } from '@propertydna/domain';
import { Lucia, TimeSpan } from 'lucia';
import type { Db } from '../db/database.js';
import { KyselySessionAdapter } from './session-adapter.js';

export const SESSION_COOKIE = 'auth_session';

/** Sessions last 30 days and slide: lucia extends one that is used in its second half. */
export function createLucia(db: Db) {
  return new Lucia(new KyselySessionAdapter(db), {
    sessionExpiresIn: new TimeSpan(30, 'd'),
    sessionCookie: { name: SESSION_COOKIE, attributes: { sameSite: 'lax', path: '/' } },
    getUserAttributes: (attributes) => ({
      organizationId: attributes.organizationId,
      userType: attributes.userType,
      role: attributes.role,
    }),
  });
}

export type AppLucia = ReturnType<typeof createLucia>;

declare module 'lucia' {
  interface Register {
    Lucia: AppLucia;
    DatabaseUserAttributes: { organizationId: string; userType: UserType; role: OrganizationRole };
  }
}
