import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  COMING_SOON_USER_TYPES,
  isComingSoon,
  USER_TYPES,
  USER_TYPES_BY_GROUP,
  type UserType,
} from '../users.js';
import {
  changeEmailSchema,
  DEMO_ACCOUNTS,
  demoLoginSchema,
  EMAIL_VERIFICATION_MESSAGES,
  isEmailConfirmationRequired,
  LOGIN_MESSAGES,
  loginSchema,
  newPasswordSchema,
  SIGNUP_FIELD_MESSAGES,
  SIGNUP_FIELDS_BY_USER_TYPE,
  SIGNUP_MESSAGES,
  type SignupFormInput,
  type SignupRequestInput,
  signupFormSchema,
  signupRequestSchema,
  toSignupRequest,
  verifyEmailSchema,
} from './auth.js';
import { dataOf, errorsOf } from './test-helpers.js';

/** The form as the wizard's third step holds it: every field present, blanks where nothing was typed. */
const blankForm = {
  accountType: 'individual',
  userType: 'homeowner',
  firstName: '',
  lastName: '',
  email: '',
  password: '',
  confirmPassword: '',
  company: '',
  phoneNumber: '',
  registrationNumber: '',
  vatNumber: '',
  companyType: '',
  specialties: '',
  tradingAs: '',
  businessAddress: '',
  agreeToTerms: false,
  agreeToMarketing: false,
} satisfies SignupFormInput;

const homeowner = {
  ...blankForm,
  firstName: ' Thandi ',
  lastName: 'Nkosi',
  email: ' Thandi@Example.CO.ZA ',
  password: 'secret123',
  confirmPassword: 'secret123',
  agreeToTerms: true,
} satisfies SignupFormInput;

const companyInvestor = {
  ...homeowner,
  accountType: 'company',
  userType: 'company_investor',
  company: 'Karoo Holdings',
  registrationNumber: '2019/123456/07',
  companyType: '(Pty) Ltd',
} satisfies SignupFormInput;

const supplier = {
  ...homeowner,
  accountType: 'company',
  userType: 'supplier',
  company: 'RoofCo',
  registrationNumber: '2015/555555/07',
  specialties: 'Roofing, Waterproofing, roofing',
  businessAddress: '12 Long Street, Cape Town',
} satisfies SignupFormInput;

describe('SIGNUP_MESSAGES', () => {
  it('has the spec texts', () => {
    expect(SIGNUP_MESSAGES.passwordMismatch).toEqual({
      title: 'Password mismatch',
      message: 'Passwords do not match. Please check and try again.',
    });
    expect(SIGNUP_MESSAGES.termsRequired).toEqual({
      title: 'Terms required',
      message: 'Please agree to the Terms of Service to continue.',
    });
    expect(SIGNUP_MESSAGES.failed).toEqual({
      title: 'Signup failed',
      message: 'Failed to create account. Please try again.',
    });
    expect(SIGNUP_MESSAGES.created.title).toBe('Account created successfully!');
    expect(SIGNUP_MESSAGES.created.message).toContain('PropertyDNA');
  });
});

describe('newPasswordSchema', () => {
  it('takes 8 to 128 characters as typed', () => {
    expect(dataOf(newPasswordSchema, ' secret1')).toBe(' secret1');
    expect(dataOf(newPasswordSchema, 'x'.repeat(128))).toBe('x'.repeat(128));
  });

  it.each([
    ['', 'Password is required'],
    [undefined, 'Password is required'],
    ['secret1', 'Password must be at least 8 characters'],
    ['x'.repeat(129), 'Password must be at most 128 characters'],
  ])('rejects %j', (value, message) => {
    expect(errorsOf(newPasswordSchema, value)).toEqual({ '': message });
  });
});

