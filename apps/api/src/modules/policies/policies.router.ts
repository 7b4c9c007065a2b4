import { z } from 'zod';
import { authedProcedure, router } from '../../trpc/init.js';
import { analysePropertyPolicies } from './policies.jobs.js';
import {
  acceptTaskInput,
  acceptTaskResultSchema,
  analyzeInput,
  analyzeResultSchema,
  policiesQuery,
  policyAnalysisSchema,
  policyFindingSchema,
} from './policies.schemas.js';
import { acceptPolicyTask, listAnalyses, listPolicyFindings } from './policies.service.js';

export const POLICY_MESSAGES = {
  analysing: (count: number) => `Analysing ${count} ${count === 1 ? 'policy' : 'policies'}`,
  noPolicies: 'This property has no insurance policy in its vault yet: upload the policy wording as a Policy',
} as const;

export const policiesRouter = router({
  /** The clauses found in the owner's policies (one property, or all with their property's name). */
  findings: authedProcedure
    .meta({ requires: 'read' })
    .input(policiesQuery)
    .output(z.array(policyFindingSchema))
    .query(({ ctx, input }) => listPolicyFindings(ctx.db, ctx.actor.organizationId, input.propertyId)),

  /** The owner accepts a policy's maintenance condition into the property's maintenance schedule. */
  acceptTask: authedProcedure
    .meta({ requires: 'maintenance.write' })
    .input(acceptTaskInput)
    .output(acceptTaskResultSchema)
    .mutation(({ ctx, input }) => acceptPolicyTask(ctx.deps, ctx.actor.organizationId, input.id)),

  /** Where each policy's analysis stands. */
  analyses: authedProcedure
    .meta({ requires: 'read' })
    .input(policiesQuery)
    .output(z.array(policyAnalysisSchema))
    .query(({ ctx, input }) => listAnalyses(ctx.db, ctx.actor.organizationId, input.propertyId)),

  /** 'Analyze Policies': queues the analysis of every policy of the property. */
  analyze: authedProcedure
    .meta({ requires: 'documents.write' })
    .input(analyzeInput)
    .output(analyzeResultSchema)
    .mutation(async ({ ctx, input }) => {
      const queued = await analysePropertyPolicies(ctx.deps, ctx.actor.organizationId, input.propertyId);
      return {
        queued,
        message: queued > 0 ? POLICY_MESSAGES.analysing(queued) : POLICY_MESSAGES.noPolicies,
        analyses: await listAnalyses(ctx.db, ctx.actor.organizationId, input.propertyId),
      };
    }),
});
