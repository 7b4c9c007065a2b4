import { authRestRoutes } from '../modules/auth/auth.rest.js';
import { calendarRestRoutes } from '../modules/calendar/calendar.rest.js';
import { complianceRestRoutes } from '../modules/compliance/compliance.rest.js';
import { documentsRestRoutes } from '../modules/documents/documents.rest.js';
import { escalationRestRoutes } from '../modules/escalation/escalation.rest.js';
import { maintenanceRestRoutes } from '../modules/maintenance/maintenance.rest.js';
import { notificationsRestRoutes } from '../modules/notifications/notifications.rest.js';
import { planRestRoutes } from '../modules/plan/plan.rest.js';
import { policiesRestRoutes } from '../modules/policies/policies.rest.js';
import { propertiesRestRoutes } from '../modules/properties/properties.rest.js';
import { sharesRestRoutes } from '../modules/shares/shares.rest.js';
import { supplierRestRoutes } from '../modules/supplier/supplier.rest.js';
import { systemRestRoutes } from '../modules/system/system.rest.js';
import { transfersRestRoutes } from '../modules/transfers/transfers.rest.js';
import { vendorsRestRoutes } from '../modules/vendors/vendors.rest.js';
import type { AnyRestRoute } from './define-route.js';

/** The REST compatibility layer: every /api path of the spec, each a door to one procedure. */
export const restRoutes: AnyRestRoute[] = [
  ...authRestRoutes,
  ...systemRestRoutes,
  ...propertiesRestRoutes,
  ...planRestRoutes,
  ...documentsRestRoutes,
  ...complianceRestRoutes,
  ...policiesRestRoutes,
  ...maintenanceRestRoutes,
  ...notificationsRestRoutes,
  ...calendarRestRoutes,
  ...supplierRestRoutes,
  ...sharesRestRoutes,
  ...vendorsRestRoutes,
  ...escalationRestRoutes,
  ...transfersRestRoutes,
];
