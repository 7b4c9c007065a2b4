import { describe, expect, it } from 'vitest';
import {
  type CorpusReading,
  evaluateExtraction,
  formatExtractionEvaluation,
  normaliseText,
  valueMatches,
} from './evaluation.js';
import type { ExtractedFieldName, FieldProposal, ProposedField } from './types.js';

const box = { x: 0.1, y: 0.1, w: 0.5, h: 0.02 };
const field = (name: ExtractedFieldName, value: string, confidence = 0.8): ProposedField => ({
  name,
  value,
  confidence,
  page: 1,
  text: value,
  box,
});
const proposal = (kind: FieldProposal['kind'], fields: ProposedField[]): FieldProposal => ({
  kind,
  certificate_type: null,
  fields,
});

describe('normaliseText', () => {
  it('keeps letters and digits in lower case, without a trailing legal form', () => {
    expect(normaliseText('Voltline Electrical (Pty) Ltd')).toBe('voltlineelectrical');
    expect(normaliseText('Ohmega Electrical Contractors CC.')).toBe('ohmegaelectricalcontractors');
    expect(normaliseText('Baobab General Insurance Company Limited')).toBe('baobabgeneralinsurancecompany');
    expect(normaliseText('IE 20417')).toBe('ie20417');
    expect(normaliseText('Blue Flame, Inc')).toBe('blueflame');
    expect(normaliseText('Dakwerk Thatch – Gesië')).toBe('dakwerkthatchgesië');
  });
});

describe('valueMatches', () => {
  it('compares dates, amounts and types exactly', () => {
    expect(valueMatches('issue_date', '2025-03-14', '2025-03-14')).toBe(true);
    expect(valueMatches('cover_to', '2025-03-15', '2025-03-14')).toBe(false);
    expect(valueMatches('total', '1234.50', '1234.56')).toBe(false);
    expect(valueMatches('sum_insured_buildings', '2450000.00', '2450000.00')).toBe(true);
    expect(valueMatches('certificate_type', 'gas_coc', 'electrical_coc')).toBe(false);
  });

  it('compares texts normalised', () => {
    expect(valueMatches('certificate_number', 'vl 2025 00412', 'VL-2025-00412')).toBe(true);
    expect(valueMatches('insurer', 'Kalahari Mutual Insurance', 'Kalahari Mutual Insurance Ltd')).toBe(true);
    expect(valueMatches('erf', '1234', '1284')).toBe(false);
    expect(valueMatches('erf', '.', '1')).toBe(false);
  });

  it('takes the start of an address that holds its street', () => {
    const truth = '14 Kloof Street, Gardens, Cape Town, 8001';
    expect(valueMatches('address', '14 Kloof Street', truth)).toBe(true);
    expect(valueMatches('address', '14 Kloof Street, Gardens', truth)).toBe(true);
    expect(valueMatches('address', '14 Kloof', truth)).toBe(false);
    expect(valueMatches('address', 'Gardens, Cape Town', truth)).toBe(false);
    expect(valueMatches('address', `${truth}, Erf 12`, truth)).toBe(false);
  });

  it('takes most of a work description, either way round', () => {
    const truth = 'Replace burst 150 L geyser and fit drip tray and vacuum breakers';
    expect(valueMatches('work_description', 'Replace burst 150 L geyser and fit drip tray', truth)).toBe(
      true,
    );
    expect(valueMatches('work_description', `Job: ${truth}`, truth)).toBe(true);
    expect(valueMatches('work_description', 'Replace burst', truth)).toBe(false);
    expect(valueMatches('work_description', 'Paint the roof', truth)).toBe(false);
  });
});

describe('evaluateExtraction', () => {
  const readings: CorpusReading[] = [
    {
      id: 'a',
      kind: 'certificate',
      source: 'clean',
      truth: { certificate_type: 'electrical_coc', issue_date: '2025-03-14', erf: '1234' },
      proposal: proposal('certificate', [
        field('certificate_type', 'electrical_coc', 0.95),
        field('issue_date', '2025-03-12', 0.93),
        field('address', '1 Main Road', 0.5),
      ]),
    },
    {
      id: 'a',
      kind: 'certificate',
      source: 'photo',
      truth: { certificate_type: 'electrical_coc' },
      proposal: proposal('unknown', []),
    },
  ];

  it('counts right, wrong and missed per field and source', () => {
    const evaluation = evaluateExtraction(readings);
    expect(evaluation.documents).toBe(1);
    expect(evaluation.byField.clean).toEqual({
      certificate_type: { right: 1, wrong: 0, missed: 0, precision: 1, recall: 1 },
      issue_date: { right: 0, wrong: 1, missed: 1, precision: 0, recall: 0 },
      address: { right: 0, wrong: 1, missed: 0, precision: 0, recall: null },
      erf: { right: 0, wrong: 0, missed: 1, precision: null, recall: 0 },
    });
    expect(evaluation.bySource.clean).toEqual({
      right: 1,
      wrong: 2,
      missed: 2,
      precision: 1 / 3,
      recall: 1 / 3,
    });
    expect(evaluation.bySource.scan).toEqual({
      right: 0,
      wrong: 0,
      missed: 0,
      precision: null,
      recall: null,
    });
    expect(evaluation.kinds).toEqual({
      clean: { right: 1, total: 1 },
      scan: { right: 0, total: 0 },
      photo: { right: 0, total: 1 },
    });
    expect(evaluation.confidentlyWrong).toEqual([
      {
        id: 'a',
        source: 'clean',
        field: 'issue_date',
        proposed: '2025-03-12',
        truth: '2025-03-14',
        confidence: 0.93,
      },
    ]);
    expect(evaluation.mistakes.map((mistake) => [mistake.source, mistake.field, mistake.proposed])).toEqual([
      ['clean', 'issue_date', '2025-03-12'],
      ['clean', 'address', '1 Main Road'],
      ['clean', 'erf', null],
      ['photo', 'certificate_type', null],
    ]);
  });

  it('prints the tables, the targets and the confidently wrong, and the mistakes when asked', () => {
    const evaluation = evaluateExtraction(readings);
    const text = formatExtractionEvaluation('Tuning set', evaluation);
    expect(text).toContain('### Tuning set (1 documents)');
    expect(text).toContain('| certificate_type | 1.00 / 1.00 (1/1) |  | – / 0.00 (0/1) |');
    expect(text).toContain('| erf | – / 0.00 (0/1) |  |  |');
    expect(text).toContain('| kind right | 1/1 | 0/0 | 0/1 |');
    expect(text).toContain('| certificate_type | clean | 1.00 (≥ 0.95: met) | 1.00 (≥ 0.9: met) |');
    expect(text).toContain('| issue_date | clean | 0.00 (≥ 0.95: MISSED) | 0.00 (≥ 0.9: MISSED) |');
    expect(text).toContain('| certificate_number | scan | – (≥ 0.95: –) | – (≥ 0.9: –) |');
    expect(text).toContain('wrong: 1 (target on held-out: 0)');
    expect(text).toContain('- a (clean) issue_date: proposed "2025-03-12" (0.93), truth "2025-03-14"');
    expect(text).not.toContain('Mistakes');
    const full = formatExtractionEvaluation('Tuning set', evaluation, { mistakes: true });
    expect(full).toContain('Mistakes (4):');
    expect(full).toContain('- a (clean) address: proposed "1 Main Road" (0.50), truth none');
    expect(full).toContain('- a (photo) certificate_type: missed, truth "electrical_coc"');
  });
});
