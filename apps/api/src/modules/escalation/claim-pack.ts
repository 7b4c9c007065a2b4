import {
  COVER_TITLES,
  coverMayBeClaimed,
  coverWithoutPolicy,
  type DocumentKind,
  formatDate,
  INCIDENT_GUIDANCE,
  johannesburgToday,
  packedChoice,
  policiesForClaim,
  propertyLine,
  reportFileName,
} from '@propertydna/domain';
import type { Db } from '../../db/database.js';
import { storedFileOf, withManifest, type ZipEntry, ZipPaths } from '../../exports/zip.js';
import { PdfWriter } from '../../pdf/pdf-writer.js';
import { readVaultDocuments } from '../compliance/compliance.service.js';
import type { DocumentOut } from '../documents/documents.schemas.js';
import { documentsOf } from '../documents/documents.service.js';
import { packedDocumentsTrust } from '../documents/provenance.js';
import { choosePack, type PackRequest, type ResolvedPackChoice } from '../packs/pack-choices.js';
import { type PolicyIdentity, policyIdentities } from '../policies/policy-identities.js';
import { getClaim } from './claims.service.js';
import type { ClaimDetailOut } from './escalation.schemas.js';

/** What a claim pack holds: the cover letter, the claim as data, and the files an insurer asks for. */
export interface ClaimPack {
  claim: ClaimDetailOut;
  filename: string;
  entries: ZipEntry[];
  documentIds: string[];
  choice: ResolvedPackChoice;
}

/** The South African day of an instant (a claim started at 01:00 SAST is that day, not the UTC one before). */
const dayOf = (instant: string) => johannesburgToday(new Date(instant));

/**
 * The cover letter: who claims, on which policy (the insurer and policy number the policy analysis found,
 * where it found them), whether that policy covered the incident's day, what happened, a timeline, and
 * the evidence enclosed or still missing. A policy whose dates show no cover that day (lapsed, not yet
 * started) is never named as the claim's policy: the letter says there was none in the vault that day.
 */
async function coverLetter(
  claim: ClaimDetailOut,
  policies: readonly PolicyIdentity[],
  documents: readonly DocumentOut[],
  choice: ResolvedPackChoice,
  now: Date,
  preparedBy?: string,
) {
  const { property } = claim;
  const pdf = await PdfWriter.create({
    title: `Insurance claim: ${claim.incident_type_label}`,
    subject: propertyLine(property),
    createdAt: now,
    footer: `${property.name} · ${property.dna_code}`,
  });
  pdf.title(`Insurance claim: ${claim.incident_type_label}`, propertyLine(property));
  // Each from the newest policy that names it (a schedule may name the number, the wording the insurer).
  const { cover } = claim;
  // No policy enclosed (the owner left it out): nothing to read the insurer or number from.
  const notFound =
    policies.length === 0
      ? 'Not in this pack: the policy is not enclosed'
      : 'Not found in the policy documents';
  const covered = coverMayBeClaimed(cover);
  const enclosed = new Set(policies.map((policy) => policy.document_id));
  const noCover = `None in force on ${formatDate(cover.in_force_on)} in the vault`;
  pdf.facts([
    ['Property', propertyLine(property)],
    ['PropertyDNA code', property.dna_code],
    ['Insurer', covered ? (policies.find((policy) => policy.insurer)?.insurer ?? notFound) : noCover],
    [
      'Policy number',
      covered ? (policies.find((policy) => policy.policy_number)?.policy_number ?? notFound) : noCover,
    ],
    ['Cover on the date of the incident', `${COVER_TITLES[cover.status]}. ${cover.message}`],
    ['Incident', claim.incident_type_label],
    ['Date of the incident', formatDate(claim.incident_date)],
    ['Claim reference', claim.id],
    ['Claim started', `${formatDate(claim.created_at)}${claim.created_by ? ` by ${claim.created_by}` : ''}`],
    // Who made this pack (issue 29 §4), as the audit trail names them.
    ...(preparedBy ? ([['Prepared by', preparedBy]] as [string, string][]) : []),
  ]);
  pdf.heading('What happened');
  pdf.paragraph(claim.description);

  if (choice.has('timeline')) timeline(pdf, claim);

  // Only what the pack holds, unless the owner chose to tell the insurer what is missing too (the claim
  // as the pack carries it has no missing item then).
  const gaps = choice.has('compliance_gaps');
  pdf.heading(gaps ? 'Evidence an insurer asks for with this incident' : 'Evidence enclosed');
  pdf.table(
    [
      { header: 'Evidence', width: 2, titled: true },
      { header: 'In this pack', width: 3 },
    ],
    claim.evidence.map((item) => [
      `${item.label}\n${item.why}`,
      item.key === 'policy' && !covered
        ? `${COVER_TITLES[cover.status]}: not enclosed as cover`
        : item.missing
          ? 'Missing: not in the vault or the service history'
          : item.found
              .filter((found) => item.key !== 'policy' || enclosed.has(found.document_id ?? ''))
              .map((found) => `${found.name} (${evidenceDates(found)})`)
              .join('\n'),
    ]),
    {
      empty: gaps ? 'Nothing specific is expected for this incident type.' : 'No further evidence enclosed.',
    },
  );
  enclosedDocuments(pdf, documents);
  pdf.heading('Reporting');
  for (const line of INCIDENT_GUIDANCE[claim.incident_type].timeLimits) pdf.paragraph(line);
  return pdf.finish();
}

