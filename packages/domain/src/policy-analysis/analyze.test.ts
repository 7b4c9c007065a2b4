import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyzePolicyText, hasTextLayer, POLICY_MIN_CONFIDENCE } from './analyze.js';
import { POLICY_EXCERPT_MAX_CHARS } from './catalogue.js';
import { foldPolicyText, splitPolicyClauses } from './clauses.js';

/** The findings of a one-page wording, as `type key: excerpt`. */
const read = (...lines: string[]) =>
  analyzePolicyText([lines.join('\n')]).map(
    (finding) => `${finding.finding_type} ${finding.key}: ${finding.excerpt}`,
  );

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

describe('analyzePolicyText: one finding per clause, whatever its topic', () => {
  it('reads every numbered clause of an exclusions section, one finding each, known topic or not', () => {
    expect(
      read(
        '3. EXCLUSIONS',
        'The Insurer will not be liable for:',
        '(i) wear and tear, deterioration or depreciation;',
        '(ii) loss caused by riot, strike or civil commotion (SASRIA cover is sold separately);',
        '(iii) damage to the home while it is let to a guest house operator.',
      ),
    ).toEqual([
      'exclusion wear_and_tear: (i) wear and tear, deterioration or depreciation;',
      'exclusion other: (ii) loss caused by riot, strike or civil commotion (SASRIA cover is sold separately);',
      'exclusion other: (iii) damage to the home while it is let to a guest house operator.',
    ]);
  });

  it('gives one wear-and-tear paragraph one finding, its other topics as tags', () => {
    const findings = analyzePolicyText([
      'We will not pay for wear and tear, gradual deterioration, rust, damp or damage by vermin.',
    ]);
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({
      finding_type: 'exclusion',
      key: 'wear_and_tear',
      topics: expect.arrayContaining(['wear_and_tear', 'damp', 'pests']),
      clause_ref: null,
      reason: 'says "will not pay"',
    });
  });

  it('finds any number of clauses on the same topic', () => {
    expect(
      read(
        'We will not pay for a burst geyser that has no drip tray.',
        '',
        'The geyser must be installed to SANS 10254 by a registered plumber.',
        '',
        'We will also pay for a new geyser up to R15 000 when the old one bursts.',
      ),
    ).toEqual([
      'exclusion other: We will not pay for a burst geyser that has no drip tray.',
      'maintenance geyser_sans_10254: The geyser must be installed to SANS 10254 by a registered plumber.',
      'endorsement geyser_limits: We will also pay for a new geyser up to R15 000 when the old one bursts.',
    ]);
  });

  it('reads bullets after a lead-in as the lead-in says, and the lead-in gives no finding', () => {
    expect(
      read(
        'You must:',
        '• trim trees that overhang the roof;',
        '• keep storm-water drains clear of leaves;',
        'We will also pay for:',
        '• removing debris after an insured event;',
        '• replacing locks and keys after a theft.',
      ),
    ).toEqual([
      'maintenance other: • trim trees that overhang the roof;',
      'maintenance other: • keep storm-water drains clear of leaves;',
      'endorsement other: • removing debris after an insured event;',
      'endorsement other: • replacing locks and keys after a theft.',
    ]);
  });

  it('gives a sentence under "What is not covered" its section’s meaning, with no word of refusal', () => {
    const [finding] = analyzePolicyText([
      'What is not covered\nFlood damage to a home built below the 1 in 50 year flood line.',
    ]);
    expect(finding).toMatchObject({
      finding_type: 'exclusion',
      topics: ['flood'],
      reason: 'under "What is not covered"',
    });
  });

  it('reads a table row by what its value cell says of the item, and an amount or an option not taken as nothing', () => {
    const rows = [
      'Item                        Duiker (accepted)                 Kransberg (previous)',
      'Accidental damage           Not covered                       Up to R25 000',
      'Garden walls                Storm damage excluded             Covered',
      'Alarm                       Must be armed when empty          No warranty',
      'Locks and keys              Up to R10 000                     Not covered',
      'Subsidence                  Optional, not selected            Included',
      'Basic excess                R3 500                            R2 500',
    ];
    expect(
      analyzePolicyText([rows.join('\n')]).map((finding) => [finding.finding_type, finding.reason]),
    ).toEqual([
      ['exclusion', 'says "Not covered" in its row of a table'],
      ['exclusion', 'says "Storm damage excluded" in its row of a table'],
      ['maintenance', 'says "Must be armed when empty" in its row of a table'],
      ['endorsement', 'says "Up to R10 000" in its row of a table'],
    ]);
  });

  it('reads a table of limits under a heading of extras: long items with an amount are rows, each an extension', () => {
    const page = [
      'Table 2 - Extras included at no extra cost',
      '',
      'Extra                                                        Most we pay         Footnote',
      'Alternative accommodation while the home cannot be lived in     R150 000            [6]',
      'Loss of rent from a flat or cottage let under a written lease     R100 000            [6]',
      'Fire brigade charges                                            R30 000',
      '',
      'Table 3 - Optional cover (only if shown on your schedule)',
      '',
      'Option                                                       Most we pay         Footnote',
      'Subsidence and landslip                                         Sum insured         [10]',
      'Lapa furniture                                                  Not selected',
    ].join('\n');
    const clauses = splitPolicyClauses([page]);
    expect(clauses.map((clause) => clause.sectionHeading)).toEqual([
      ...Array(4).fill('Table 2 - Extras included at no extra cost'),
      ...Array(3).fill('Table 3 - Optional cover (only if shown on your schedule)'),
    ]);
    expect(
      analyzePolicyText([page], { model: null }).map((finding) => [finding.excerpt, finding.reason]),
    ).toEqual([
      [
        'Alternative accommodation while the home cannot be lived in R150 000 [6]',
        'gives its limit in its row of a table under "Table 2 - Extras included at no extra…"',
      ],
      [
        'Loss of rent from a flat or cottage let under a written lease R100 000 [6]',
        'gives its limit in its row of a table under "Table 2 - Extras included at no extra…"',
      ],
      [
        'Fire brigade charges R30 000',
        'gives its limit in its row of a table under "Table 2 - Extras included at no extra…"',
      ],
      [
        'Subsidence and landslip Sum insured [10]',
        'gives its limit in its row of a table under "Table 3 - Optional cover (only if shown…"',
      ],
    ]);
  });

  it("reads a claims guide's paths: arrow bullets, and the verdict after an item ('NOT COVERED', 'COVERED IF', 'COVERED')", () => {
    const page = [
      'PATH 3 - BREAK-INS AND THEFT',
      '3.2 Was the alarm on?',
      '   > Theft by a tenant, a lodger or your domestic worker: NOT COVERED.',
      '   > COVERED IF the alarm was set and linked to armed response whenever the house was empty.',
      '   > New locks and keys after your keys were stolen: COVERED up to R5 000.',
    ].join('\n');
    expect(
      analyzePolicyText([page], { model: null }).map((finding) => [
        finding.finding_type,
        finding.excerpt.slice(0, 20),
      ]),
    ).toEqual([
      ['exclusion', '> Theft by a tenant,'],
      ['maintenance', '> COVERED IF the ala'],
      ['endorsement', '> New locks and keys'],
    ]);
  });

  it("reads a slide's title naming a section before its bullets as a heading, and 'your part of the bargain' as conditions", () => {
    const page = [
      'Slide 4 - Not covered: read this twice',
      '• Damage from poor workmanship, faulty design or defective materials.',
      '',
      'Slide 5 - Your side of the deal',
      '• Gutters, downpipes and storm-water drains cleared before the summer rains.',
      '',
      'Excess: R2 500',
    ].join('\n');
    const clauses = splitPolicyClauses([page]);
    expect(clauses.map((clause) => [clause.section, clause.text])).toEqual([
      ['exclusions', '• Damage from poor workmanship, faulty design or defective materials.'],
      ['conditions', '• Gutters, downpipes and storm-water drains cleared before the summer rains.'],
      ['conditions', 'Excess: R2 500'],
    ]);
  });

  it("reads '›' sub-headings and a slip's field names in capitals before their first item as headings", () => {
    const page = [
      'Part 3 - Buildings',
      '› Not covered',
      '16. Flood damage to buildings within 50 metres of the high-water mark.',
      '› Your obligations',
      '22. Keep the buildings in a good state of repair.',
      '',
      'WARRANTIES: 1. Warranted that the residence is not let or sublet.',
      'EXCLUSIONS: 1. Wear and tear, gradual deterioration and latent defects.',
    ].join('\n');
    expect(splitPolicyClauses([page]).map((clause) => [clause.section, clause.text])).toEqual([
      ['exclusions', '16. Flood damage to buildings within 50 metres of the high-water mark.'],
      ['conditions', '22. Keep the buildings in a good state of repair.'],
      ['conditions', '1. Warranted that the residence is not let or sublet.'],
      ['exclusions', '1. Wear and tear, gradual deterioration and latent defects.'],
    ]);
  });

  it('reads a clause titled in an extension’s words as one, and no list of codes; a heading ends a lead-in’s list', () => {
    expect(
      read(
        'Additional cover: solar panels, inverter and batteries up to R120 000',
        'Endorsements applicable: B01, B02, B04',
      ).map((line) => line.split(' ')[0]),
    ).toEqual(['endorsement']);
    const types = analyzePolicyText([
      [
        "Duiker's wording makes the following conditions of cover. Please:",
        '- keep the gutters and storm-water drains clear;',
        '',
        'DIFFERENCES YOU SHOULD KNOW ABOUT',
        '',
        '- Damage caused by a tenant is not covered by Duiker.',
      ].join('\n'),
    ]).map((finding) => finding.finding_type);
    expect(types).toEqual(['maintenance', 'exclusion']);
  });

  it('reads Afrikaans section headings', () => {
    expect(
      read(
        'UITSLUITINGS',
        'Skade deur insekte en ongedierte aan die dak.',
        'ALGEMENE VOORWAARDES',
        'Die dak moet in ’n goeie toestand gehou word.',
        'UITBREIDINGS',
        'Sonpanele en omsetters tot R80 000 per eis.',
      ),
    ).toEqual([
      'exclusion other: Skade deur insekte en ongedierte aan die dak.',
      'maintenance other: Die dak moet in ’n goeie toestand gehou word.',
      'endorsement other: Sonpanele en omsetters tot R80 000 per eis.',
    ]);
  });

  it('keeps an exclusion with a write-back an exclusion, and an extension with an exception an extension', () => {
    expect(
      read(
        "Rust and corrosion: we don't pay to repair rusted items, but we do pay for the sudden damage they cause.",
        '',
        'Power surge. We will pay for damage by a power surge up to R20 000. We will not pay for surge damage to equipment older than 10 years.',
      ),
    ).toEqual([
      "exclusion rust_corrosion: Rust and corrosion: we don't pay to repair rusted items, but we do pay for the sudden damage they cause.",
      'endorsement power_surge_extension: Power surge. We will pay for damage by a power surge up to R20 000. We will not pay for surge damage to equipment older than 10 years.',
    ]);
  });

  it('reads an exception printed as a clause of its own inside an extension as an exclusion', () => {
    const found = read(
      'ADDITIONAL BENEFITS',
      'A2.8 Geyser replacement. We will pay to replace a burst geyser with a compliant one up to R15 000.',
      'A2.9 The benefit in A2.8 does not apply to a geyser installed after 8 June 2001 without a certificate.',
      '3.7 The extension in 3.6 does not cover glass that was already cracked.',
    );
    expect(found.map((line) => line.split(' ')[0])).toEqual(['endorsement', 'exclusion', 'exclusion']);
  });

  it('reads a write-back printed as a clause of its own as an endorsement, even among exclusions', () => {
    expect(
      read(
        'EXCLUSIONS',
        '(a) subsidence, heave or landslip;',
        '(b) Notwithstanding exclusion (a), we will pay for landslip where the schedule shows the extension.',
      ),
    ).toEqual([
      'exclusion subsidence_landslip: (a) subsidence, heave or landslip;',
      'endorsement subsidence_landslip_extension: (b) Notwithstanding exclusion (a), we will pay for landslip where the schedule shows the extension.',
    ]);
  });

  it('reads a write-back naming the clause it overrides as an endorsement, under an exclusions lead-in too', () => {
    const types = (...lines: string[]) =>
      analyzePolicyText([lines.join('\n')]).map((finding) => finding.finding_type);
    expect(
      types(
        '3. WHAT IS NOT COVERED',
        'We will not pay for:',
        '3.2 damage to a roof that was not maintained;',
        '3.3 Despite 3.2, we will pay for damage caused by a sudden storm to a roof that was maintained.',
      ),
    ).toEqual(['exclusion', 'endorsement']);
    expect(
      types(
        'UITSLUITINGS',
        '3.1 Ons betaal nie vir roes nie.',
        '3.2 Ondanks 3.1 betaal ons vir skade deur n geiser wat weens roes bars.',
      ),
    ).toEqual(['exclusion', 'endorsement']);
  });

  it('reads a summary’s lines by the verdict in capitals each opens with, one clause a line', () => {
    const types = analyzePolicyText([
      [
        'This page sums up your cover in plain words.',
        'YES      Alternative accommodation while you cannot live at home',
        'NO       Damp rising through walls or floors',
        'NO       Theft unless someone broke in by force',
        'ONLY IF  Your geyser has a drip tray and vacuum breakers',
        'YOU MUST Trim trees off the roof',
      ].join('\n'),
    ]).map((finding) => finding.finding_type);
    expect(types).toEqual(['endorsement', 'exclusion', 'exclusion', 'maintenance', 'maintenance']);
  });

  it('takes an option not chosen and a duty about claims for none, in Afrikaans too', () => {
    expect(
      read(
        'UITBREIDINGS',
        '2.7 Grondversakking en grondverskuiwing: nie gekies nie.',
        'VOORWAARDES',
        '4.6 U moet ons binne 30 dae van enige eis in kennis stel.',
      ),
    ).toEqual([]);
  });

  it('reads cover not available as an exclusion, and a sentence that says which options apply as none', () => {
    expect(
      read(
        'EXTRA COVER',
        'Accidental damage: not available on holiday homes.',
        'Only the options shown on your schedule apply.',
      ),
    ).toEqual(['exclusion other: Accidental damage: not available on holiday homes.']);
  });

  it('takes the duties after a loss for no maintenance condition, under conditions too', () => {
    expect(
      read(
        'GENERAL CONDITIONS',
        'B2 You must report theft or malicious damage to the South African Police Service within 24 hours.',
        'B3 You must not admit liability or agree to any payment without our written consent.',
        'B4 You need to take reasonable steps to stop further damage, for example by switching off the water.',
        'B5 You must keep the roof and gutters in a good state of repair.',
      ).map((line) => line.split(' ')[0]),
    ).toEqual(['maintenance']);
  });

  it('reads cover granted only on a condition as an exclusion', () => {
    expect(read('Theft is only covered if there are visible signs of forced entry.')).toEqual([
      'exclusion other: Theft is only covered if there are visible signs of forced entry.',
    ]);
  });

  it('takes nothing from definitions, basic cover, admin, a schedule line not selected, or what is not required', () => {
    expect(
      read(
        'DEFINITIONS',
        '"Excess" means the part of a claim that is not covered and is for your own account.',
        'WHAT WE COVER',
        'We cover your home against fire, lightning, storm, hail, flood and theft.',
        'CLAIMS',
        'You must tell us about a claim within 30 days.',
        'SCHEDULE',
        'Power surge extension: not selected',
        'YOUR ALARM',
        'You do not need an alarm for this policy.',
      ),
    ).toEqual([]);
  });

  it('reads a Covered: and Not covered: summary line by line', () => {
    expect(
      read(
        'STORM, WIND AND WATER',
        'Covered: damage from storm, rain, hail and wind.',
        "Not covered: damage to boundary walls from storm unless built to an engineer's design.",
        'Covered: solar panels and inverters, limit R60 000 a year.',
      ).map((line) => line.split(':')[0]),
    ).toEqual(['exclusion boundary_walls', 'endorsement other']);
  });

  it('reads an app’s cards by their headings in brackets, check boxes as bullets, and an option switched off as none', () => {
    const types = (...lines: string[]) => read(...lines).map((line) => line.split(' ')[0]);
    expect(
      types(
        '[ Your home ]',
        'Address: 9 Umdoni Crescent, Hilton',
        '[ Not covered ] ✗',
        '• Wear and tear, rust and rot',
        '• War and nuclear risks',
        '[ Your to-dos ]',
        '☐ Roof: get a roofer to check it every 2 years',
        '☐ Gutters and drains: clear them before the summer rains',
        '[ Add-ons ]',
        '• Subsidence and landslip .................. OFF   + R74.50',
        '• SASRIA (riot, strike and public disorder) ..... ON    R21.30',
      ),
    ).toEqual(['exclusion', 'exclusion', 'maintenance', 'maintenance', 'endorsement']);
  });

  it('reads the benefits named in a list of what is covered as extensions, not the basic cover nor a contents line', () => {
    expect(
      read(
        "A. WHAT THE BODY CORPORATE'S POLICY COVERS",
        'A1. All the buildings of the scheme against fire, storm, flood and theft.',
        'A2. Alternative accommodation for an owner who lives in the section, up to R15 000 a month.',
        'A3. Loss of levies while sections cannot be lived in after an insured event.',
        'A4. Glass and sanitaryware broken by accident.',
        'A5. Thatch, lightning, power surge and solar .................. 4',
      ).map((line) => line.split(' ')[0]),
    ).toEqual(['endorsement', 'endorsement', 'endorsement']);
  });

  it('reads a body corporate’s conduct rules, under a heading with a note in brackets, as an owner’s duties', () => {
    expect(
      read(
        'B. WHAT THE POLICY DOES NOT COVER',
        'B1. Your contents: furniture, clothes, and appliances that are not built in.',
        '',
        'C. CONDUCT RULES ON INSURANCE (extract from Annexure 1, amended on 14 May 2026)',
        'Rule 14.2 An owner shall keep the geyser serving the section, with its drip tray and vacuum breakers, in good order.',
        '',
        'Rule 14.6 An owner shall keep the drains and gutters of his or her balcony clear.',
      ).map((line) => line.split(' ')[0]),
    ).toEqual(['exclusion', 'maintenance', 'maintenance']);
  });

  it('reads a legal wording’s write-backs by the company, the provisos of an extension, and a suspension of cover', () => {
    const types = (...lines: string[]) => read(...lines).map((line) => line.split(' ')[0]);
    expect(
      types(
        'PART 3 - EXTENSIONS',
        '3.2 Geysers. Notwithstanding EXCEPTION 4.1(d), the COMPANY shall pay for the replacement of a GEYSER that bursts, provided that:',
        '(i) it is a condition precedent to the COMPANY’s liability that the GEYSER is installed with a drip tray in accordance with SANS 10254;',
        '(ii) the COMPANY shall not be liable under this extension for a GEYSER more than 12 years old.',
        '',
        'PART 4 - EXCEPTIONS',
        '4.3 Nothing in 4.1(a) shall be construed as excluding the sudden bursting of a pipe that has corroded.',
        '4.4 Should the BUILDINGS be UNOCCUPIED, cover in respect of theft, malicious damage and the bursting of a GEYSER shall be suspended from the 61st day.',
      ),
    ).toEqual(['endorsement', 'maintenance', 'exclusion', 'endorsement', 'exclusion']);
  });

  it('reads cover granted only while the owner has done something to the home as a condition, an exclusion with an exception as an exclusion', () => {
    expect(
      read(
        'ENDORSEMENT 1 - SOLAR INSTALLATION',
        '1.3 Theft of panels from the roof is covered only where the panels are secured with anti-theft bolts.',
        '1.4 The COMPANY shall not be liable for theft unless all burglar bars and security gates are fitted and locked.',
        '1.5 Theft is only covered if there are visible marks of forced entry.',
      ).map((line) => line.split(' ')[0]),
    ).toEqual(['maintenance', 'exclusion', 'exclusion']);
  });

  it("reads cover that rests on the owner's care of the home as a condition: 'depends on', 'only pay … if … installed'", () => {
    expect(
      read(
        'IF SOMEONE BREAKS IN',
        '4.4 Theft cover depends on the burglar alarm being in working order and linked to armed response.',
        '3.4 We will only pay for water damage from a geyser if it was installed to SANS 10254 with a drip tray.',
        '3.5 Damage from a geyser that bursts because of old age is not covered.',
      ).map((line) => line.split(' ')[0]),
    ).toEqual(['maintenance', 'maintenance', 'exclusion']);
  });

  it('finds the headings of a wording printed in capitals by their place, not their capitals', () => {
    const wording = [
      'WATERBOK GENERAL ASSURANCE COMPANY LIMITED',
      'HOUSEOWNERS POLICY - FORM HO/12',
      '',
      'SECTION 3 - EXCEPTIONS',
      'THE COMPANY SHALL NOT BE LIABLE IN RESPECT OF:',
      '(A) LOSS OR DAMAGE CAUSED BY WEAR AND TEAR OR GRADUAL DETERIORATION.',
      '(B) LOSS OR DAMAGE OCCASIONED BY OR IN CONSEQUENCE OF WAR, INVASION, ACT OF FOREIGN ENEMY,',
      'HOSTILITIES (WHETHER WAR BE DECLARED OR NOT), CIVIL WAR, REBELLION, REVOLUTION, INSURRECTION OR',
      'MILITARY OR USURPED POWER.',
      '(C) LOSS OR DAMAGE CAUSED BY RIOT, STRIKE, LOCKOUT OR PUBLIC DISORDER.',
      '(D) DAMAGE CAUSED BY INSECTS, VERMIN OR DOMESTIC ANIMALS.',
      '',
      'SECTION 4 - CONDITIONS',
      '1. THE INSURED SHALL MAINTAIN THE BUILDINGS IN A GOOD STATE OF REPAIR.',
      '2. THE INSURED SHALL KEEP ALL GUTTERS AND DOWNPIPES CLEAR.',
    ];
    expect(read(...wording).map((line) => line.split(' ')[0])).toEqual([
      'exclusion',
      'exclusion',
      'exclusion',
      'exclusion',
      'maintenance',
      'maintenance',
    ]);
  });

  it('reads a table set out with bars: its header row says nothing, a wrapped cell stays with its row, rows take their section', () => {
    const types = read(
      '1. WHAT THE POLICY COVERS',
      'Cover | Included? | Limit',
      'Fire, lightning and explosion | Yes | Sum insured',
      'Trace and access to find a leaking pipe | Yes | R15 000',
      '',
      '3. OPTIONAL COVER ON THIS QUOTE',
      'Option | Your choice | Limit',
      'SASRIA: riot, strike, protest and public disorder | Selected | Sum insured',
      'Subsidence, heave and landslip | Not selected | -',
      '',
      '4. THE MAIN THINGS WE DO NOT COVER',
      'Exclusion | What it means for you',
      'Wear and tear | Rust, rot, mould and anything that wears out',
      'Garden and boundary walls | Storm or flood damage to garden and boundary',
      'walls, unless a tree fell on the wall',
      '',
      '5. WHAT YOU MUST DO',
      'Your duty | When',
      'Clear gutters, downpipes and storm-water drains | Before the summer rains each year',
      'Report a claim | Within 30 days of the loss',
      '',
      '6. GENERAL',
      'A long line that mentions a bar, as a table row would have it, in an item of more than eighty characters | here',
      'A line that mentions a bar | in the middle of a long sentence that goes on well past what any table cell would hold, and on, and on, and on again, to the very end of it | and more',
    ).map((line) => line.split(' ')[0]);
    expect(types).toEqual(['endorsement', 'endorsement', 'exclusion', 'exclusion', 'maintenance']);
  });

  it('reads a telephone sale’s transcript turn by turn', () => {
    expect(
      read(
        '[14:18:02] AGENT: Now the main exclusions. We don’t cover wear and tear or damage that happens',
        'gradually, like rust or rot.',
        '[14:19:20] CLIENT: My neighbour says leaking roofs are never covered. Is that true?',
        '[14:20:58] AGENT: Damage by termites, rats or other vermin is excluded.',
        '[14:23:00] AGENT: Then your responsibilities. You must keep the house in a good state of repair.',
      ).map((line) => line.split(' ')[0]),
    ).toEqual(['exclusion', 'exclusion', 'maintenance']);
  });

  it('takes a cover’s basic perils after its lead-in for none, one narrowed by a restriction for an exclusion', () => {
    expect(
      read(
        '2. What the village policy pays for',
        '',
        'The policy pays to repair or rebuild your cottage if it is damaged by:',
        '• fire, lightning or an explosion;',
        '• water that bursts or overflows from a geyser, pipe or tank;',
        '• theft or attempted theft, but only if the thief forced a way into your cottage;',
        '• an earthquake, or a tremor caused by mining.',
      ).map((line) => line.split(' ')[0]),
    ).toEqual(['exclusion']);
  });

  it('takes a numbered heading standing alone between blank lines for a heading, in the words of its section', () => {
    expect(
      read(
        '3. What the policy does not pay for',
        '',
        'Things that wear out with age, such as a dripping tap washer.',
        '',
        '4. What we ask of you',
        '',
        'Keep the gutters of your cottage clear of leaves.',
      ).map((line) => line.replace(/ [a-z_]+: /, ': ')),
    ).toEqual([
      'exclusion: Things that wear out with age, such as a dripping tap washer.',
      'maintenance: Keep the gutters of your cottage clear of leaves.',
    ]);
  });

  it('takes an endorsement’s particulars and formal words for none, and an extension said not to apply for an exclusion', () => {
    expect(
      read(
        'ENDORSEMENT 10 - COTTAGE LET TO A TENANT',
        'Policy number: VHO 2231907',
        'Insured: Mr T and Mrs N Dlamini',
        'Date of issue: 3 November 2026',
        'Effective date: 1 December 2026',
        'Malicious damage by a tenant is covered up to R30 000.',
        'Extension 3 (Loss of rent) does not apply to the cottage.',
        'All other terms, exceptions and conditions of the policy remain unchanged.',
      ).map((line) => line.split(':')[0]),
    ).toEqual(['endorsement other', 'exclusion other']);
  });
});

