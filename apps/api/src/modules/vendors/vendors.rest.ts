import {
  inviteDocumentSchema,
  signUploadSchema,
  updateVendorSchema,
  vendorInviteSchema,
} from '@propertydna/domain';
import { z } from 'zod';
import { type AnyRestRoute, defineRoute } from '../../rest/define-route.js';
import { okSchema } from '../auth/auth.schemas.js';
import { signedUploadSchema } from '../documents/documents.schemas.js';
import { propertyIdParams } from '../properties/properties.schemas.js';
import {
  inviteCreatedSchema,
  inviteTokenParams,
  inviteUploadSchema,
  inviteViewSchema,
  propertyVendorSchema,
  revokeResultSchema,
  revokeVendorBody,
  vendorIdParams,
  vendorSchema,
} from './vendors.schemas.js';

/** The REST routes of the vendor directory and upload invites: each a door to one procedure. */
export const vendorsRestRoutes: AnyRestRoute[] = [
  defineRoute({
    method: 'GET',
    url: '/api/vendors',
    summary:
      "The organisation's vendor directory, each with the properties it serves and what it may upload there",
    tags: ['vendors'],
    capability: 'read',
    response: z.array(vendorSchema),
    call: (caller) => caller.vendors.list(),
  }),
  defineRoute({
    method: 'POST',
    url: '/api/vendors/invite',
    summary:
      'Invite a service provider to upload documents for a property: e-mails them an upload link (14 days unless expiresInDays); re-inviting the same e-mail for the same property renews the link',
    tags: ['vendors'],
    capability: 'vendors.write',
    body: vendorInviteSchema,
    response: inviteCreatedSchema,
    call: (caller, { body }) => caller.vendors.invite(body),
    status: () => 201,
  }),
  defineRoute({
    method: 'GET',
    url: '/api/vendors/:id',
    summary: 'One vendor of the directory (404 for an unknown or foreign id)',
    tags: ['vendors'],
    capability: 'read',
    params: vendorIdParams,
    response: vendorSchema,
    call: (caller, { params }) => caller.vendors.byId(params),
  }),
  defineRoute({
    method: 'PATCH',
    url: '/api/vendors/:id',
    summary: "Edit the owner's record of a vendor: name, company, phone, specialties, notes",
    tags: ['vendors'],
    capability: 'vendors.write',
    params: vendorIdParams,
    body: updateVendorSchema,
    response: vendorSchema,
    call: (caller, { params, body }) => caller.vendors.update({ id: params.id, patch: body }),
  }),
  defineRoute({
    method: 'DELETE',
    url: '/api/vendors/:id',
    summary:
      'Remove a vendor from the directory and end its upload links (what it uploaded stays in the vault)',
    tags: ['vendors'],
    capability: 'vendors.write',
    params: vendorIdParams,
    response: okSchema,
    call: (caller, { params }) => caller.vendors.remove(params),
  }),
  defineRoute({
    method: 'POST',
    url: '/api/vendors/:id/revoke',
    summary:
      "End a vendor's live upload links (all, or the one for {propertyId}); a revoked link answers 404",
    tags: ['vendors'],
    capability: 'vendors.write',
    params: vendorIdParams,
    body: revokeVendorBody,
    response: revokeResultSchema,
    call: (caller, { params, body }) => caller.vendors.revoke({ ...body, id: params.id }),
  }),
  defineRoute({
    method: 'GET',
    url: '/api/properties/:id/vendors',
    summary: "A property's vendors: what each invite allows until when, and what each uploaded",
    tags: ['vendors'],
    capability: 'read',
    params: propertyIdParams,
    response: z.array(propertyVendorSchema),
    call: (caller, { params }) => caller.vendors.byProperty({ propertyId: params.id }),
  }),
  defineRoute({
    method: 'GET',
    url: '/api/invites/:token',
    summary:
      "What an upload link shows its holder (no account needed): the property's address and DNA code, who asks, what may be uploaded until when — never the owner's documents. 404 when unknown, expired or revoked",
    tags: ['vendors'],
    capability: 'anyone',
    params: inviteTokenParams,
    response: inviteViewSchema,
    call: (caller, { params }) => caller.invites.view(params),
  }),
  defineRoute({
    method: 'POST',
    url: '/api/invites/:token/sign',
    summary:
      "Step 1 of an invite's upload: declare type, SHA-256 and size; answers the signed URL to PUT the file to",
    tags: ['vendors'],
    capability: 'anyone',
    params: inviteTokenParams,
    body: signUploadSchema,
    response: signedUploadSchema,
    call: (caller, { params, body }) => caller.invites.sign({ ...body, token: params.token }),
  }),
  defineRoute({
    method: 'POST',
    url: '/api/invites/:token/documents',
    summary:
      "Step 3 of an invite's upload: register the uploaded file in the property's vault, verified by the vendor (a kind the invite allows)",
    tags: ['vendors'],
    capability: 'anyone',
    params: inviteTokenParams,
    body: inviteDocumentSchema,
    response: inviteUploadSchema,
    call: (caller, { params, body }) => caller.invites.register({ token: params.token, document: body }),
    status: () => 201,
  }),
];
