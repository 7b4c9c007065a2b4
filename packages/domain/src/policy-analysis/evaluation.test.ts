import { describe, expect, it } from 'vitest';
import type { ClauseLabel } from './clause-labels.js';
import {
  POLICY_CLAUSE_CORPUS,
  POLICY_CLAUSE_HELD_OUT,
  POLICY_CLAUSE_HELD_OUT_2,
  POLICY_CLAUSE_HELD_OUT_3,
  POLICY_CLAUSE_HELD_OUT_4,
  POLICY_CLAUSE_HELD_OUT_5,
  POLICY_CLAUSE_HELD_OUT_6,
  POLICY_CLAUSE_HELD_OUT_7,
  POLICY_CLAUSE_HELD_OUT_8,
  POLICY_CLAUSE_HELD_OUT_9,
  POLICY_CLAUSE_HELD_OUT_10,
  POLICY_CLAUSE_HELD_OUT_11,
  POLICY_CLAUSE_HELD_OUT_12,
  POLICY_CLAUSE_HELD_OUT_13,
  POLICY_CLAUSE_HELD_OUT_14,
  POLICY_CORPUS,
  POLICY_HELD_OUT,
  readClauseCorpus,
  readPolicyCorpus,
} from './corpus-test-helpers.js';
import {
  analyzePolicyText,
  type ClauseLabelledWording,
  corpusWordings,
  evaluateClauseAnalysis,
  evaluatePolicyAnalysis,
  formatClauseEvaluation,
  formatPolicyEvaluation,
  type LabelledWording,
  OPPOSITE_CONFIDENCE,
  POLICY_CLAUSE_FINDING_TYPES,
  type PolicyClauseFinding,
  parseCorpusLabels,
  parseCorpusPages,
  policyClauseEntry,
} from './index.js';

describe('parseCorpusPages', () => {
  it('splits a wording at its page lines', () => {
    expect(parseCorpusPages('=== page 1 ===\nOne\n=== page 2 ===\nTwo\n')).toEqual(['One\n', 'Two\n']);
  });

  it('refuses text before the first page, and pages out of order', () => {
    expect(() => parseCorpusPages('Preamble\n=== page 1 ===\nOne')).toThrow(SyntaxError);
    expect(() => parseCorpusPages('=== page 1 ===\nOne\n=== page 3 ===\nThree')).toThrow(
      'Page 3 is out of order',
    );
  });
});

describe('parseCorpusLabels', () => {
  it('reads a label a line, with comments and blank lines', () => {
    expect(
      parseCorpusLabels('# a comment\n\nexclusion wear_and_tear 2  # why\nmaintenance roof_maintained 1|3\n'),
    ).toEqual([
      { finding_type: 'exclusion', key: 'wear_and_tear', pages: [2] },
      { finding_type: 'maintenance', key: 'roof_maintained', pages: [1, 3] },
    ]);
  });

  it('refuses a line that is no label', () => {
    expect(() => parseCorpusLabels('exclusion wear_and_tear')).toThrow(
      'Not a label: exclusion wear_and_tear',
    );
    expect(() => parseCorpusLabels('warning wear_and_tear 1')).toThrow(SyntaxError);
  });
});

describe('corpusWordings', () => {
  it('pairs each wording with its labels, in the order of their names, passing over other files', () => {
    const page = '=== page 1 ===\nText\n';
    expect(
      corpusWordings({
        'b.txt': page,
        'b.labels': 'exclusion rust_corrosion 1',
        'a.txt': page,
        'a.labels': '',
        'README.md': '',
      }),
    ).toEqual([
      { name: 'a', pages: ['Text\n'], labels: [] },
      {
        name: 'b',
        pages: ['Text\n'],
        labels: [{ finding_type: 'exclusion', key: 'rust_corrosion', pages: [1] }],
      },
    ]);
  });

  it('refuses a wording without labels', () => {
    expect(() => corpusWordings({ 'a.txt': '=== page 1 ===\n' })).toThrow('a.txt has no a.labels');
  });
});

const finding = (finding_type: PolicyClauseFinding['finding_type'], key: string, page: number) =>
  ({ finding_type, key, page }) as PolicyClauseFinding;

