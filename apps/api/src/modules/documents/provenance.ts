import {
  EXTRACTED_FIELD_NAMES,
  isVerifiedLevel,
  PROVENANCE_KINDS,
  type Provenance,
  type ProvenanceKind,
  provenanceLine,
  type ReadProvenance,
  type TrustBadge,
  trustBadge,
  VERIFICATION_LEVELS,
  type VerificationLevel,
} from '@propertydna/domain';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Db } from '../../db/database.js';
import type { IssuerLevelLookup } from '../../trpc/context.js';

/**
 * A document's provenance as every answer gives it (the vault, /vault, job documents, the share page,
 * reports and packs, /verify): who put it there, who issued it and the issuer's level at that time.
 */
export const provenanceSchema = z
  .object({
    kind: z.enum(PROVENANCE_KINDS),
    /** The supplier or vendor as named when it was issued; null for the owner's own upload. */
    issuer_name: z.string().nullable(),
    /** The issuer's verification level when it was issued; null when nobody but the owner issued it. */
    issuer_level: z.enum(VERIFICATION_LEVELS).nullable(),
    /**
     * Which details were read from the document itself and taken: confirmed by a person (named), or
     * accepted automatically (the owner's setting). Absent when none was, and where readings are not
     * looked at (/verify). Reading is not checking: the badge does not change.
     */
    read: z
      .object({
        confirmed: z.array(z.enum(EXTRACTED_FIELD_NAMES)),
        confirmed_by: z.string().nullable(),
        auto_accepted: z.array(z.enum(EXTRACTED_FIELD_NAMES)),
      })
      .nullable()
      .optional(),
  })
  .meta({ id: 'Provenance' });

/** The one badge of a document: Verified only when a checked issuer issued it. */
export const trustBadgeSchema = z.enum(['Verified', 'Self-declared']);

/** The columns every document row carries for its provenance (migration 0024). */
export interface ProvenanceColumns {
  provenance_kind: ProvenanceKind;
  issuer_name: string | null;
  issuer_level: VerificationLevel | null;
  /** What was read from it and taken (readProvenanceOf), where the answer looks at readings. */
  read_provenance?: ReadProvenance | null;
}

/**
 * The read details of the document joined as `documents` (a correlated subquery for any document query):
 * the fields of its reading confirmed by a person or accepted automatically, and who confirmed them last
 * (named only while a member of the document's organisation). Null without such a field.
 */
export const readProvenanceOf = sql<ReadProvenance | null>`(
  select case when r.confirmed <> '[]'::jsonb or r.auto_accepted <> '[]'::jsonb then jsonb_build_object(
    'confirmed', r.confirmed, 'auto_accepted', r.auto_accepted, 'confirmed_by', r.confirmed_by) end
  from (
    select
      coalesce((select jsonb_agg(f.value->>'name' order by f.ordinality) from jsonb_array_elements(e.fields) with ordinality f
        where f.value->>'state' = 'confirmed'), '[]'::jsonb) as confirmed,
      coalesce((select jsonb_agg(f.value->>'name' order by f.ordinality) from jsonb_array_elements(e.fields) with ordinality f
        where f.value->>'state' = 'auto_accepted'), '[]'::jsonb) as auto_accepted,
      (select coalesce(nullif(trim(u.first_name || ' ' || u.last_name), ''), u.email) from users u
        where u.id = e.confirmed_by and u.organization_id = documents.organization_id) as confirmed_by
    from document_extractions e where e.document_id = documents.id
  ) r
)`;

export interface DocumentTrust {
  provenance: Provenance;
  badge: TrustBadge;
  /** Spec §4's status, following the badge. */
  status: 'Pending' | 'Verified';
  verified: boolean;
}

/**
 * The one function that says what a document row may claim: every answer that shows a document builds
 * its provenance, badge, status and `verified` here, so no screen can call verified what another does not.
 */
export function documentTrust(row: ProvenanceColumns): DocumentTrust {
  const provenance: Provenance = {
    kind: row.provenance_kind,
    issuer_name: row.issuer_name,
    issuer_level: row.issuer_level,
    ...(row.read_provenance ? { read: row.read_provenance } : {}),
  };
  const verified = isVerifiedLevel(row.issuer_level);
  return { provenance, badge: trustBadge(provenance), status: verified ? 'Verified' : 'Pending', verified };
}

/** The columns to write for a document a supplier organisation issues now: its name and level today. */
export async function supplierIssuer(
  db: Db,
  issuerLevel: IssuerLevelLookup,
  organizationId: string,
  today?: string,
): Promise<{ issuer_name: string; issuer_level: VerificationLevel }> {
  const organization = await db
    .selectFrom('organizations')
    .select('name')
    .where('id', '=', organizationId)
    .executeTakeFirstOrThrow();
  return { issuer_name: organization.name, issuer_level: await issuerLevel(db, organizationId, today) };
}

/**
 * What a pack's manifest says of each vault document in it: the same badge, provenance and line the
 * vault shows, so an insurer or buyer reading the pack is told what the owner's screen says.
 */
export function packedDocumentsTrust(
  documents: readonly { id: string; name: string; provenance: Provenance; badge: TrustBadge }[],
) {
  return documents.map((document) => ({
    document_id: document.id,
    name: document.name,
    badge: document.badge,
    provenance: document.provenance,
    provenance_line: provenanceLine(document.provenance),
  }));
}
