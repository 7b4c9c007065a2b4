import { type AnyRestRoute, defineRoute } from '../../rest/define-route.js';
import { packPreviewInput, packPreviewSchema } from './reports.schemas.js';

/** The REST doors of the reports' procedures (the report downloads are in reports.files.ts). */
export const reportsRestRoutes: AnyRestRoute[] = [
  defineRoute({
    method: 'GET',
    url: '/api/reports/pack-preview',
    summary:
      "Pack preview: what an insurance pack (pack=insurance_pack&propertyId=), a property summary (pack=property_summary&propertyId=) or a claim pack (pack=claim_pack&claimId=) would carry: each section and document, in or out, with include/exclude applied to the organisation's last choice for that pack (else the defaults: compliance_gaps out of the insurance and claim packs, in the property summary; every document). Remembers nothing.",
    tags: ['reports'],
    capability: 'read',
    query: packPreviewInput,
    response: packPreviewSchema,
    call: (caller, { query }) => caller.reports.packPreview(query),
  }),
];
