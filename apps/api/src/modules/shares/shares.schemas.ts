import { z } from 'zod';

export const shareCreatedSchema = z
  .object({ token: z.string(), url: z.string(), expires_at: z.string() })
  .meta({ id: 'ShareCreated' });

export const shareLinkSchema = z
  .object({
    id: z.string(),
    created_at: z.string(),
    expires_at: z.string(),
    status: z.enum(['active', 'expired', 'revoked']),
    password_protected: z.boolean(),
    views: z.number().int(),
    downloads: z.number().int(),
  })
  .meta({ id: 'ShareLink' });

export const shareEventSchema = z
  .object({
    action: z.enum(['view', 'unlock_ok', 'unlock_failed', 'download', 'adopt']),
    ip: z.string(),
    user_id: z.string().nullable(),
    /** The signed-in visitor's name, if any. */
    user_name: z.string().nullable(),
    document_id: z.string().nullable(),
    /** The downloaded or adopted document's name, while it exists. */
    document_name: z.string().nullable(),
    created_at: z.string(),
  })
  .meta({ id: 'ShareEvent' });

export const shareViewSchema = z
  .object({
    kind: z.enum(['job', 'property']),
    job: z.object({ job_ref: z.string(), property_address: z.string(), client_name: z.string() }).nullable(),
    supplier: z.object({ company_name: z.string(), insured_until: z.string().nullable() }).nullable(),
    property: z.object({ name: z.string(), address: z.string(), dna_code: z.string() }).nullable(),
    owner: z.object({ name: z.string() }).nullable(),
    expires_at: z.string(),
    documents: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        kind: z.string(),
        bytes: z.number().int(),
        sha256: z.string(),
        content_type: z.string(),
        created_at: z.string(),
        status: z.enum(['Pending', 'Verified']),
        verified: z.boolean(),
      }),
    ),
  })
  .meta({ id: 'Share' });

export const adoptResultSchema = z
  .object({ property_id: z.string(), adopted: z.number().int(), message: z.string() })
  .meta({ id: 'AdoptResult' });

export const verifyResultSchema = z
  .object({
    verified: z.boolean(),
    matches: z.array(
      z.object({
        company_name: z.string(),
        issued_at: z.string(),
        job_ref: z.string().nullable(),
        dna_code: z.string().nullable(),
        name: z.string(),
      }),
    ),
  })
  .meta({ id: 'Verification' });
