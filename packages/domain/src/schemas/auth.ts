import { z } from 'zod';
import { ownEmailSchema } from '../demo.js';
import {
  ACCOUNT_GROUPS,
  type AccountGroup,
  accountGroupOf,
  isComingSoon,
  USER_TYPES,
  USER_TYPES_BY_GROUP,
  type UserType,
} from '../users.js';
import {
  emailSchema,
  MAX_LENGTHS,
  noControlCharacters,
  optionalCompanyRegistrationSchema,
  optionalPhoneSchema,
  optionalText,
  optionalVatNumberSchema,
  requiredText,
  specialtiesSchema,
} from './common.js';

/** Signup toasts (spec §5 for the two rules, spec §8 for the outcome); titles are the toast titles. */
export const SIGNUP_MESSAGES = {
  passwordMismatch: {
    title: 'Password mismatch',
    message: 'Passwords do not match. Please check and try again.',
  },
  termsRequired: { title: 'Terms required', message: 'Please agree to the Terms of Service to continue.' },
  failed: { title: 'Signup failed', message: 'Failed to create account. Please try again.' },
  created: { title: 'Account created successfully!', message: 'Welcome to PropertyDNA. You can now log in.' },
} as const;

/** Field messages of the signup rules (spec §5); the spec gives no wording for these. */
export const SIGNUP_FIELD_MESSAGES = {
  accountTypeRequired: 'Choose an account type',
  userTypeRequired: 'Choose a role',
  comingSoon: 'This account type is coming soon and cannot be chosen yet',
  wrongGroup: 'This role is not available for the chosen account type',
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  passwordRequired: 'Password is required',
  passwordTooShort: 'Password must be at least 8 characters',
  passwordTooLong: `Password must be at most ${MAX_LENGTHS.password} characters`,
  confirmPasswordRequired: 'Please confirm your password',
  companyRequired: 'Company name is required',
  registrationNumberRequired: 'Registration number is required',
  companyTypeRequired: 'Company type is required',
  specialtiesRequired: 'Choose at least one service category',
  businessAddressRequired: 'Business address is required',
} as const;

export const PASSWORD_MIN_LENGTH = 8;

/** A new password: at least 8, at most 128 characters, no control characters; never trimmed. */
export const newPasswordSchema = z
  .string({ error: SIGNUP_FIELD_MESSAGES.passwordRequired })
  .check(noControlCharacters('Password'))
  .min(1, SIGNUP_FIELD_MESSAGES.passwordRequired)
  .refine(
    (value) => value.length === 0 || value.length >= PASSWORD_MIN_LENGTH,
    SIGNUP_FIELD_MESSAGES.passwordTooShort,
  )
  .max(MAX_LENGTHS.password, SIGNUP_FIELD_MESSAGES.passwordTooLong);

/** The fields that depend on the chosen role (spec §3 signup form, spec §5). */
export const SIGNUP_ROLE_FIELDS = [
  'company',
  'registrationNumber',
  'vatNumber',
  'companyType',
  'tradingAs',
  'businessAddress',
  'specialties',
] as const;
export type SignupRoleField = (typeof SIGNUP_ROLE_FIELDS)[number];

/**
 * Which role-dependent fields each user type fills in (spec §5): company accounts give a company name;
 * company_investor also a registration number, company type and optional VAT number; supplier also a
 * registration number, service categories, business address and optional trading name. Fields of other
 * roles (left over when the user went back and picked another role) are dropped from the output.
 */
export const SIGNUP_FIELDS_BY_USER_TYPE = {
  homeowner: [],
  investor: [],
  company_investor: ['company', 'registrationNumber', 'vatNumber', 'companyType'],
  property_manager: ['company'],
  main_contractor: ['company'],
  developer: ['company'],
  insurance_agent: ['company'],
  supplier: ['company', 'registrationNumber', 'tradingAs', 'businessAddress', 'specialties'],
} as const satisfies Record<UserType, readonly SignupRoleField[]>;

/** Which of those fields are required, with their message (spec §5); the rest are optional. */
const REQUIRED_ROLE_FIELDS: Partial<Record<UserType, readonly SignupRoleField[]>> = {
  company_investor: ['registrationNumber', 'companyType'],
  supplier: ['registrationNumber', 'specialties', 'businessAddress'],
};
const REQUIRED_MESSAGES: Record<SignupRoleField, string> = {
  company: SIGNUP_FIELD_MESSAGES.companyRequired,
  registrationNumber: SIGNUP_FIELD_MESSAGES.registrationNumberRequired,
  vatNumber: 'VAT number is required',
  companyType: SIGNUP_FIELD_MESSAGES.companyTypeRequired,
  tradingAs: 'Trading name is required',
  businessAddress: SIGNUP_FIELD_MESSAGES.businessAddressRequired,
  specialties: SIGNUP_FIELD_MESSAGES.specialtiesRequired,
};

