import { createShareSchema, shareUnlockSchema } from '@propertydna/domain';
import { z } from 'zod';
import { type AnyRestRoute, defineRoute } from '../../rest/define-route.js';
import { okSchema } from '../auth/auth.schemas.js';
import { propertyIdParams } from '../properties/properties.schemas.js';
import { jobIdParams } from '../supplier/supplier.schemas.js';
import {
  adoptBody,
  adoptResultSchema,
  shareCreatedSchema,
  shareEventSchema,
  shareIdParams,
  shareLinkSchema,
  sharePropertyBody,
  shareTokenParams,
  shareViewSchema,
  verifyParams,
  verifyResultSchema,
} from './shares.schemas.js';

/** The REST routes of share links: each a door to one procedure. */
export const sharesRestRoutes: AnyRestRoute[] = [
  defineRoute({
    method: 'POST',
    url: '/api/supplier/jobs/:id/share',
    summary: 'Share a job by link: {password|null, expiresInDays} → {token, url}',
    tags: ['share'],
    params: jobIdParams,
    body: createShareSchema,
    response: shareCreatedSchema,
    call: (caller, { params, body }) => caller.shares.shareJob({ ...body, jobId: params.id }),
    status: () => 201,
  }),
  defineRoute({
    method: 'GET',
    url: '/api/supplier/jobs/:id/shares',
    summary: "A job's links with status, views and downloads",
    tags: ['share'],
    params: jobIdParams,
    response: z.array(shareLinkSchema),
    call: (caller, { params }) => caller.shares.links({ jobId: params.id }),
  }),
  defineRoute({
    method: 'POST',
    url: '/api/properties/:id/share',
    summary: 'Share chosen documents of a property by link',
    tags: ['share'],
    params: propertyIdParams,
    body: sharePropertyBody,
    response: shareCreatedSchema,
    call: (caller, { params, body }) => caller.shares.shareProperty({ ...body, propertyId: params.id }),
    status: () => 201,
  }),
  defineRoute({
    method: 'GET',
    url: '/api/properties/:id/shares',
    summary: "A property's links with status, views and downloads",
    tags: ['share'],
    params: propertyIdParams,
    response: z.array(shareLinkSchema),
    call: (caller, { params }) => caller.shares.links({ propertyId: params.id }),
  }),
  defineRoute({
    method: 'POST',
    url: '/api/shares/:id/revoke',
    summary: 'Revoke a share link',
    tags: ['share'],
    params: shareIdParams,
    response: okSchema,
    call: (caller, { params }) => caller.shares.revoke(params),
  }),
  defineRoute({
    method: 'GET',
    url: '/api/shares/:id/events',
    summary: "A link's access log (views, unlocks, downloads, adoptions)",
    tags: ['share'],
    params: shareIdParams,
    response: z.array(shareEventSchema),
    call: (caller, { params }) => caller.shares.events(params),
  }),
  defineRoute({
    method: 'GET',
    url: '/api/share/:token',
    summary:
      'What a link shares (401 while its password gate is closed; 404 when unknown, expired or revoked)',
    tags: ['share'],
    params: shareTokenParams,
    response: shareViewSchema,
    call: (caller, { params }) => caller.shares.view(params),
  }),
  defineRoute({
    method: 'POST',
    url: '/api/share/:token/unlock',
    summary: 'Unlock a password-protected link (sets a short-lived HttpOnly cookie bound to it)',
    tags: ['share'],
    params: shareTokenParams,
    body: shareUnlockSchema,
    response: z.object({ ok: z.literal(true), message: z.string() }),
    call: (caller, { params, body }) => caller.shares.unlock({ ...params, ...body }),
  }),
  defineRoute({
    method: 'POST',
    url: '/api/share/:token/adopt',
    summary:
      'Copy the shared documents into one of your properties, or a new one ({property_id, create_property, property})',
    tags: ['share'],
    params: shareTokenParams,
    body: adoptBody,
    response: adoptResultSchema,
    call: (caller, { params, body }) => caller.shares.adopt({ ...params, ...body }),
  }),
  defineRoute({
    method: 'GET',
    url: '/api/verify/:sha256',
    summary:
      'Is this SHA-256 a document registered on PropertyDNA, who issued it and at which verification level? Verified only when a checked issuer issued it; an owner’s own upload is registered but self-declared (public; nothing private)',
    tags: ['share'],
    params: verifyParams,
    response: verifyResultSchema,
    call: (caller, { params }) => caller.shares.verify(params),
  }),
];
