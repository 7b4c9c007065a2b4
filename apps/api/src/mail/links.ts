/**
 * Every address of the web app that a mail links to, built in one place: the services pass these to the
 * templates, and the browser test of issue 32 (apps/web/e2e/crawl.e2e.mjs) opens each one, so a link
 * the product sends cannot lead to the 404 page unnoticed. `base` is the app's origin (APP_URL or the
 * request's), without a trailing slash.
 */
export type EmailLinkPurpose = 'verify_email' | 'change_email';

/** Where each kind of address-confirmation link leads: the web page that posts its token. */
const EMAIL_LINK_PAGES: Record<EmailLinkPurpose, string> = {
  verify_email: '/verify-email',
  change_email: '/confirm-email',
};

export const mailLinks = {
  login: (base: string) => `${base}/login`,
  forgotPassword: (base: string) => `${base}/forgot-password`,
  resetPassword: (base: string, token: string) => `${base}/reset-password?token=${encodeURIComponent(token)}`,
  /** The page that takes an address-confirmation token: a first address, or a new one. */
  confirmEmail: (base: string, purpose: EmailLinkPurpose, token: string) =>
    `${base}${EMAIL_LINK_PAGES[purpose]}?token=${encodeURIComponent(token)}`,
  account: (base: string) => `${base}/account`,
  maintenance: (base: string) => `${base}/maintenance`,
  property: (base: string, propertyId: string) => `${base}/properties/${encodeURIComponent(propertyId)}`,
  /** The property's Policy Check tab (the digest's compliance items). */
  policyCheck: (base: string, propertyId: string) =>
    `${base}/properties/${encodeURIComponent(propertyId)}?tab=policy-check`,
  vendorInvite: (base: string, token: string) => `${base}/invite/${encodeURIComponent(token)}`,
  transferOffer: (base: string, token: string) => `${base}/transfers/${encodeURIComponent(token)}`,
  /** Issue 29 §2: an invitation to join an organisation. */
  memberInvite: (base: string, token: string) => `${base}/invitations/${encodeURIComponent(token)}`,
  /** Issue 29 §3: read-only access to one property, offered to someone outside the organisation. */
  propertyGrant: (base: string, token: string) => `${base}/access/${encodeURIComponent(token)}`,
  /** The seller's and the buyer's list of transfers (issue 32: it once led to the 404 page). */
  transfers: (base: string) => `${base}/transfers`,
  supplierVerification: (base: string) => `${base}/supplier?tab=verification`,
} as const;
