import {
  approveEvidenceSchema,
  evidenceIdSchema,
  rejectEvidenceSchema,
  submitEvidenceSchema,
} from '@propertydna/domain';
import { z } from 'zod';
import { type AnyRestRoute, defineRoute } from '../../rest/define-route.js';
import {
  evidenceOutSchema,
  reviewItemSchema,
  reviewListQuery,
  staffAccessSchema,
  verificationStatusSchema,
} from './verification.schemas.js';

// The evidence id as the procedures read it (a UUID, else 400 'Invalid evidence'), checked at the door.
const evidenceParams = evidenceIdSchema;

/** The REST doors of supplier verification and the back office: each calls one procedure. */
export const verificationRestRoutes: AnyRestRoute[] = [
  defineRoute({
    method: 'GET',
    url: '/api/supplier/verification',
    summary: "The supplier's verification level, its checks and every evidence submission (suppliers only)",
    tags: ['supplier'],
    capability: 'read',
    response: verificationStatusSchema,
    call: (caller) => caller.verification.status(),
  }),
  defineRoute({
    method: 'POST',
    url: '/api/supplier/verification/evidence',
    summary:
      'Submit an uploaded organisation document as evidence for review (company registration, trade registration, liability insurance certificate)',
    tags: ['supplier'],
    capability: 'organization.settings',
    body: submitEvidenceSchema,
    example: {
      kind: 'liability_insurance',
      document_id: '6f1c2a7e-3b9d-4f5e-8a21-0c4d7b9e1f30',
      expires_at: '2026-02-28',
    },
    response: evidenceOutSchema,
    call: (caller, { body }) => caller.verification.submit(body),
    status: 201,
  }),
  defineRoute({
    method: 'GET',
    url: '/api/backoffice/access',
    summary: 'Whether the caller is PropertyDNA staff',
    tags: ['backoffice'],
    capability: 'read',
    response: staffAccessSchema,
    call: (caller) => caller.backoffice.access(),
  }),
  defineRoute({
    method: 'GET',
    url: '/api/backoffice/evidence',
    summary:
      'Evidence waiting for review (status=pending, oldest first) or decided (status=decided) (staff only)',
    tags: ['backoffice'],
    capability: 'staff',
    query: reviewListQuery,
    response: z.array(reviewItemSchema),
    call: (caller, { query }) => caller.backoffice.reviews(query),
  }),
  defineRoute({
    method: 'GET',
    url: '/api/backoffice/evidence/:id',
    summary: 'One submission (staff only)',
    tags: ['backoffice'],
    capability: 'staff',
    params: evidenceParams,
    response: reviewItemSchema,
    call: (caller, { params }) => caller.backoffice.review(params),
  }),
  defineRoute({
    method: 'POST',
    url: '/api/backoffice/evidence/:id/approve',
    summary:
      'Approve a submission: what was checked, valid until (defaults to the evidence expiry; required for insurance) (staff only)',
    tags: ['backoffice'],
    capability: 'staff',
    params: evidenceParams,
    body: approveEvidenceSchema.omit({ id: true }),
    example: {
      checked: 'Policy schedule matches the insurer and the company name',
      valid_until: '2026-02-28',
    },
    response: reviewItemSchema,
    errors: { 409: 'The evidence was reviewed already' },
    call: (caller, { params, body }) => caller.backoffice.approve({ ...body, id: params.id }),
  }),
  defineRoute({
    method: 'POST',
    url: '/api/backoffice/evidence/:id/reject',
    summary: 'Reject a submission with a reason, mailed to the supplier (staff only)',
    tags: ['backoffice'],
    capability: 'staff',
    params: evidenceParams,
    body: rejectEvidenceSchema.omit({ id: true }),
    example: { reason: 'The certificate is for another company' },
    response: reviewItemSchema,
    errors: { 409: 'The evidence was reviewed already' },
    call: (caller, { params, body }) => caller.backoffice.reject({ ...body, id: params.id }),
  }),
];