describe('evaluatePolicyAnalysis', () => {
  const wordings: LabelledWording[] = [
    {
      name: 'one',
      pages: ['a'],
      labels: [
        { finding_type: 'exclusion', key: 'wear_and_tear', pages: [1, 2] },
        { finding_type: 'exclusion', key: 'rust_corrosion', pages: [1] },
        { finding_type: 'maintenance', key: 'roof_maintained', pages: [3] },
      ],
    },
  ];
  const found = [
    finding('exclusion', 'wear_and_tear', 2),
    finding('exclusion', 'rust_corrosion', 2),
    finding('exclusion', 'damp_mould', 1),
  ];

  it('counts a finding right when type, key and one of the pages match; the rest wrong or missed', () => {
    const evaluation = evaluatePolicyAnalysis(wordings, () => found);
    expect(evaluation.byType.exclusion).toEqual({
      truePositives: 1,
      falsePositives: 2,
      falseNegatives: 1,
      precision: 1 / 3,
      recall: 0.5,
    });
    expect(evaluation.byType.maintenance).toMatchObject({ precision: 1, recall: 0 });
    expect(evaluation.byType.endorsement).toMatchObject({ precision: 1, recall: 1 });
    expect(evaluation.overall).toMatchObject({ truePositives: 1, falsePositives: 2, falseNegatives: 2 });
    expect(evaluation.mistakes).toEqual([
      { wording: 'one', kind: 'false positive', finding_type: 'exclusion', key: 'rust_corrosion', page: 2 },
      { wording: 'one', kind: 'false positive', finding_type: 'exclusion', key: 'damp_mould', page: 1 },
      { wording: 'one', kind: 'false negative', finding_type: 'exclusion', key: 'rust_corrosion', page: '1' },
      {
        wording: 'one',
        kind: 'false negative',
        finding_type: 'maintenance',
        key: 'roof_maintained',
        page: '3',
      },
    ]);
  });

  it('prints a table with the mistakes under it', () => {
    const table = formatPolicyEvaluation(
      'Test',
      evaluatePolicyAnalysis(wordings, () => found),
    );
    expect(table).toContain('| exclusion | 1 | 2 | 1 | 0.33 | 0.50 |');
    expect(table).toContain('- one: false negative maintenance roof_maintained (page 3)');
    const perfect = formatPolicyEvaluation(
      'Test',
      evaluatePolicyAnalysis([], () => []),
    );
    expect(perfect).toContain('| all | 0 | 0 | 0 | 1.00 | 1.00 |');
    expect(perfect).not.toContain('Mistakes');
  });
});

const labelled = readPolicyCorpus(POLICY_CORPUS);
const heldOut = readPolicyCorpus(POLICY_HELD_OUT);

describe('the corpus', () => {
  it('has at least 8 labelled wordings of 2 to 5 pages and 2 held out, each labelled with known keys', () => {
    expect(labelled.length).toBeGreaterThanOrEqual(8);
    expect(heldOut.length).toBeGreaterThanOrEqual(2);
    for (const wording of [...labelled, ...heldOut]) {
      expect(wording.pages.length, wording.name).toBeGreaterThanOrEqual(2);
      expect(wording.pages.length, wording.name).toBeLessThanOrEqual(5);
      const seen = new Set<string>();
      for (const label of wording.labels) {
        expect(() => policyClauseEntry(label.finding_type, label.key as never), wording.name).not.toThrow();
        for (const page of label.pages) expect(page, wording.name).toBeLessThanOrEqual(wording.pages.length);
        const id = `${label.finding_type}:${label.key}`;
        expect(seen.has(id), `${wording.name} labels ${id} twice`).toBe(false);
        seen.add(id);
      }
    }
  });
});

const clauseFinding = (
  finding_type: PolicyClauseFinding['finding_type'],
  page: number,
  excerpt: string,
  confidence = 0.9,
  topics: PolicyClauseFinding['topics'] = [],
) => ({ finding_type, page, excerpt, confidence, topics }) as PolicyClauseFinding;

