import { closingRouter } from '../modules/account/closing.router.js';
import { accountExportRouter } from '../modules/account/export.router.js';
import { accessLedgerRouter } from '../modules/account/ledger.router.js';
import { apiTokensRouter } from '../modules/auth/api-tokens.router.js';
import { authRouter } from '../modules/auth/auth.router.js';
import { calendarRouter } from '../modules/calendar/calendar.router.js';
import { complianceRouter } from '../modules/compliance/compliance.router.js';
import { demoRouter } from '../modules/demo/demo.router.js';
import { documentsRouter } from '../modules/documents/documents.router.js';
import { escalationRouter } from '../modules/escalation/escalation.router.js';
import { extractionRouter } from '../modules/extraction/extraction.router.js';
import { grantsRouter } from '../modules/grants/grants.router.js';
import { maintenanceRouter } from '../modules/maintenance/maintenance.router.js';
import { notificationsRouter } from '../modules/notifications/notifications.router.js';
import { invitationsRouter, organizationRouter } from '../modules/organizations/organizations.router.js';
import { planRouter } from '../modules/plan/plan.router.js';
import { policiesRouter } from '../modules/policies/policies.router.js';
import { privacyRouter } from '../modules/privacy/privacy.router.js';
import { propertiesRouter } from '../modules/properties/properties.router.js';
import { reportsRouter } from '../modules/reports/reports.router.js';
import { sharesRouter } from '../modules/shares/shares.router.js';
import { supplierRouter } from '../modules/supplier/supplier.router.js';
import { systemRouter } from '../modules/system/system.router.js';
import { transferLinksRouter, transfersRouter } from '../modules/transfers/transfers.router.js';
import { invitesRouter, vendorsRouter } from '../modules/vendors/vendors.router.js';
import { backofficeRouter, verificationRouter } from '../modules/verification/verification.router.js';
import { webhooksRouter } from '../modules/webhooks/webhooks.router.js';
import { createCallerFactory, router } from './init.js';

export const appRouter = router({
  accessLedger: accessLedgerRouter,
  apiTokens: apiTokensRouter,
  auth: authRouter,
  backoffice: backofficeRouter,
  calendar: calendarRouter,
  closing: closingRouter,
  compliance: complianceRouter,
  demo: demoRouter,
  documents: documentsRouter,
  escalation: escalationRouter,
  extraction: extractionRouter,
  grants: grantsRouter,
  invitations: invitationsRouter,
  invites: invitesRouter,
  maintenance: maintenanceRouter,
  notifications: notificationsRouter,
  organization: organizationRouter,
  plan: planRouter,
  policies: policiesRouter,
  privacy: privacyRouter,
  accountExport: accountExportRouter,
  properties: propertiesRouter,
  reports: reportsRouter,
  shares: sharesRouter,
  supplier: supplierRouter,
  system: systemRouter,
  transferLinks: transferLinksRouter,
  transfers: transfersRouter,
  vendors: vendorsRouter,
  verification: verificationRouter,
  webhooks: webhooksRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
