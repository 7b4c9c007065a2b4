import {
  answeredDateTimeSchema,
  COMPLIANCE_STATUSES,
  COUNTRY_CODES,
  idParamsSchema,
  MAX_PROPERTY_PAGE_SIZE,
  nextActionsSchema,
  PROPERTY_FEATURES,
  PROPERTY_PAGE_MESSAGES,
  PROPERTY_TYPES,
  propertyPageInputSchema,
  updatePropertySchema,
} from '@propertydna/domain';
import { z } from 'zod';

/**
 * A property as the API answers it: the fields of both screens of spec §3 (the dashboard reads
 * dnaCode, erfNumber, isDemo, documentsCount, lastActivity, complianceStatus; the Properties screen
 * and the detail read dna_id, name, property_type, country, parcel_id, …, created_at).
 */
export const propertySchema = z
  .object({
    id: z.string(),
    dnaCode: z.string(),
    dna_id: z.string(),
    name: z.string(),
    address: z.string(),
    property_type: z.enum(PROPERTY_TYPES),
    country: z.enum(COUNTRY_CODES),
    municipality: z.string(),
    parcel_id: z.string(),
    erfNumber: z.string(),
    township: z.string().nullable(),
    unit: z.string().nullable(),
    deed_number: z.string().nullable(),
    description: z.string().nullable(),
    metadata: z.record(z.string(), z.unknown()),
    /** What the property has that brings its own compliance rules (gas, electric_fence, thatch_roof, …). */
    features: z.array(z.enum(PROPERTY_FEATURES)),
    isDemo: z.boolean(),
    documentsCount: z.number().int(),
    lastActivity: z.string(),
    /** From the stored compliance check: any high gap critical, any other gap warning, else good. */
    complianceStatus: z.enum(COMPLIANCE_STATUSES),
    /** Why it is critical or warning, in one line (its worst gap, and how many more); null when good. */
    complianceReason: z.string().nullable(),
    created_at: answeredDateTimeSchema,
    updated_at: answeredDateTimeSchema,
  })
  .meta({ id: 'Property' });
export type PropertyOut = z.infer<typeof propertySchema>;

/**
 * One page of the portfolio: its properties (in the list's order), the cursor of the next page (null
 * on the last) and how many properties match the search and filter in all.
 */
export const propertyPageSchema = z
  .object({
    items: z.array(propertySchema),
    nextCursor: z.string().nullable(),
    total: z.number().int(),
  })
  .meta({ id: 'PropertyPage' });
export type PropertyPageOut = z.infer<typeof propertyPageSchema>;

/**
 * `GET /api/properties`: without `limit` and `cursor` every live property (as scripts expect); with
 * either, one page, and a `Link: <…>; rel="next"` header (RFC 8288) while there are more. Both take
 * the page's search and status filter.
 */
export const propertyListQuery = propertyPageInputSchema.extend({
  // The page's bounds as JSON Schema keywords (for OpenAPI), each with the page's one message.
  limit: z.coerce
    .number({ error: PROPERTY_PAGE_MESSAGES.limit })
    .int(PROPERTY_PAGE_MESSAGES.limit)
    .min(1, PROPERTY_PAGE_MESSAGES.limit)
    .max(MAX_PROPERTY_PAGE_SIZE, PROPERTY_PAGE_MESSAGES.limit)
    .optional()
    .meta({
      description:
        'Page size, 1 to 100: answers one page, with a Link header (rel="next") to the next while there is one. Without it (and without cursor), every property.',
    }),
  cursor: propertyPageInputSchema.shape.cursor.meta({
    description:
      'Where the page starts: the cursor of the Link header of the page before (50 a page if no limit)',
  }),
  q: propertyPageInputSchema.shape.q.meta({
    description: 'Search: name, address, DNA code or ERF/parcel id containing this text, case-insensitive',
  }),
  status: propertyPageInputSchema.shape.status.meta({
    description: 'Only the properties of this compliance status (as their cards show it)',
  }),
});

/** One property: the REST `/:id` parameters and the input of byId and archive. */
export const propertyIdParams = idParamsSchema;

/** Editing a property: its id and the patch (REST: the id from the path, the patch as the body). */
export const updatePropertyInput = propertyIdParams.extend({ patch: updatePropertySchema });

export const dashboardStatsSchema = z
  .object({
    properties: z.number().int(),
    documents: z.number().int(),
    compliance: z.object({ good: z.number().int(), warning: z.number().int(), critical: z.number().int() }),
    /** Reminders due within the next 30 days and not overdue, across the portfolio (as on the Actions tabs). */
    upcomingReminders: z.number().int(),
    /** Documents expiring within the next 60 days (not expired, not superseded by a renewal): "Upcoming expiries". */
    expiringDocuments: z.number().int(),
  })
  .meta({ id: 'DashboardStats' });
export type DashboardStats = z.infer<typeof dashboardStatsSchema>;

/** GET /api/dashboard/next-actions (issue 32 §1). */
export const nextActionsOutSchema = nextActionsSchema.meta({ id: 'NextActions' });
