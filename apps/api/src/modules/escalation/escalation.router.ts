import { providerSearchSchema } from '@propertydna/domain';
import { z } from 'zod';
import { authedProcedure, router } from '../../trpc/init.js';
import { listCallbacks, requestCallback } from './callbacks.service.js';
import { getClaim, listClaims, startClaim } from './claims.service.js';
import {
  callbackSchema,
  claimDetailSchema,
  claimIdParams,
  claimSchema,
  findProvidersInput,
  propertyScopeInput,
  providerSchema,
  providerSearchResultSchema,
  requestCallbackInput,
  startClaimInput,
} from './escalation.schemas.js';
import { findProvidersForProperty, searchProviders } from './providers.service.js';

/** A property's Escalation tab (issue 16): Start Claim, Find Provider and Schedule Call. */
export const escalationRouter = router({
  /** The organisation's claims, newest first. */
  claims: authedProcedure
    .meta({ requires: 'read' })
    .output(z.array(claimSchema))
    .query(({ ctx }) => listClaims(ctx.db, ctx.actor.organizationId)),

  /** One property's claims, newest first. */
  propertyClaims: authedProcedure
    .meta({ requires: 'read' })
    .input(propertyScopeInput)
    .output(z.array(claimSchema))
    .query(({ ctx, input }) => listClaims(ctx.db, ctx.actor.organizationId, input.propertyId)),

  /** One claim with its photos and the evidence its incident type asks for, found or missing. */
  claim: authedProcedure
    .meta({ requires: 'read' })
    .input(claimIdParams)
    .output(claimDetailSchema)
    .query(({ ctx, input }) => getClaim(ctx.db, ctx.actor.organizationId, input.id)),

  /** Start Claim. */
  startClaim: authedProcedure
    .meta({ requires: 'claims.write' })
    .input(startClaimInput)
    .output(claimDetailSchema)
    .mutation(({ ctx, input }) => {
      const { propertyId, ...claim } = input;
      return startClaim(ctx.db, ctx.who, propertyId, claim);
    }),

  /** Find Provider: registered suppliers by specialty, area or name. */
  providers: authedProcedure
    .meta({ requires: 'read' })
    .input(providerSearchSchema)
    .output(z.array(providerSchema))
    .query(({ ctx, input }) => searchProviders(ctx.db, ctx.actor.organizationId, input)),

  /**
   * Find Provider on a property: the owner's own vendors first, then the suppliers of the property's
   * municipality (or of its province when the municipality has none).
   */
  findProviders: authedProcedure
    .meta({ requires: 'read' })
    .input(findProvidersInput)
    .output(providerSearchResultSchema)
    .query(({ ctx, input }) => {
      const { propertyId, ...search } = input;
      return findProvidersForProperty(ctx.db, ctx.actor.organizationId, propertyId, search);
    }),

  /** A property's callback requests with their status, newest first. */
  callbacks: authedProcedure
    .meta({ requires: 'read' })
    .input(propertyScopeInput)
    .output(z.array(callbackSchema))
    .query(({ ctx, input }) => listCallbacks(ctx.db, ctx.actor.organizationId, input.propertyId)),

  /** Schedule Call: stored, and mailed to the support team. */
  requestCallback: authedProcedure
    .meta({ requires: 'claims.write' })
    .input(requestCallbackInput)
    .output(callbackSchema)
    .mutation(({ ctx, input }) => {
      const { propertyId, ...request } = input;
      return requestCallback(ctx.deps, ctx.who, propertyId, request);
    }),
});
