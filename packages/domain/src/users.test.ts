import { describe, expect, it } from 'vitest';
import { safeReturnPath } from './return-path.js';
import {
  ACCOUNT_GROUPS,
  accountGroupOf,
  accountGroupSchema,
  audienceOf,
  COMING_SOON_USER_TYPES,
  homePathOf,
  isComingSoon,
  PORTFOLIO_USER_TYPES,
  SELECTABLE_USER_TYPES,
  seesPortfolio,
  USER_TYPES,
  USER_TYPES_BY_GROUP,
  type UserType,
  userTypeSchema,
} from './users.js';

describe('user types (spec §1)', () => {
  it('are the eight types', () => {
    expect(USER_TYPES).toEqual([
      'homeowner',
      'investor',
      'company_investor',
      'property_manager',
      'main_contractor',
      'developer',
      'insurance_agent',
      'supplier',
    ]);
    for (const type of USER_TYPES) expect(userTypeSchema.parse(type)).toBe(type);
    expect(userTypeSchema.safeParse('admin').success).toBe(false);
  });

  it('offer main_contractor, developer and insurance_agent as Coming Soon only', () => {
    expect(COMING_SOON_USER_TYPES).toEqual(['main_contractor', 'developer', 'insurance_agent']);
    expect(USER_TYPES.filter(isComingSoon)).toEqual(['main_contractor', 'developer', 'insurance_agent']);
    expect(SELECTABLE_USER_TYPES).toEqual([
      'homeowner',
      'investor',
      'company_investor',
      'property_manager',
      'supplier',
    ]);
  });
});

describe('account groups', () => {
  it('are individual and company', () => {
    expect(ACCOUNT_GROUPS).toEqual(['individual', 'company']);
    expect(accountGroupSchema.parse('company')).toBe('company');
    expect(accountGroupSchema.safeParse('team').success).toBe(false);
  });

  it('partition the user types', () => {
    expect([...USER_TYPES_BY_GROUP.individual, ...USER_TYPES_BY_GROUP.company].sort()).toEqual(
      [...USER_TYPES].sort(),
    );
  });

  it.each([
    ['homeowner', 'individual'],
    ['investor', 'individual'],
    ['company_investor', 'company'],
    ['property_manager', 'company'],
    ['main_contractor', 'company'],
    ['developer', 'company'],
    ['insurance_agent', 'company'],
    ['supplier', 'company'],
  ] as const)('%s is %s', (type, group) => {
    expect(accountGroupOf(type)).toBe(group);
    expect(USER_TYPES_BY_GROUP[group] as readonly UserType[]).toContain(type);
  });
});

describe('audiences and home paths (spec §1, §6)', () => {
  it.each(USER_TYPES)('%s', (type) => {
    const supplier = type === 'supplier';
    expect(audienceOf(type)).toBe(supplier ? 'supplier' : 'owner');
    expect(homePathOf(type)).toBe(supplier ? '/supplier' : '/app');
  });
});

describe('portfolio (spec §1)', () => {
  it('is seen by homeowners, investors, company investors and property managers', () => {
    expect(PORTFOLIO_USER_TYPES).toEqual(['homeowner', 'investor', 'company_investor', 'property_manager']);
    expect(USER_TYPES.filter(seesPortfolio)).toEqual([
      'homeowner',
      'investor',
      'company_investor',
      'property_manager',
    ]);
  });
});

describe('safeReturnPath', () => {
  it.each(['/share/abc123', '/share/abc?x=1#top', '/app', '/supplier/jobs/1', '/'])(
    'keeps the app path %s',
    (path) => {
      expect(safeReturnPath(path)).toBe(path);
    },
  );

  it.each([
    ['another host', '//evil.example/share/x'],
    ['another host (backslash)', '/\\evil.example'],
    ['a backslash later', '/share/\\x'],
    ['an absolute URL', 'https://evil.example/'],
    ['a scheme', 'javascript:alert(1)'],
    ['a relative path', 'share/x'],
    ['a control character', '/share/x\nSet-Cookie: a=b'],
    ['the login page', '/login'],
    ['the login page with a query', '/login?redirect=/app'],
    ['the signup page', '/signup'],
    ['too long', `/${'a'.repeat(600)}`],
    ['empty', ''],
    ['not a string', 42],
    ['missing', undefined],
  ])('refuses %s', (_label, value) => {
    expect(safeReturnPath(value)).toBeUndefined();
  });

  it('keeps paths that only start like the login page', () => {
    expect(safeReturnPath('/loginhelp')).toBe('/loginhelp');
  });
});
