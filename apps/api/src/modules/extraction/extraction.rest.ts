import { confirmExtractionSchema, EXTRACTED_FIELD_NAMES, extractionSchema } from '@propertydna/domain';
import { type AnyRestRoute, defineRoute } from '../../rest/define-route.js';
import { extractionIdInput, readingSettingsSchema, setAutoAcceptSchema } from './extraction.schemas.js';

/** The REST routes of documents that read themselves: each a door to one procedure. */
export const extractionRestRoutes: AnyRestRoute[] = [
  defineRoute({
    method: 'GET',
    url: '/api/documents/:id/extraction',
    summary:
      'What was read from a document: where the reading stands (queued, running, done, failed, unreadable), its pages, and the fields proposed with their evidence (page, line, box, confidence) and what a person made of each',
    tags: ['documents'],
    capability: 'read',
    params: extractionIdInput,
    response: extractionSchema,
    errors: { 404: 'No such document in your organisation' },
    call: (caller, { params }) => caller.extraction.get(params),
  }),
  defineRoute({
    method: 'POST',
    url: '/api/documents/:id/extraction/confirm',
    summary: `Confirm what was read: {fields: {name: value or null}}, names among ${EXTRACTED_FIELD_NAMES.join(', ')}; a value accepts the field (edited when it differs from the value read), null rejects it. Accepted values become the document's details under the same rules as PATCH /api/documents/{id} (the compliance check and reminders follow)`,
    tags: ['documents'],
    capability: 'documents.write',
    params: extractionIdInput,
    body: confirmExtractionSchema,
    example: { fields: { issue_date: '2025-03-14' } },
    response: extractionSchema,
    errors: {
      400: 'A field that was not read from this document, or a value the document cannot take',
      404: 'No such document in your organisation (deleted, or its property transferred)',
      409: 'Nothing to confirm: the document has not been read yet, nothing was read from it, or its reading changed meanwhile (look at it again and retry)',
    },
    call: (caller, { params, body }) => caller.extraction.confirm({ id: params.id, fields: body.fields }),
  }),
  defineRoute({
    method: 'GET',
    url: '/api/extraction/settings',
    summary: "The organisation's reading settings: whether high-confidence fields are accepted automatically",
    tags: ['documents'],
    capability: 'read',
    response: readingSettingsSchema,
    call: (caller) => caller.extraction.settings(),
  }),
  defineRoute({
    method: 'PUT',
    url: '/api/extraction/settings',
    summary:
      'Turn "accept high-confidence fields automatically" on or off (fields read with at least 90% confidence; the document\'s history records it)',
    tags: ['documents'],
    capability: 'organization.settings',
    body: setAutoAcceptSchema,
    example: { enabled: true },
    response: readingSettingsSchema,
    call: (caller, { body }) => caller.extraction.setAutoAccept(body),
  }),
];