/** The role-dependent part of a signup, as both schemas parse it. */
interface SignupRoleValues {
  accountType?: AccountGroup | undefined;
  userType: UserType;
  company?: string | undefined;
  registrationNumber?: string | undefined;
  vatNumber?: string | undefined;
  companyType?: string | undefined;
  tradingAs?: string | undefined;
  businessAddress?: string | undefined;
  specialties: string[];
}

function isFilled(value: string | string[] | undefined): boolean {
  return Array.isArray(value) ? value.length > 0 : Boolean(value);
}

/**
 * The role rules of spec §1 and §5, shared by the form and the request schema: a Coming Soon role cannot
 * be chosen; the role must belong to the account type (derived from the role when absent); company
 * accounts need a company name; company_investor and supplier need their extra fields.
 */
function checkSignupRole(value: SignupRoleValues, ctx: z.RefinementCtx): void {
  const accountType = value.accountType ?? accountGroupOf(value.userType);
  if (isComingSoon(value.userType)) {
    ctx.addIssue({ code: 'custom', message: SIGNUP_FIELD_MESSAGES.comingSoon, path: ['userType'] });
    return;
  }
  if (!(USER_TYPES_BY_GROUP[accountType] as readonly UserType[]).includes(value.userType)) {
    ctx.addIssue({ code: 'custom', message: SIGNUP_FIELD_MESSAGES.wrongGroup, path: ['userType'] });
    return;
  }
  const required: readonly SignupRoleField[] = [
    ...(accountType === 'company' ? (['company'] as const) : []),
    ...(REQUIRED_ROLE_FIELDS[value.userType] ?? []),
  ];
  for (const field of required) {
    if (!isFilled(value[field]))
      ctx.addIssue({ code: 'custom', message: REQUIRED_MESSAGES[field], path: [field] });
  }
  // The formats of the numbers the role uses; a number left over from another role is dropped unread.
  const kept: readonly SignupRoleField[] = SIGNUP_FIELDS_BY_USER_TYPE[value.userType];
  for (const [field, schema] of FORMATTED_ROLE_FIELDS) {
    if (!kept.includes(field)) continue;
    const [issue] = schema.safeParse(value[field]).error?.issues ?? [];
    if (issue) ctx.addIssue({ code: 'custom', message: issue.message, path: [field] });
  }
}

/**
 * The role fields with a format, and the schema that checks and normalises it: a company registration
 * number as CIPC writes it, a VAT number as SARS issues it.
 */
const FORMATTED_ROLE_FIELDS = [
  ['registrationNumber', optionalCompanyRegistrationSchema],
  ['vatNumber', optionalVatNumberSchema],
] as const;

/** Sets the account type and drops the role-dependent fields the chosen role does not use. */
function keepRoleFields<T extends SignupRoleValues>(value: T): T & { accountType: AccountGroup } {
  const kept: readonly SignupRoleField[] = SIGNUP_FIELDS_BY_USER_TYPE[value.userType];
  const result = { ...value, accountType: value.accountType ?? accountGroupOf(value.userType) };
  for (const field of SIGNUP_ROLE_FIELDS) {
    if (kept.includes(field)) continue;
    if (field === 'specialties') result.specialties = [];
    else result[field] = undefined;
  }
  // Checked by checkSignupRole: only a valid number reaches here, stored in its one form.
  for (const [field, schema] of FORMATTED_ROLE_FIELDS) result[field] = schema.parse(result[field]);
  return result;
}

const signupShape = {
  userType: z.enum(USER_TYPES, { error: SIGNUP_FIELD_MESSAGES.userTypeRequired }),
  firstName: requiredText(SIGNUP_FIELD_MESSAGES.firstNameRequired, MAX_LENGTHS.name, 'First name'),
  lastName: requiredText(SIGNUP_FIELD_MESSAGES.lastNameRequired, MAX_LENGTHS.name, 'Last name'),
  // The demo's domain is never anyone's own address (its mail goes nowhere).
  email: ownEmailSchema,
  password: newPasswordSchema,
  company: optionalText(MAX_LENGTHS.name, 'Company name'),
  phoneNumber: optionalPhoneSchema,
  registrationNumber: optionalText(MAX_LENGTHS.shortCode, 'Registration number'),
  vatNumber: optionalText(MAX_LENGTHS.shortCode, 'VAT number'),
  companyType: optionalText(MAX_LENGTHS.name, 'Company type'),
  specialties: specialtiesSchema,
  tradingAs: optionalText(MAX_LENGTHS.name, 'Trading name'),
  businessAddress: optionalText(MAX_LENGTHS.address, 'Business address'),
  agreeToMarketing: z.boolean().default(false),
};

