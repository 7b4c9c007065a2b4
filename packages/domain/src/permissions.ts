import { z } from 'zod';

/**
 * The roles of an organisation's members (issue 29 §1), strongest first: the owner may do everything,
 * an admin everything but the plan, deleting the organisation and transferring its ownership, a member
 * the organisation's work (properties, documents, maintenance, vendors, claims) but not the plan, the
 * members or the organisation's settings, a viewer reads everything and writes nothing.
 */
export const ORGANIZATION_ROLES = ['owner', 'admin', 'member', 'viewer'] as const;
export type OrganizationRole = (typeof ORGANIZATION_ROLES)[number];
export const organizationRoleSchema = z.enum(ORGANIZATION_ROLES, {
  error: 'Role must be owner, admin, member or viewer',
});

/** How each role is named on screen and in refusals. */
export const ROLE_LABELS: Record<OrganizationRole, string> = {
  owner: 'Owner',
  admin: 'Admin',
  member: 'Member',
  viewer: 'Viewer',
};

const ALL: readonly OrganizationRole[] = ORGANIZATION_ROLES;
const WORKERS: readonly OrganizationRole[] = ['owner', 'admin', 'member'];
const MANAGERS: readonly OrganizationRole[] = ['owner', 'admin'];
const OWNER: readonly OrganizationRole[] = ['owner'];

/**
 * THE permission table: every capability a procedure can require, the roles that have it, and the
 * words a refusal uses ("Your role (viewer) cannot <what>"). The server asks it for every procedure at
 * both doors; the web app asks it to hide or disable what a role cannot do.
 */
export const PERMISSIONS = {
  /** Read anything of the organisation: portfolio, vault, compliance, maintenance, vendors, claims, reports. */
  read: { roles: ALL, what: "read the organisation's records" },
  /** The caller's own account: profile, password, email address, own alerts and calendar feed, signing out. */
  'account.self': { roles: ALL, what: 'change your own account' },
  /** Add, edit and archive properties; run their compliance check. */
  'properties.write': { roles: WORKERS, what: 'add, edit or archive properties' },
  /** Transfer a property to a buyer, or accept or decline one offered to you. */
  'properties.transfer': { roles: WORKERS, what: 'transfer properties' },
  /** Upload, edit, remove and analyse documents; confirm what was read from them. */
  'documents.write': { roles: WORKERS, what: 'upload, edit or remove documents' },
  /** Create share links of documents and revoke them. */
  'shares.write': { roles: WORKERS, what: 'share or revoke share links' },
  /** Maintenance tasks and reminders: add, change, complete, snooze, remove. */
  'maintenance.write': { roles: WORKERS, what: 'change maintenance tasks or reminders' },
  /** The vendor directory: invite, change, revoke, remove. */
  'vendors.write': { roles: WORKERS, what: 'change vendors' },
  /** Insurance claims and callbacks. */
  'claims.write': { roles: WORKERS, what: 'start claims or request callbacks' },
  /** A supplier's work: jobs, templates, reports and sharing a job. */
  'supplier.work': { roles: WORKERS, what: 'create jobs, templates or reports' },
  /** Invite, change the role of and remove members. */
  'members.manage': { roles: MANAGERS, what: 'manage members' },
  /** Grant an outsider (conveyancer, broker, tenant) read-only access to one property, and revoke it. */
  'grants.manage': { roles: MANAGERS, what: 'grant or revoke access to a property' },
  /** The organisation's settings: its profile, insurance and verification evidence, automatic reading. */
  'organization.settings': { roles: MANAGERS, what: "change the organisation's settings" },
  /** Issue 31 §1: "Download all my data": every record and stored file of the organisation in one ZIP. */
  'organization.export': { roles: MANAGERS, what: "export all of the organisation's data" },
  /** The organisation's webhook endpoints: add, change, remove, rotate secrets, test, resend, read deliveries. */
  'webhooks.manage': { roles: MANAGERS, what: 'manage webhooks' },
  /** The plan: start a trial, upgrade, downgrade. */
  'plan.manage': { roles: OWNER, what: 'change the plan' },
  /** Delete the organisation. */
  'organization.delete': { roles: OWNER, what: 'delete the organisation' },
  /** Make another member the organisation's owner. */
  'organization.transferOwnership': { roles: OWNER, what: "transfer the organisation's ownership" },
} as const satisfies Record<string, { roles: readonly OrganizationRole[]; what: string }>;

export type Capability = keyof typeof PERMISSIONS;
export const CAPABILITIES = Object.keys(PERMISSIONS) as Capability[];

/** Whether a member with this role has the capability. */
export function can(role: OrganizationRole, capability: Capability): boolean {
  return (PERMISSIONS[capability].roles as readonly OrganizationRole[]).includes(role);
}

/** The refusal of a call the role cannot make: "Your role (viewer) cannot add, edit or archive properties". */
export function refusal(role: OrganizationRole, capability: Capability): string {
  return `Your role (${role}) cannot ${PERMISSIONS[capability].what}`;
}

/** Why a control is disabled for this role, in the words the web app shows on focus or hover. */
export function whyNot(role: OrganizationRole, capability: Capability): string | null {
  if (can(role, capability)) return null;
  if (role === 'viewer') return 'Viewers can read but not change anything';
  return `${ROLE_LABELS[role]}s cannot ${PERMISSIONS[capability].what}`;
}

/** Whether the role may give a member the role `to` (no one may give a role stronger than their own). */
export function canAssignRole(role: OrganizationRole, to: OrganizationRole): boolean {
  if (!can(role, 'members.manage')) return false;
  return ORGANIZATION_ROLES.indexOf(to) >= ORGANIZATION_ROLES.indexOf(role);
}