describe('signupFormSchema', () => {
  it('accepts a homeowner and normalises the fields', () => {
    expect(dataOf(signupFormSchema, homeowner)).toEqual({
      accountType: 'individual',
      userType: 'homeowner',
      firstName: 'Thandi',
      lastName: 'Nkosi',
      email: 'thandi@example.co.za',
      password: 'secret123',
      confirmPassword: 'secret123',
      company: undefined,
      phoneNumber: undefined,
      registrationNumber: undefined,
      vatNumber: undefined,
      companyType: undefined,
      specialties: [],
      tradingAs: undefined,
      businessAddress: undefined,
      agreeToTerms: true,
      agreeToMarketing: false,
    });
  });

  it('gives every message of an untouched form at once, one per field', () => {
    expect(errorsOf(signupFormSchema, blankForm)).toEqual({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      email: 'Email is required',
      password: 'Password is required',
      confirmPassword: 'Please confirm your password',
      agreeToTerms: 'Please agree to the Terms of Service to continue.',
    });
  });

  it('gives the role messages together with the field messages', () => {
    expect(
      errorsOf(signupFormSchema, {
        ...blankForm,
        accountType: 'company',
        userType: 'supplier',
        password: 'secret123',
        confirmPassword: 'secret124',
      }),
    ).toEqual({
      firstName: SIGNUP_FIELD_MESSAGES.firstNameRequired,
      lastName: SIGNUP_FIELD_MESSAGES.lastNameRequired,
      email: 'Email is required',
      confirmPassword: 'Passwords do not match. Please check and try again.',
      agreeToTerms: SIGNUP_MESSAGES.termsRequired.message,
      company: 'Company name is required',
      registrationNumber: 'Registration number is required',
      specialties: 'Choose at least one service category',
      businessAddress: 'Business address is required',
    });
  });

  it('checks the email format', () => {
    expect(errorsOf(signupFormSchema, { ...homeowner, email: 'thandi@' })).toEqual({
      email: 'Enter a valid email address',
    });
  });

  it('needs a password of at least 8 characters', () => {
    expect(errorsOf(signupFormSchema, { ...homeowner, password: 'short', confirmPassword: 'short' })).toEqual(
      {
        password: 'Password must be at least 8 characters',
      },
    );
  });

  it('puts a password mismatch on confirmPassword, with the spec message', () => {
    expect(errorsOf(signupFormSchema, { ...homeowner, confirmPassword: 'secret124' })).toEqual({
      confirmPassword: SIGNUP_MESSAGES.passwordMismatch.message,
    });
  });

  it('does not compare the passwords while confirmPassword is empty', () => {
    expect(errorsOf(signupFormSchema, { ...homeowner, confirmPassword: '' })).toEqual({
      confirmPassword: 'Please confirm your password',
    });
  });

  it.each([[false], [undefined], ['yes']])('needs the Terms agreed: %j', (agreeToTerms) => {
    expect(errorsOf(signupFormSchema, { ...homeowner, agreeToTerms })).toEqual({
      agreeToTerms: 'Please agree to the Terms of Service to continue.',
    });
  });

  it.each(COMING_SOON_USER_TYPES)('refuses the Coming Soon role %s', (userType) => {
    expect(errorsOf(signupFormSchema, { ...homeowner, accountType: 'company', userType })).toEqual({
      userType: 'This account type is coming soon and cannot be chosen yet',
    });
  });

  it.each([
    ['individual', 'supplier'],
    ['individual', 'company_investor'],
    ['company', 'homeowner'],
    ['company', 'investor'],
  ] as const)('refuses a %s account with the role %s', (accountType, userType) => {
    expect(errorsOf(signupFormSchema, { ...supplier, accountType, userType })).toEqual({
      userType: 'This role is not available for the chosen account type',
    });
  });

  it('refuses a missing account type or role', () => {
    expect(errorsOf(signupFormSchema, { ...homeowner, accountType: '', userType: 'owner' })).toEqual({
      accountType: 'Choose an account type',
      userType: 'Choose a role',
    });
  });

  it('needs a company name for every company account', () => {
    expect(
      errorsOf(signupFormSchema, { ...homeowner, accountType: 'company', userType: 'property_manager' }),
    ).toEqual({ company: 'Company name is required' });
    expect(
      dataOf(signupFormSchema, {
        ...homeowner,
        accountType: 'company',
        userType: 'property_manager',
        company: ' Gauteng Rentals ',
        registrationNumber: 'left over from another role',
      }),
    ).toMatchObject({ company: 'Gauteng Rentals', registrationNumber: undefined });
  });

  it('company_investor: registration number and company type required, VAT optional', () => {
    expect(
      errorsOf(signupFormSchema, {
        ...companyInvestor,
        registrationNumber: ' ',
        companyType: '',
        company: '',
      }),
    ).toEqual({
      company: SIGNUP_FIELD_MESSAGES.companyRequired,
      registrationNumber: SIGNUP_FIELD_MESSAGES.registrationNumberRequired,
      companyType: 'Company type is required',
    });
    expect(dataOf(signupFormSchema, companyInvestor)).toMatchObject({
      company: 'Karoo Holdings',
      registrationNumber: '2019/123456/07',
      companyType: '(Pty) Ltd',
      vatNumber: undefined,
    });
    expect(dataOf(signupFormSchema, { ...companyInvestor, vatNumber: '4123456789' })).toMatchObject({
      vatNumber: '4123456789',
    });
  });

  it('supplier: registration number, service categories and business address required, trading as optional', () => {
    expect(
      errorsOf(signupFormSchema, {
        ...supplier,
        registrationNumber: '',
        specialties: ' , ',
        businessAddress: '',
      }),
    ).toEqual({
      registrationNumber: 'Registration number is required',
      specialties: 'Choose at least one service category',
      businessAddress: 'Business address is required',
    });
    expect(
      dataOf(signupFormSchema, { ...supplier, vatNumber: '4123456789', tradingAs: 'RoofCo Cape' }),
    ).toMatchObject({
      specialties: ['Roofing', 'Waterproofing'],
      tradingAs: 'RoofCo Cape',
      businessAddress: '12 Long Street, Cape Town',
      vatNumber: undefined,
    });
    expect(dataOf(signupFormSchema, { ...supplier, specialties: ['Roofing'] })).toMatchObject({
      specialties: ['Roofing'],
      tradingAs: undefined,
    });
  });

  it('drops the fields of other roles, so stale wizard values never reach the server', () => {
    expect(
      dataOf(signupFormSchema, {
        ...homeowner,
        company: 'Acme',
        registrationNumber: '1',
        vatNumber: '2',
        companyType: 'CC',
        specialties: 'Roofing',
        tradingAs: 'T',
        businessAddress: 'B',
      }),
    ).toMatchObject({
      company: undefined,
      registrationNumber: undefined,
      vatNumber: undefined,
      companyType: undefined,
      specialties: [],
      tradingAs: undefined,
      businessAddress: undefined,
    });
  });

  it('keeps phone optional but checks it when given, and stores it in E.164', () => {
    expect(dataOf(signupFormSchema, { ...homeowner, phoneNumber: ' 082 123 4567 ' }).phoneNumber).toBe(
      '+27821234567',
    );
    expect(errorsOf(signupFormSchema, { ...homeowner, phoneNumber: 'call me' })).toEqual({
      phoneNumber: 'Enter a valid phone number',
    });
  });

  it('checks the registration and VAT numbers of the roles that give them, and stores them compact', () => {
    expect(
      dataOf(signupFormSchema, { ...supplier, registrationNumber: ' 2015 / 555555 / 07 ' }),
    ).toMatchObject({
      registrationNumber: '2015/555555/07',
    });
    expect(errorsOf(signupFormSchema, { ...supplier, registrationNumber: '1234' })).toEqual({
      registrationNumber: 'Enter the company registration number as YYYY/NNNNNN/NN, e.g. 2015/123456/07',
    });
    expect(errorsOf(signupFormSchema, { ...companyInvestor, registrationNumber: '1899/123456/07' })).toEqual({
      registrationNumber: 'The registration year must be between 1900 and this year',
    });
    expect(dataOf(signupFormSchema, { ...companyInvestor, vatNumber: '4123 456 789' })).toMatchObject({
      vatNumber: '4123456789',
    });
    expect(errorsOf(signupFormSchema, { ...companyInvestor, vatNumber: '5123456789' })).toEqual({
      vatNumber: 'Enter the VAT number as 10 digits starting with 4, e.g. 4123456789',
    });
    // A number the chosen role does not use is dropped, not checked.
    expect(dataOf(signupFormSchema, { ...homeowner, registrationNumber: 'x', vatNumber: 'y' })).toMatchObject(
      {
        registrationNumber: undefined,
        vatNumber: undefined,
      },
    );
  });

  it('caps the lengths', () => {
    expect(
      errorsOf(signupFormSchema, {
        ...supplier,
        firstName: 'x'.repeat(101),
        businessAddress: 'y'.repeat(301),
      }),
    ).toEqual({
      firstName: 'First name must be at most 100 characters',
      businessAddress: 'Business address must be at most 300 characters',
    });
  });

  it('keeps agreeToMarketing', () => {
    expect(dataOf(signupFormSchema, { ...homeowner, agreeToMarketing: true }).agreeToMarketing).toBe(true);
  });

  it('lists for each role the fields it keeps', () => {
    expect(SIGNUP_FIELDS_BY_USER_TYPE.homeowner).toEqual([]);
    expect(SIGNUP_FIELDS_BY_USER_TYPE.company_investor).toEqual([
      'company',
      'registrationNumber',
      'vatNumber',
      'companyType',
    ]);
    for (const userType of USER_TYPES_BY_GROUP.company) {
      expect(SIGNUP_FIELDS_BY_USER_TYPE[userType]).toContain('company');
    }
  });
});

