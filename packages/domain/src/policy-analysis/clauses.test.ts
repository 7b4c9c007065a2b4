import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  foldPolicyText,
  inlineTitle,
  listPrefix,
  plainPunctuation,
  provisionsOf,
  sectionOfHeading,
  splitPolicyClauses,
} from './clauses.js';

const texts = (pages: string[]) => splitPolicyClauses(pages).map((clause) => clause.text);

describe('foldPolicyText', () => {
  it('folds line breaks and runs of white space to one space', () => {
    expect(foldPolicyText('  We will\n\n not   pay\r\nfor\tthis.\f ')).toBe('We will not pay for this.');
  });

  it('joins a word hyphenated across a line break, and only there', () => {
    expect(foldPolicyText('gradual deterio-\nration of a load-shedding\nsub-\nsidence')).toBe(
      'gradual deterioration of a load-shedding subsidence',
    );
    expect(foldPolicyText('SANS-\n10254 and drip-\nTray')).toBe('SANS- 10254 and drip- Tray');
  });

  it('does not join a hyphen to the list item on the next line', () => {
    expect(foldPolicyText('cover for sub-\na) geysers')).toBe('cover for sub- a) geysers');
  });
});

describe('plainPunctuation', () => {
  it('makes typographic quotes and dashes plain, character for character', () => {
    const text = 'We won’t pay – “never” ‘ever’';
    expect(plainPunctuation(text)).toBe("We won't pay - \"never\" 'ever'");
    expect(plainPunctuation(text)).toHaveLength(text.length);
  });
});

describe('sectionOfHeading', () => {
  it.each([
    ['What we won’t pay for', 'exclusions'],
    ['2.3 Exclusions applicable to Section A', 'exclusions'],
    ['3. What is NOT insured', 'exclusions'],
    ['GENERAL CONDITIONS', 'conditions'],
    ['WARRANTIES', 'conditions'],
    ['Keeping your cover', 'conditions'],
    ['DUTIES OF THE BODY CORPORATE', 'conditions'],
    ['Extra cover you can add', 'extensions'],
    ['8. ENDORSEMENTS (APPLICABLE ONLY WHERE STATED IN THE SCHEDULE)', 'extensions'],
    ['B3. ADDITIONAL BENEFITS INCLUDED', 'extensions'],
    ['Words we use', 'definitions'],
    ['1. DEFINITIONS', 'definitions'],
    ['Making a claim', 'other'],
    ['POLICY SCHEDULE', 'other'],
    ['What we cover', 'cover'],
    ['PART B - BUILDINGS', 'cover'],
    ['UITSLUITINGS', 'exclusions'],
    ['Wat ons nie dek nie', 'exclusions'],
    ['ALGEMENE VOORWAARDES', 'conditions'],
    ['Waarborge', 'conditions'],
    ['You must', 'conditions'],
    ['Your duties', 'conditions'],
    ['Uitbreidings', 'extensions'],
    ['Additional benefits', 'extensions'],
    ['What else we cover', 'extensions'],
    ['Woordomskrywings', 'definitions'],
    ['Annexure B', 'other'],
    ['Bylae', 'other'],
  ])('%s opens a section of %s', (heading, kind) => {
    expect(sectionOfHeading(heading)).toBe(kind);
  });

  it('answers null for a heading that only names a topic', () => {
    expect(sectionOfHeading('Burst geysers')).toBeNull();
    expect(sectionOfHeading('2.2.3 Power surge')).toBeNull();
  });
});

describe('listPrefix', () => {
  it.each([
    ['4.1 The insured', '4.1 '],
    ['2.2.1 Geysers', '2.2.1 '],
    ['7. GENERAL', '7. '],
    ['1) the roof', '1) '],
    ['5 Claims', '5 '],
    ['T1 Fire retardant.', 'T1 '],
    ['B3.1 Geysers.', 'B3.1 '],
    ['END 03 Power surge', 'END 03 '],
    ['(a) wear and tear;', '(a) '],
    ['(iv) rust;', '(iv) '],
    ['b) damp;', 'b) '],
    ['• rust or oxidation;', '• '],
    ['- rust', '- '],
  ])('%s opens with %s', (line, prefix) => {
    expect(listPrefix(line)).toBe(prefix);
  });

  it.each(['12 months later', 'R15 000 for the geyser', '2 000 of each claim', 'The roof'])(
    '%s is no list item',
    (line) => {
      expect(listPrefix(line)).toBe('');
    },
  );
});

