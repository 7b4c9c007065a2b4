import { z } from 'zod';
import { isUuid, noControlCharacters } from './common.js';

/**
 * What goes into a pack the owner hands out: its sections and its documents. Three packs can be
 * chosen for: two insurer-facing (the insurance pack, a claim's pack) and the owner's own property
 * summary. An insurer-facing pack opens with what is in order; the gaps go in only when the owner
 * puts them in, so a pack never speaks against its owner by default.
 */
export const PACK_TYPES = ['insurance_pack', 'claim_pack', 'property_summary'] as const;
export type PackType = (typeof PACK_TYPES)[number];

export const PACK_TYPE_LABELS: Record<PackType, string> = {
  insurance_pack: 'Insurance pack',
  claim_pack: 'Claim pack',
  property_summary: 'Property summary',
};

export const PACK_SECTIONS = [
  'compliance_summary',
  'compliance_gaps',
  'policy_findings',
  'maintenance',
  'documents_list',
  'timeline',
] as const;
export type PackSection = (typeof PACK_SECTIONS)[number];

export const PACK_SECTION_LABELS: Record<PackSection, string> = {
  compliance_summary: 'Compliance summary: what is in order',
  compliance_gaps: 'Compliance gaps: the standing, what is missing and what cannot be told',
  policy_findings: 'Policy findings: conditions and clauses found in the policies',
  maintenance: 'Maintenance',
  documents_list: 'Documents list',
  timeline: 'Timeline of the incident and the evidence',
};

/** A section's label in a pack: in a claim pack the gaps are the evidence the vault does not hold. */
export function packSectionLabel(type: PackType, section: PackSection): string {
  return type === 'claim_pack' && section === 'compliance_gaps'
    ? 'What is missing: the evidence an insurer asks for that the vault does not hold'
    : PACK_SECTION_LABELS[section];
}

/**
 * Each pack's sections in the order the pack shows them, with whether each is in by default. The
 * compliance gaps are off for the insurer-facing packs and on for the owner's own summary; in a claim
 * pack they are the evidence the vault does not hold ('Geyser certificate: Missing').
 */
export const PACK_SECTION_DEFAULTS: Record<PackType, Partial<Record<PackSection, boolean>>> = {
  insurance_pack: {
    compliance_summary: true,
    compliance_gaps: false,
    policy_findings: true,
    maintenance: true,
  },
  claim_pack: { timeline: true, compliance_gaps: false },
  property_summary: {
    compliance_summary: true,
    compliance_gaps: true,
    maintenance: true,
    documents_list: true,
  },
};

/** The sections a pack has, in its order. */
export function packSections(type: PackType): PackSection[] {
  return Object.keys(PACK_SECTION_DEFAULTS[type]) as PackSection[];
}

/** The sections a pack carries when the owner has chosen nothing yet. */
export function defaultPackSections(type: PackType): PackSection[] {
  return packSections(type).filter((section) => PACK_SECTION_DEFAULTS[type][section]);
}

/** At most this many entries in each of include and exclude. */
export const MAX_PACK_CHOICES = 500;

export const PACK_CHOICE_MESSAGES = {
  tooMany: `At most ${MAX_PACK_CHOICES} entries in include and in exclude`,
  unknownSection: (type: PackType, name: string) =>
    `Unknown section: ${name} (the ${PACK_TYPE_LABELS[type].toLowerCase()} has ${packSections(type).join(', ')})`,
  both: (name: string) => `${name} is both included and excluded`,
  unknownDocument: (id: string) => `Unknown document: ${id} is not one of this pack's documents`,
} as const;

const choiceText = z.string().check(noControlCharacters('include and exclude'));

/** One of include or exclude: repeated (`include=a&include=b`) or comma-separated (`include=a,b`). */
const choiceList = z
  .union([choiceText, z.array(choiceText)])
  .optional()
  .transform((value) =>
    [value ?? []]
      .flat()
      .flatMap((entry) => entry.split(','))
      .map((entry) => entry.trim())
      .filter((entry) => entry !== ''),
  )
  .refine((entries) => entries.length <= MAX_PACK_CHOICES, PACK_CHOICE_MESSAGES.tooMany);

/** What a request asks to add to, or take from, the remembered (or default) choice. */
export interface PackChoiceChange {
  include: { sections: PackSection[]; documents: string[] };
  exclude: { sections: PackSection[]; documents: string[] };
}

