import { idParamsSchema } from '@propertydna/domain';
import { type AnyRestRoute, defineRoute } from '../../rest/define-route.js';
import { policyCheckSchema } from './compliance.schemas.js';

/** The REST routes of the compliance check: each a door to one procedure. */
export const complianceRestRoutes: AnyRestRoute[] = [
  defineRoute({
    method: 'GET',
    url: '/api/properties/:id/policy-check',
    summary:
      "The property's compliance check (spec §3): status, lastChecked and findings in the ongoing, transfer and insurance contexts; rerun first when something it read has changed",
    tags: ['compliance'],
    capability: 'read',
    params: idParamsSchema,
    response: policyCheckSchema,
    call: (caller, { params }) => caller.compliance.policyCheck({ id: params.id }),
  }),
  defineRoute({
    method: 'POST',
    url: '/api/properties/:id/policy-check',
    summary: "Run Full Compliance Check: runs the property's check now and records lastChecked",
    tags: ['compliance'],
    capability: 'properties.write',
    params: idParamsSchema,
    response: policyCheckSchema,
    call: (caller, { params }) => caller.compliance.runCheck({ id: params.id }),
  }),
];
