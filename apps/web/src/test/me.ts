import type { OrganizationRole } from '@propertydna/domain';

/**
 * The answer of `auth.me` for component tests that fake the transport: Thandiwe Mokoena of Mokoena Holdings
 * on Premium, with `role`; `user` and `organization` override single fields (a homeowner's individual account).
 */
export function meAnswer(
  role: OrganizationRole,
  overrides: { user?: Record<string, unknown>; organization?: Record<string, unknown> } = {},
) {
  return {
    user: {
      id: 'u1',
      email: 'thandiwe@example.co.za',
      firstName: 'Thandiwe',
      lastName: 'Mokoena',
      role,
      userType: 'company_investor',
      phone: null,
      email_verified: true,
      pending_email: null,
      ...overrides.user,
    },
    organization: {
      id: 'o1',
      name: 'Mokoena Holdings',
      accountType: 'company',
      plan: 'premium',
      trialEndsAt: null,
      registrationNumber: null,
      vatNumber: null,
      companyType: null,
      tradingAs: null,
      businessAddress: null,
      specialties: [],
      isDemo: false,
      ...overrides.organization,
    },
  };
}
