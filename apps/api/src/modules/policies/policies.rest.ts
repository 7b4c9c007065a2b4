import { z } from 'zod';
import { type AnyRestRoute, defineRoute } from '../../rest/define-route.js';
import {
  analyzeInput,
  analyzeResultSchema,
  policiesQuery,
  policyAnalysisSchema,
  policyFindingSchema,
} from './policies.schemas.js';

/** The REST routes of policy analysis: each a door to one procedure. */
export const policiesRestRoutes: AnyRestRoute[] = [
  defineRoute({
    method: 'GET',
    url: '/api/policies/findings',
    summary:
      "Clauses found in the owner's insurance policies (exclusions, maintenance conditions, endorsements) and the vault evidence of each condition; ?propertyId= for one property",
    tags: ['policies'],
    query: policiesQuery,
    response: z.array(policyFindingSchema),
    call: (caller, { query }) => caller.policies.findings(query),
  }),
  defineRoute({
    method: 'GET',
    url: '/api/policies/analyses',
    summary: "Where the analysis of each of the owner's policies stands; ?propertyId= for one property",
    tags: ['policies'],
    query: policiesQuery,
    response: z.array(policyAnalysisSchema),
    call: (caller, { query }) => caller.policies.analyses(query),
  }),
  defineRoute({
    method: 'POST',
    url: '/api/policies/analyze',
    summary: 'Analyze Policies: queues the analysis of every policy of the property',
    tags: ['policies'],
    body: analyzeInput,
    response: analyzeResultSchema,
    call: (caller, { body }) => caller.policies.analyze(body),
    status: () => 202,
  }),
];