describe('toSignupRequest', () => {
  it('turns the parsed form into a request the server accepts, unchanged', () => {
    for (const form of [homeowner, companyInvestor, supplier]) {
      const parsed = dataOf(signupFormSchema, form);
      const request = toSignupRequest(parsed);
      expect(request).not.toHaveProperty('confirmPassword');
      expect(request).not.toHaveProperty('agreeToTerms');
      const { confirmPassword: _c, agreeToTerms: _a, ...expected } = parsed;
      expect(dataOf(signupRequestSchema, request)).toEqual(expected);
    }
  });
});

describe('signupRequestSchema', () => {
  /** What the old client sends (spec §7). */
  const sent = {
    firstName: 'Thandi',
    lastName: 'Nkosi',
    email: '  THANDI@example.com',
    password: 'secret123',
    userType: 'homeowner',
    company: '',
    phoneNumber: '',
    agreeToMarketing: true,
  } satisfies SignupRequestInput;

  it('accepts the spec payload, deriving the account type and normalising the email', () => {
    expect(dataOf(signupRequestSchema, sent)).toEqual({
      firstName: 'Thandi',
      lastName: 'Nkosi',
      email: 'thandi@example.com',
      password: 'secret123',
      userType: 'homeowner',
      accountType: 'individual',
      company: undefined,
      phoneNumber: undefined,
      registrationNumber: undefined,
      vatNumber: undefined,
      companyType: undefined,
      specialties: [],
      tradingAs: undefined,
      businessAddress: undefined,
      agreeToMarketing: true,
    });
  });

  it('needs no confirmPassword or agreeToTerms and drops unknown keys', () => {
    const parsed = dataOf(signupRequestSchema, { ...sent, confirmPassword: 'x', isAdmin: true });
    expect(parsed).not.toHaveProperty('confirmPassword');
    expect(parsed).not.toHaveProperty('isAdmin');
  });

  it('defaults agreeToMarketing to false', () => {
    const { agreeToMarketing: _, ...rest } = sent;
    expect(dataOf(signupRequestSchema, rest).agreeToMarketing).toBe(false);
  });

  it('gives the field messages for a missing payload', () => {
    expect(errorsOf(signupRequestSchema, {})).toEqual({
      userType: 'Choose a role',
      firstName: 'First name is required',
      lastName: 'Last name is required',
      email: 'Email is required',
      password: 'Password is required',
    });
  });

  it('applies the same role rules as the form', () => {
    expect(errorsOf(signupRequestSchema, { ...sent, userType: 'supplier' })).toEqual({
      company: 'Company name is required',
      registrationNumber: 'Registration number is required',
      specialties: 'Choose at least one service category',
      businessAddress: 'Business address is required',
    });
    expect(errorsOf(signupRequestSchema, { ...sent, userType: 'developer', company: 'Dev Co' })).toEqual({
      userType: SIGNUP_FIELD_MESSAGES.comingSoon,
    });
    expect(errorsOf(signupRequestSchema, { ...sent, accountType: 'company' })).toEqual({
      userType: SIGNUP_FIELD_MESSAGES.wrongGroup,
    });
    expect(errorsOf(signupRequestSchema, { ...sent, userType: 'company_investor', company: 'K' })).toEqual({
      registrationNumber: 'Registration number is required',
      companyType: 'Company type is required',
    });
  });

  it('takes specialties as comma-separated text or a list', () => {
    const base = {
      ...sent,
      userType: 'supplier',
      company: 'RoofCo',
      registrationNumber: '2015/555555/07',
      businessAddress: 'Cape Town',
    } as const;
    expect(dataOf(signupRequestSchema, { ...base, specialties: 'Roofing,Gutters , ,roofing' })).toMatchObject(
      {
        accountType: 'company',
        specialties: ['Roofing', 'Gutters'],
      },
    );
    expect(
      dataOf(signupRequestSchema, { ...base, specialties: [' Gutters ', 'Gutters'] }).specialties,
    ).toEqual(['Gutters']);
    expect(errorsOf(signupRequestSchema, { ...base, specialties: 7 })).toEqual({
      specialties: 'Enter service categories separated by commas',
    });
  });

  it('accepts exactly the selectable roles, with their required fields filled in', () => {
    const filled = {
      ...sent,
      company: 'C',
      registrationNumber: '2015/555555/07',
      companyType: 'T',
      specialties: 'S',
      businessAddress: 'A',
    };
    fc.assert(
      fc.property(fc.constantFrom<UserType>(...USER_TYPES), fc.boolean(), (userType, withGroup) => {
        const accountType = USER_TYPES_BY_GROUP.individual.some((type) => type === userType)
          ? 'individual'
          : 'company';
        const input = withGroup ? { ...filled, userType, accountType } : { ...filled, userType };
        expect(signupRequestSchema.safeParse(input).success).toBe(!isComingSoon(userType));
      }),
    );
  });
});

