import type { CertificateType } from '../../certificates.js';
import type { ReadDocumentKind } from '../types.js';
import type { PlacedLine } from './lines.js';

/**
 * What a document is, from the words it uses: a certificate, a policy schedule or an invoice (or
 * quote), and for a certificate which of the 12 types (the facts behind each cue:
 * docs/sa-compliance.md). A cue counts once per document, double in a title (the first page's top
 * quarter, or larger print). The vault kind the owner chose is a prior, not the answer.
 */

interface Cue {
  pattern: RegExp;
  weight: number;
}

const cue = (source: string, weight: number): Cue => ({ pattern: new RegExp(source), weight });

const KIND_CUES: Readonly<Record<Exclude<ReadDocumentKind, 'unknown'>, readonly Cue[]>> = {
  certificate: [
    cue(String.raw`\bcertificate\b|\bsertifikaat\b`, 2),
    cue(String.raw`\bcertif(?:y|ies|ied)\b|\bsertifiseer\b`, 1),
    cue(String.raw`\bcompliance\b|\bconformity\b`, 1),
    cue(String.raw`\bsans\s*\d{4,5}`, 1),
    cue(String.raw`\bclearance\b|\binspection\s+report\b|\bservice\s+report\b`, 2),
    cue(String.raw`\b(?:registered|accredited|authori[sz]ed)\s+person\b`, 1),
  ],
  policy: [
    cue(String.raw`\bpolicy\b|\bpolis\b`, 2),
    cue(String.raw`\bschedule\b|\bskedule\b`, 1),
    cue(String.raw`\bsum\s+insured\b`, 2),
    cue(String.raw`\binsured\b|\binsurer\b|\binsurance\b`, 1),
    cue(String.raw`\bpremium\b`, 1),
    cue(String.raw`\bperiod\s+of\s+(?:cover|insurance)\b`, 2),
    cue(String.raw`\bexcess\b`, 1),
  ],
  invoice: [
    cue(String.raw`\binvoice\b|\bfaktuur\b`, 3),
    cue(String.raw`\bquot(?:e|ation)\b|\bkwotasie\b`, 2),
    cue(String.raw`\bvat\b|\bbtw\b`, 1),
    cue(String.raw`\bsub-?\s*total\b`, 2),
    cue(String.raw`\bamount\s+due\b|\bbalance\s+due\b|\btotal\s+due\b`, 2),
    cue(String.raw`\bqty\b|\bquantity\b|\bunit\s+price\b`, 1),
    cue(String.raw`\bbanking\s+details\b|\bbank\s+details\b`, 1),
  ],
};

