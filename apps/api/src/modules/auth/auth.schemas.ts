import { ACCOUNT_GROUPS, answeredDateTimeSchema, ORGANIZATION_ROLES, USER_TYPES } from '@propertydna/domain';
import { z } from 'zod';

/** What the API says about a user: never the password hash. */
export const publicUserSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    userType: z.enum(USER_TYPES),
    phone: z.string().nullable(),
    /** Whether the address was proved by its mailed link (issue 26 §1). */
    email_verified: z.boolean(),
    /** A new address asked for on /account and not yet confirmed; `email` stays until it is. */
    pending_email: z.string().nullable(),
    /**
     * The user's role in their organisation (issue 29 §1): what they may do is the domain's permission
     * table for this role, which the server enforces on every procedure.
     */
    role: z.enum(ORGANIZATION_ROLES),
  })
  .meta({ id: 'User' });

export const publicOrganizationSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    accountType: z.enum(ACCOUNT_GROUPS),
    plan: z.enum(['free', 'premium']),
    trialEndsAt: answeredDateTimeSchema.nullable(),
    registrationNumber: z.string().nullable(),
    vatNumber: z.string().nullable(),
    companyType: z.string().nullable(),
    tradingAs: z.string().nullable(),
    businessAddress: z.string().nullable(),
    specialties: z.array(z.string()),
    isDemo: z.boolean(),
  })
  .meta({ id: 'Organization' });

export const meSchema = z
  .object({ user: publicUserSchema, organization: publicOrganizationSchema })
  .meta({ id: 'Me' });
export const loginResultSchema = meSchema.extend({ token: z.string() }).meta({ id: 'LoginResult' });
export const okSchema = z.object({ ok: z.literal(true) }).meta({ id: 'Ok' });
export const messageSchema = z.object({ ok: z.literal(true), message: z.string() }).meta({ id: 'OkMessage' });

export type PublicUser = z.infer<typeof publicUserSchema>;
export type PublicOrganization = z.infer<typeof publicOrganizationSchema>;
export type Me = z.infer<typeof meSchema>;
export type LoginResult = z.infer<typeof loginResultSchema>;