describe('analyzePolicyText: the findings', () => {
  it('names the clause by its number, a title in its own words, and the reason in words', () => {
    const [finding] = analyzePolicyText([
      'GENERAL CONDITIONS\n7.4 Trees. You must trim trees within 3 metres of the roof.',
    ]);
    expect(finding).toEqual({
      finding_type: 'maintenance',
      key: 'other',
      title: 'Trees',
      description: expect.stringContaining('Keep proof'),
      severity: 'high',
      confidence: expect.any(Number),
      page: 1,
      excerpt: '7.4 Trees. You must trim trees within 3 metres of the roof.',
      clause_ref: '7.4',
      topics: ['roof', 'trees'],
      reason: 'says "You must" under "GENERAL CONDITIONS"',
    });
    expect(finding?.confidence).toBeGreaterThanOrEqual(0.8);
  });

  it('titles a clause with no title of its own by its topic heading or its first words', () => {
    const titles = (...lines: string[]) =>
      analyzePolicyText([lines.join('\n')]).map((finding) => finding.title);
    expect(titles('EXCLUSIONS', 'Riots', 'Loss caused by riot or civil commotion.')).toEqual(['Riots']);
    expect(
      titles('EXCLUSIONS', '(b) loss caused by riot, strike, lockout or civil commotion anywhere;'),
    ).toEqual(['Loss caused by riot, strike, lockout or civil…']);
    expect(titles("• we won't pay for riots.")).toEqual(["We won't pay for riots"]);
  });

  it('keeps the catalogue’s title, description, days and limit where the clause is a catalogued topic', () => {
    const [unoccupied, geyser] = analyzePolicyText([
      'If the home is unoccupied for more than 60 days, cover for theft ends.\n\nWe also pay for a burst geyser, limited to R12 500 per geyser.',
    ]);
    expect(unoccupied).toMatchObject({ key: 'unoccupancy', days: 60, title: 'Home left unoccupied' });
    expect(geyser).toMatchObject({ key: 'geyser_limits', limit_rands: 12_500, severity: 'medium' });
    expect(geyser?.description).toContain('limit of R12 500');
  });

  it('takes a catalogued key by a weak word too, and none where the rule’s veto speaks', () => {
    expect(read('We will not pay for theft from a vacant home.')).toEqual([
      'exclusion unoccupancy: We will not pay for theft from a vacant home.',
    ]);
    expect(read('We will not pay for power surge damage where no surge protection is fitted.')).toEqual([
      'exclusion other: We will not pay for power surge damage where no surge protection is fitted.',
    ]);
  });

  it('reads a list after a lead-in that says nothing by the items themselves', () => {
    expect(
      read('Where the schedule shows it:', '(a) we also pay for garden walls;', '(b) a swimming pool.'),
    ).toEqual(['endorsement other: (a) we also pay for garden walls;']);
  });

  it('quotes a long clause from its start, cut at a word at most POLICY_EXCERPT_MAX_CHARS long', () => {
    const long = `We will not pay for ${Array.from({ length: 120 }, (_, i) => `part${i}`).join(' ')}.`;
    // Made-up words ('part117' is 'part' and '0' to the classifier): the cue grammar alone reads these.
    const [finding] = analyzePolicyText([long], { model: null });
    expect(finding?.excerpt.length).toBeLessThanOrEqual(POLICY_EXCERPT_MAX_CHARS);
    expect(long.startsWith(finding?.excerpt ?? 'none')).toBe(true);
    expect(finding?.excerpt.endsWith(' ')).toBe(false);
    const word = 'x'.repeat(500);
    expect(analyzePolicyText([`We will not pay for ${word}`], { model: null })[0]?.excerpt).toBe(
      'We will not pay for',
    );
    // A word run on from its colon is cut where the excerpt ends.
    expect(analyzePolicyText([`Excluded:${word}`], { model: null })[0]?.excerpt).toHaveLength(
      POLICY_EXCERPT_MAX_CHARS,
    );
  });

  it('leaves out the rest of a clause carried over to the next page, and what is too unsure', () => {
    const pages = [
      'EXCLUSIONS\nWe will not pay for damage caused by wear and tear or by the',
      'gradual deterioration of the buildings.',
    ];
    expect(analyzePolicyText(pages).map((finding) => finding.page)).toEqual([1]);
  });

  it('finds nothing in an empty wording', () => {
    expect(analyzePolicyText([])).toEqual([]);
    expect(analyzePolicyText(['', '\n'])).toEqual([]);
  });

  it('reads a 10,000-character line and a long wording of many clauses (no step is quadratic in a line)', () => {
    const line = `We will not pay for ${'rust and damp and '.repeat(600)}`;
    expect(analyzePolicyText([line])).toHaveLength(1);
    const part = (n: number) =>
      `PART ${n} EXCLUSIONS\nWe will not pay for:\n(a) wear and tear;\n(b) rust;\nPART ${n} CONDITIONS\n${n}. You must keep the roof in good repair.\n`;
    const page = (p: number) => Array.from({ length: 8 }, (_, n) => part(p * 8 + n)).join('');
    expect(analyzePolicyText(Array.from({ length: 40 }, (_, p) => page(p)))).toHaveLength(40 * 8 * 3);
  });

  it('every finding quotes exactly what the folded page says, is sure enough, and fills its fields', () => {
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
          expect(finding.reason.length).toBeGreaterThan(0);
          expect(Array.isArray(finding.topics)).toBe(true);
        }
      }),
      { numRuns: 150 },
    );
  });
});
