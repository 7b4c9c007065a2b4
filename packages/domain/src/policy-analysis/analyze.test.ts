import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyzePolicyText, hasTextLayer, POLICY_MIN_CONFIDENCE } from './analyze.js';
import { POLICY_EXCERPT_MAX_CHARS } from './catalogue.js';
import { foldPolicyText } from './clauses.js';

/** The findings of a one-page wording, as `type key`. */
const keysOf = (...lines: string[]) =>
  analyzePolicyText([lines.join('\n')]).map((finding) => `${finding.finding_type} ${finding.key}`);
const findingOf = (key: string, ...lines: string[]) =>
  analyzePolicyText([lines.join('\n')]).find((finding) => finding.key === key);

describe('hasTextLayer', () => {
  it('is false for a scan: no pages, empty pages, or page numbers only', () => {
    expect(hasTextLayer([])).toBe(false);
    expect(hasTextLayer(['', '  '])).toBe(false);
    expect(hasTextLayer(Array.from({ length: 20 }, (_, i) => `Page ${i + 1} of 20 — scanned`))).toBe(false);
  });

  it('is true for a wording with text, in any script', () => {
    expect(hasTextLayer(['We will not pay for wear and tear. '.repeat(10)])).toBe(true);
    expect(
      hasTextLayer(['Ons betaal nie vir slytasie nie; geen dekking vir versakking nie. '.repeat(5)]),
    ).toBe(true);
  });
});

