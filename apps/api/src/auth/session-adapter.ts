import { createHash } from 'node:crypto';
import type { Adapter, DatabaseSession, DatabaseUser } from 'lucia';
import type { Db } from '../db/database.js';

/** Sessions are stored under the SHA-256 of their id: a leaked table holds no usable session. */
export function sessionKey(sessionId: string): string {
  return createHash('sha256').update(sessionId).digest('hex');
}

/** lucia's storage, on our kysely tables. The user comes with what every request needs of it. */
export class KyselySessionAdapter implements Adapter {
  constructor(private readonly db: Db) {}

  async getSessionAndUser(sessionId: string): Promise<[DatabaseSession | null, DatabaseUser | null]> {
    const row = await this.db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      // A closed organisation's sessions (issue 31 §2) answer as none: its members are signed out at once.
      .innerJoin('organizations', (join) =>
        join
          .onRef('organizations.id', '=', 'users.organization_id')
          .on('organizations.closed_at', 'is', null),
      )
      .select([
        'sessions.user_id',
        'sessions.expires_at',
        'users.organization_id',
        'users.user_type',
        'users.role',
      ])
      .where('sessions.id', '=', sessionKey(sessionId))
      .executeTakeFirst();
    if (!row) return [null, null];
    return [
      { id: sessionId, userId: row.user_id, expiresAt: new Date(row.expires_at), attributes: {} },
      {
        id: row.user_id,
        attributes: { organizationId: row.organization_id, userType: row.user_type, role: row.role },
      },
    ];
  }

  async getUserSessions(userId: string): Promise<DatabaseSession[]> {
    // Only hashes are stored, so the ids cannot be given back; lucia uses this for listings only.
    const rows = await this.db
      .selectFrom('sessions')
      .select(['id', 'expires_at'])
      .where('user_id', '=', userId)
      .execute();
    return rows.map((row) => ({ id: row.id, userId, expiresAt: new Date(row.expires_at), attributes: {} }));
  }

  async setSession(session: DatabaseSession): Promise<void> {
    await this.db
      .insertInto('sessions')
      .values({ id: sessionKey(session.id), user_id: session.userId, expires_at: session.expiresAt })
      .execute();
  }

  async updateSessionExpiration(sessionId: string, expiresAt: Date): Promise<void> {
    await this.db
      .updateTable('sessions')
      .set({ expires_at: expiresAt })
      .where('id', '=', sessionKey(sessionId))
      .execute();
  }

  async deleteSession(sessionId: string): Promise<void> {
    await this.db.deleteFrom('sessions').where('id', '=', sessionKey(sessionId)).execute();
  }

  async deleteUserSessions(userId: string): Promise<void> {
    await this.db.deleteFrom('sessions').where('user_id', '=', userId).execute();
  }

  async deleteExpiredSessions(): Promise<void> {
    await this.db.deleteFrom('sessions').where('expires_at', '<=', new Date()).execute();
  }
}
