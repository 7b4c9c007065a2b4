import { z } from 'zod';
import type { Plan } from '../plan-terms.js';
import { PREMIUM_PRICE_ZAR } from '../plan-terms.js';
import { effectivePlan } from '../plans.js';
import { emailSchema, idSchema, noControlCharacters, requiredText } from './common.js';

/**
 * Issue 29 §3: read-only access to ONE property for someone outside the organisation (a conveyancer,
 * an insurance broker or agent, a tenant …), by email, for a number of days, with a scope.
 */
export const GRANT_ROLES = ['conveyancer', 'insurance_broker', 'tenant', 'other'] as const;
export type GrantRole = (typeof GRANT_ROLES)[number];
export const GRANT_ROLE_LABELS: Record<GrantRole, string> = {
  conveyancer: 'Conveyancer',
  insurance_broker: 'Insurance broker/agent',
  tenant: 'Tenant',
  other: 'Other',
};

/** What the grantee sees of the property: its documents and its compliance check, or its documents only. */
export const GRANT_SCOPES = ['documents_and_compliance', 'documents_only'] as const;
export type GrantScope = (typeof GRANT_SCOPES)[number];
export const GRANT_SCOPE_LABELS: Record<GrantScope, string> = {
  documents_and_compliance: 'Documents and compliance',
  documents_only: 'Documents only',
};

/** Access lasts 90 days unless asked otherwise, and never more than a year. */
export const DEFAULT_GRANT_DAYS = 90;
export const MAX_GRANT_DAYS = 365;

/** A new grant (POST /api/properties/{id}/access): who, as what, for how long, seeing what. */
export const createPropertyGrantSchema = z.object({
  email: emailSchema,
  role: z.enum(GRANT_ROLES, { error: 'Role must be conveyancer, insurance_broker, tenant or other' }),
  scope: z
    .enum(GRANT_SCOPES, { error: 'Scope must be documents_and_compliance or documents_only' })
    .default('documents_and_compliance'),
  expiresInDays: z
    .number({ error: 'Expiry must be a number of days' })
    .int('Expiry must be a whole number of days')
    .min(1, 'Expiry must be at least 1 day')
    .max(MAX_GRANT_DAYS, `Expiry must be at most ${MAX_GRANT_DAYS} days (1 year)`)
    .default(DEFAULT_GRANT_DAYS),
});
export type CreatePropertyGrantInput = z.infer<typeof createPropertyGrantSchema>;

/** The tRPC input of a new grant: the property's id beside the REST body. */
export const createPropertyGrantInput = createPropertyGrantSchema.extend({ propertyId: idSchema });

/** One grant of one property (DELETE /api/properties/{id}/access/{grantId}). */
export const propertyGrantParamsSchema = z.object({ id: idSchema, grantId: idSchema });

/** A grant link's token, as the mailed link carries it. */
export const grantTokenSchema = z.object({
  token: z
    .string()
    .check(noControlCharacters('Access link'))
    .min(1, 'Access not found')
    .max(200, 'Access not found'),
});

/** A grantee's view of one grant (GET /api/shared-with-me/{grantId}). */
export const grantIdParamsSchema = z.object({ grantId: idSchema });

/** A grantee's download of one document of a granted property. */
export const grantDocumentParamsSchema = z.object({ grantId: idSchema, documentId: idSchema });

/** A tenant's report of an issue at the property (issue 29 §3): a short title and what is wrong. */
export const MAX_ISSUE_TITLE = 120;
export const MAX_ISSUE_DESCRIPTION = 1000;
export const ISSUE_MESSAGES = {
  titleRequired: 'Give the issue a short title',
  descriptionRequired: 'Describe the issue: what is wrong, and where',
} as const;
export const reportIssueSchema = z.object({
  title: requiredText(ISSUE_MESSAGES.titleRequired, MAX_ISSUE_TITLE, 'Title'),
  description: requiredText(ISSUE_MESSAGES.descriptionRequired, MAX_ISSUE_DESCRIPTION, 'Description'),
});
export type ReportIssueInput = z.infer<typeof reportIssueSchema>;
/** The tRPC input of a report: the grant's id beside the REST body. */
export const reportIssueInput = reportIssueSchema.extend({ grantId: idSchema });

/** The line a reported issue's reminder ends with, naming the tenant for the owner. */
export const reportedByTenant = (name: string) => `Reported by ${name} (tenant)`;

export const GRANT_MESSAGES = {
  notFound: 'Access not found',
  otherEmail: (email: string) =>
    `This access is for another email address. Sign in as ${email} to accept it.`,
  accepted: (property: string) => `You can now see ${property} under Shared with me`,
  ownAddress: 'You cannot grant access to your own organisation: invite a member instead',
  tenantsOnly: 'Only a tenant can report an issue with the property',
  issueReported: 'Thank you: your report is with the owner as a maintenance reminder',
  freeLimit: `The Free plan includes access for one person outside your organisation at a time. Upgrade to Premium (R${PREMIUM_PRICE_ZAR} per year) to grant access to more people.`,
} as const;

/** How many people outside the organisation may hold live access at once, per plan (issue 29 §4). */
export const MAX_LIVE_GRANTEES: Record<Plan, number> = { free: 1, premium: Number.POSITIVE_INFINITY };

/**
 * Whether an organisation whose grants reach `liveGrantees` people (accepted or still pending, neither
 * revoked nor expired) may grant one more at `now`: one at a time on Free, any number on Premium (and
 * during the trial).
 */
export function canGrantAccess(
  plan: Plan,
  trialEndsAt: Date | null,
  liveGrantees: number,
  now: Date,
): { ok: true } | { ok: false; reason: string } {
  return liveGrantees < MAX_LIVE_GRANTEES[effectivePlan(plan, trialEndsAt, now)]
    ? { ok: true }
    : { ok: false, reason: GRANT_MESSAGES.freeLimit };
}