/** The cues of each certificate type (docs/sa-compliance.md names the laws and standards). */
const TYPE_CUES: Readonly<Record<CertificateType, readonly Cue[]>> = {
  electrical_coc: [
    cue(String.raw`\belectrical\s+installation\b|\belectrical\s+(?:compliance|coc)\b`, 3),
    cue(String.raw`\bsans\s*10142`, 3),
    cue(String.raw`\bcertificate\s+of\s+compliance\b`, 1),
    cue(String.raw`\belectrical\b`, 1),
    cue(
      String.raw`\b(?:registered|accredited)\s+person\b|\binstallation\s+electrician\b|\belectrical\s+contractor\b`,
      1,
    ),
  ],
  gas_coc: [
    cue(String.raw`\bgas\b`, 2),
    cue(String.raw`\bsans\s*10087`, 3),
    cue(String.raw`\bcertificate\s+of\s+conformity\b`, 1),
    cue(String.raw`\blp\s*gas\b|\blpg\b|\bsaqcc\s+gas\b|\bpressure\s+equipment\s+regulations\b`, 2),
  ],
  electric_fence_coc: [
    cue(String.raw`\belectric(?:al)?\s+fenc(?:e|ing)\b`, 4),
    cue(String.raw`\belectrical\s+machinery\s+regulations\b|\bsans\s*60335-2-76`, 3),
    cue(String.raw`\benergi[sz]er\b`, 1),
  ],
  plumbing_coc: [
    cue(String.raw`\bplumbing\b|\bplumber\b`, 2),
    // A hot water installation is a geyser's (below), certified by the same plumbers on the same forms.
    cue(String.raw`(?<!\bhot\s)\bwater\s+installation\b|\bwater\s+by-?law\b`, 3),
    cue(String.raw`\bpirb\b`, 2),
    cue(String.raw`\bsans\s*10252`, 2),
    // Work beyond a geyser: a form whose list names these is the whole installation's certificate.
    cue(String.raw`\bdrainage\b|\bcold\s+water\b|\brainwater\b|\bsewer`, 2),
  ],
  beetle_clearance: [
    cue(String.raw`\bentomolog`, 3),
    cue(String.raw`\bbeetles?\b|\bkewers?\b`, 3),
    cue(String.raw`\bwood[-\s]destroying\b|\bwood[-\s]boring\b|\bborers?\b`, 3),
    cue(String.raw`\bpest\s+control\b`, 1),
  ],
  sseg_registration: [
    cue(String.raw`\bsseg\b|\bembedded\s+generation\b`, 4),
    cue(String.raw`\bsolar\s+pv\b|\bphotovoltaic\b|\bpv\s+system\b`, 2),
    cue(String.raw`\bnrs\s*097`, 2),
    cue(String.raw`\binverter\b|\bgrid-?tied\b`, 1),
  ],
  occupation_certificate: [
    cue(
      String.raw`\bcertificate\s+of\s+occupancy\b|\boccupation\s+certificate\b|\bcertificate\s+of\s+occupation\b`,
      5,
    ),
    cue(String.raw`\bnational\s+building\s+regulations\b|\bact\s+103\s+of\s+1977\b`, 1),
    cue(String.raw`\bsection\s+14\b|\bs\s*14\b`, 1),
    // Said in its body where a photo lost its title: who issues it, what it allows.
    cue(String.raw`\bbuilding\s+control\b`, 1),
    cue(String.raw`\boccup(?:ied|ation|ancy)\b`, 1),
  ],
  geyser_coc: [
    cue(String.raw`\bgeyser\b|\bhot\s+water\s+cylinder\b|\bwater\s+heater\b`, 3),
    // A plumbing certificate of compliance for a hot water installation is the geyser's certificate
    // (SANS 10254): the plumbing cues (plumber, PIRB, SANS 10252) are on both.
    cue(String.raw`\bhot\s+water\s+(?:installation|system)\b`, 3),
    cue(String.raw`\bsans\s*10254`, 3),
    cue(String.raw`\bdrip\s+tray\b|\bvacuum\s+breakers?\b`, 1),
  ],
  roof_inspection: [
    cue(String.raw`\broof\s+(?:inspection|report|certificate|assessment)\b`, 4),
    // Said in a report's body where a photo lost its title.
    cue(String.raw`\binspection\s+of\s+the\s+roof\b|\broof\s+(?:was|were|is)\s+inspected\b`, 3),
    cue(String.raw`\broof\s+(?:type|space|covering|structure)\b`, 1),
    cue(String.raw`\broof(?:ing)?\b`, 1),
  ],
  alarm_service: [
    cue(String.raw`\balarm\b`, 3),
    cue(String.raw`\bintruder\b|\bsecurity\s+system\b|\barmed\s+response\b`, 1),
  ],
  lightning_conductor: [
    cue(String.raw`\blightning\b`, 3),
    cue(String.raw`\bsans\s*10313|\bsans\s*62305`, 3),
    cue(String.raw`\bair\s+terminals?\b|\bearth\s+termination\b|\bdown\s+conductors?\b`, 1),
  ],
  thatch_retardant: [
    // Afrikaans: 'rietdak' (thatched roof), 'brandvertragende behandeling' (fire-retardant treatment).
    cue(String.raw`\bthatch|\brietda[kg]`, 3),
    cue(String.raw`\bfire[-\s]retardant\b|\bretardant\b|\bbrandvertra`, 3),
  ],
};