describe('analyzePolicyText: what a clause says about its topic', () => {
  it('finds an exclusion said in the sentence, by the list’s lead-in, or by the section', () => {
    expect(keysOf('We will not pay for rust or corrosion.')).toEqual(['exclusion rust_corrosion']);
    expect(keysOf('We do not cover:', '(a) rust or corrosion;')).toEqual(['exclusion rust_corrosion']);
    expect(keysOf('WHAT IS NOT COVERED', 'Rust. Anything that rusted.')).toEqual([
      'exclusion rust_corrosion',
    ]);
  });

  it('takes no exclusion from a grant, a definition or a mere mention', () => {
    expect(keysOf('Damp caused by a sudden burst pipe is covered.')).toEqual([]);
    expect(keysOf('WHAT IS NOT COVERED', 'We pay for damage that rust causes.')).toEqual([]);
    expect(keysOf('Replacement value: the cost new, without any deduction for wear and tear.')).toEqual([]);
    expect(keysOf('The house has rust on the gate.')).toEqual([]);
  });

  it('keeps an exclusion whose list item also grants something, less surely', () => {
    const finding = findingOf(
      'faulty_workmanship',
      'We will not pay for loss caused by:',
      '(c) faulty design, but we will pay for resultant damage;',
    );
    expect(finding?.confidence).toBeLessThan(
      findingOf('faulty_workmanship', 'We will not pay for loss caused by:', '(c) faulty design;')
        ?.confidence as number,
    );
    expect(
      findingOf(
        'rust_corrosion',
        'We don’t pay to repair rusted items, but we do pay for the damage they cause.',
      ),
    ).toBeDefined();
  });

  it('finds a maintenance condition said in the sentence, by the lead-in, or by the section', () => {
    expect(keysOf('The roof must be kept in good repair.')).toEqual(['maintenance roof_maintained']);
    expect(keysOf('The trustees must make sure that:', '1. the roofs are inspected yearly;')).toEqual([
      'maintenance roof_maintained',
    ]);
    expect(keysOf('GENERAL CONDITIONS', 'Geyser. A drip tray and vacuum breakers on every geyser.')).toEqual([
      'maintenance geyser_sans_10254',
    ]);
  });

  it('takes no condition where the wording says it is not needed, or only mentions the thing', () => {
    expect(
      keysOf('Damage by lightning is covered, whether or not your home has a lightning conductor.'),
    ).toEqual([]);
    expect(keysOf('You don’t need an alarm that is serviced for this policy.')).toEqual([]);
    expect(keysOf('GENERAL CONDITIONS', 'A lightning conductor is not required.')).toEqual([]);
    expect(keysOf('We pay for a geyser with its drip tray.')).toEqual([]);
  });

  it('finds an endorsement granted in the sentence, by the lead-in, or by the section', () => {
    expect(keysOf('We also cover accidental damage to your home.')).toEqual([
      'endorsement accidental_damage',
    ]);
    expect(keysOf('This section is extended to include:', '(a) accidental damage to the buildings;')).toEqual(
      ['endorsement accidental_damage'],
    );
    expect(keysOf('OPTIONAL EXTENSIONS', 'S2 Accidental damage to the buildings and contents.')).toEqual([
      'endorsement accidental_damage',
    ]);
  });

  it('takes no endorsement from one that is refused, not selected, or only mentioned', () => {
    expect(keysOf('Accidental damage is not covered by this policy.')).toEqual([]);
    expect(keysOf('Accidental damage: not selected')).toEqual([]);
    expect(keysOf('OPTIONAL EXTENSIONS', 'Accidental damage inside a section is not covered.')).toEqual([]);
    expect(keysOf('Call us about accidental damage.')).toEqual([]);
  });

  it('tells a power surge exclusion from the power surge extension', () => {
    expect(keysOf('We won’t pay for a power surge, unless you added power surge cover.')).toEqual([
      'exclusion power_surge',
    ]);
    expect(keysOf('We WILL cover power surge damage, up to R20 000.')).toEqual([
      'endorsement power_surge_extension',
    ]);
    expect(keysOf('Where there is no lightning conductor, surge protection must be fitted.')).toEqual([
      'maintenance lightning_conductor',
    ]);
  });

  it('puts the exclusion before the endorsement where one clause grants and refuses the same topic', () => {
    expect(keysOf('Subsidence is covered, but not heave.')).toEqual([
      'exclusion subsidence_landslip',
      'endorsement subsidence_landslip_extension',
    ]);
  });

  it('finds theft restricted to forced entry, in either word order, but not where force is not needed', () => {
    expect(keysOf('We pay for theft only if there are signs of forcible entry.')).toEqual([
      'endorsement theft_forcible_entry',
    ]);
    expect(keysOf('Theft is covered if entry was forcible and violent.')).toEqual([
      'endorsement theft_forcible_entry',
    ]);
    expect(keysOf('We will not pay for:', '(h) theft without forcible entry;')).toEqual([
      'endorsement theft_forcible_entry',
    ]);
    expect(keysOf('GENERAL CONDITIONS', 'Theft. Forcible entry to the home.')).toEqual([
      'endorsement theft_forcible_entry',
    ]);
    expect(keysOf('Theft is covered even without signs of forced entry.')).toEqual([]);
    expect(keysOf('Theft is covered and the police came by force of habit.')).toEqual([]);
  });

  it('reads the variants insurers write', () => {
    expect(
      keysOf('The Society does not insure loss arising from ordinary wear, tear and depreciation.'),
    ).toEqual(['exclusion wear_and_tear']);
    expect(keysOf('We do not insure any cause which operates progressively.')).toEqual([
      'exclusion gradual_deterioration',
    ]);
    expect(keysOf('We won’t pay for water that has leaked slowly over a long time.')).toEqual([
      'exclusion gradual_deterioration',
    ]);
    expect(
      findingOf('unoccupancy', 'Not insured: the home left without an occupant for 35 consecutive days.')
        ?.days,
    ).toBe(35);
    expect(keysOf('We won’t pay for repairs because the home was not properly maintained.')).toEqual([
      'exclusion lack_of_maintenance',
    ]);
    expect(keysOf('The Society will cover damage caused by landslip.')).toEqual([
      'endorsement subsidence_landslip_extension',
    ]);
    expect(keysOf('Liability for a burst geyser shall not exceed R10 000.')).toEqual([
      'endorsement geyser_limits',
    ]);
    expect(keysOf('Theft is only covered if someone forced their way in.')).toEqual([
      'endorsement theft_forcible_entry',
    ]);
    expect(keysOf('Theft is covered only where there are signs of a break-in.')).toEqual([
      'endorsement theft_forcible_entry',
    ]);
    expect(keysOf('Accidental damage is insured only by a section this policy does not include.')).toEqual(
      [],
    );
    expect(keysOf('When you sell you will need an electrical compliance certificate.')).toEqual([]);
    expect(
      keysOf('An electrical certificate must be shown to buyers; it is not a condition of cover.'),
    ).toEqual([]);
  });

  it('reads a cover summary’s Covered: and Not covered: lines', () => {
    expect(keysOf('Covered: we replace a burst geyser (max. 1 per claim).')).toEqual([
      'endorsement geyser_limits',
    ]);
    expect(keysOf('Covered: power surge damage to appliances, limit R40 000 a year.')).toEqual([
      'endorsement power_surge_extension',
    ]);
    expect(keysOf('Not covered: power surge damage to appliances.')).toEqual(['exclusion power_surge']);
    expect(keysOf('Covered: theft after a forced entry into the home.')).toEqual([
      'endorsement theft_forcible_entry',
    ]);
    expect(
      keysOf('Not covered: fire damage to a lapa whose lightning conductor has not been certified.'),
    ).toEqual(['maintenance lightning_conductor']);
    expect(keysOf('Not covered: water that seeped in over months.')).toEqual([
      'exclusion gradual_deterioration',
    ]);
    expect(keysOf('We don’t cover gradual wear.')).toEqual([
      'exclusion wear_and_tear',
      'exclusion gradual_deterioration',
    ]);
    expect(keysOf('You must keep your home in a reasonable state of repair.')).toEqual([
      'exclusion lack_of_maintenance',
    ]);
    expect(keysOf('We won’t pay for damage due to poor upkeep.')).toEqual(['exclusion lack_of_maintenance']);
  });

  it('needs both things where a topic takes two: walls and weather, a geyser and a limit', () => {
    expect(keysOf('We won’t pay for storm damage to boundary walls.')).toEqual(['exclusion boundary_walls']);
    expect(keysOf('We won’t pay to paint boundary walls.')).toEqual([]);
    expect(keysOf('We pay for a burst geyser.')).toEqual([]);
    expect(keysOf('Burst geysers', 'We pay for one geyser per claim.')).toEqual([
      'endorsement geyser_limits',
    ]);
  });
});