const label = (
  finding_type: ClauseLabel['finding_type'],
  pages: number[],
  quote: string,
  topics: ClauseLabel['topics'] = [],
): ClauseLabel => ({ finding_type, pages, quote, topics, line: 0 });

describe('evaluateClauseAnalysis', () => {
  const wordings: ClauseLabelledWording[] = [
    {
      name: 'one',
      pages: ['a', 'b'],
      paragraphs: 7,
      labels: [
        label('exclusion', [1], 'wear and tear', ['wear_and_tear']),
        label('exclusion', [1], 'rust or   corrosion'),
        label('endorsement', [2], 'we also pay', ['geyser', 'water']),
        label('maintenance', [2], 'You must keep', ['roof']),
      ],
    },
  ];
  const found = [
    // Two findings fit the first label; the pairing gives each its own label.
    clauseFinding('exclusion', 1, '(a) Wear and tear, rust or corrosion;', 0.9, ['wear_and_tear', 'damp']),
    clauseFinding('exclusion', 1, '(b) Wear and tear of the roof;', 0.9, ['wear_and_tear']),
    // The right words on the wrong page, and of the opposite class (once sure, once not).
    clauseFinding('maintenance', 1, 'You must keep the roof'),
    clauseFinding('exclusion', 2, 'We also pay for a geyser.', 0.85),
    clauseFinding('exclusion', 2, 'We also pay for a new geyser.', 0.6),
  ];

  it('pairs findings and labels one to one by class, page and quote, counting opposites apart', () => {
    const evaluation = evaluateClauseAnalysis(
      wordings,
      () => found,
      (pages) => pages.length * 3,
    );
    expect(evaluation.byType.exclusion).toMatchObject({
      truePositives: 2,
      falsePositives: 2,
      falseNegatives: 0,
    });
    expect(evaluation.byType.maintenance).toMatchObject({
      truePositives: 0,
      falsePositives: 1,
      falseNegatives: 1,
    });
    expect(evaluation.byType.endorsement).toMatchObject({ truePositives: 0, falsePositives: 0, recall: 0 });
    expect(evaluation.overall).toMatchObject({ truePositives: 2, falsePositives: 3, falseNegatives: 2 });
    expect(evaluation.opposites).toEqual([0.85, 0.6]);
    expect(evaluation).toMatchObject({
      paragraphs: 7,
      clauses: 6,
      topics: { labelled: 1, found: 1, extra: 2 },
    });
    expect(
      evaluation.mistakes.map((mistake) => `${mistake.kind} ${mistake.finding_type} p${mistake.page}`),
    ).toEqual([
      'false positive maintenance p1',
      'false positive exclusion p2',
      'opposite exclusion p2',
      'false positive exclusion p2',
      'opposite exclusion p2',
      'false negative endorsement p2',
      'false negative maintenance p2',
    ]);
  });

  it('counts a second finding on a clause already found as wrong', () => {
    const twice = [
      clauseFinding('exclusion', 1, 'Wear and tear.'),
      clauseFinding('exclusion', 1, 'Wear and tear!'),
    ];
    const evaluation = evaluateClauseAnalysis(
      [{ ...(wordings[0] as ClauseLabelledWording), labels: [label('exclusion', [1], 'wear and tear')] }],
      () => twice,
    );
    expect(evaluation.overall).toMatchObject({ truePositives: 1, falsePositives: 1, falseNegatives: 0 });
  });

  it('prints the table, the opposites at 0.8 or more, paragraphs and topics, and the mistakes when asked', () => {
    const evaluation = evaluateClauseAnalysis(wordings, () => found);
    const table = formatClauseEvaluation('Test', evaluation);
    expect(table).toContain('| exclusion | 2 | 2 | 0 | 0.50 | 1.00 |');
    expect(table).toContain(
      'Opposite class (an exclusion found as an endorsement or the reverse): 2, of them at confidence ≥ 0.8: 1.',
    );
    expect(table).toContain('Paragraphs (human count): 7; clauses the segmenter found: 0.');
    expect(table).toContain('- one p2: opposite exclusion (0.85) "we also pay"');
    expect(table).toContain('- one p2: false negative maintenance "You must keep"');
    expect(formatClauseEvaluation('Test', evaluation, false)).not.toContain('Mistakes');
    expect(
      formatClauseEvaluation(
        'Test',
        evaluateClauseAnalysis([], () => []),
      ),
    ).not.toContain('Mistakes');
  });
});