describe('inlineTitle', () => {
  it('finds a short title ending in a full stop or a colon, after the numbering', () => {
    expect(inlineTitle('T1 Fire retardant. The thatch must be treated')).toBe('Fire retardant');
    expect(inlineTitle('2.1 Geyser (warmwatertoestel). When the geyser bursts')).toBe(
      'Geyser (warmwatertoestel)',
    );
    expect(inlineTitle('Rust and corrosion: we don’t pay')).toBe('Rust and corrosion');
  });

  it('takes no sentence for a title', () => {
    expect(inlineTitle('Damage that happens suddenly is covered. Damage that')).toBe('');
    expect(inlineTitle('One two three four five six seven. Eight')).toBe('');
    expect(inlineTitle('Theft is covered unless there are no signs of forcible entry.')).toBe('');
  });
});

describe('provisionsOf', () => {
  it('splits a paragraph at each sentence that states a provision of its own', () => {
    expect(
      provisionsOf(
        '7.1 We will not pay for wear and tear. We will not pay for damage caused by defective design, or for building works.',
      ),
    ).toEqual([
      '7.1 We will not pay for wear and tear.',
      'We will not pay for damage caused by defective design, or for building works.',
    ]);
    expect(
      provisionsOf(
        '4.2 We also pay for the removal of debris. You must keep drains clear. U moet die dak nagaan.',
      ),
    ).toEqual([
      '4.2 We also pay for the removal of debris.',
      'You must keep drains clear.',
      'U moet die dak nagaan.',
    ]);
    expect(
      provisionsOf('Ons sal nie betaal vir slytasie nie. Ons sal nie betaal vir oorlog nie.'),
    ).toHaveLength(2);
    // A thing named, and what must be done with it or that it is not covered.
    expect(
      provisionsOf(
        '8.1 You must keep the buildings in a good state of repair. Trees near the buildings must be trimmed. All outside doors must have security gates. Accidental damage is not covered by this policy. The excess is R5 000.',
      ),
    ).toEqual([
      '8.1 You must keep the buildings in a good state of repair.',
      'Trees near the buildings must be trimmed.',
      'All outside doors must have security gates.',
      'Accidental damage is not covered by this policy. The excess is R5 000.',
    ]);
  });

  it('keeps a limit, an excess or an exception with the provision it qualifies', () => {
    for (const text of [
      'We will pay for burst geysers. We will not pay more than R5 000 for any one geyser.',
      'We will pay for glass. We will not pay the first R500 of any claim.',
      'We will pay for glass. This cover does not apply to glass in a greenhouse.',
      'We will pay for glass (e.g. windows). You may claim once a year.',
    ])
      expect(provisionsOf(text)).toEqual([text]);
  });

  it('keeps a paragraph whole when its first sentence states no provision (a lead, a definition)', () => {
    const text = 'Buildings means the dwelling and its outbuildings. We will not pay for damage to fences.';
    expect(provisionsOf(text)).toEqual([text]);
  });
});