/** A cue's best line: the title line where it is in a title, else the first. */
interface CueHit {
  weight: number;
  placed: PlacedLine;
  title: boolean;
}

/** The score of some cues over the lines, and the strongest cue's line. */
function score(cues: readonly Cue[], lines: readonly PlacedLine[]): { total: number; best: CueHit | null } {
  let total = 0;
  let best: CueHit | null = null;
  for (const { pattern, weight } of cues) {
    const found =
      lines.find((placed) => placed.title && pattern.test(placed.lower)) ??
      lines.find((placed) => pattern.test(placed.lower));
    if (found === undefined) continue;
    // A reference's label in a strip of boxes at the top ('INVOICE' over its number, beside 'CERTIFICATE')
    // names no document unless it is printed large.
    const reference =
      !found.large &&
      /^\s*(?:tax\s+)?(?:invoice|quote|quotation|job\s+card|work\s+order|order|account|receipt)\s*(?:no\.?|number|#)?\s*:?\s*$/.test(
        found.lower,
      );
    const title = found.title && !reference;
    const hit = { weight: title ? weight * 2 : weight, placed: found, title };
    total += hit.weight;
    if (best === null || hit.weight > best.weight) best = hit;
  }
  return { total, best };
}

/** Vault kinds that point to a kind read here. */
const HINTS: Readonly<Record<string, Exclude<ReadDocumentKind, 'unknown'>>> = {
  certificate: 'certificate',
  inspection: 'certificate',
  policy: 'policy',
  invoice: 'invoice',
  quote: 'invoice',
  maintenance: 'invoice',
};

/** The weight of the owner's choice of vault kind. */
const HINT_WEIGHT = 3;
/** The least score of a kind the document is taken to be (a hint alone is enough). */
const KIND_THRESHOLD = 3;

export function classifyKind(lines: readonly PlacedLine[], documentKind?: string): ReadDocumentKind {
  const hinted = documentKind === undefined ? undefined : HINTS[documentKind];
  let best: { kind: ReadDocumentKind; total: number } = { kind: 'unknown', total: KIND_THRESHOLD - 0.5 };
  for (const kind of ['certificate', 'policy', 'invoice'] as const) {
    const total = score(KIND_CUES[kind], lines).total + (kind === hinted ? HINT_WEIGHT : 0);
    if (total > best.total) best = { kind, total };
  }
  return best.kind;
}

/** The certificate type read, the line that says it most clearly, and how sure that is (0–1, before OCR). */
export interface TypeReading {
  type: CertificateType;
  placed: PlacedLine;
  strength: number;
}

/** The least score of a type taken at all. */
const TYPE_THRESHOLD = 3;
/** The least weight of a title's cue (doubled there) that names the type. */
const TITLE_NAMES = 4;

export function classifyCertificateType(lines: readonly PlacedLine[]): TypeReading | null {
  const scored = (Object.keys(TYPE_CUES) as CertificateType[])
    .map((type) => ({ type, ...score(TYPE_CUES[type], lines) }))
    .sort((a, b) => b.total - a.total);
  const [first, second] = scored as [(typeof scored)[number], (typeof scored)[number]];
  if (first.best === null || first.total < TYPE_THRESHOLD) return null;
  // Clear when the type leads the next by two to one; its title naming it makes it surer still.
  const margin = second.total === 0 ? 1 : Math.min(1, (first.total / second.total - 1) / 1);
  // Only a title that names the type (a cue of weight 2 or more, doubled there) makes it surer: a
  // letterhead's "Building Control" in the top quarter is no title naming it.
  const named = first.best.title && first.best.weight >= TITLE_NAMES;
  const strength = 0.6 + 0.25 * margin + (named ? 0.13 : 0);
  return { type: first.type, placed: first.best.placed, strength: Math.min(strength, 0.98) };
}