/**
 * Every file the pack encloses with the badge and provenance line the vault shows for it (an insurer is
 * told who put it there and whether anyone checked the issuer, never more than the owner's screen says),
 * and its expiry with the vault's Expired / Expires in N days mark.
 */
function enclosedDocuments(pdf: PdfWriter, documents: readonly DocumentOut[]) {
  pdf.heading('Documents enclosed');
  const trust = new Map(packedDocumentsTrust(documents).map((entry) => [entry.document_id, entry]));
  pdf.table(
    [
      { header: 'Document', width: 2, titled: true },
      { header: 'Provenance', width: 3 },
      { header: 'Expiry', width: 2 },
    ],
    documents.map((document) => {
      const line = trust.get(document.id)?.provenance_line ?? '';
      return [
        document.name,
        document.badge === 'Verified' ? `Verified · ${line}` : line,
        document.expires_on
          ? `${formatDate(document.expires_on)}${document.expiry_notice ? ` (${document.expiry_notice})` : ''}`
          : '-',
      ];
    }),
    { empty: 'No documents enclosed.' },
  );
}

/** A found item's dates as the vault says them: 'date unknown' when nobody gave one, and Expired. */
function evidenceDates(found: ClaimDetailOut['evidence'][number]['found'][number]): string {
  const date = found.date === null ? 'date unknown' : formatDate(found.date);
  return found.expired && found.expires_on ? `${date}; expired ${formatDate(found.expires_on)}` : date;
}

/** The timeline: the incident, the claim, its photos and the evidence, by date. */
function timeline(pdf: PdfWriter, claim: ClaimDetailOut) {
  pdf.heading('Timeline');
  const events: [string, string][] = [
    [claim.incident_date, `${claim.incident_type_label}: the incident`],
    [dayOf(claim.created_at), 'Claim started on PropertyDNA'],
    ...claim.documents.map((document): [string, string] => [
      dayOf(document.uploaded_at),
      `Photo or document added: ${document.name}`,
    ]),
    // Evidence whose date is unknown has no place on the timeline (the table above lists it).
    ...claim.evidence.flatMap((item) =>
      item.found.flatMap((found): [string, string][] =>
        found.date === null
          ? []
          : [
              [
                found.date,
                `${found.source === 'maintenance' ? 'Service done' : 'Document'}: ${found.name} (${item.label})`,
              ],
            ],
      ),
    ),
  ];
  events.sort(([a], [b]) => a.localeCompare(b));
  pdf.table(
    [
      { header: 'Date', width: 1 },
      { header: 'What', width: 4 },
    ],
    events.map(([date, what]) => [formatDate(date), what]),
  );
}

/**
 * The claim as its pack carries it: only the photos and evidence the owner put in; an expected item with
 * nothing in the pack is left out unless the owner chose to include what is missing.
 */
function chosenClaim(claim: ClaimDetailOut, choice: ResolvedPackChoice): ClaimDetailOut {
  const evidence = claim.evidence.map((item) => {
    const found = item.found.flatMap((entry) => {
      if (entry.document_id === null || choice.includes(entry.document_id)) return [entry];
      // A service record stays without its left-out document; a document left out goes.
      return entry.source === 'maintenance' ? [{ ...entry, document_id: null }] : [];
    });
    return { ...item, found, missing: found.length === 0 };
  });
  // The cover's policy left out: the pack says the cover without naming the policy it does not carry.
  const policyLeftOut =
    claim.cover.policy_document_id !== null && !choice.includes(claim.cover.policy_document_id);
  return {
    ...claim,
    cover: policyLeftOut ? coverWithoutPolicy(claim.cover) : claim.cover,
    documents: claim.documents.filter((document) => choice.includes(document.id)),
    evidence: choice.has('compliance_gaps') ? evidence : evidence.filter((item) => !item.missing),
  };
}