describe('loginSchema', () => {
  it('has the spec messages', () => {
    expect(LOGIN_MESSAGES).toEqual({
      missingCredentials: 'Missing credentials: Please enter email and password or use demo accounts',
      invalidCredentials: 'Invalid email or password',
      welcomeBack: 'Welcome back!',
      demoFailed: 'Login failed: Unable to sign in with demo account',
    });
  });

  it('trims and lower-cases the email, keeps the password as typed', () => {
    expect(dataOf(loginSchema, { email: ' Owner@Example.com ', password: ' pass ' })).toEqual({
      email: 'owner@example.com',
      password: ' pass ',
    });
  });

  it('does not check the email format (a wrong address just fails to sign in)', () => {
    expect(dataOf(loginSchema, { email: 'owner', password: 'x' }).email).toBe('owner');
  });

  it.each([
    [{ email: '', password: '' }, ['email', 'password']],
    [{ email: '   ', password: 'secret' }, ['email']],
    [{ email: 'owner@example.com', password: '' }, ['password']],
    [{}, ['email', 'password']],
    [{ email: 'owner@example.com' }, ['password']],
  ])('gives the missing-credentials message on the empty field(s) of %j', (input, paths) => {
    expect(errorsOf(loginSchema, input)).toEqual(
      Object.fromEntries(paths.map((path) => [path, LOGIN_MESSAGES.missingCredentials])),
    );
  });

  it('refuses over-long credentials as invalid', () => {
    expect(errorsOf(loginSchema, { email: `${'a'.repeat(250)}@x.com`, password: 'p'.repeat(129) })).toEqual({
      email: 'Invalid email or password',
      password: 'Invalid email or password',
    });
  });
});