/**
 * The registration form of the signup wizard's third step (spec §2, §3 "Signup form", §5), with the
 * account type and role chosen in steps 1 and 2. Passwords must match ('Passwords do not match. Please
 * check and try again.' on confirmPassword) and the Terms must be agreed ('Please agree to the Terms of
 * Service to continue.' on agreeToTerms), besides the role rules shared with `signupRequestSchema`.
 */
export const signupFormSchema = z
  .object({
    ...signupShape,
    accountType: z.enum(ACCOUNT_GROUPS, { error: SIGNUP_FIELD_MESSAGES.accountTypeRequired }),
    confirmPassword: z
      .string({ error: SIGNUP_FIELD_MESSAGES.confirmPasswordRequired })
      .check(noControlCharacters('Password'))
      .min(1, SIGNUP_FIELD_MESSAGES.confirmPasswordRequired),
    agreeToTerms: z
      .boolean({ error: SIGNUP_MESSAGES.termsRequired.message })
      .refine((agreed) => agreed, SIGNUP_MESSAGES.termsRequired.message),
  })
  .superRefine((value, ctx) => {
    if (value.confirmPassword !== '' && value.confirmPassword !== value.password) {
      ctx.addIssue({
        code: 'custom',
        message: SIGNUP_MESSAGES.passwordMismatch.message,
        path: ['confirmPassword'],
      });
    }
    checkSignupRole(value, ctx);
  })
  .transform(keepRoleFields);
export type SignupFormInput = z.input<typeof signupFormSchema>;
export type SignupForm = z.output<typeof signupFormSchema>;

/**
 * What POST /api/auth/signup accepts (spec §7: firstName, lastName, email, password, userType, company,
 * phoneNumber, agreeToMarketing), plus the role-dependent fields, under the same role rules as the form.
 * accountType, when absent, is the group of the user type. Email is trimmed and lower-cased; specialties
 * may be a comma-separated string or a list.
 */
export const signupRequestSchema = z
  .object({
    ...signupShape,
    accountType: z.enum(ACCOUNT_GROUPS, { error: SIGNUP_FIELD_MESSAGES.accountTypeRequired }).optional(),
  })
  .superRefine(checkSignupRole)
  .transform(keepRoleFields);
export type SignupRequestInput = z.input<typeof signupRequestSchema>;
export type SignupRequest = z.output<typeof signupRequestSchema>;

/** The request body the web form sends on submit: the form's output without confirmPassword and agreeToTerms. */
export function toSignupRequest(form: SignupForm): SignupRequestInput {
  const { confirmPassword: _confirmPassword, agreeToTerms: _agreeToTerms, ...request } = form;
  return request;
}

/** Login messages (spec §5, §8). */
export const LOGIN_MESSAGES = {
  missingCredentials: 'Missing credentials: Please enter email and password or use demo accounts',
  invalidCredentials: 'Invalid email or password',
  welcomeBack: 'Welcome back!',
  demoFailed: 'Login failed: Unable to sign in with demo account',
} as const;

/**
 * The login form and POST /api/auth/login (spec §5, §7): a blank email or an empty password gives
 * 'Missing credentials: ...' on that field. The format is not checked (a wrong address simply fails to
 * sign in), but an over-long email or password can never sign in and gives 'Invalid email or password'.
 * Email is trimmed and lower-cased as at signup; the password is taken as typed.
 */
export const loginSchema = z.object({
  email: z
    .string({ error: LOGIN_MESSAGES.missingCredentials })
    .trim()
    .toLowerCase()
    .check(noControlCharacters('Email'))
    .min(1, LOGIN_MESSAGES.missingCredentials)
    .max(MAX_LENGTHS.email, LOGIN_MESSAGES.invalidCredentials),
  password: z
    .string({ error: LOGIN_MESSAGES.missingCredentials })
    .check(noControlCharacters('Password'))
    .min(1, LOGIN_MESSAGES.missingCredentials)
    .max(MAX_LENGTHS.password, LOGIN_MESSAGES.invalidCredentials),
});
export type LoginInput = z.input<typeof loginSchema>;
export type Login = z.output<typeof loginSchema>;

/** The two demo accounts of the login page's 'Access Demo Accounts' choice (spec §2). */
export const DEMO_ACCOUNTS = ['owner', 'supplier'] as const;
export type DemoAccount = (typeof DEMO_ACCOUNTS)[number];

export const demoLoginSchema = z.object({
  account: z.enum(DEMO_ACCOUNTS, { error: 'Choose a demo account' }),
});
export type DemoLogin = z.infer<typeof demoLoginSchema>;

/** Password reset (issue 11): the same answer whether or not the email has an account. */
export const PASSWORD_RESET_MESSAGES = {
  requested:
    'If an account exists for that email, we have sent it a link to reset the password. The link works once, for one hour.',
  invalidLink: 'This reset link is invalid, has expired or was already used. Ask for a new one.',
  done: 'Your password has been reset. Log in with your new password.',
  tokenRequired: 'The reset link is incomplete. Open the link from the email again.',
} as const;

