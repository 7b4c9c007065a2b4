import {
  answeredDateSchema,
  answeredDateTimeSchema,
  CERTIFICATE_TYPES,
  COMPLIANCE_CONTEXTS,
  COMPLIANCE_STATUSES,
  COUNTRY_CODES,
  DOCUMENT_KINDS,
  DOCUMENT_SOURCES,
  DUE_BANDS,
  ISSUE_DATE_STATES,
  MAINTENANCE_FREQUENCIES,
  noControlCharacters,
  PACK_SECTION_LABELS,
  PACK_SECTIONS,
  PACK_TYPE_LABELS,
  PACK_TYPES,
  POLICY_CHECK_STATUSES,
  PROPERTY_FEATURES,
  PROPERTY_TYPES,
  packChoiceCheck,
  packChoiceFields,
  packChoiceOutSchema,
  packedChoiceSchema,
  REMINDER_PRIORITIES,
  REMINDER_TYPES,
  TASK_PRIORITIES,
} from '@propertydna/domain';
import { z } from 'zod';
import { complianceFindingSchema, policyCheckItemSchema } from '../compliance/compliance.schemas.js';
import { provenanceSchema, trustBadgeSchema } from '../documents/provenance.js';
import { policyFindingSchema } from '../policies/policies.schemas.js';

// ---------------------------------------------------------------------------------------------------
// Query strings. Any propertyId is taken as text: one that is not a live property of the caller's
// organisation (malformed ones included) answers 404 'Property not found', as every property door does.

const propertyId = z
  .string({ error: 'propertyId is required' })
  .check(noControlCharacters('Property id'))
  .meta({ description: 'The property (one of your live properties; anything else is 404)' });

function formatOf<const F extends readonly [string, ...string[]]>(formats: F, fallback: F[number]) {
  const names =
    formats.length === 2 ? formats.join(' or ') : `${formats.slice(0, -1).join(', ')} or ${formats.at(-1)}`;
  return z
    .enum(formats, { error: () => `Unknown format: choose ${names}` })
    .default(fallback)
    .meta({ description: `${names}; ${fallback} when absent` });
}

export const INSURANCE_PACK_FORMATS = ['json', 'pdf', 'zip'] as const;
export const PROPERTY_SUMMARY_FORMATS = ['pdf', 'json'] as const;
export const AUDIT_TRAIL_FORMATS = ['csv', 'pdf'] as const;
export const COMPLIANCE_REPORT_FORMATS = ['pdf', 'json'] as const;

export const insurancePackQuery = z
  .object({
    propertyId,
    format: formatOf(INSURANCE_PACK_FORMATS, 'json'),
    ...packChoiceFields('insurance_pack'),
  })
  .superRefine(packChoiceCheck('insurance_pack'));
export const propertySummaryQuery = z
  .object({
    propertyId,
    format: formatOf(PROPERTY_SUMMARY_FORMATS, 'pdf'),
    ...packChoiceFields('property_summary'),
  })
  .superRefine(packChoiceCheck('property_summary'));

/**
 * The pack preview: what a pack would carry, for a property (insurance pack, property summary) or a
 * claim (claim pack), with the request's include/exclude applied to the remembered choice.
 */
export const packPreviewInput = z
  .object({
    pack: z.enum(PACK_TYPES, { error: () => `Unknown pack: choose ${PACK_TYPES.join(', ')}` }),
    propertyId: propertyId.optional(),
    claimId: z
      .string()
      .check(noControlCharacters('Claim id'))
      .optional()
      .meta({ description: 'The claim (claim_pack only; one of your claims, anything else is 404)' }),
    // The lists as every pack takes them; which sections are known depends on the pack, checked below.
    include: packChoiceFields('insurance_pack').include.meta({
      description: "Section names of the pack and document ids to put in, as on the pack's own endpoint",
    }),
    exclude: packChoiceFields('insurance_pack').exclude.meta({
      description: "Section names of the pack and document ids to leave out, as on the pack's own endpoint",
    }),
  })
  .superRefine((value, ctx) => {
    packChoiceCheck(value.pack)(value, ctx);
    if (value.pack === 'claim_pack' ? value.claimId === undefined : value.propertyId === undefined) {
      ctx.addIssue({
        code: 'custom',
        message: value.pack === 'claim_pack' ? 'claimId is required' : 'propertyId is required',
      });
    }
  });