describe('analyzePolicyText: the findings', () => {
  it('reports the unoccupancy days in digits, in digits after words, or in words', () => {
    expect(
      findingOf('unoccupancy', 'Cover ends if the home is unoccupied for more than 60 days.')?.days,
    ).toBe(60);
    expect(
      findingOf('unoccupancy', 'Cover is suspended if it is unoccupied for thirty (30) consecutive days.')
        ?.days,
    ).toBe(30);
    const inWords = findingOf(
      'unoccupancy',
      'Cover ends when the home stands empty for ninety consecutive days.',
    );
    expect(inWords?.days).toBe(90);
    expect(inWords?.description).toContain('more than 90 days');
    const unstated = findingOf('unoccupancy', 'We will not pay while the home is vacant.');
    expect(unstated?.days).toBeUndefined();
    expect(unstated?.description).toContain('for a long time');
  });

  it('reports an endorsement’s stated limit in rand, not its excess', () => {
    const finding = findingOf(
      'power_surge_extension',
      'We pay for power surge damage, limited to R10 000 per event. Excess: R1 000.',
    );
    expect(finding?.limit_rands).toBe(10000);
    expect(finding?.description).toContain('limit of R10 000');
    const noLimit = findingOf('power_surge_extension', 'We pay for power surge damage. Excess: R1 000.');
    expect(noLimit?.limit_rands).toBeUndefined();
    expect(noLimit).not.toHaveProperty('limit_rands');
    expect(noLimit?.description).not.toContain('limit of');
  });

  it('gives each finding its catalogue title, description and severity, its page and confidence', () => {
    const [finding] = analyzePolicyText([
      '',
      'THATCH CONDITIONS\nT1 Fire retardant. The thatch must be treated.',
    ]);
    expect(finding).toMatchObject({
      finding_type: 'maintenance',
      key: 'thatch_treated',
      title: 'Thatch treated with fire retardant',
      severity: 'critical',
      page: 2,
      excerpt: 'T1 Fire retardant. The thatch must be treated.',
    });
    expect(finding?.confidence).toBeGreaterThanOrEqual(0.9);
    expect(finding?.description).toMatch(/fire retardant/);
  });

  it('keeps one finding per key: the surest, then the first', () => {
    const findings = analyzePolicyText([
      'Rust is not covered.',
      'WHAT IS NOT COVERED\nRust and corrosion. We will not pay for rust or corrosion.',
      'We will not pay for rust.',
    ]);
    expect(findings.map((finding) => [finding.key, finding.page])).toEqual([['rust_corrosion', 2]]);
    expect(analyzePolicyText(['We will not pay for rust.', 'We will not pay for any rust.'])[0]?.page).toBe(
      1,
    );
  });

  it('is less sure of a weak word and of a long clause, and leaves out what is too unsure', () => {
    const long = `We will not pay for rust. ${'The rest of this clause says other things. '.repeat(16)}`;
    const longer = `We will not pay for rust. ${'The rest of this clause says other things. '.repeat(30)}`;
    const surest = findingOf('rust_corrosion', 'We will not pay for rust.')?.confidence as number;
    expect(findingOf('rust_corrosion', long)?.confidence).toBeCloseTo(surest - 0.1);
    expect(findingOf('rust_corrosion', longer)?.confidence).toBeCloseTo(surest - 0.2);
    expect(findingOf('pests_vermin', 'We will not pay for damage by birds.')?.confidence).toBeLessThan(0.7);
    expect(findingOf('pests_vermin', 'WHAT IS NOT COVERED', 'Damage by birds.')).toBeUndefined();
    expect(POLICY_MIN_CONFIDENCE).toBeGreaterThan(0.5);
  });

  it('orders findings as they stand in the wording', () => {
    expect(keysOf('We will not pay for damp.', 'We will not pay for rust and damp.')).toEqual([
      'exclusion damp_mould',
      'exclusion rust_corrosion',
    ]);
    expect(keysOf('We will not pay for rust or damp.')).toEqual([
      'exclusion rust_corrosion',
      'exclusion damp_mould',
    ]);
  });

  it('finds nothing in an empty wording', () => {
    expect(analyzePolicyText([])).toEqual([]);
    expect(analyzePolicyText(['', '\n\n'])).toEqual([]);
  });
});