/**
 * The documents a claim pack can carry: the claim's photos, the policies that may be claimed on, the
 * evidence found. Only the policies whose dates do not deny cover on the incident's day are named or
 * enclosed: a lapsed policy sent with a claim would present itself as the cover, which its own dates deny.
 */
async function claimDocuments(db: Db, organizationId: string, claim: ClaimDetailOut) {
  const [identities, vault, dated] = await Promise.all([
    policyIdentities(db, organizationId, claim.property.id),
    documentsOf(db, organizationId, { property_id: claim.property.id }),
    readVaultDocuments(db, claim.property.id),
  ]);
  const datesOf = new Map(dated.map((document) => [document.id, document]));
  const policies = policiesForClaim(
    claim.incident_date,
    identities.map((identity) => {
      const document = datesOf.get(identity.document_id);
      return {
        ...identity,
        id: identity.document_id,
        starts_on: document?.issued_on ?? null,
        expires_on: document?.expires_at ? johannesburgToday(new Date(document.expires_at)) : null,
      };
    }),
  );
  const claimable = new Set(policies.map((policy) => policy.document_id));
  const byId = new Map(vault.map((document) => [document.id, document]));
  const candidates: { document: DocumentOut; group: string; folder: string }[] = [];
  const seen = new Set<string>();
  const add = (group: string, folder: string, id: string | null) => {
    const document = id ? byId.get(id) : undefined;
    if (!document || seen.has(document.id)) return;
    seen.add(document.id);
    candidates.push({ document, group, folder });
  };
  // Each file once: the claim's own photos, the policy, then what the vault holds for each expected item.
  for (const document of claim.documents) add('Photos', 'photos', document.id);
  for (const policy of policies) add('Policy', 'policy', policy.document_id);
  for (const item of claim.evidence) {
    for (const found of item.found) {
      if (item.key !== 'policy' || (found.document_id !== null && claimable.has(found.document_id)))
        add(`Evidence: ${item.label}`, `evidence/${item.key}`, found.document_id);
    }
  }
  return { policies, candidates };
}

/** A claim pack's documents, for the pack chooser (404 unless the claim is the organisation's). */
export async function claimPackCandidates(
  db: Db,
  organizationId: string,
  claimId: string,
): Promise<{ document: { id: string; name: string; kind: DocumentKind }; group: string }[]> {
  const claim = await getClaim(db, organizationId, claimId);
  const { candidates } = await claimDocuments(db, organizationId, claim);
  return candidates.map(({ document, group }) => ({ document, group }));
}

/**
 * GET /api/claims/{id}/pack: a ZIP of the cover letter (PDF), the claim as JSON, the policy documents, the
 * evidence the vault and service history hold for the incident type, and the claim's photos; every file
 * named in manifest.json with its SHA-256 and checked against the vault while packed.
 */
export async function claimPack(
  db: Db,
  organizationId: string,
  claimId: string,
  request: PackRequest,
  now = new Date(),
  preparedBy?: string,
): Promise<ClaimPack> {
  const full = await getClaim(db, organizationId, claimId);
  const { policies, candidates } = await claimDocuments(db, organizationId, full);
  const choice = await choosePack(
    db,
    organizationId,
    'claim_pack',
    request,
    candidates.map((candidate) => candidate.document.id),
  );
  const claim = chosenClaim(full, choice);
  const paths = new ZipPaths();
  const chosen = candidates.filter((candidate) => choice.includes(candidate.document.id));
  const files: ZipEntry[] = chosen.map(({ document, folder }) => ({
    path: paths.add(folder, document.name, document.content_type),
    document: storedFileOf(document),
  }));
  const chosenPolicies = policies.filter((policy) => choice.includes(policy.document_id));

  const entries: ZipEntry[] = [
    {
      path: 'cover-letter.pdf',
      content: await coverLetter(
        claim,
        chosenPolicies,
        chosen.map(({ document }) => document),
        choice,
        now,
        preparedBy,
      ),
    },
    {
      path: 'claim.json',
      content: `${JSON.stringify({ ...claim, pack_choice: packedChoice(choice.out) }, null, 2)}\n`,
    },
    ...files,
  ];
  return {
    claim,
    filename: reportFileName(claim.property, 'claim-pack', 'zip', now),
    entries: withManifest(
      entries,
      {
        archive: 'propertydna.claim-pack',
        claim: { id: claim.id, incident_type: claim.incident_type, incident_date: claim.incident_date },
        property: { id: claim.property.id, dna_code: claim.property.dna_code, name: claim.property.name },
        documents: packedDocumentsTrust(chosen.map(({ document }) => document)),
      },
      now,
    ),
    documentIds: chosen.map(({ document }) => document.id),
    choice,
  };
}