/** The preview of a pack: its sections and documents, each in or out. */
export const packPreviewSchema = z
  .object({
    pack: z.enum(PACK_TYPES),
    pack_label: z.string().meta({ example: PACK_TYPE_LABELS.insurance_pack }),
    remembered: z
      .boolean()
      .meta({ description: 'The choice starts from your last one for this pack (else the defaults)' }),
    sections: z.array(
      z.object({
        name: z.enum(PACK_SECTIONS),
        label: z.string().meta({ example: PACK_SECTION_LABELS.compliance_gaps }),
        included: z.boolean(),
        default: z.boolean().meta({ description: 'In the pack when nothing has been chosen' }),
      }),
    ),
    documents: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        kind: z.enum(DOCUMENT_KINDS),
        group: z.string().meta({ example: 'Policies' }),
        included: z.boolean(),
      }),
    ),
    choice: packChoiceOutSchema,
  })
  .meta({ id: 'PackPreview' });
export type PackPreview = z.infer<typeof packPreviewSchema>;
export const auditTrailQuery = z.object({ propertyId, format: formatOf(AUDIT_TRAIL_FORMATS, 'csv') });
export const complianceReportQuery = z.object({
  propertyId,
  format: formatOf(COMPLIANCE_REPORT_FORMATS, 'pdf'),
});
export const quickExportQuery = z.object({ propertyId });

// ---------------------------------------------------------------------------------------------------
// The JSON reports. Each is versioned: `format` names the report, `version` changes only when a field
// changes meaning or goes away (new fields may be added within a version).

const isoDate = answeredDateSchema.meta({ description: 'YYYY-MM-DD (South African calendar day)' });
const isoTime = answeredDateTimeSchema.meta({ description: 'ISO 8601 timestamp (UTC)' });

/** The property a report is about. */
export const reportPropertySchema = z
  .object({
    id: z.string(),
    dna_code: z.string().meta({ description: "The property's permanent DNA code" }),
    name: z.string(),
    address: z.string(),
    property_type: z.enum(PROPERTY_TYPES),
    country: z.enum(COUNTRY_CODES),
    municipality: z.string(),
    parcel_id: z.string().meta({ description: 'ERF, portion or stand number' }),
    township: z.string().nullable(),
    unit: z.string().nullable(),
    deed_number: z.string().nullable(),
    features: z.array(z.enum(PROPERTY_FEATURES)),
    registered_at: isoTime,
  })
  .meta({ id: 'ReportProperty' });
export type ReportProperty = z.infer<typeof reportPropertySchema>;

export const EXPIRY_STATES = ['valid', 'expiring', 'expired', 'no_expiry'] as const;

/** A vault document as the reports describe it: what it is, who vouches for it, and its fingerprint. */
export const reportDocumentSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    kind: z.enum(DOCUMENT_KINDS),
    certificate_type: z.enum(CERTIFICATE_TYPES).nullable(),
    certificate_type_label: z.string().nullable(),
    issued_on: isoDate.nullable().meta({
      description: 'The issue date when it is known; null when unknown or not confirmed (see issue_date)',
    }),
    issue_date: z.enum(ISSUE_DATE_STATES).nullable().meta({
      description:
        'known, unconfirmed (an old upload form filled in the upload day) or unknown; null for kinds without one',
    }),
    expires_on: isoDate.nullable(),
    expired: z
      .boolean()
      .meta({ description: 'From its expiry date on, in Johannesburg on the day the report was made' }),
    expiry_notice: z
      .string()
      .nullable()
      .meta({ description: "'Expired', or 'Expires in N days' within 60 days" }),
    expiry_status: z
      .enum(EXPIRY_STATES)
      .meta({ description: 'expiring: within 30 days; no_expiry: the document carries no expiry date' }),
    source: z.enum(DOCUMENT_SOURCES),
    verified: z
      .boolean()
      .meta({ description: 'True only when the badge is Verified (a checked issuer issued it)' }),
    verified_by_organization: z
      .string()
      .nullable()
      .meta({ description: 'The checked issuer (null unless Verified; every issuer is in provenance)' }),
    provenance: provenanceSchema,
    badge: trustBadgeSchema,
    provenance_line: z.string().meta({
      description:
        'The provenance as every screen words it, e.g. "Uploaded by an invited vendor · Sam · Self-declared"',
    }),
    job_ref: z.string().nullable(),
    content_type: z.string(),
    bytes: z.number().int(),
    sha256: z.string().meta({ description: 'SHA-256 of the stored file, checked at upload' }),
    uploaded_at: isoTime,
  })
  .meta({ id: 'ReportDocument' });
