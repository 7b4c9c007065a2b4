import {
  callbackInputSchema,
  claimInputSchema,
  propertyProviderSearchSchema,
  providerSearchSchema,
} from '@propertydna/domain';
import { z } from 'zod';
import { type AnyRestRoute, defineRoute, TOO_MANY } from '../../rest/define-route.js';
import { propertyIdParams } from '../properties/properties.schemas.js';
import {
  callbackSchema,
  claimDetailSchema,
  claimIdParams,
  claimSchema,
  providerSchema,
  providerSearchResultSchema,
} from './escalation.schemas.js';

/** The REST routes of claims, providers and callbacks: each a door to one procedure. */
export const escalationRestRoutes: AnyRestRoute[] = [
  defineRoute({
    method: 'POST',
    url: '/api/properties/:id/claims',
    summary:
      "Start Claim: {incident_type, incident_date, description, document_ids} (photos already in the property's vault); answers the claim with its evidence",
    tags: ['escalation'],
    capability: 'claims.write',
    params: propertyIdParams,
    body: claimInputSchema,
    example: {
      incident_type: 'burst_geyser',
      incident_date: '2025-03-14',
      description: 'The geyser burst overnight and flooded the ceiling',
      document_ids: ['0b6e5d2c-7a41-4c8e-9f3d-2e1a6b7c8d90'],
    },
    response: claimDetailSchema,
    call: (caller, { params, body }) => caller.escalation.startClaim({ ...body, propertyId: params.id }),
    status: 201,
  }),
  defineRoute({
    method: 'GET',
    url: '/api/properties/:id/claims',
    summary: "A property's claims, newest first",
    tags: ['escalation'],
    capability: 'read',
    params: propertyIdParams,
    response: z.array(claimSchema),
    call: (caller, { params }) => caller.escalation.propertyClaims({ propertyId: params.id }),
  }),
  defineRoute({
    method: 'GET',
    url: '/api/claims',
    summary: "The organisation's claims, newest first, each with its property's name",
    tags: ['escalation'],
    capability: 'read',
    response: z.array(claimSchema),
    call: (caller) => caller.escalation.claims(),
  }),
  defineRoute({
    method: 'GET',
    url: '/api/claims/:id',
    summary:
      'One claim: its property, its photos and the evidence an insurer asks for with its incident type, each item with what the vault and the service history hold for it (missing when nothing)',
    tags: ['escalation'],
    capability: 'read',
    params: claimIdParams,
    response: claimDetailSchema,
    call: (caller, { params }) => caller.escalation.claim(params),
  }),
  defineRoute({
    method: 'GET',
    url: '/api/providers',
    summary:
      'Find Provider: registered suppliers (public profile, verification level and checks, verified = documents checked or register matched), ?specialty=&municipality=&q=, checked suppliers first, at most 50',
    tags: ['escalation'],
    capability: 'read',
    query: providerSearchSchema,
    response: z.array(providerSchema),
    call: (caller, { query }) => caller.escalation.providers(query),
  }),
  defineRoute({
    method: 'GET',
    url: '/api/properties/:id/providers',
    summary:
      "Find Provider for a property: ?specialty=&municipality=&q= (municipality absent: the property's own; empty: anywhere). The caller's own vendors matching the specialty and q first (`vendors`), then the registered suppliers of the area (`providers`); when the area has none, those of its province, with `province` and `message` saying so",
    tags: ['escalation'],
    capability: 'read',
    params: propertyIdParams,
    query: propertyProviderSearchSchema,
    response: providerSearchResultSchema,
    call: (caller, { params, query }) => caller.escalation.findProviders({ ...query, propertyId: params.id }),
  }),
  defineRoute({
    method: 'POST',
    url: '/api/properties/:id/callbacks',
    summary:
      'Schedule Call: {phone, preferred_time (morning|afternoon|evening), topic}; stored and mailed to the support team',
    tags: ['escalation'],
    capability: 'claims.write',
    params: propertyIdParams,
    body: callbackInputSchema,
    example: { phone: '082 123 4567', preferred_time: 'morning', topic: 'Help with a geyser claim' },
    response: callbackSchema,
    errors: { 429: TOO_MANY('callback requests') },
    call: (caller, { params, body }) => caller.escalation.requestCallback({ ...body, propertyId: params.id }),
    status: 201,
  }),
  defineRoute({
    method: 'GET',
    url: '/api/properties/:id/callbacks',
    summary: "A property's callback requests with their status (requested, scheduled, done), newest first",
    tags: ['escalation'],
    capability: 'read',
    params: propertyIdParams,
    response: z.array(callbackSchema),
    call: (caller, { params }) => caller.escalation.callbacks({ propertyId: params.id }),
  }),
];
