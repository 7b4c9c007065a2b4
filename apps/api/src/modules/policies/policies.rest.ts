import { z } from 'zod';
import { type AnyRestRoute, defineRoute } from '../../rest/define-route.js';
import {
  acceptTaskInput,
  acceptTaskResultSchema,
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
      "Clauses found in the owner's insurance policies (exclusions, maintenance conditions, endorsements) in the wording's order, each with its clause number, topics and the reason it was classified so; each maintenance condition with the candidate task it offers the maintenance schedule; and the vault evidence of each condition; ?propertyId= for one property",
    tags: ['policies'],
    capability: 'read',
    query: policiesQuery,
    response: z.array(policyFindingSchema),
    call: (caller, { query }) => caller.policies.findings(query),
  }),
  defineRoute({
    method: 'POST',
    url: '/api/policies/findings/:id/task',
    summary:
      "Add to maintenance: the owner accepts a policy's maintenance condition into the property's maintenance schedule, as a task quoting the clause (policy, clause number, page); once per clause (201 added, 200 already there)",
    tags: ['policies'],
    capability: 'maintenance.write',
    params: acceptTaskInput,
    response: acceptTaskResultSchema,
    alsoAnswers: [201],
    errors: {
      400: 'The finding is not a maintenance condition (an exclusion, an endorsement or evidence)',
      404: 'No such finding in the policies of your live properties (a new analysis replaces the findings: list them again)',
    },
    call: (caller, { params }) => caller.policies.acceptTask({ id: params.id }),
    status: (result) => (result.created ? 201 : 200),
  }),
  defineRoute({
    method: 'GET',
    url: '/api/policies/analyses',
    summary: "Where the analysis of each of the owner's policies stands; ?propertyId= for one property",
    tags: ['policies'],
    capability: 'read',
    query: policiesQuery,
    response: z.array(policyAnalysisSchema),
    call: (caller, { query }) => caller.policies.analyses(query),
  }),
  defineRoute({
    method: 'POST',
    url: '/api/policies/analyze',
    summary: 'Analyze Policies: queues the analysis of every policy of the property',
    tags: ['policies'],
    capability: 'documents.write',
    body: analyzeInput,
    example: { propertyId: '6f1c2a7e-3b9d-4f5e-8a21-0c4d7b9e1f30' },
    response: analyzeResultSchema,
    call: (caller, { body }) => caller.policies.analyze(body),
    status: 202,
  }),
];