describe('splitPolicyClauses', () => {
  it('splits at numbers, letters, bullets, blank lines and key: value lines, joining wrapped lines', () => {
    const page = [
      'We will not pay for:',
      '(a) wear and tear or gradual',
      'deterioration;',
      '• rust;',
      'Excess: R2 500 per claim',
      'Sum insured: R1 000 000',
      '',
      'A paragraph that goes on',
      'over two lines.',
    ].join('\n');
    expect(texts([page])).toEqual([
      'We will not pay for:',
      '(a) wear and tear or gradual deterioration;',
      '• rust;',
      'Excess: R2 500 per claim',
      'Sum insured: R1 000 000',
      'A paragraph that goes on over two lines.',
    ]);
  });

  it('splits at the bullets OCR reads in a scan (», «, +») as at round bullets', () => {
    const page = [
      'We won’t pay for:',
      '+» wear and tear, or anything that wears out;',
      '» damage that happens gradually over time, such as slow leaks from pipes or a roof that lets in a',
      'little water with every storm;',
      '« rust or oxidation;',
      'Unoccupied homes',
      '» theft while the home is empty.',
    ].join('\n');
    expect(texts([page])).toEqual([
      'We won’t pay for:',
      '+» wear and tear, or anything that wears out;',
      '» damage that happens gradually over time, such as slow leaks from pipes or a roof that lets in a little water with every storm;',
      '« rust or oxidation;',
      // A heading before a bullet OCR read is a heading, not a clause.
      '» theft while the home is empty.',
    ]);
  });

  it('starts a clause at an inline title after a sentence ends, not after a broken line', () => {
    const page = [
      'Wear and tear. Loss caused by wear and tear, or by the gradual deterioration of any part',
      'of the buildings.',
      'Maintenance. Damage caused by the failure to maintain the buildings, and by',
      'Roof leaks. Those are part of the sentence above.',
    ].join('\n');
    expect(texts([page])).toEqual([
      'Wear and tear. Loss caused by wear and tear, or by the gradual deterioration of any part of the buildings.',
      'Maintenance. Damage caused by the failure to maintain the buildings, and by Roof leaks. Those are part of the sentence above.',
    ]);
  });

  it('gives each clause its section, heading, title and the lead-in of its list', () => {
    const pages = [
      [
        'WHAT IS NOT COVERED',
        'We do not cover:',
        '(a) rust;',
        '(b) damp;',
        'A paragraph after the list.',
        '(c) an item of no list.',
        'Burst geysers',
        'We pay for one geyser per claim.',
      ].join('\n'),
      ['(d) an item continued on the next page;', 'GENERAL CONDITIONS', 'T1 Fire retardant. Treat it.'].join(
        '\n',
      ),
    ];
    expect(
      splitPolicyClauses(pages).map(({ page, text, section, heading, title, leadIn, listItem }) => [
        page,
        text,
        section,
        heading,
        title,
        leadIn,
        listItem,
      ]),
    ).toEqual([
      [1, 'We do not cover:', 'exclusions', 'WHAT IS NOT COVERED', '', '', false],
      [1, '(a) rust;', 'exclusions', 'WHAT IS NOT COVERED', '', 'We do not cover:', true],
      [1, '(b) damp;', 'exclusions', 'WHAT IS NOT COVERED', '', 'We do not cover:', true],
      [1, 'A paragraph after the list.', 'exclusions', 'WHAT IS NOT COVERED', '', '', false],
      [1, '(c) an item of no list.', 'exclusions', 'WHAT IS NOT COVERED', '', '', true],
      [1, 'We pay for one geyser per claim.', 'exclusions', 'Burst geysers', '', '', false],
      [2, '(d) an item continued on the next page;', 'exclusions', 'Burst geysers', '', '', true],
      [2, 'T1 Fire retardant. Treat it.', 'conditions', 'GENERAL CONDITIONS', 'Fire retardant', '', true],
    ]);
  });

  it('opens a clause at a numbered heading that only names a topic, which keeps the list’s lead-in', () => {
    const page = [
      'The policy is extended to include:',
      '2.2.1 Geysers',
      'The cost of a burst geyser.',
      '2.2.2 Trace and access',
      'The cost of finding a leak.',
    ].join('\n');
    expect(splitPolicyClauses([page]).map(({ text, ref, leadIn }) => [text, ref, leadIn])).toEqual([
      ['The policy is extended to include:', null, ''],
      ['2.2.1 Geysers The cost of a burst geyser.', '2.2.1', 'The policy is extended to include:'],
      ['2.2.2 Trace and access The cost of finding a leak.', '2.2.2', 'The policy is extended to include:'],
    ]);
  });

  it('numbers each clause as printed: 4.12, (a), (iv), B03.1, W1; none for a bullet or a paragraph', () => {
    const page = [
      '4.12 The roof.',
      '(a) rust;',
      '(iv) damp;',
      'B03.1 Geysers.',
      'W1 The alarm.',
      '7. Gas.',
      '• mould;',
      '',
      'A paragraph.',
    ].join('\n');
    expect(splitPolicyClauses([page]).map((clause) => clause.ref)).toEqual([
      '4.12',
      '(a)',
      '(iv)',
      'B03.1',
      'W1',
      '7',
      null,
      null,
    ]);
  });

  it('reads a numbered sub-heading in its section’s own words as the title of the clause below it', () => {
    const page = [
      '7. GENERAL CONDITIONS',
      '7.1 Reasonable precautions',
      'You shall take reasonable care.',
      '8. EXTENSIONS',
    ].join('\n');
    expect(splitPolicyClauses([page]).map(({ text, section }) => [text, section])).toEqual([
      ['7.1 Reasonable precautions You shall take reasonable care.', 'conditions'],
    ]);
  });

  it('scopes a heading by its level: a topic heading under a section of capitals stays in it', () => {
    const sections = (...lines: string[]) =>
      splitPolicyClauses([lines.join('\n')]).map((clause) => clause.section);
    expect(sections('EXCLUSIONS', 'Burst geysers', 'No drip tray, no cover.')).toEqual(['exclusions']);
    expect(sections('What is not covered', 'Your geyser', 'We pay for one geyser.')).toEqual(['other']);
    expect(
      sections(
        '2. SECTION A - BUILDINGS',
        '2.3 Exclusions applicable to Section A',
        'We do not pay for rust.',
      ),
    ).toEqual(['exclusions']);
    expect(sections('What we won’t pay for', 'Rust.')).toEqual(['exclusions']);
  });

  it('starts a clause at each line that opens a sentence, not at a sentence inside a line', () => {
    const page = [
      'Accidental damage is not covered by this policy, and neither is damage by pets, nor by',
      'wear and tear of any kind. We pay for sudden damage.',
      'Thatched roofs are not covered.',
      'Damage by lightning is covered, whether or not your home has a lightning conductor and the',
      'rest.',
      '12 months later this goes on.',
    ].join('\n');
    expect(texts([page])).toEqual([
      // (Two provisions in one paragraph: provisionsOf parts them.)
      'Accidental damage is not covered by this policy, and neither is damage by pets, nor by wear and tear of any kind.',
      'We pay for sudden damage.',
      'Thatched roofs are not covered.',
      'Damage by lightning is covered, whether or not your home has a lightning conductor and the rest. 12 months later this goes on.',
    ]);
  });

  it('ends a list’s lead-in at an item numbered in another style', () => {
    const page = [
      'We do not pay for:',
      '3.1 rust;',
      '3.2 damp.',
      '4. When the house stands empty, cover ends.',
    ].join('\n');
    expect(splitPolicyClauses([page]).map((clause) => clause.leadIn)).toEqual([
      '',
      'We do not pay for:',
      'We do not pay for:',
      '',
    ]);
  });

  it('marks the rest of a clause carried over to the next page as continued, with its lead-in', () => {
    const pages = [
      'We do not pay for:\n(a) damage caused by wear and tear or',
      'gradual deterioration;\n(b) rust.',
    ];
    expect(splitPolicyClauses(pages).map(({ page, continued, leadIn }) => [page, continued, leadIn])).toEqual(
      [
        [1, false, ''],
        [1, false, 'We do not pay for:'],
        [2, true, 'We do not pay for:'],
        [2, false, 'We do not pay for:'],
      ],
    );
  });

  it('reads a short line as a heading only between sentences and before a new one', () => {
    const heading = (lines: string[]) =>
      splitPolicyClauses([lines.join('\n')]).map((clause) => clause.heading);
    expect(heading(['Theft', 'We pay for theft.'])).toEqual(['Theft']);
    expect(heading(['A sentence that does not end', 'Theft', 'We pay.'])).toEqual(['Theft']);
    expect(heading(['The Company will pay the', 'Insured for theft.'])).toEqual(['']);
    expect(heading(['We pay for theft, by', 'Theft', 'We pay.'])).toEqual(['']);
    expect(heading(['Theft', 'from a car is not covered.'])).toEqual(['']);
    expect(heading(['Geysers, pipes and tanks', 'We pay.'])).toEqual(['']);
    expect(heading(['GEYSERS, PIPES AND TANKS', 'We pay.'])).toEqual(['GEYSERS, PIPES AND TANKS']);
    expect(heading(['Limit R5 000', 'We pay.'])).toEqual(['']);
    expect(heading(['lower case words', 'We pay.'])).toEqual(['']);
    expect(heading(['One two three four five six seven eight nine ten eleven', 'We pay.'])).toEqual(['']);
    expect(heading(['ALL CAPITALS HEADING', 'continues in lower case'])).toEqual(['ALL CAPITALS HEADING']);
    expect(heading(['Last line heading'])).toEqual([]);
  });

  it('leaves out running headers, footers and page numbers', () => {
    const page = (n: number) => `Acme Home Policy v3\nClause ${n} says this.\nPage ${n} of 3`;
    expect(texts([page(1), page(2), page(3)])).toEqual([
      'Clause 1 says this.',
      'Clause 2 says this.',
      'Clause 3 says this.',
    ]);
  });

  it('leaves out a running header that carries its page number, and reads a heading in two languages', () => {
    const page = (n: number) =>
      `Kingfisher Homeowner's Wording (bond-linked)    Page ${n} of 3\nClause ${n} says this.\nOribi FAQ ${n}/3`;
    expect(texts([page(1), page(2), page(3)])).toEqual([
      'Clause 1 says this.',
      'Clause 2 says this.',
      'Clause 3 says this.',
    ]);
    const [clause] = splitPolicyClauses([
      'Intro.\nAFDELING 1 - WAT IS GEDEK / SECTION 1 - WHAT IS COVERED\nWe pay for fire.',
    ]).slice(1);
    expect(clause?.text).toBe('We pay for fire.');
    expect(clause?.heading).toBe('AFDELING 1 - WAT IS GEDEK / SECTION 1 - WHAT IS COVERED');
  });

  it('reads each row of a table as a clause with its first value cell, a wrapped cell with its row', () => {
    const page = [
      'How your new cover compares.',
      'Item                        Duiker (accepted)                 Kransberg (previous)',
      'Alternative accommodation   Included, up to R300 000          Included, up to',
      'R150 000',
      'Locks and keys              Up to R10 000                     Not covered',
      'Geyser drip tray and valves Required for any geyser claim     Not required',
      'Monthly premium             R986                              R1 104',
      'Trace and access            Up to R20 000                     Up to',
      'R20 000 a year',
      'Power surge                 Up to R25 000                     None',
      'Notes: these figures are set between the rows here',
      'Glass                       Included                          Included',
      'Please read the notes below the table with care.',
      '',
      'Two columns of prose are no table: this line of a wording   runs on beside another column of it.',
    ].join('\n');
    const clauses = splitPolicyClauses([page]);
    expect(clauses.map((clause) => [clause.text, clause.cell])).toEqual([
      ['How your new cover compares.', undefined],
      ['Item Duiker (accepted) Kransberg (previous)', 'Duiker (accepted)'],
      [
        'Alternative accommodation Included, up to R300 000 Included, up to R150 000',
        'Included, up to R300 000',
      ],
      ['Locks and keys Up to R10 000 Not covered', 'Up to R10 000'],
      [
        'Geyser drip tray and valves Required for any geyser claim Not required',
        'Required for any geyser claim',
      ],
      ['Monthly premium R986 R1 104', 'R986'],
      ['Trace and access Up to R20 000 Up to R20 000 a year', 'Up to R20 000'],
      ['Power surge Up to R25 000 None', 'Up to R25 000'],
      ['Notes: these figures are set between the rows here', undefined],
      ['Glass Included Included', 'Included'],
      ['Please read the notes below the table with care.', undefined],
      [
        'Two columns of prose are no table: this line of a wording runs on beside another column of it.',
        undefined,
      ],
    ]);
    // A lone line set out in columns is no table either.
    expect(splitPolicyClauses(['Excess   R2 500'])[0]?.cell).toBeUndefined();
    // Nor are lines led by a phrase of many short words, or by a sentence, nor with a cell of running text.
    const long = 'cover for the buildings against fire, storm and theft, as the schedule shows in full';
    expect(splitPolicyClauses([`Fire   ${long}\nStorm   ${long}`]).map((clause) => clause.cell)).toEqual([
      undefined,
    ]);
    const prose = splitPolicyClauses(['We pay for it if it is so   R1 000\nWe pay for this.   R2 000']);
    expect(prose.map((clause) => [clause.text, clause.cell])).toEqual([
      ['We pay for it if it is so R1 000 We pay for this. R2 000', undefined],
    ]);
  });

  it('takes nothing from empty pages', () => {
    expect(splitPolicyClauses(['', '   \n  '])).toEqual([]);
  });

  it('every clause is a substring of its folded page', () => {
    const line = fc.oneof(
      fc.constantFrom(
        'WHAT IS NOT COVERED',
        'We do not cover:',
        '(a) wear and tear;',
        '• rust or corro-',
        'sion;',
        'Excess: R2 500',
        'Theft',
        'a) b',
        '',
        'Page 2 of 3',
      ),
      fc.string({ maxLength: 30 }),
    );
    const page = fc.array(line, { maxLength: 12 }).map((lines) => lines.join('\n'));
    fc.assert(
      fc.property(fc.array(page, { minLength: 1, maxLength: 3 }), (pages) => {
        for (const clause of splitPolicyClauses(pages)) {
          expect(foldPolicyText(pages[clause.page - 1] as string)).toContain(clause.text);
        }
      }),
      { numRuns: 200 },
    );
  });
});