export type ReportDocument = z.infer<typeof reportDocumentSchema>;

/** An insurance policy of the vault, with what reading its wording gave. */
export const reportPolicySchema = reportDocumentSchema
  .extend({
    insurer: z.string().nullable().meta({
      description:
        "The insurer the policy's analysis read in its text, else from the document's details; null when unknown",
    }),
    policy_number: z.string().nullable().meta({
      description:
        "The policy number the policy's analysis read in its text, else from the document's details; null when unknown",
    }),
    analysis: z.object({
      state: z.enum(['not_analysed', 'queued', 'running', 'done', 'no_text', 'failed']),
      pages: z.number().int().nullable(),
      error: z.string().nullable(),
    }),
  })
  .meta({ id: 'ReportPolicy' });
export type ReportPolicy = z.infer<typeof reportPolicySchema>;

/** How many findings of each type (compliant, gap, unknown). */
const findingCounts = z.object({
  compliant: z.number().int(),
  gap: z.number().int(),
  unknown: z.number().int(),
});

/** A stored compliance check: its verdicts and every finding, in every context. */
export const reportComplianceSchema = z
  .object({
    status: z.enum(POLICY_CHECK_STATUSES),
    compliance_status: z.enum(COMPLIANCE_STATUSES),
    checked_at: isoTime,
    transfer_readiness: z.object({ ready: z.number().int(), required: z.number().int() }),
    findings: z.array(complianceFindingSchema),
    items: z.array(policyCheckItemSchema).meta({
      description:
        "What to do, as the Policy Check groups it: the gaps and what the check cannot tell, once per thing to do, most severe first (the pack's words)",
    }),
  })
  .meta({ id: 'ReportCompliance' });
export type ReportCompliance = z.infer<typeof reportComplianceSchema>;

/** One service done on a maintenance task, with the document that proves it. */
export const maintenanceRecordSchema = z
  .object({
    task_id: z.string(),
    task: z.string(),
    frequency: z.enum(MAINTENANCE_FREQUENCIES),
    completed_on: isoDate,
    completed_by: z.string().nullable(),
    notes: z.string().nullable(),
    cost: z.number().nullable().meta({ description: 'In rand' }),
    evidence: z
      .object({ document_id: z.string(), name: z.string(), sha256: z.string(), bytes: z.number().int() })
      .nullable(),
  })
  .meta({ id: 'MaintenanceRecord' });
export type MaintenanceRecord = z.infer<typeof maintenanceRecordSchema>;

export const reportPolicyFindingSchema = policyFindingSchema.omit({ property_id: true, property_name: true });

/** GET /api/reports/insurance-pack (format=json): what an insurer or broker asks for, in one file. */
export const insurancePackSchema = z
  .object({
    format: z.literal('propertydna.insurance-pack'),
    version: z.literal(2),
    generated_at: isoTime,
    organization: z.string().meta({ description: 'The owner (their organisation)' }),
    property: reportPropertySchema,
    choice: packedChoiceSchema,
    policies: z.array(reportPolicySchema).meta({ description: 'The policies the owner put in' }),
    certificates: z
      .array(reportDocumentSchema)
      .meta({ description: 'The certificates and inspections the owner put in, newest first' }),
    in_order: z.array(complianceFindingSchema).nullable().meta({
      description: 'compliance_summary: the rules met, with their evidence; null when left out',
    }),
    compliance: reportComplianceSchema.nullable().meta({
      description:
        'compliance_gaps: the whole check, its standing and every gap; null when left out (the default)',
    }),
    policy_findings: z
      .array(reportPolicyFindingSchema)
      .nullable()
      .meta({ description: 'policy_findings; null when left out' }),
    maintenance: z.array(maintenanceRecordSchema).nullable().meta({
      description:
        'maintenance: services done, newest first (evidence null when its document was left out); null when left out',
    }),
  })
  .meta({ id: 'InsurancePack' });