const listMeta = (type: PackType, verb: string) => ({
  description: `Section names (${packSections(type).join(', ')}) and document ids to ${verb}, repeated or comma-separated; applied to your last choice for this pack, else to the defaults (sections on: ${defaultPackSections(type).join(', ')}; every document)`,
});

/** The include and exclude fields of a pack request, to spread into its query or input object. */
export function packChoiceFields(type: PackType) {
  return {
    include: choiceList.meta(listMeta(type, 'put in')),
    exclude: choiceList.meta(listMeta(type, 'leave out')),
  };
}

type ChoiceLists = { include: string[]; exclude: string[] };

/** Splits the entries into the pack's sections and document ids (UUIDs); the rest are unknown sections. */
function classify(type: PackType, entries: readonly string[]) {
  const known = packSections(type) as string[];
  const sections = new Set<PackSection>();
  const documents = new Set<string>();
  const unknown: string[] = [];
  for (const entry of entries) {
    if (known.includes(entry)) sections.add(entry as PackSection);
    else if (isUuid(entry)) documents.add(entry.toLowerCase());
    else unknown.push(entry);
  }
  return { sections: [...sections], documents: [...documents], unknown };
}

/**
 * The check of a request's include/exclude (for `.superRefine` on the object that holds them): an
 * unknown section is refused naming it, and so is one entry in both lists.
 */
export function packChoiceCheck(type: PackType) {
  return (value: ChoiceLists, ctx: z.RefinementCtx) => {
    const include = classify(type, value.include);
    const exclude = classify(type, value.exclude);
    for (const [path, unknown] of [
      ['include', include.unknown],
      ['exclude', exclude.unknown],
    ] as const) {
      for (const name of unknown) {
        ctx.addIssue({
          code: 'custom',
          message: PACK_CHOICE_MESSAGES.unknownSection(type, name),
          path: [path],
        });
      }
    }
    const excluded = new Set<string>([...exclude.sections, ...exclude.documents]);
    for (const entry of [...include.sections, ...include.documents]) {
      if (excluded.has(entry)) {
        ctx.addIssue({ code: 'custom', message: PACK_CHOICE_MESSAGES.both(entry), path: ['include'] });
      }
    }
  };
}

/** A checked include/exclude as sections and documents. */
export function packChoiceChange(type: PackType, value: ChoiceLists): PackChoiceChange {
  const { unknown: _, ...include } = classify(type, value.include);
  const { unknown: __, ...exclude } = classify(type, value.exclude);
  return { include, exclude };
}

/** include/exclude alone, checked. */
export function packChoiceSchema(type: PackType) {
  return z.object(packChoiceFields(type)).superRefine(packChoiceCheck(type));
}

/** The choice a pack was made with, as the preview and the JSON packs answer it. */
export const packChoiceOutSchema = z
  .object({
    sections: z.array(z.enum(PACK_SECTIONS)).meta({ description: 'The sections put in, in pack order' }),
    excluded_document_ids: z
      .array(z.string())
      .meta({ description: "The pack's documents the owner left out" }),
  })
  .meta({ id: 'PackChoice' });
export type PackChoiceOut = z.infer<typeof packChoiceOutSchema>;

/**
 * The choice as a pack itself carries it: its sections only. What the owner left out is theirs to know
 * (the preview answers it); a pack sent to an insurer does not say that anything was left out.
 */
export const packedChoiceSchema = z
  .object({
    sections: z.array(z.enum(PACK_SECTIONS)).meta({ description: 'The sections put in, in pack order' }),
  })
  .meta({ id: 'PackSections' });
export type PackedChoice = z.infer<typeof packedChoiceSchema>;

/** A pack's own record of its choice: the sections, never the documents left out. */
export function packedChoice(choice: PackChoiceOut): PackedChoice {
  return { sections: choice.sections };
}

/**
 * The remembered choice (or the defaults) changed by a request: sections added and taken away, and
 * documents left out or put back in.
 */
export function applyPackChoice(
  type: PackType,
  base: { sections: readonly string[]; excludedDocumentIds: readonly string[] },
  change: PackChoiceChange,
): { sections: PackSection[]; excludedDocumentIds: string[] } {
  const chosen = new Set([...base.sections, ...change.include.sections]);
  for (const section of change.exclude.sections) chosen.delete(section);
  const excluded = new Set([...base.excludedDocumentIds, ...change.exclude.documents]);
  for (const id of change.include.documents) excluded.delete(id);
  return {
    sections: packSections(type).filter((section) => chosen.has(section)),
    excludedDocumentIds: [...excluded],
  };
}