describe('the clause-labelled tuning set', () => {
  const tuning = readClauseCorpus(POLICY_CLAUSE_CORPUS);
  const evaluation = evaluateClauseAnalysis(tuning, analyzePolicyText);
  const table = formatClauseEvaluation('tuning', evaluation);

  it('is read at the issue’s targets or better: precision 0.9, recall 0.85, each class’s recall 0.8', () => {
    expect(tuning.length).toBeGreaterThanOrEqual(5);
    expect(evaluation.overall.precision, table).toBeGreaterThanOrEqual(0.9);
    expect(evaluation.overall.recall, table).toBeGreaterThanOrEqual(0.85);
    for (const type of POLICY_CLAUSE_FINDING_TYPES) {
      expect(evaluation.byType[type].recall, table).toBeGreaterThanOrEqual(0.8);
    }
  });

  it('classes no clause as its opposite at confidence 0.8 or more', () => {
    expect(
      evaluation.opposites.filter((confidence) => confidence >= OPPOSITE_CONFIDENCE),
      table,
    ).toEqual([]);
  });
});

/**
 * The held-out wordings (corpus/clauses/held-out/), written blind to the method and scored once, at
 * aacf4e3: precision 0.93, recall 0.90; endorsement recall 0.78. Looked at afterwards, and one change
 * made from them (af05c5f: 0.94 / 0.96, endorsement recall 0.97). The second held-out set
 * (corpus/clauses/held-out-2/), written blind, scored once at af05c5f: precision 0.89, recall 0.92;
 * exclusion 0.91 / 0.92, maintenance 0.83 / 0.91, endorsement 0.93 / 0.91; one opposite at ≥ 0.8. The
 * third (corpus/clauses/held-out-3/), written blind, scored once at 4b0cb61: precision 0.95, recall 0.71;
 * exclusion 0.94 / 0.82, maintenance 0.97 / 0.80, endorsement 0.96 / 0.50 (a list's lead-in naming its
 * items 'endorsements' lent them nothing; items of run-on paragraphs); no opposite at ≥ 0.8; after two
 * changes made from it (a lead-in that names its list as a heading would; a lead-in weighs 3, not 2.5):
 * 0.95 / 0.77, endorsement recall 0.70; after a run-on paragraph is split into its provisions
 * (provisionsOf): 0.95 / 0.82, endorsement recall 0.73. The fourth (corpus/clauses/held-out-4/), written
 * blind, scored once at e769b87: precision 0.82, recall 0.63; exclusion 0.84 / 0.68, maintenance
 * 0.78 / 0.72, endorsement 0.83 / 0.48; three opposites at ≥ 0.8 (write-backs, 'Despite 3.2, we will
 * pay …', read as the exclusions they override); after WRITE_BACK: 0.85 / 0.65, endorsement recall 0.55,
 * no opposite at ≥ 0.8; after a summary's lines led by a verdict in capitals (YES, NO, ONLY IF, YOU
 * MUST) are read one clause a line, each by its verdict: 0.86 / 0.75, endorsement recall 0.64; after running
 * headers with their page numbers, headings in two languages and Afrikaans options not chosen and claims:
 * 0.88 / 0.75 (held-out-3 0.97 / 0.83); after a table's rows are read one clause each by their value
 * cell ('Locks and keys   Up to R10 000'): 0.90 / 0.84; after any heading ends a lead-in's list and a title
 * naming extensions ('Additional cover:') lends its class: 0.92 / 0.87. The fifth (corpus/clauses/held-out-5/),
 * written blind, scored once at cae6e45: precision 0.63, recall 0.45; exclusion 0.78 / 0.48, maintenance
 * 0.77 / 0.41, endorsement 0.44 / 0.46; no opposite at ≥ 0.8 (an app's cards, a body corporate's conduct
 * rules, an endorsement schedule's header lines and a legal wording's nested items: styles the method had
 * never met). Seen since (29 Nov 2026): after headings in brackets ('[ Not covered ] ✗'), check boxes as
 * bullets, an option switched OFF, the benefits a list of what is covered names (accommodation, trace and
 * access, loss of levies, glass, SASRIA…), a heading in capitals with a note in brackets, conduct rules
 * binding 'an owner', an endorsement's particulars and formal words, and 'Extension 3 … does not apply':
 * 0.79 / 0.75; exclusion 0.90 / 0.69, maintenance 0.78 / 0.68, endorsement 0.70 / 0.90 (held-out-3 0.97 /
 * 0.89); after a legal wording's write-backs by the company ('Notwithstanding EXCEPTION 4.1(d), the COMPANY
 * shall pay', 'Nothing in 4.1(a) shall be construed as excluding'), an extension's provisos ('…, provided
 * that:' lends its items nothing and is a clause of its own), 'not liable under this extension' and cover
 * 'suspended': 0.81 / 0.79; after an endorsement's particulars ('Insured:', 'Date of issue:') and cover that
 * holds only while the owner has done something to the home ('only where the panels are secured'): 0.83 /
 * 0.79. The sixth (corpus/clauses/held-out-6/), written blind, scored once at 356a7b4 (the method of
 * 02e25da): precision 0.86, recall 0.39; exclusion 0.88 / 0.34, maintenance 0.95 / 0.45, endorsement
 * 0.75 / 0.39; no opposite at ≥ 0.8; the segmenter found 145 clauses in its 228 paragraphs (a wording all
 * in capitals, a Key Information Document's table lines, a telephone sale's transcript, a smallholding's
 * Afrikaans-headed schedule). The method before the fifth set's changes (2024cee) scores it the same: those
 * changes did not carry over to these styles. Seen since: after headings known by their place in a
 * wording printed in capitals, tables set out with bars (a header row, a wrapped cell, rows of a table of
 * exclusions or duties taking their section's class, 'Selected'), and a transcript's turns read one by one:
 * 0.95 / 0.86; exclusion 0.98 / 0.82, maintenance 0.97 / 0.88, endorsement 0.89 / 0.89. The seventh
 * (corpus/clauses/held-out-7/), written blind, scored once at e4b64e9 (the method of 73ea05e): precision
 * 0.77, recall 0.77; exclusion 0.90 / 0.86, maintenance 0.73 / 0.59, endorsement 0.63 / 0.77; no opposite
 * at ≥ 0.8. The method before the fifth and sixth sets' changes (2024cee) scores it 0.78 / 0.76. Seen
 * since: after a numbered heading standing alone between blank lines heads what follows (in its section's
 * words: 'What the policy pays for', 'What we ask of you'), and a cover's basic perils after its lead-in
 * ('… if it is damaged by:') are none, one narrowed by a restriction an exclusion: 0.85 / 0.83 (the first
 * held-out set's endorsement precision 0.93 → 0.97 with it). The eighth (corpus/clauses/held-out-8/),
 * written blind, scored once at fcd2b3d (the method of ff10c62): precision 0.88, recall 0.74; exclusion
 * 0.97 / 0.87, maintenance 0.82 / 0.65, endorsement 0.81 / 0.64; no opposite at ≥ 0.8. The method of
 * 2024cee scores it 0.91 / 0.75. Seen since: the condition rule kept to cover granted 'only where …' (an
 * exclusion 'unless a lightning conductor is installed' stays one): 0.91 / 0.76 (held-out-7 0.86 / 0.84).
 * The ninth (corpus/clauses/held-out-9/), written blind after the clause classifier (clause-model.ts),
 * scored once at e2bedd0: the cue grammar alone 0.80 / 0.74 (maintenance recall 0.52); with the
 * classifier, trained on the tuning set and held-out to held-out-8: precision 0.84, recall 0.85;
 * exclusion 0.82 / 0.90, maintenance 0.85 / 0.77, endorsement 0.87 / 0.87; no opposite at ≥ 0.8. Seen
 * since (two cues of the grammar, the classifier trained on it too). The tenth (corpus/clauses/held-out-10/),
 * written blind, scored once at a32ac69: the grammar alone 0.89 / 0.67; with the classifier trained on the
 * sets before it 0.93 / 0.75; exclusion 0.92 / 0.95, maintenance 1.00 / 0.68, endorsement 0.87 / 0.61; no
 * opposite at ≥ 0.8. Seen since. The eleventh (corpus/clauses/held-out-11/), written blind, scored once
 * at 287e40d: the grammar alone 0.93 / 0.53; with the classifier 0.98 / 0.66; exclusion 1.00 / 0.59,
 * maintenance 0.97 / 0.64, endorsement 0.95 / 0.75; no opposite at ≥ 0.8. Seen since. The twelfth
 * (corpus/clauses/held-out-12/), written blind, scored once at 332054d: the grammar alone 0.86 / 0.68;
 * with the classifier 0.95 / 0.79; exclusion 0.95 / 0.74, maintenance 0.93 / 0.85, endorsement 0.97 /
 * 0.81; no opposite at ≥ 0.8. Seen since. The thirteenth (corpus/clauses/held-out-13/), written blind,
 * scored once at 574d19c (the code of b7c3020) and not looked at since: the grammar alone 0.88 / 0.73;
 * with the classifier 0.95 / 0.86; exclusion 0.97 / 0.88, maintenance 0.90 / 0.79, endorsement 0.96 /
 * 0.89; no opposite at ≥ 0.8. The fourteenth (corpus/clauses/held-out-14/), written blind after that,
 * scored once at 5eef81a (the same method: only the wording of a reason changed since b7c3020) and not
 * looked at: the grammar alone 0.86 / 0.80; with the classifier 0.97 / 0.88; exclusion 1.00 / 0.84,
 * maintenance 1.00 / 1.00, endorsement 0.92 / 0.84; no opposite at ≥ 0.8. Since the classifier is
 * trained on the tuning set and the first twelve held-out sets, their figures here are
 * its training figures. These floors are the measured figures, not the issue's targets
 * (corpus/README.md says which are missed).
 */
