import { vendorInviteSchema } from '@propertydna/domain';
import { z } from 'zod';
import { appUrl } from '../../env.js';
import { signedUploadOut } from '../../storage/signed-upload.js';
import type { Context } from '../../trpc/context.js';
import { authedProcedure, publicProcedure, router } from '../../trpc/init.js';
import { okSchema } from '../auth/auth.schemas.js';
import { signedUploadSchema } from '../documents/documents.schemas.js';
import { openInvite, registerInviteDocument, signInviteUpload, viewInvite } from './invites.service.js';
import {
  inviteCreatedSchema,
  inviteRegisterInput,
  inviteSignInput,
  inviteTokenParams,
  inviteUploadSchema,
  inviteViewSchema,
  propertyVendorSchema,
  propertyVendorsInput,
  revokeResultSchema,
  revokeVendorInput,
  updateVendorInput,
  vendorIdParams,
  vendorSchema,
} from './vendors.schemas.js';
import {
  deleteVendor,
  getVendor,
  inviteVendor,
  listVendors,
  propertyVendors,
  revokeVendor,
  updateVendor,
} from './vendors.service.js';

const callerOf = (ctx: Pick<Context, 'req' | 'actor'>) => ({ ip: ctx.req.ip, actor: ctx.actor });

/** The owner's side: the vendor directory and upload invites (issue 15). */
export const vendorsRouter = router({
  list: authedProcedure
    .meta({ requires: 'read' })
    .output(z.array(vendorSchema))
    .query(({ ctx }) => listVendors(ctx.db, ctx.actor.organizationId)),

  byId: authedProcedure
    .meta({ requires: 'read' })
    .input(vendorIdParams)
    .output(vendorSchema)
    .query(({ ctx, input }) => getVendor(ctx.db, ctx.actor.organizationId, input.id)),

  byProperty: authedProcedure
    .meta({ requires: 'read' })
    .input(propertyVendorsInput)
    .output(z.array(propertyVendorSchema))
    .query(({ ctx, input }) => propertyVendors(ctx.db, ctx.actor.organizationId, input.propertyId)),

  invite: authedProcedure
    .meta({ requires: 'vendors.write' })
    .input(vendorInviteSchema)
    .output(inviteCreatedSchema)
    // The mailed link is on the app's configured origin (APP_URL), like every link the app mails.
    .mutation(({ ctx, input }) => inviteVendor(ctx.deps, ctx.who, input, appUrl(ctx.deps.env))),

  update: authedProcedure
    .meta({ requires: 'vendors.write' })
    .input(updateVendorInput)
    .output(vendorSchema)
    .mutation(({ ctx, input }) => updateVendor(ctx.db, ctx.who, input.id, input.patch)),

  revoke: authedProcedure
    .meta({ requires: 'vendors.write' })
    .input(revokeVendorInput)
    .output(revokeResultSchema)
    .mutation(({ ctx, input }) => revokeVendor(ctx.db, ctx.who, input.id, input.propertyId)),

  remove: authedProcedure
    .meta({ requires: 'vendors.write' })
    .input(vendorIdParams)
    .output(okSchema)
    .mutation(async ({ ctx, input }) => {
      await deleteVendor(ctx.db, ctx.who, input.id);
      return { ok: true as const };
    }),
});

/** The vendor's side: an upload link, no account needed (a signed-in supplier uploads as their organisation). */
export const invitesRouter = router({
  view: publicProcedure
    .input(inviteTokenParams)
    .output(inviteViewSchema)
    .query(async ({ ctx, input }) => {
      const invite = await openInvite(ctx.db, input.token, ctx.req.ip);
      return viewInvite(ctx.db, invite, callerOf(ctx));
    }),

  sign: publicProcedure
    .input(inviteSignInput)
    .output(signedUploadSchema)
    .mutation(async ({ ctx, input }) => {
      const { token, ...declaration } = input;
      const invite = await openInvite(ctx.db, token, ctx.req.ip);
      return signedUploadOut(
        ctx.deps.env,
        await signInviteUpload(ctx.db, ctx.deps.store, invite, callerOf(ctx), declaration),
      );
    }),

  register: publicProcedure
    .input(inviteRegisterInput)
    .output(inviteUploadSchema)
    .mutation(async ({ ctx, input }) => {
      const invite = await openInvite(ctx.db, input.token, ctx.req.ip);
      const document = await registerInviteDocument(ctx.deps, invite, callerOf(ctx), input.document);
      // The vendor hears what they uploaded, not the owner's view of it.
      return { id: document.id, name: document.name, kind: document.kind, created_at: document.created_at };
    }),
});