export type InsurancePack = z.infer<typeof insurancePackSchema>;

/** GET /api/reports/property-summary (format=json): the property at a glance. */
export const propertySummarySchema = z
  .object({
    format: z.literal('propertydna.property-summary'),
    version: z.literal(2),
    generated_at: isoTime,
    organization: z.string(),
    property: reportPropertySchema.extend({
      compliance_status: z
        .enum(COMPLIANCE_STATUSES)
        .nullable()
        .meta({ description: 'With compliance_gaps; null when they were left out' }),
      documents_count: z.number().int(),
      last_activity: isoTime,
    }),
    choice: packedChoiceSchema,
    in_order: z.array(complianceFindingSchema).nullable().meta({
      description: 'compliance_summary: the rules met, with their evidence; null when left out',
    }),
    compliance: reportComplianceSchema
      .omit({ findings: true })
      .extend({
        counts: findingCounts,
        open_items: z
          .array(complianceFindingSchema)
          .meta({ description: 'The gaps and the findings the vault cannot decide, every context' }),
      })
      .nullable()
      .meta({ description: 'compliance_gaps (in by default); null when left out' }),
    documents: z
      .array(reportDocumentSchema)
      .nullable()
      .meta({ description: 'documents_list: the documents put in; null when the list was left out' }),
    maintenance: z
      .array(
        z.object({
          id: z.string(),
          title: z.string(),
          frequency: z.enum(MAINTENANCE_FREQUENCIES),
          priority: z.enum(TASK_PRIORITIES),
          next_due: isoDate,
          due_band: z.enum(DUE_BANDS),
          assigned_to: z.string().nullable(),
          last_completed_on: isoDate.nullable(),
        }),
      )
      .nullable()
      .meta({ description: 'maintenance: the plan; null when left out' }),
    reminders: z
      .array(
        z.object({
          title: z.string(),
          message: z.string(),
          due_date: isoDate,
          priority: z.enum(REMINDER_PRIORITIES),
          type: z.enum(REMINDER_TYPES),
          overdue: z.boolean(),
        }),
      )
      .nullable()
      .meta({ description: 'With maintenance: what is due; null when left out' }),
  })
  .meta({ id: 'PropertySummary' });
export type PropertySummary = z.infer<typeof propertySummarySchema>;

/** GET /api/reports/compliance (format=json): the check in every context, transfer readiness included. */
export const complianceReportSchema = z
  .object({
    format: z.literal('propertydna.compliance-report'),
    version: z.literal(1),
    generated_at: isoTime,
    organization: z.string(),
    property: reportPropertySchema,
    status: z.enum(POLICY_CHECK_STATUSES),
    compliance_status: z.enum(COMPLIANCE_STATUSES),
    checked_at: isoTime,
    transfer_readiness: z.object({ ready: z.number().int(), required: z.number().int() }),
    items: z.array(policyCheckItemSchema).meta({
      description:
        'What to do, as the Policy Check groups it: the gaps and what the check cannot tell, once per thing to do, most severe first',
    }),
    contexts: z.array(
      z.object({
        context: z.enum(COMPLIANCE_CONTEXTS),
        title: z.string(),
        description: z.string(),
        counts: findingCounts,
        findings: z.array(complianceFindingSchema),
      }),
    ),
  })
  .meta({ id: 'ComplianceReport' });
export type ComplianceReport = z.infer<typeof complianceReportSchema>;

/** One row of the Document Audit Trail. */
export interface AuditTrailRow {
  /** ISO 8601 in South African time, e.g. 2026-11-23T14:05:09+02:00 */
  time: string;
  actor: string;
  action: string;
  document: string;
  ip: string;
  details: string;
}