/** 'Forgot password?': POST /api/auth/forgot-password {email}. */
export const forgotPasswordSchema = z.object({ email: emailSchema });
export type ForgotPasswordInput = z.input<typeof forgotPasswordSchema>;

/** A secret link's token as it arrives in a URL or a body: base64url, bounded. */
export const capabilityTokenSchema = z
  .string({ error: PASSWORD_RESET_MESSAGES.tokenRequired })
  .min(1, PASSWORD_RESET_MESSAGES.tokenRequired)
  .max(200, PASSWORD_RESET_MESSAGES.invalidLink)
  .regex(/^[A-Za-z0-9_-]+$/, PASSWORD_RESET_MESSAGES.invalidLink);

/** /reset-password: POST /api/auth/reset-password {token, password} (same password rules as signup). */
export const resetPasswordSchema = z.object({ token: capabilityTokenSchema, password: newPasswordSchema });
export type ResetPasswordInput = z.input<typeof resetPasswordSchema>;

/** The reset form: the new password twice ('Passwords do not match…' as at signup). */
export const resetPasswordFormSchema = z
  .object({
    password: newPasswordSchema,
    confirmPassword: z
      .string({ error: SIGNUP_FIELD_MESSAGES.confirmPasswordRequired })
      .check(noControlCharacters('Password'))
      .min(1, SIGNUP_FIELD_MESSAGES.confirmPasswordRequired),
  })
  .refine((value) => value.confirmPassword === '' || value.password === value.confirmPassword, {
    path: ['confirmPassword'],
    message: SIGNUP_MESSAGES.passwordMismatch.message,
  });

/** Settings → password, and PUT /api/auth/password: the current password, then a new one (signup rules). */
export const changePasswordSchema = z.object({
  currentPassword: z
    .string({ error: 'Enter your current password' })
    .check(noControlCharacters('Current password'))
    .min(1, 'Enter your current password')
    .max(MAX_LENGTHS.password, 'Your current password is not correct'),
  newPassword: newPasswordSchema,
});
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;

/**
 * Email ownership (issue 26 §1): a new account's address, and a new address on /account, count only once
 * the mailed link has been opened. What depends on owning the address answers `required(address)` until
 * then, on every door and in the UI.
 */
const CONFIRM_FIRST = 'Confirm your email address first:';

export const EMAIL_VERIFICATION_MESSAGES = {
  required: (address: string) => `${CONFIRM_FIRST} we sent a link to ${address}.`,
  invalidLink:
    'This confirmation link is invalid, has expired or was already used. Sign in and ask for a new one.',
  tokenRequired: 'The confirmation link is incomplete. Open the link from the email again.',
  verified: 'Your email address is confirmed.',
  alreadyVerified: 'Your email address is already confirmed.',
  resent: (address: string) => `We sent a new confirmation link to ${address}. It works once, for 24 hours.`,
  changeRequested: (address: string) =>
    `We sent a confirmation link to ${address}. Your email address changes when you open it (within 24 hours).`,
  changed: (address: string) => `Your email address is now ${address}.`,
  sameAddress: 'That is already your email address.',
  demo: 'The demo account\u2019s email address cannot be changed.',
  signupCheckMail:
    'We sent you a link to confirm your email address: open it to finish setting up your account.',
} as const;

/** Whether a refusal is `EMAIL_VERIFICATION_MESSAGES.required(…)` (the address is not confirmed yet). */
export const isEmailConfirmationRequired = (message: string) => message.startsWith(CONFIRM_FIRST);

/** A mailed confirmation link's token (POST /api/auth/verify-email and /confirm-email-change). */
export const emailLinkTokenSchema = z
  .string({ error: EMAIL_VERIFICATION_MESSAGES.tokenRequired })
  .min(1, EMAIL_VERIFICATION_MESSAGES.tokenRequired)
  .max(200, EMAIL_VERIFICATION_MESSAGES.invalidLink)
  .regex(/^[A-Za-z0-9_-]+$/, EMAIL_VERIFICATION_MESSAGES.invalidLink);

/** POST /api/auth/verify-email and POST /api/auth/confirm-email-change: {token}. */
export const verifyEmailSchema = z.object({ token: emailLinkTokenSchema });
export type VerifyEmailInput = z.input<typeof verifyEmailSchema>;

/** /account → email, and POST /api/auth/email: the new address, and the current password (as for a password change). */
export const changeEmailSchema = z.object({
  // Nobody moves their account to an address of the demo (its mail goes nowhere).
  newEmail: ownEmailSchema,
  currentPassword: changePasswordSchema.shape.currentPassword,
});
export type ChangeEmailInput = z.input<typeof changeEmailSchema>;