describe('analyzePolicyText: excerpts', () => {
  it('quotes the matching sentence, with a short neighbour and the clause’s title sentence', () => {
    const clause = [
      'C4. Roofs. You must have the roof inspected and repaired every two years.',
      'Other text that has nothing to do with the roof at all and goes on for a while here.',
    ].join(' ');
    expect(findingOf('roof_maintained', clause)?.excerpt).toBe(
      'C4. Roofs. You must have the roof inspected and repaired every two years.',
    );
    expect(findingOf('damp_mould', 'Damp from a burst pipe is covered. Rising damp is not.')?.excerpt).toBe(
      'Damp from a burst pipe is covered. Rising damp is not.',
    );
    expect(findingOf('damp_mould', 'Rising damp is not covered. Call us.')?.excerpt).toBe(
      'Rising damp is not covered. Call us.',
    );
    const treat =
      'The thatch must be treated with an approved fire retardant by an accredited applicator every 3 years.';
    expect(findingOf('thatch_treated', `T1 Fire retardant. ${treat}`)?.excerpt).toBe(
      `T1 Fire retardant. ${treat}`,
    );
    const between = 'Other words that fill a sentence of their own, long enough to stand alone here.';
    expect(findingOf('thatch_treated', `Fire retardant. ${between} ${treat}`)?.excerpt).toBe(
      `Fire retardant. ${between} ${treat}`,
    );
    const far = `${between} `.repeat(4);
    expect(findingOf('thatch_treated', `Fire retardant. ${far}${treat}`)?.excerpt).toBe(treat);
  });

  it('cuts a sentence too long to quote to its part, at word boundaries', () => {
    const filler = Array.from({ length: 40 }, (_, i) => `part ${i} of the list`);
    const parts = filler.with(25, 'rust and corrosion of any kind');
    const sentence = `We will not pay for ${parts.join(', ')}.`;
    const excerpt = findingOf('rust_corrosion', sentence)?.excerpt as string;
    expect(excerpt.length).toBeLessThanOrEqual(POLICY_EXCERPT_MAX_CHARS);
    expect(excerpt).toContain('rust and corrosion');
    expect(sentence).toContain(excerpt);
    expect(sentence).toContain(` ${excerpt} `);
    const late = `We will not pay for ${filler.join(', ')}, or rust in the end.`;
    expect(findingOf('rust_corrosion', late)?.excerpt).toMatch(/ or rust in the end\.$/);
    const semicolons = `We will not pay for ${filler.slice(0, 20).join(', ')}; rust or corrosion; ${filler.slice(20).join(', ')}.`;
    expect(findingOf('rust_corrosion', semicolons)?.excerpt).toBe('rust or corrosion');
    const early = `We will not pay for rust, ${parts.join(', ')}.`;
    expect(findingOf('rust_corrosion', early)?.excerpt).toMatch(/^We will not pay for rust, part 0/);
  });

  it('quotes exactly what the folded page says, never more than the maximum', () => {
    const fragment = fc.constantFrom(
      'WHAT IS NOT COVERED\n',
      'We will not pay for:\n',
      '(a) wear and tear;\n',
      '• rust or corro-\nsion;\n',
      'The geyser must comply with SANS 10254. ',
      'We pay for one geyser per claim, up to R12 000. ',
      'Theft only with forced entry. ',
      'If the home is unoccupied for 60 days, cover ends. ',
      'A long sentence that goes on and on about nothing in particular at all, ',
      '\n\n',
      'Page 2 of 3\n',
    );
    const page = fc.array(fragment, { maxLength: 30 }).map((parts) => parts.join(''));
    fc.assert(
      fc.property(fc.array(page, { minLength: 1, maxLength: 3 }), (pages) => {
        for (const finding of analyzePolicyText(pages)) {
          expect(finding.excerpt.length).toBeLessThanOrEqual(POLICY_EXCERPT_MAX_CHARS);
          expect(foldPolicyText(pages[finding.page - 1] as string)).toContain(finding.excerpt);
          expect(finding.confidence).toBeGreaterThanOrEqual(POLICY_MIN_CONFIDENCE);
          expect(finding.confidence).toBeLessThanOrEqual(1);
        }
      }),
      { numRuns: 150 },
    );
  });
});
