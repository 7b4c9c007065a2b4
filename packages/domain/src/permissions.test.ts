import { describe, expect, it } from 'vitest';
import {
  CAPABILITIES,
  type Capability,
  can,
  canAssignRole,
  ORGANIZATION_ROLES,
  type OrganizationRole,
  organizationRoleSchema,
  refusal,
  whyNot,
} from './permissions.js';
import {
  changeMemberRoleInput,
  INVITE_MESSAGES,
  invitationTokenSchema,
  inviteMemberSchema,
} from './schemas/organization.js';

/** Issue 29 §1, written out: which role may do what (Y yes, - no), in the order owner, admin, member, viewer. */
const TABLE: Record<Capability, string> = {
  read: 'YYYY',
  'account.self': 'YYYY',
  'properties.write': 'YYY-',
  'properties.transfer': 'YYY-',
  'documents.write': 'YYY-',
  'shares.write': 'YYY-',
  'maintenance.write': 'YYY-',
  'vendors.write': 'YYY-',
  'claims.write': 'YYY-',
  'supplier.work': 'YYY-',
  'members.manage': 'YY--',
  'grants.manage': 'YY--',
  'organization.settings': 'YY--',
  'webhooks.manage': 'YY--',
  'organization.export': 'YY--',
  'plan.manage': 'Y---',
  'organization.delete': 'Y---',
  'organization.transferOwnership': 'Y---',
};

describe('the permission table', () => {
  it('lists every capability once, as the issue defines the four roles', () => {
    expect([...CAPABILITIES].sort()).toEqual(Object.keys(TABLE).sort());
  });

  for (const capability of Object.keys(TABLE) as Capability[]) {
    ORGANIZATION_ROLES.forEach((role, i) => {
      const allowed = TABLE[capability][i] === 'Y';
      it(`${role} ${allowed ? 'may' : 'may not'} ${capability}`, () => {
        expect(can(role, capability)).toBe(allowed);
        expect(whyNot(role, capability) === null).toBe(allowed);
      });
    });
  }

  it('a viewer writes nothing: read and their own account are all they have', () => {
    expect(CAPABILITIES.filter((c) => can('viewer', c))).toEqual(['read', 'account.self']);
  });

  it('an admin has everything but the plan, deleting the organisation and transferring its ownership', () => {
    expect(CAPABILITIES.filter((c) => !can('admin', c))).toEqual([
      'plan.manage',
      'organization.delete',
      'organization.transferOwnership',
    ]);
  });

  it('the owner has everything', () => {
    expect(CAPABILITIES.every((c) => can('owner', c))).toBe(true);
  });
});

describe('refusals in words', () => {
  it('names the role and what it cannot do', () => {
    expect(refusal('viewer', 'properties.write')).toBe(
      'Your role (viewer) cannot add, edit or archive properties',
    );
    expect(refusal('member', 'plan.manage')).toBe('Your role (member) cannot change the plan');
  });

  it("says why a control is disabled: a viewer reads only, another role by what it can't do", () => {
    expect(whyNot('viewer', 'documents.write')).toBe('Viewers can read but not change anything');
    expect(whyNot('member', 'members.manage')).toBe('Members cannot manage members');
    expect(whyNot('admin', 'plan.manage')).toBe('Admins cannot change the plan');
    expect(whyNot('owner', 'plan.manage')).toBeNull();
  });
});

describe('assigning roles', () => {
  const cases: [OrganizationRole, OrganizationRole, boolean][] = [
    ['owner', 'owner', true],
    ['owner', 'viewer', true],
    ['admin', 'owner', false],
    ['admin', 'admin', true],
    ['admin', 'viewer', true],
    ['member', 'viewer', false],
    ['viewer', 'viewer', false],
  ];
  it.each(cases)('%s giving %s: %s', (role, to, allowed) => {
    expect(canAssignRole(role, to)).toBe(allowed);
  });

  it('parses a role and refuses anything else in words', () => {
    expect(organizationRoleSchema.parse('admin')).toBe('admin');
    const result = organizationRoleSchema.safeParse('superuser');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Role must be owner, admin, member or viewer');
  });
});

describe('the member role schema', () => {
  it('changing a role takes the member id and one of the four roles', () => {
    expect(changeMemberRoleInput.parse({ id: 'abc', role: 'viewer' })).toEqual({ id: 'abc', role: 'viewer' });
    expect(changeMemberRoleInput.safeParse({ id: 'abc', role: 'boss' }).success).toBe(false);
  });
});

describe('inviting a colleague', () => {
  it('takes an email (trimmed, lower case) and a role', () => {
    expect(inviteMemberSchema.parse({ email: ' Thabo@Example.co.za ', role: 'viewer' })).toEqual({
      email: 'thabo@example.co.za',
      role: 'viewer',
    });
    expect(inviteMemberSchema.safeParse({ email: 'nope', role: 'viewer' }).success).toBe(false);
    expect(invitationTokenSchema.safeParse({ token: '' }).success).toBe(false);
    expect(INVITE_MESSAGES.otherEmail('a@b.co')).toBe(
      'This invitation is for another email address. Sign in as a@b.co to accept it.',
    );
    expect(INVITE_MESSAGES.accepted('Acme')).toBe('You joined Acme');
  });
});
