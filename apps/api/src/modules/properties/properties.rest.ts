import {
  addPropertyFormSchema,
  type CreatePropertyInput,
  propertyDialogSchema,
  updatePropertySchema,
} from '@propertydna/domain';
import { z } from 'zod';
import { type AnyRestRoute, defineRoute } from '../../rest/define-route.js';
import { nextPageLink } from '../../rest/link.js';
import { okSchema } from '../auth/auth.schemas.js';
import {
  dashboardStatsSchema,
  nextActionsOutSchema,
  propertyIdParams,
  propertyListQuery,
  propertySchema,
} from './properties.schemas.js';

/** The REST routes of the portfolio: each a door to one procedure. */
export const propertiesRestRoutes: AnyRestRoute[] = [
  defineRoute({
    method: 'GET',
    url: '/api/properties',
    summary:
      "The organisation's properties, with document counts, last activity and compliance: all of them, or with limit (or cursor) one page and a Link header to the next",
    tags: ['properties'],
    capability: 'read',
    query: propertyListQuery,
    response: z.array(propertySchema),
    serializeFromSchema: true,
    call: async (caller, { query, setHeader }) => {
      const { limit, cursor, q, status } = query;
      if (limit === undefined && cursor === undefined) return caller.properties.list({ q, status });
      const page = await caller.properties.page({ limit, cursor, q, status });
      if (page.nextCursor) {
        setHeader('link', nextPageLink('/api/properties', { limit, q, status, cursor: page.nextCursor }));
      }
      return page.items;
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/api/properties',
    summary:
      'Register a property (the dialog payload or the add-property form payload); the server issues the DNA code',
    tags: ['properties'],
    capability: 'properties.write',
    bodyDoc: z.union([propertyDialogSchema, addPropertyFormSchema]),
    example: {
      name: 'Sea Point flat',
      address: '1 Beach Road, Sea Point, Cape Town',
      property_type: 'residential',
      country: 'ZA',
      municipality: 'CPT',
      parcel_id: 'A123',
      unit: '',
      deed_number: '',
    },
    response: propertySchema,
    // Validated by the procedure's input schema, which picks the shape and answers its messages.
    errors: { 409: 'Another property of the portfolio has this parcel in this municipality' },
    call: (caller, { body }) => caller.properties.create(body as CreatePropertyInput),
    status: 201,
  }),
  defineRoute({
    method: 'GET',
    url: '/api/properties/:id',
    summary: 'One property (404 for an unknown or foreign id)',
    tags: ['properties'],
    capability: 'read',
    params: propertyIdParams,
    response: propertySchema,
    call: (caller, { params }) => caller.properties.byId(params),
  }),
  defineRoute({
    method: 'PATCH',
    url: '/api/properties/:id',
    summary:
      "Edit a property's descriptive fields or correct its municipality: the DNA code stays as issued (it is an identifier); a correction is recorded in the property's audit trail and reruns its compliance check. 400 for a municipality that does not exist (or a district), 409 when another property of the portfolio has the parcel in that municipality",
    tags: ['properties'],
    capability: 'properties.write',
    params: propertyIdParams,
    body: updatePropertySchema,
    example: { name: 'Sea Point flat (let)', description: 'Two bedrooms, sea-facing' },
    response: propertySchema,
    errors: { 409: 'Another property of the portfolio has the parcel in that municipality' },
    call: (caller, { params, body }) => caller.properties.update({ id: params.id, patch: body }),
  }),
  defineRoute({
    method: 'POST',
    url: '/api/properties/:id/archive',
    summary: 'Archive a property: it leaves the portfolio, its documents are kept',
    tags: ['properties'],
    capability: 'properties.write',
    params: propertyIdParams,
    response: okSchema,
    call: (caller, { params }) => caller.properties.archive(params),
  }),
  defineRoute({
    method: 'GET',
    url: '/api/dashboard/stats',
    summary: 'Counts for the dashboard: properties, documents, compliance, upcoming expiries',
    tags: ['properties'],
    capability: 'read',
    response: dashboardStatsSchema,
    call: (caller) => caller.properties.stats(),
  }),
  defineRoute({
    method: 'GET',
    url: '/api/dashboard/next-actions',
    summary:
      'What to do next across the portfolio, most serious first (expired or missing insurance, overdue tasks, …): each item with its reason, its property and one action',
    tags: ['properties'],
    capability: 'read',
    response: nextActionsOutSchema,
    call: (caller) => caller.properties.nextActions(),
  }),
];
