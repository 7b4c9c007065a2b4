import { describe, expect, it } from 'vitest';
import {
  applyPackChoice,
  defaultPackSections,
  MAX_PACK_CHOICES,
  PACK_CHOICE_MESSAGES,
  PACK_SECTION_LABELS,
  PACK_SECTIONS,
  PACK_TYPES,
  packChoiceChange,
  packChoiceSchema,
  packedChoice,
  packedChoiceSchema,
  packSectionLabel,
  packSections,
} from './pack.js';
import { dataOf, errorsOf } from './test-helpers.js';

const DOC = '3F1C2A5E-8B7D-4C9A-9E1F-2D3C4B5A6F70';
const doc = DOC.toLowerCase();

describe('pack sections and defaults', () => {
  it('keeps the compliance gaps out of the insurer-facing packs and in the owner’s own summary', () => {
    expect(defaultPackSections('insurance_pack')).toEqual([
      'compliance_summary',
      'policy_findings',
      'maintenance',
    ]);
    expect(defaultPackSections('claim_pack')).toEqual(['timeline']);
    expect(defaultPackSections('property_summary')).toContain('compliance_gaps');
    for (const type of PACK_TYPES) {
      expect(packSections(type)).toContain('compliance_gaps');
      for (const section of packSections(type)) expect(PACK_SECTIONS).toContain(section);
    }
    for (const section of PACK_SECTIONS) expect(PACK_SECTION_LABELS[section]).toBeTruthy();
    expect(packSectionLabel('claim_pack', 'compliance_gaps')).toMatch(/^What is missing/);
    expect(packSectionLabel('insurance_pack', 'compliance_gaps')).toBe(PACK_SECTION_LABELS.compliance_gaps);
  });
});

describe('packChoiceSchema (include/exclude)', () => {
  const schema = packChoiceSchema('insurance_pack');

  it('takes repeated or comma-separated entries, sections and document ids, nothing when absent', () => {
    expect(dataOf(schema, {})).toEqual({ include: [], exclude: [] });
    expect(
      dataOf(schema, { include: ` compliance_gaps ,${DOC},`, exclude: ['maintenance', 'policy_findings'] }),
    ).toEqual({
      include: ['compliance_gaps', DOC],
      exclude: ['maintenance', 'policy_findings'],
    });
    expect(
      packChoiceChange('insurance_pack', {
        include: ['compliance_gaps', DOC, DOC],
        exclude: ['maintenance'],
      }),
    ).toEqual({
      include: { sections: ['compliance_gaps'], documents: [doc] },
      exclude: { sections: ['maintenance'], documents: [] },
    });
  });

  it('names an unknown section, and a section of another pack, in the pack’s words', () => {
    expect(errorsOf(schema, { exclude: 'compliance_gapz' })).toEqual({
      exclude: PACK_CHOICE_MESSAGES.unknownSection('insurance_pack', 'compliance_gapz'),
    });
    expect(errorsOf(schema, { include: 'timeline' })).toEqual({
      include: PACK_CHOICE_MESSAGES.unknownSection('insurance_pack', 'timeline'),
    });
    expect(PACK_CHOICE_MESSAGES.unknownSection('claim_pack', 'x')).toBe(
      'Unknown section: x (the claim pack has timeline, compliance_gaps)',
    );
  });

  it('refuses one entry both included and excluded, too many entries, and control characters', () => {
    expect(errorsOf(schema, { include: [DOC], exclude: DOC.toLowerCase() })).toEqual({
      include: PACK_CHOICE_MESSAGES.both(doc),
    });
    expect(errorsOf(schema, { include: 'maintenance', exclude: 'maintenance' })).toEqual({
      include: PACK_CHOICE_MESSAGES.both('maintenance'),
    });
    expect(errorsOf(schema, { include: Array(MAX_PACK_CHOICES + 1).fill(DOC) })).toEqual({
      include: PACK_CHOICE_MESSAGES.tooMany,
    });
    expect(schema.safeParse({ include: 'a\u0000b' }).success).toBe(false);
    expect(PACK_CHOICE_MESSAGES.unknownDocument(doc)).toBe(
      `Unknown document: ${doc} is not one of this pack's documents`,
    );
  });
});

describe('applyPackChoice', () => {
  it('adds and takes away sections in pack order, and leaves documents out or puts them back', () => {
    const base = { sections: defaultPackSections('insurance_pack'), excludedDocumentIds: ['a', 'b'] };
    expect(
      applyPackChoice('insurance_pack', base, {
        include: { sections: ['compliance_gaps'], documents: ['a'] },
        exclude: { sections: ['maintenance'], documents: ['c'] },
      }),
    ).toEqual({
      sections: ['compliance_summary', 'compliance_gaps', 'policy_findings'],
      excludedDocumentIds: ['b', 'c'],
    });
    // A stored section the pack no longer has is dropped.
    expect(
      applyPackChoice(
        'claim_pack',
        { sections: ['timeline', 'gone'], excludedDocumentIds: [] },
        { include: { sections: [], documents: [] }, exclude: { sections: [], documents: [] } },
      ).sections,
    ).toEqual(['timeline']);
  });
});

describe('packedChoice', () => {
  it('keeps the sections and drops what was left out', () => {
    const packed = packedChoice({ sections: ['timeline'], excluded_document_ids: ['a-document'] });
    expect(packed).toEqual({ sections: ['timeline'] });
    expect(packedChoiceSchema.parse(packed)).toEqual(packed);
  });
});