describe.each([
  {
    name: 'held-out',
    folder: POLICY_CLAUSE_HELD_OUT,
    wordings: 5,
    precision: 0.94,
    recall: 0.95,
    each: 0.89,
    opposites: 0,
  },
  {
    name: 'held-out-2',
    folder: POLICY_CLAUSE_HELD_OUT_2,
    wordings: 4,
    precision: 0.88,
    recall: 0.9,
    each: 0.89,
    opposites: 1,
  },
  {
    name: 'held-out-3',
    folder: POLICY_CLAUSE_HELD_OUT_3,
    wordings: 4,
    precision: 0.96,
    recall: 0.88,
    each: 0.85,
    opposites: 0,
  },
  {
    name: 'held-out-4',
    folder: POLICY_CLAUSE_HELD_OUT_4,
    wordings: 4,
    precision: 0.91,
    recall: 0.86,
    each: 0.63,
    opposites: 0,
  },
  {
    name: 'held-out-5',
    folder: POLICY_CLAUSE_HELD_OUT_5,
    wordings: 4,
    precision: 0.82,
    recall: 0.78,
    each: 0.7,
    opposites: 0,
  },
  {
    name: 'held-out-6',
    folder: POLICY_CLAUSE_HELD_OUT_6,
    wordings: 4,
    precision: 0.94,
    recall: 0.85,
    each: 0.81,
    opposites: 0,
  },
  {
    name: 'held-out-7',
    folder: POLICY_CLAUSE_HELD_OUT_7,
    wordings: 4,
    precision: 0.84,
    recall: 0.82,
    each: 0.72,
    opposites: 0,
  },
  {
    name: 'held-out-8',
    folder: POLICY_CLAUSE_HELD_OUT_8,
    wordings: 4,
    precision: 0.9,
    recall: 0.75,
    each: 0.64,
    opposites: 0,
  },
  {
    name: 'held-out-14',
    folder: POLICY_CLAUSE_HELD_OUT_14,
    wordings: 4,
    precision: 0.97,
    recall: 0.88,
    each: 0.83,
    opposites: 0,
  },
  {
    name: 'held-out-13',
    folder: POLICY_CLAUSE_HELD_OUT_13,
    wordings: 4,
    precision: 0.94,
    recall: 0.86,
    each: 0.79,
    opposites: 0,
  },
  {
    name: 'held-out-12',
    folder: POLICY_CLAUSE_HELD_OUT_12,
    wordings: 4,
    precision: 0.95,
    recall: 0.79,
    each: 0.74,
    opposites: 0,
  },
  {
    name: 'held-out-11',
    folder: POLICY_CLAUSE_HELD_OUT_11,
    wordings: 4,
    precision: 0.98,
    recall: 0.66,
    each: 0.59,
    opposites: 0,
  },
  {
    name: 'held-out-10',
    folder: POLICY_CLAUSE_HELD_OUT_10,
    wordings: 4,
    precision: 0.93,
    recall: 0.75,
    each: 0.61,
    opposites: 0,
  },
  {
    name: 'held-out-9',
    folder: POLICY_CLAUSE_HELD_OUT_9,
    wordings: 4,
    precision: 0.84,
    recall: 0.85,
    each: 0.77,
    opposites: 0,
  },
])('the clause-labelled $name set', ({ folder, wordings, precision, recall, each, opposites }) => {
  const heldOut = readClauseCorpus(folder);
  const evaluation = evaluateClauseAnalysis(heldOut, analyzePolicyText);
  const table = formatClauseEvaluation('held-out', evaluation);

  it(`is read no worse than when it was scored: precision ${precision}, recall ${recall}, each class ${each}`, () => {
    expect(heldOut.length).toBe(wordings);
    expect(evaluation.overall.precision, table).toBeGreaterThanOrEqual(precision);
    expect(evaluation.overall.recall, table).toBeGreaterThanOrEqual(recall);
    expect(evaluation.byType.exclusion.recall, table).toBeGreaterThanOrEqual(each);
    expect(evaluation.byType.maintenance.recall, table).toBeGreaterThanOrEqual(each);
    expect(evaluation.byType.endorsement.recall, table).toBeGreaterThanOrEqual(each);
    expect(
      evaluation.opposites.filter((confidence) => confidence >= OPPOSITE_CONFIDENCE).length,
      table,
    ).toBeLessThanOrEqual(opposites);
  });
});

