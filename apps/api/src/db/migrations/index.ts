import type { Migration } from 'kysely/migration';
import * as accounts from './2026-11-22T0001-accounts.js';
import * as accountsProfile from './2026-11-22T0002-accounts-profile-and-login-failures.js';
import * as propertiesAndDocuments from './2026-11-22T0003-properties-and-documents.js';
import * as uploadsAndAudit from './2026-11-22T0004-uploads-and-audit.js';
import * as supplierJobsTemplates from './2026-11-22T0005-supplier-jobs-templates.js';
import * as shares from './2026-11-22T0006-shares.js';
import * as supplierInsurance from './2026-11-22T0007-supplier-insurance.js';
import * as organizationDocuments from './2026-11-22T0008-organization-documents.js';
import * as attemptsAndCapabilities from './2026-11-23T0009-attempts-and-capabilities.js';
import * as sharesOnCapabilities from './2026-11-23T0010-shares-on-capabilities.js';
import * as compliance from './2026-11-23T0011-compliance.js';
import * as maintenance from './2026-11-23T0012-maintenance.js';
import * as emailAlerts from './2026-11-23T0013-email-alerts.js';
import * as vendors from './2026-11-23T0014-vendors.js';
import * as escalation from './2026-11-23T0015-escalation.js';
import * as policyIdentity from './2026-11-23T0016-policy-identity.js';
import * as transfers from './2026-11-23T0017-transfers.js';
import * as propertyFigures from './2026-11-26T0018-property-figures.js';
import * as portfolioVersion from './2026-11-26T0019-portfolio-version.js';
import * as storedObjects from './2026-11-27T0020-stored-objects.js';
import * as emailVerification from './2026-11-27T0021-email-verification.js';
import * as supplierVerification from './2026-11-27T0022-supplier-verification.js';
import * as registers from './2026-11-27T0023-registers.js';
import * as provenance from './2026-11-27T0024-provenance.js';
import * as honestDates from './2026-11-27T0025-honest-dates.js';
import * as claimCoverAndReminders from './2026-11-27T0026-claim-cover-and-reminders.js';
import * as packChoices from './2026-11-27T0027-pack-choices.js';
import * as privateDemos from './2026-11-27T0028-private-demos.js';
import * as verificationFixes from './2026-11-27T0029-verification-fixes.js';
import * as extraction from './2026-11-27T0030-extraction.js';
import * as policyScans from './2026-11-27T0032-policy-scans.js';
import * as policyClauses from './2026-11-27T0033-policy-clauses.js';
import * as policyFindingOrder from './2026-11-27T0034-policy-finding-order.js';
import * as ocrUsage from './2026-11-27T0035-ocr-usage.js';
import * as complianceReason from './2026-11-28T0036-compliance-reason.js';
import * as documentIssuedName from './2026-11-28T0400-document-issued-name.js';
import * as memberRoles from './2026-11-28T0450-member-roles.js';
import * as memberInvites from './2026-11-28T0451-member-invites.js';
import * as idempotencyKeys from './2026-11-28T0452-idempotency-keys.js';
import * as apiTokens from './2026-11-28T0510-api-tokens.js';
import * as webhooks from './2026-11-28T0520-webhooks.js';
import * as payfast from './2026-11-28T0530-payfast.js';
import * as apiTokenProperty from './2026-11-28T0540-api-token-property.js';
import * as propertyGrants from './2026-11-28T0550-property-grants.js';
import * as reminderCompletedBy from './2026-11-28T0570-reminder-completed-by.js';
import * as accountClosing from './2026-11-28T0580-account-closing.js';
import * as accountExports from './2026-11-28T0595-account-exports.js';
import * as accessLedgerSummary from './2026-11-28T0596-access-ledger-summary.js';

/**
 * Every migration, keyed by its date-prefixed name (kysely runs them in name order).
 * Listed statically so the bundled server carries them; add new ones at the end.
 */
export const migrations: Record<string, Migration> = {
  '2026-11-22T0001-accounts': accounts,
  '2026-11-22T0002-accounts-profile-and-login-failures': accountsProfile,
  '2026-11-22T0003-properties-and-documents': propertiesAndDocuments,
  '2026-11-22T0004-uploads-and-audit': uploadsAndAudit,
  '2026-11-22T0005-supplier-jobs-templates': supplierJobsTemplates,
  '2026-11-22T0006-shares': shares,
  '2026-11-22T0007-supplier-insurance': supplierInsurance,
  '2026-11-22T0008-organization-documents': organizationDocuments,
  '2026-11-23T0009-attempts-and-capabilities': attemptsAndCapabilities,
  '2026-11-23T0010-shares-on-capabilities': sharesOnCapabilities,
  '2026-11-23T0011-compliance': compliance,
  '2026-11-23T0012-maintenance': maintenance,
  '2026-11-23T0013-email-alerts': emailAlerts,
  '2026-11-23T0014-vendors': vendors,
  '2026-11-23T0015-escalation': escalation,
  '2026-11-23T0016-policy-identity': policyIdentity,
  '2026-11-23T0017-transfers': transfers,
  '2026-11-26T0018-property-figures': propertyFigures,
  '2026-11-26T0019-portfolio-version': portfolioVersion,
  '2026-11-27T0020-stored-objects': storedObjects,
  '2026-11-27T0021-email-verification': emailVerification,
  '2026-11-27T0022-supplier-verification': supplierVerification,
  '2026-11-27T0023-registers': registers,
  '2026-11-27T0024-provenance': provenance,
  '2026-11-27T0025-honest-dates': honestDates,
  '2026-11-27T0026-claim-cover-and-reminders': claimCoverAndReminders,
  '2026-11-27T0027-pack-choices': packChoices,
  '2026-11-27T0028-private-demos': privateDemos,
  '2026-11-27T0029-verification-fixes': verificationFixes,
  '2026-11-27T0030-extraction': extraction,
  '2026-11-27T0032-policy-scans': policyScans,
  '2026-11-27T0033-policy-clauses': policyClauses,
  '2026-11-27T0034-policy-finding-order': policyFindingOrder,
  '2026-11-27T0035-ocr-usage': ocrUsage,
  '2026-11-28T0036-compliance-reason': complianceReason,
  '2026-11-28T0400-document-issued-name': documentIssuedName,
  '2026-11-28T0450-member-roles': memberRoles,
  '2026-11-28T0451-member-invites': memberInvites,
  '2026-11-28T0452-idempotency-keys': idempotencyKeys,
  '2026-11-28T0510-api-tokens': apiTokens,
  '2026-11-28T0520-webhooks': webhooks,
  '2026-11-28T0530-payfast': payfast,
  '2026-11-28T0540-api-token-property': apiTokenProperty,
  '2026-11-28T0550-property-grants': propertyGrants,
  '2026-11-28T0570-reminder-completed-by': reminderCompletedBy,
  '2026-11-28T0580-account-closing': accountClosing,
  '2026-11-28T0595-account-exports': accountExports,
  '2026-11-28T0596-access-ledger-summary': accessLedgerSummary,
};
