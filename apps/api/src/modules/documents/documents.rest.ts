import {
  documentBatchSchema,
  idParamsSchema,
  MAX_DOCUMENT_BATCH,
  moveDocumentsSchema,
  registerDocumentSchema,
  signUploadSchema,
  updateDocumentSchema,
} from '@propertydna/domain';
import { z } from 'zod';
import { type AnyRestRoute, defineRoute } from '../../rest/define-route.js';
import { okSchema } from '../auth/auth.schemas.js';
import {
  deletedDocumentsSchema,
  documentIdParams,
  documentListQuery,
  documentSchema,
  propertyDocumentsQuery,
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
    capability: 'documents.write',
    body: signUploadSchema,
    response: signedUploadSchema,
    call: (caller, { body }) => caller.documents.sign(body),
  }),
  defineRoute({
    method: 'POST',
    url: '/api/documents/sign-batch',
    summary: 'Declare a batch of at most 5 uploads and get a signed URL for each',
    tags: ['documents'],
    capability: 'documents.write',
    body: signUploadBatchSchema,
    response: z.array(signedUploadSchema),
    call: (caller, { body }) => caller.documents.signBatch(body),
  }),
  defineRoute({
    method: 'POST',
    url: '/api/documents',
    summary: 'Register an uploaded file as a document (size, hash and type are checked on the stored bytes)',
    tags: ['documents'],
    capability: 'documents.write',
    body: registerDocumentSchema,
    response: documentSchema,
    call: (caller, { body }) => caller.documents.register(body),
    status: () => 201,
  }),
  defineRoute({
    method: 'GET',
    url: '/api/documents',
    summary:
      "The organisation's documents: those the search q finds (by text, name and fields), of one kind, status or property, in the sort order asked",
    tags: ['documents'],
    capability: 'read',
    query: documentListQuery,
    response: z.array(documentSchema),
    call: (caller, { query }) => caller.documents.list(query),
  }),
  defineRoute({
    method: 'GET',
    url: '/api/properties/:id/documents',
    summary:
      "One property's documents: those the search q finds, of one kind or status, in the sort order asked",
    tags: ['documents'],
    capability: 'read',
    params: idParamsSchema,
    query: propertyDocumentsQuery,
    response: z.array(documentSchema),
    call: (caller, { params, query }) => caller.documents.byProperty({ propertyId: params.id, ...query }),
  }),
  defineRoute({
    method: 'PATCH',
    url: '/api/documents/:id',
    summary:
      "Change one's own document: rename it (name: the stored file, its SHA-256 and what its issuer attested stay as they are; a supplier's document keeps its issued name for /verify), the expiry of a certificate or policy, a certificate's type and issue date, the owner's notes (absent keeps a field, null clears it)",
    tags: ['documents'],
    capability: 'documents.write',
    params: documentIdParams,
    body: updateDocumentSchema,
    response: documentSchema,
    call: (caller, { params, body }) => caller.documents.update({ id: params.id, patch: body }),
  }),
  defineRoute({
    method: 'POST',
    url: '/api/documents/move',
    summary: `Move chosen documents ({ids: 1 to ${MAX_DOCUMENT_BATCH}, propertyId}) to another property of the organisation, all or nothing: a foreign, unknown or archived property is 404, a document not the organisation's 404, a job's or the organisation's own document 400, a copy adopted from a share the property already holds 409, and nothing moves. Only where each is filed changes (file, SHA-256 and trust stay); each move is audited and both properties' compliance rechecked`,
    tags: ['documents'],
    body: moveDocumentsSchema,
    response: z.array(documentSchema),
    call: (caller, { body }) => caller.documents.move(body),
  }),
  defineRoute({
    method: 'POST',
    url: '/api/documents/delete',
    summary: `Remove chosen documents ({ids: 1 to ${MAX_DOCUMENT_BATCH}}) from the vault, all or nothing: an id not one of the organisation's documents is 404 and nothing is removed. Each removal is audited and its property's compliance rechecked, as DELETE /api/documents/{id} does`,
    tags: ['documents'],
    body: documentBatchSchema,
    response: deletedDocumentsSchema,
    call: (caller, { body }) => caller.documents.removeMany(body),
  }),
  defineRoute({
    method: 'DELETE',
    url: '/api/documents/:id',
    summary: 'Remove a document from the vault',
    tags: ['documents'],
    capability: 'documents.write',
    params: documentIdParams,
    response: okSchema,
    call: (caller, { params }) => caller.documents.remove(params),
  }),
];
