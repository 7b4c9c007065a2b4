import { transferStartSchema } from '@propertydna/domain';
import { z } from 'zod';
import { type AnyRestRoute, defineRoute, TOO_MANY } from '../../rest/define-route.js';
import { propertyIdParams } from '../properties/properties.schemas.js';
import {
  acceptTransferBody,
  ownershipPeriodSchema,
  packLinkSchema,
  transferIdParams,
  transferLinkViewSchema,
  transferListSchema,
  transferSchema,
  transferStartedSchema,
  transferTokenParams,
} from './transfers.schemas.js';

/** The REST routes of ownership transfers: each a door to one procedure. */
export const transfersRestRoutes: AnyRestRoute[] = [
  defineRoute({
    method: 'POST',
    url: '/api/properties/:id/transfer',
    summary:
      "Transfer ownership: {email, message?}. The buyer is mailed a 30-day link; they accept by signing in with that address. 409 while another transfer of the property is pending; 400 for an address of the caller's own organisation",
    tags: ['transfers'],
    capability: 'properties.transfer',
    params: propertyIdParams,
    body: transferStartSchema,
    example: { email: 'buyer@example.co.za', message: 'Welcome home' },
    response: transferStartedSchema,
    errors: {
      409: 'A transfer of this property is pending already',
      429: TOO_MANY('transfers started'),
    },
    call: (caller, { params, body }) => caller.transfers.start({ ...body, propertyId: params.id }),
    status: 201,
  }),
  defineRoute({
    method: 'GET',
    url: '/api/transfers',
    summary:
      "The caller's transfers: incoming (addressed to their email: pending and recent) and outgoing (started by their organisation)",
    tags: ['transfers'],
    capability: 'read',
    response: transferListSchema,
    call: (caller) => caller.transfers.list(),
  }),
  defineRoute({
    method: 'POST',
    url: '/api/transfers/:id/cancel',
    summary: 'The seller withdraws a pending transfer (its link ends); 409 when it is no longer pending',
    tags: ['transfers'],
    capability: 'properties.transfer',
    params: transferIdParams,
    response: transferSchema,
    errors: { 409: 'The transfer is no longer pending' },
    call: (caller, { params }) => caller.transfers.cancel(params),
  }),
  defineRoute({
    method: 'POST',
    url: '/api/transfers/:id/accept',
    summary:
      "The addressee accepts: the property with its DNA code, documents, maintenance history, compliance results and policy findings moves to their organisation in one transaction. 404 for anyone else; 403 with the upgrade message at the plan's property limit (nothing moved); 409 when no longer pending",
    tags: ['transfers'],
    capability: 'properties.transfer',
    params: transferIdParams,
    // The body is optional: an account older than the offer accepts without one.
    body: acceptTransferBody.nullish(),
    example: { token: 'Xq3v9Rk2bT7mWz1pLc8sYh4nJf6dGa0e' },
    response: transferSchema,
    errors: {
      409: 'The transfer is no longer pending, or the parcel is already in your portfolio',
      429: TOO_MANY('tries with transfer links from this address'),
    },
    call: (caller, { params, body }) => caller.transfers.accept({ ...body, id: params.id }),
  }),
  defineRoute({
    method: 'POST',
    url: '/api/transfers/:id/decline',
    summary:
      'The addressee declines a pending transfer; the property stays with the seller. 404 for anyone else',
    tags: ['transfers'],
    capability: 'properties.transfer',
    params: transferIdParams,
    response: transferSchema,
    errors: { 409: 'The transfer is no longer pending' },
    call: (caller, { params }) => caller.transfers.decline(params),
  }),
  defineRoute({
    method: 'GET',
    url: '/api/properties/:id/ownership',
    summary: "The property's ownership periods, oldest first: organisation names and dates, nothing private",
    tags: ['transfers'],
    capability: 'read',
    params: propertyIdParams,
    response: z.array(ownershipPeriodSchema),
    call: (caller, { params }) => caller.transfers.ownership({ propertyId: params.id }),
  }),
  defineRoute({
    method: 'GET',
    url: '/api/transfer-links/:token',
    summary:
      "What a mailed transfer link shows its holder (no account needed): the property, the seller's organisation, what is included and the address to sign up or log in with to accept. 404 unless the transfer is pending and the link live",
    tags: ['transfers'],
    capability: 'anyone',
    params: transferTokenParams,
    response: transferLinkViewSchema,
    errors: { 429: TOO_MANY('tries with transfer links from this address') },
    call: (caller, { params }) => caller.transferLinks.view(params),
  }),
  defineRoute({
    method: 'POST',
    url: '/api/transfers/:id/pack-link',
    summary:
      'A 14-day link to the transfer pack that needs no account (for the conveyancer): by the seller while the transfer is pending (it ends when the buyer accepts), or the buyer once accepted',
    tags: ['transfers'],
    capability: 'shares.write',
    params: transferIdParams,
    response: packLinkSchema,
    call: (caller, { params }) => caller.transfers.packLink(params),
    status: 201,
  }),
];
