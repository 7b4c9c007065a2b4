import { type OrganizationRole, refusal } from '@propertydna/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RequestActor } from '../src/auth/actor.js';
import {
  addMember,
  changeMemberRole,
  MEMBER_MESSAGES,
  removeMember,
} from '../src/modules/organizations/members.service.js';
import { signUpAndLogIn, type TestAccount } from './support/accounts.js';
import { createTestApp, type TestApp } from './support/app.js';
import { databaseKind } from './support/database.js';
import { doors } from './support/doors.js';

/** What a refused write could have changed; compared whole before and after. */
const TABLES = [
  'organizations',
  'users',
  'sessions',
  'properties',
  'documents',
  'uploads',
  'audit_events',
  'maintenance_tasks',
  'vendors',
  'capabilities',
  'webhook_endpoints',
] as const;

/** Closing the account (issue 31 §2): the owner's alone, with the right password and word. */
const CLOSE = { password: 'a long password', confirm: 'CLOSE' };

describe(`members and roles at both doors (issue 29 §1, ${databaseKind})`, () => {
  let t: TestApp;
  let owner: TestAccount;
  const members = {} as Record<Exclude<OrganizationRole, 'owner'>, TestAccount>;
  let propertyId: string;
  let documentId: string;

  const { rest, trpc } = doors(() => t);

  const snapshot = async () => {
    const out: Record<string, unknown> = {};
    for (const table of TABLES) {
      out[table] = (await sql`select * from ${sql.table(table)} order by 1`.execute(t.db.db)).rows;
    }
    return JSON.stringify(out);
  };

  const asService = (account: TestAccount, role: OrganizationRole): RequestActor => ({
    actor: {
      userId: account.userId,
      organizationId: account.organizationId,
      userType: 'homeowner',
      role,
      sessionId: 'test',
      via: 'bearer',
    },
    ip: '127.0.0.1',
  });

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signUpAndLogIn(t);
    const created = await rest(owner, 'POST', '/api/properties', {
      name: 'Home',
      address: '1 Long Street',
      country: 'ZA',
      municipality: 'CPT',
      parcel_id: 'ERF 29',
    });
    expect(created.statusCode, created.body).toBe(201);
    propertyId = created.json().id;
    await t.db.db
      .insertInto('stored_objects')
      .values({ storage_key: 'ab/ab000000000000000000000000000029' })
      .execute();
    const document = await t.db.db
      .insertInto('documents')
      .values({
        organization_id: owner.organizationId,
        property_id: propertyId,
        job_id: null,
        kind: 'certificate',
        name: 'coc.pdf',
        storage_key: 'ab/ab000000000000000000000000000029',
        sha256: 'a'.repeat(64),
        bytes: 10,
        content_type: 'application/pdf',
        source: 'owner_upload',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    documentId = document.id;
    // Each colleague signs up on their own, then joins the owner's organisation through the service.
    for (const role of ['admin', 'member', 'viewer'] as const) {
      const account = await signUpAndLogIn(t);
      await addMember(t.db.db, asService(owner, 'owner'), account.userId, role);
      members[role] = { ...account, organizationId: owner.organizationId };
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  it('every existing user owns their organisation, and a joined member carries their role in /me at both doors', async () => {
    const me = await rest(owner, 'GET', '/api/auth/me');
    expect(me.json().user.role).toBe('owner');
    for (const role of ['admin', 'member', 'viewer'] as const) {
      const viaRest = await rest(members[role], 'GET', '/api/auth/me');
      expect(viaRest.json()).toMatchObject({ user: { role }, organization: { id: owner.organizationId } });
      const viaTrpc = await trpc(members[role], 'query', 'auth.me');
      expect(viaTrpc.json().result.data.user.role).toBe(role);
    }
    const listed = await rest(members.viewer, 'GET', '/api/organization/members');
    expect(listed.statusCode).toBe(200);
    expect(listed.json().map((m: { role: string }) => m.role)).toEqual([
      'owner',
      'admin',
      'member',
      'viewer',
    ]);
  });

  it('a viewer reads the portfolio and the vault at both doors', async () => {
    const viewer = members.viewer;
    const list = await rest(viewer, 'GET', '/api/properties');
    expect(list.statusCode).toBe(200);
    expect(list.json().map((p: { id: string }) => p.id)).toEqual([propertyId]);
    const docs = await rest(viewer, 'GET', `/api/properties/${propertyId}/documents`);
    expect(docs.statusCode).toBe(200);
    const viaTrpc = await trpc(viewer, 'query', 'properties.byId', { id: propertyId });
    expect(viaTrpc.statusCode).toBe(200);
    expect(viaTrpc.json().result.data.id).toBe(propertyId);
  });

  /** Representative writes of each capability, at the REST door and at the tRPC door. */
  const writes = () =>
    ({
      'properties.write': [
        [
          'REST',
          () =>
            rest(members.viewer, 'POST', '/api/properties', {
              name: 'Flat',
              address: '2 Loop Street',
              country: 'ZA',
              municipality: 'CPT',
              parcel_id: 'ERF 30',
            }),
        ],
        [
          'tRPC',
          () =>
            trpc(members.viewer, 'mutation', 'properties.update', {
              id: propertyId,
              patch: { name: 'Renamed' },
            }),
        ],
        ['REST', () => rest(members.viewer, 'POST', `/api/properties/${propertyId}/archive`)],
      ],
      'documents.write': [
        [
          'REST',
          () => rest(members.viewer, 'PATCH', `/api/documents/${documentId}`, { owner_notes: 'changed' }),
        ],
        [
          'tRPC',
          () =>
            trpc(members.viewer, 'mutation', 'documents.sign', {
              contentType: 'application/pdf',
              sha256: 'b'.repeat(64),
              bytes: 10,
            }),
        ],
        ['REST', () => rest(members.viewer, 'DELETE', `/api/documents/${documentId}`)],
      ],
      'maintenance.write': [
        [
          'REST',
          () =>
            rest(members.viewer, 'POST', '/api/maintenance', {
              propertyId,
              title: 'Service the geyser',
              frequency: 'annually',
              priority: 'medium',
              next_due: '2027-01-31',
            }),
        ],
        ['tRPC', () => trpc(members.viewer, 'mutation', 'maintenance.bootstrap', { propertyId })],
      ],
      'plan.manage': [
        ['REST', () => rest(members.viewer, 'POST', '/api/plan/trial')],
        ['tRPC', () => trpc(members.viewer, 'mutation', 'plan.startTrial')],
        ['tRPC', () => trpc(members.viewer, 'mutation', 'plan.checkout')],
        ['tRPC', () => trpc(members.viewer, 'mutation', 'plan.cancelSubscription')],
        ['REST', () => rest(members.viewer, 'POST', '/api/plan/checkout')],
        ['REST', () => rest(members.viewer, 'POST', '/api/plan/cancel')],
      ],
      'members.manage': [
        [
          'REST',
          () =>
            rest(members.viewer, 'PATCH', `/api/organization/members/${members.viewer.userId}`, {
              role: 'owner',
            }),
        ],
        [
          'tRPC',
          () => trpc(members.viewer, 'mutation', 'organization.removeMember', { id: members.member.userId }),
        ],
      ],
      'organization.settings': [
        ['REST', () => rest(members.viewer, 'PUT', '/api/extraction/settings', { enabled: true })],
      ],
      'shares.write': [
        [
          'REST',
          () =>
            rest(members.viewer, 'POST', '/api/account/access-ledger/revoke', {
              kind: 'share_link',
              id: propertyId,
            }),
        ],
        [
          'tRPC',
          () => trpc(members.viewer, 'mutation', 'accessLedger.revoke', { kind: 'grant', id: propertyId }),
        ],
      ],
      'webhooks.manage': [
        [
          'REST',
          () =>
            rest(members.viewer, 'POST', '/api/webhooks', {
              url: 'https://hooks.example.co.za/in',
              events: ['claim.created'],
            }),
        ],
        ['tRPC', () => trpc(members.viewer, 'query', 'webhooks.list')],
      ],
      'organization.delete': [
        ['REST', () => rest(members.viewer, 'POST', '/api/account/close', CLOSE)],
        ['tRPC', () => trpc(members.viewer, 'mutation', 'closing.close', CLOSE)],
      ],
      'organization.export': [
        ['REST', () => rest(members.viewer, 'POST', '/api/account/export')],
        ['tRPC', () => trpc(members.viewer, 'mutation', 'accountExport.start')],
      ],
    }) as const;

  it("a viewer's every write is 403 with the reason, at both doors, and changes no row", async () => {
    const before = await snapshot();
    for (const [capability, calls] of Object.entries(writes())) {
      for (const [door, call] of calls) {
        const res = await call();
        expect(res.statusCode, `${door} ${capability}: ${res.body}`).toBe(403);
        const message = door === 'REST' ? res.json().error : res.json().error.message;
        expect(message).toBe(refusal('viewer', capability as never));
      }
    }
    expect(await snapshot()).toBe(before);
  });

  it('a member writes properties and documents at both doors, but cannot change the plan, the members or the settings', async () => {
    const member = members.member;
    const added = await rest(member, 'POST', '/api/properties', {
      name: 'Flat',
      address: '2 Loop Street',
      country: 'ZA',
      municipality: 'CPT',
      parcel_id: 'ERF 31',
    });
    expect(added.statusCode, added.body).toBe(201);
    const renamed = await trpc(member, 'mutation', 'properties.update', {
      id: added.json().id,
      patch: { name: 'The flat' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const noted = await rest(member, 'PATCH', `/api/documents/${documentId}`, {
      owner_notes: 'checked by a member',
    });
    expect(noted.statusCode, noted.body).toBe(200);
    const signed = await trpc(member, 'mutation', 'documents.sign', {
      contentType: 'application/pdf',
      sha256: 'c'.repeat(64),
      bytes: 10,
    });
    expect(signed.statusCode, signed.body).toBe(200);

    const before = await snapshot();
    const refused = [
      ['plan.manage', await rest(member, 'POST', '/api/plan/trial'), 'REST'],
      ['plan.manage', await trpc(member, 'mutation', 'plan.startTrial'), 'tRPC'],
      ['plan.manage', await trpc(member, 'mutation', 'plan.checkout'), 'tRPC'],
      ['plan.manage', await trpc(member, 'mutation', 'plan.cancelSubscription'), 'tRPC'],
      ['plan.manage', await rest(member, 'POST', '/api/plan/checkout'), 'REST'],
      ['plan.manage', await rest(member, 'POST', '/api/plan/cancel'), 'REST'],
      [
        'members.manage',
        await rest(member, 'PATCH', `/api/organization/members/${members.viewer.userId}`, { role: 'member' }),
        'REST',
      ],
      [
        'members.manage',
        await trpc(member, 'mutation', 'organization.changeRole', {
          id: members.viewer.userId,
          role: 'member',
        }),
        'tRPC',
      ],
      [
        'organization.settings',
        await rest(member, 'PUT', '/api/extraction/settings', { enabled: true }),
        'REST',
      ],
      [
        'webhooks.manage',
        await rest(member, 'POST', '/api/webhooks', {
          url: 'https://hooks.example.co.za/in',
          events: ['claim.created'],
        }),
        'REST',
      ],
      [
        'webhooks.manage',
        await trpc(member, 'mutation', 'webhooks.rotateSecret', { id: propertyId }),
        'tRPC',
      ],
      ['organization.delete', await rest(member, 'POST', '/api/account/close', CLOSE), 'REST'],
      ['organization.delete', await trpc(member, 'mutation', 'closing.close', CLOSE), 'tRPC'],
      ['organization.export', await rest(member, 'POST', '/api/account/export'), 'REST'],
      ['organization.export', await trpc(member, 'query', 'accountExport.latest'), 'tRPC'],
    ] as const;
    for (const [capability, res, door] of refused) {
      expect(res.statusCode, `${door} ${capability}`).toBe(403);
      expect(door === 'REST' ? res.json().error : res.json().error.message).toBe(
        refusal('member', capability),
      );
    }
    expect(await snapshot()).toBe(before);
  });

  it('an admin does everything but the plan: settings and members yes, the plan and making anyone owner no', async () => {
    const admin = members.admin;
    const settings = await rest(admin, 'PUT', '/api/extraction/settings', { enabled: false });
    expect(settings.statusCode, settings.body).toBe(200);
    const promoted = await rest(admin, 'PATCH', `/api/organization/members/${members.viewer.userId}`, {
      role: 'member',
    });
    expect(promoted.statusCode, promoted.body).toBe(200);
    expect(promoted.json().role).toBe('member');
    const back = await trpc(admin, 'mutation', 'organization.changeRole', {
      id: members.viewer.userId,
      role: 'viewer',
    });
    expect(back.statusCode, back.body).toBe(200);
    // An admin may export all of the organisation's data (issue 31 §1).
    const exported = await rest(admin, 'POST', '/api/account/export');
    expect(exported.statusCode, exported.body).toBe(202);

    const before = await snapshot();
    const plan = await rest(admin, 'POST', '/api/plan/trial');
    expect(plan.statusCode).toBe(403);
    expect(plan.json().error).toBe('Your role (admin) cannot change the plan');
    const planTrpc = await trpc(admin, 'mutation', 'plan.startTrial');
    expect(planTrpc.statusCode).toBe(403);
    // An admin cannot promote themselves (or anyone) to owner, nor demote or remove the owner.
    const self = await rest(admin, 'PATCH', `/api/organization/members/${admin.userId}`, { role: 'owner' });
    expect(self.statusCode).toBe(403);
    expect(self.json().error).toBe('Your role (admin) cannot make anyone owner');
    const demote = await trpc(admin, 'mutation', 'organization.changeRole', {
      id: owner.userId,
      role: 'viewer',
    });
    expect(demote.statusCode).toBe(403);
    expect(demote.json().error.message).toBe(
      'Your role (admin) cannot change or remove a member with a stronger role',
    );
    const remove = await rest(admin, 'DELETE', `/api/organization/members/${owner.userId}`);
    expect(remove.statusCode).toBe(403);
    expect(await snapshot()).toBe(before);
  });

  it("another organisation's member, a malformed id or no one is 404 and changes nothing", async () => {
    const stranger = await signUpAndLogIn(t);
    const before = await snapshot();
    for (const id of [stranger.userId, 'not-a-uuid', '00000000-0000-4000-8000-000000000000']) {
      const res = await rest(owner, 'PATCH', `/api/organization/members/${id}`, { role: 'viewer' });
      expect(res.statusCode, id).toBe(404);
      expect(res.json().error).toBe(MEMBER_MESSAGES.notFound);
      expect((await rest(owner, 'DELETE', `/api/organization/members/${id}`)).statusCode).toBe(404);
    }
    const bad = await rest(owner, 'PATCH', `/api/organization/members/${members.viewer.userId}`, {
      role: 'superuser',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('Role must be owner, admin, member or viewer');
    expect(await snapshot()).toBe(before);
  });

  it('the organisation always keeps an owner: the last one can be neither demoted nor removed', async () => {
    const before = await snapshot();
    const demote = await rest(owner, 'PATCH', `/api/organization/members/${owner.userId}`, { role: 'admin' });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().error).toBe(MEMBER_MESSAGES.lastOwner);
    const remove = await trpc(owner, 'mutation', 'organization.removeMember', { id: owner.userId });
    expect(remove.statusCode).toBe(409);
    await expect(removeMember(t.db.db, asService(owner, 'owner'), owner.userId)).rejects.toThrow(
      MEMBER_MESSAGES.lastOwner,
    );
    expect(await snapshot()).toBe(before);
  });

  it('two owners demoting each other at once: one succeeds, the organisation keeps an owner', async () => {
    const second = await signUpAndLogIn(t);
    await addMember(t.db.db, asService(owner, 'owner'), second.userId, 'owner');
    const results = await Promise.allSettled([
      changeMemberRole(t.db.db, asService(owner, 'owner'), second.userId, 'member'),
      changeMemberRole(
        t.db.db,
        asService({ ...second, organizationId: owner.organizationId }, 'owner'),
        owner.userId,
        'member',
      ),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const owners = await t.db.db
      .selectFrom('users')
      .select('id')
      .where('organization_id', '=', owner.organizationId)
      .where('role', '=', 'owner')
      .execute();
    expect(owners).toHaveLength(1);
    // Back to one owner, the original; the other leaves.
    if (owners[0]?.id !== owner.userId) {
      await changeMemberRole(
        t.db.db,
        asService({ ...second, organizationId: owner.organizationId }, 'owner'),
        owner.userId,
        'owner',
      );
      await changeMemberRole(t.db.db, asService(owner, 'owner'), second.userId, 'member');
    }
    await removeMember(t.db.db, asService(owner, 'owner'), second.userId);
  });

  it('removing a member ends their sessions at once; they keep their login, in an empty organisation of their own', async () => {
    const leaving = await signUpAndLogIn(t);
    await addMember(t.db.db, asService(owner, 'owner'), leaving.userId, 'member');
    expect((await rest(leaving, 'GET', '/api/properties')).statusCode).toBe(200);
    const removed = await rest(members.admin, 'DELETE', `/api/organization/members/${leaving.userId}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await rest(leaving, 'GET', '/api/properties')).statusCode).toBe(401);
    expect((await trpc(leaving, 'query', 'properties.list')).statusCode).toBe(401);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: leaving.email, password: 'a long password' },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().user.role).toBe('owner');
    expect(login.json().organization.id).not.toBe(owner.organizationId);
    const audit = await t.db.db
      .selectFrom('audit_events')
      .select(['action', 'user_id'])
      .where('organization_id', '=', owner.organizationId)
      .where('action', 'in', ['member_add', 'member_role', 'member_remove'])
      .execute();
    expect(audit.some((e) => e.action === 'member_remove' && e.user_id === members.admin.userId)).toBe(true);
  });

  it('the owner does everything: the plan too', async () => {
    await t.db.db
      .updateTable('organizations')
      .set({ plan: 'free' })
      .where('id', '=', owner.organizationId)
      .execute();
    const trial = await rest(owner, 'POST', '/api/plan/trial');
    expect(trial.statusCode, trial.body).toBe(200);
    expect(trial.json().trialEndsAt).not.toBeNull();
  });
});
