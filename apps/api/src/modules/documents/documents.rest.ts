import {
  idParamsSchema,
  registerDocumentSchema,
  signUploadSchema,
  updateDocumentSchema,
} from '@propertydna/domain';
import { z } from 'zod';
import { type AnyRestRoute, defineRoute } from '../../rest/define-route.js';
import { okSchema } from '../auth/auth.schemas.js';
import {
  documentIdParams,
  documentSchema,
  documentSearchQuery,
  signedUploadSchema,
  signUploadBatchSchema,
} from './documents.schemas.js';

/** The REST routes of the vault: each a door to one procedure. */
export const documentsRestRoutes: AnyRestRoute[] = [
  defineRoute({
    method: 'POST',
    url: '/api/documents/sign',
    summary: 'Declare an upload (type, SHA-256, size) and get a signed URL to PUT the raw file to',
    tags: ['documents'],
    body: signUploadSchema,
    response: signedUploadSchema,
    call: (caller, { body }) => caller.documents.sign(body),
  }),
  defineRoute({
    method: 'POST',
    url: '/api/documents/sign-batch',
    summary: 'Declare a batch of at most 5 uploads and get a signed URL for each',
    tags: ['documents'],
    body: signUploadBatchSchema,
    response: z.array(signedUploadSchema),
    call: (caller, { body }) => caller.documents.signBatch(body),
  }),
  defineRoute({
    method: 'POST',
    url: '/api/documents',
    summary: 'Register an uploaded file as a document (size, hash and type are checked on the stored bytes)',
    tags: ['documents'],
    body: registerDocumentSchema,
    response: documentSchema,
    call: (caller, { body }) => caller.documents.register(body),
    status: () => 201,
  }),
  defineRoute({
    method: 'GET',
    url: '/api/documents',
    summary: "The organisation's documents, or those the search q finds (by text, name and fields)",
    tags: ['documents'],
    query: documentSearchQuery,
    response: z.array(documentSchema),
    call: (caller, { query }) => caller.documents.list(query),
  }),
  defineRoute({
    method: 'GET',
    url: '/api/properties/:id/documents',
    summary: "One property's documents, or those the search q finds",
    tags: ['documents'],
    params: idParamsSchema,
    query: documentSearchQuery,
    response: z.array(documentSchema),
    call: (caller, { params, query }) => caller.documents.byProperty({ propertyId: params.id, ...query }),
  }),
  defineRoute({
    method: 'PATCH',
    url: '/api/documents/:id',
    summary:
      "Change one's own document: the expiry of a certificate or policy, a certificate's type and issue date (absent keeps a field, null clears it)",
    tags: ['documents'],
    params: documentIdParams,
    body: updateDocumentSchema,
    response: documentSchema,
    call: (caller, { params, body }) => caller.documents.update({ id: params.id, patch: body }),
  }),
  defineRoute({
    method: 'DELETE',
    url: '/api/documents/:id',
    summary: 'Remove a document from the vault',
    tags: ['documents'],
    params: documentIdParams,
    response: okSchema,
    call: (caller, { params }) => caller.documents.remove(params),
  }),
];