/**
 * Issue 28's targets, on the held-out wordings written after the method (the classifier trained on the
 * tuning set and held-out to held-out-12) and never tuned on: held-out-13 and held-out-14, 8 wordings,
 * 473 paragraphs, scored together (`eval:policies --set held-out-13,held-out-14`). Measured: precision
 * 0.96, recall 0.87; exclusion 0.86, maintenance 0.90, endorsement 0.87; no opposite at ≥ 0.8.
 * (held-out-13 alone reads maintenance recall 0.79.)
 */
describe("issue 28's targets on the held-out wordings written after the method (held-out-13 and held-out-14)", () => {
  const wordings = [POLICY_CLAUSE_HELD_OUT_13, POLICY_CLAUSE_HELD_OUT_14].flatMap(readClauseCorpus);
  const evaluation = evaluateClauseAnalysis(wordings, analyzePolicyText);
  const table = formatClauseEvaluation('held-out-13 + held-out-14', evaluation);

  it('precision ≥ 0.9 and recall ≥ 0.85 overall, recall ≥ 0.8 for each class, no opposite at ≥ 0.8', () => {
    expect(wordings).toHaveLength(8);
    expect(evaluation.overall.precision, table).toBeGreaterThanOrEqual(0.9);
    expect(evaluation.overall.recall, table).toBeGreaterThanOrEqual(0.85);
    for (const type of ['exclusion', 'maintenance', 'endorsement'] as const)
      expect(evaluation.byType[type].recall, `${type}\n${table}`).toBeGreaterThanOrEqual(0.8);
    expect(
      evaluation.opposites.filter((confidence) => confidence >= OPPOSITE_CONFIDENCE),
      table,
    ).toEqual([]);
  });
});
