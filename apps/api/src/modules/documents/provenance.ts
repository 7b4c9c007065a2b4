import {
  isVerifiedLevel,
  PROVENANCE_KINDS,
  type Provenance,
  type ProvenanceKind,
  provenanceLine,
  type TrustBadge,
  trustBadge,
  VERIFICATION_LEVELS,
  type VerificationLevel,
} from '@propertydna/domain';
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
  })
  .meta({ id: 'Provenance' });

/** The one badge of a document: Verified only when a checked issuer issued it. */
export const trustBadgeSchema = z.enum(['Verified', 'Self-declared']);

/** The columns every document row carries for its provenance (migration 0024). */
export interface ProvenanceColumns {
  provenance_kind: ProvenanceKind;
  issuer_name: string | null;
  issuer_level: VerificationLevel | null;
}

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
