import {
  inviteDocumentSchema,
  signUploadSchema,
  updateVendorSchema,
  vendorInviteSchema,
} from '@propertydna/domain';
import { z } from 'zod';
import { type AnyRestRoute, defineRoute, TOO_MANY } from '../../rest/define-route.js';
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
    example: {
      name: 'Sipho Dlamini',
      email: 'sipho@capeelectrical.co.za',
      company: 'Cape Electrical',
      propertyId: '6f1c2a7e-3b9d-4f5e-8a21-0c4d7b9e1f30',
      allowedKinds: ['certificate', 'inspection'],
      expiresInDays: 14,
    },
    response: inviteCreatedSchema,
    errors: { 429: TOO_MANY('invitations') },
    call: (caller, { body }) => caller.vendors.invite(body),
    status: 201,
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
    example: { phone: '021 555 0199', notes: 'Prefers mornings' },
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
    example: { propertyId: '6f1c2a7e-3b9d-4f5e-8a21-0c4d7b9e1f30' },
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
    errors: { 429: TOO_MANY('tries with upload links from this address') },
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
    example: {
      contentType: 'application/pdf',
      sha256: '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08',
      bytes: 482113,
    },
    response: signedUploadSchema,
    errors: { 429: TOO_MANY('uploads on this link') },
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
    example: {
      kind: 'certificate',
      storage_key: 'uploads/2025/03/14/5d0c8f0e-1f3a-4a8c-9e2b-7c6d5e4f3a21',
      sha256: '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08',
      bytes: 482113,
      content_type: 'application/pdf',
      metadata: { filename: 'Electrical CoC.pdf' },
    },
    response: inviteUploadSchema,
    errors: { 429: TOO_MANY('uploads on this link') },
    call: (caller, { params, body }) => caller.invites.register({ token: params.token, document: body }),
    status: 201,
  }),
];
