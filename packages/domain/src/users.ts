import { z } from 'zod';

/** Every user type of spec §1. */
export const USER_TYPES = [
  'homeowner',
  'investor',
  'company_investor',
  'property_manager',
  'main_contractor',
  'developer',
  'insurance_agent',
  'supplier',
] as const;
export type UserType = (typeof USER_TYPES)[number];
export const userTypeSchema = z.enum(USER_TYPES);

/** Offered at signup as Coming Soon; they cannot be chosen (spec §1). */
export const COMING_SOON_USER_TYPES = [
  'main_contractor',
  'developer',
  'insurance_agent',
] as const satisfies readonly UserType[];

export function isComingSoon(userType: UserType): boolean {
  return (COMING_SOON_USER_TYPES as readonly UserType[]).includes(userType);
}

/** The account groups of the signup wizard's first step. */
export const ACCOUNT_GROUPS = ['individual', 'company'] as const;
export type AccountGroup = (typeof ACCOUNT_GROUPS)[number];
export const accountGroupSchema = z.enum(ACCOUNT_GROUPS);

/** Which roles the wizard's second step offers for each account group. */
export const USER_TYPES_BY_GROUP = {
  individual: ['homeowner', 'investor'],
  company: [
    'company_investor',
    'property_manager',
    'main_contractor',
    'developer',
    'insurance_agent',
    'supplier',
  ],
} as const satisfies Record<AccountGroup, readonly UserType[]>;

export function accountGroupOf(userType: UserType): AccountGroup {
  return (USER_TYPES_BY_GROUP.individual as readonly UserType[]).includes(userType)
    ? 'individual'
    : 'company';
}

/** Users who can be signed up now: every type but the Coming Soon ones. */
export const SELECTABLE_USER_TYPES = USER_TYPES.filter((type) => !isComingSoon(type));

/**
 * The two audiences (spec §6): suppliers land in the supplier console (/supplier), everyone
 * else in the owner app (/app).
 */
export type Audience = 'owner' | 'supplier';
export function audienceOf(userType: UserType): Audience {
  return userType === 'supplier' ? 'supplier' : 'owner';
}

export function homePathOf(userType: UserType): '/app' | '/supplier' {
  return audienceOf(userType) === 'supplier' ? '/supplier' : '/app';
}

/** Owners who see a property portfolio (spec §1); other company types see the Coming Soon Company Dashboard. */
export const PORTFOLIO_USER_TYPES = [
  'homeowner',
  'investor',
  'company_investor',
  'property_manager',
] as const satisfies readonly UserType[];

export function seesPortfolio(userType: UserType): boolean {
  return (PORTFOLIO_USER_TYPES as readonly UserType[]).includes(userType);
}