describe('demoLoginSchema', () => {
  it.each(DEMO_ACCOUNTS)('accepts %s', (account) => {
    expect(dataOf(demoLoginSchema, { account })).toEqual({ account });
  });

  it.each([['admin'], [undefined]])('refuses %j', (account) => {
    expect(errorsOf(demoLoginSchema, { account })).toEqual({ account: 'Choose a demo account' });
  });
});

describe('email verification', () => {
  it('names the address in what it asks for', () => {
    expect(EMAIL_VERIFICATION_MESSAGES.required('a@b.co.za')).toBe(
      'Confirm your email address first: we sent a link to a@b.co.za.',
    );
    expect(EMAIL_VERIFICATION_MESSAGES.resent('a@b.co.za')).toContain('a@b.co.za');
    expect(EMAIL_VERIFICATION_MESSAGES.changeRequested('a@b.co.za')).toContain('a@b.co.za');
    expect(EMAIL_VERIFICATION_MESSAGES.changed('a@b.co.za')).toContain('a@b.co.za');
    expect(isEmailConfirmationRequired(EMAIL_VERIFICATION_MESSAGES.required('a@b.co.za'))).toBe(true);
    expect(isEmailConfirmationRequired('You have reached the Free plan limit.')).toBe(false);
  });

  it('takes a link token and refuses a missing or malformed one with the link messages', () => {
    expect(verifyEmailSchema.parse({ token: 'abc_DEF-123' })).toEqual({ token: 'abc_DEF-123' });
    const messageOf = (input: unknown) => verifyEmailSchema.safeParse(input).error?.issues[0]?.message;
    expect(messageOf({})).toBe(EMAIL_VERIFICATION_MESSAGES.tokenRequired);
    expect(messageOf({ token: '' })).toBe(EMAIL_VERIFICATION_MESSAGES.tokenRequired);
    expect(messageOf({ token: 'not a token' })).toBe(EMAIL_VERIFICATION_MESSAGES.invalidLink);
    expect(messageOf({ token: 'a'.repeat(201) })).toBe(EMAIL_VERIFICATION_MESSAGES.invalidLink);
  });

  it('takes a new address (normalised) with the current password', () => {
    expect(changeEmailSchema.parse({ newEmail: ' New@Example.co.za ', currentPassword: 'secret' })).toEqual({
      newEmail: 'new@example.co.za',
      currentPassword: 'secret',
    });
    expect(changeEmailSchema.safeParse({ newEmail: 'nope', currentPassword: 'x' }).success).toBe(false);
    expect(
      changeEmailSchema.safeParse({ newEmail: 'me@demo.propertydna.co.za', currentPassword: 'x' }).error
        ?.issues[0]?.message,
    ).toBe('This address belongs to the PropertyDNA demo. Use your own email address.');
    expect(
      changeEmailSchema.safeParse({ newEmail: 'a@b.co.za', currentPassword: '' }).error?.issues[0]?.message,
    ).toBe('Enter your current password');
  });
});
