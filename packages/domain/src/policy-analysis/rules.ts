import type { PolicyClauseFindingType, PolicyClauseKey } from './catalogue.js';

/**
 * The catalogued keys' topics: for each finding key, the words that name it. The class of a clause comes
 * from the cue grammar (classify.ts); a clause of that class takes the first key of its class whose topic
 * it names, else 'other'. Patterns run on folded text with plain quotes and dashes (clauses.ts),
 * case-insensitively.
 */

export interface ClauseRule {
  type: PolicyClauseFindingType;
  key: PolicyClauseKey;
  /** Phrases that name the topic beyond doubt. */
  strong: readonly RegExp[];
  /** Words that name it less surely (taken where no rule's strong phrase speaks). */
  weak?: readonly RegExp[];
  /** In the clause, these cancel the rule (surge protection is no power surge). */
  veto?: readonly RegExp[];
  /** Must also be in the clause (the topic needs two things: walls and a storm). */
  also?: RegExp;
}

/** Words for a home nobody lives in. */
const UNOCCUPIED = String.raw`\b(?:unoccupied|vacant|empty|uninhabited|leegstaande|without an? occupant|not lived in|nobody (?:lives|living)|no one (?:lives|living))\b`;
const DAYS = String.raw`(?:consecutive |calendar |successive )?days\b`;

const AMOUNT = String.raw`\bR\s?\d{1,3}(?:[ \u00a0,]\d{3})+\b|\bR\s?\d+\b`;

type Topic = Pick<ClauseRule, 'strong' | 'weak' | 'veto'>;

/** Ground movement: what an exclusion refuses and an extension grants. */
const GROUND_MOVEMENT: Topic = {
  strong: [
    /\bsubsidence\b|\blandslip\b|\bland slip\b|\bheave\b|\bground movement\b|\bversakking\b|\bgrondverskuiwing\b/i,
    /\b(?:ground|land|soil)\b[^.;]{0,15}\b(?:moves|sinks|slides|subsides)\b/i,
    /\b(?:sinking|sliding) of the (?:ground|land|soil)\b/i,
  ],
};

/** Power surges: what an exclusion refuses and an extension grants (not surge protection, a condition). */
const POWER_SURGE: Topic = {
  strong: [/\bpower (?:surges?|dips?|spikes?)\b/i, /\bvoltage (?:surges?|spikes?|dips?)\b/i],
  weak: [/\bsurges?\b/i],
  veto: [/\bsurge (?:protection|arrest)/i],
};

export const RULES: readonly ClauseRule[] = [
  // Exclusions
  {
    type: 'exclusion',
    key: 'wear_and_tear',
    strong: [
      /\bwear(?:[- ]and[- ]|,? (?:and |or |& )?)tear\b/i,
      /\b(?:gradual|normal|ordinary|general|natural|everyday) wear\b/i,
      /\bslytasie\b/i,
    ],
    weak: [/\bwears? out\b/i],
    veto: [/\bdeduct\w*\b[^.;]{0,20}\bwear\b/i],
  },
  {
    type: 'exclusion',
    key: 'gradual_deterioration',
    strong: [
      /\bgradual(?:ly)? (?:deteriorat|leak|seep|damage|wear)/i,
      /\b(?:happen|develop|occur|seep|leak|deteriorat|operat)\w*\b[^.;]{0,12}\b(?:gradually|slowly|progressively|over (?:a (?:long )?period|(?:a long )?time|(?:weeks|months|years))|for (?:weeks|months|years))\b/i,
      /\bgradual deterioration\b|\bprogressive(?:ly)?\b/i,
    ],
    weak: [/\bover a (?:long )?period\b|\bover a long time\b/i, /\bgradually\b|\bdeterioration\b/i],
  },
  {
    type: 'exclusion',
    key: 'lack_of_maintenance',
    // An exclusion, or a duty of care ('you must keep the home in good repair') that works as one.
    strong: [
      /\b(?:lack|absence) of (?:proper |adequate |regular )?maintenance\b/i,
      /\b(?:poor|inadequate|insufficient|bad|improper|lack of) (?:maintenance|upkeep)\b/i,
      /\bfail(?:ure|ed|s)?\b[^.;]{0,50}\bto maintain\b/i,
      /\bneglect/i,
      /\bnot (?:been )?(?:properly |adequately |regularly |reasonably |well )?(?:looked after|maintained|kept up)\b/i,
      /\bdidn't look after\b/i,
      /\b(?:home|house|buildings?|property|dwelling|premises)\b[^.;]{0,30}\bmaintained in (?:a )?(?:good|proper|sound) (?:state of )?(?:repair|condition|order)\b/i,
      /\b(?:maintain|keep) (?:the|your) (?:home|house|buildings?|property|dwelling|premises)\b[^.;]{0,15}\b(?:in (?:a )?(?:good|proper|sound|reasonable) (?:state of )?(?:repair|condition|order))/i,
      /\bexpects? you to maintain\b/i,
    ],
  },
  {
    type: 'exclusion',
    key: 'unoccupancy',
    strong: [
      new RegExp(String.raw`${UNOCCUPIED}[^.;]{0,90}?\b\d{1,3}\)?\s*${DAYS}`, 'i'),
      new RegExp(String.raw`\b\d{1,3}\)?\s*${DAYS}[^.;]{0,60}?${UNOCCUPIED}`, 'i'),
    ],
    weak: [/\bunoccupied\b|\bvacant\b|\bstands? empty\b|\bwithout an? occupant\b/i],
  },
  {
    type: 'exclusion',
    key: 'faulty_workmanship',
    strong: [
      /\b(?:faulty|defective|poor|bad|inadequate|improper|negligent)\b[^.;]{0,30}\b(?:workmanship|design|materials|construction|building work)\b/i,
      /\bworkmanship\b/i,
      /\blatent defects?\b/i,
      /\b(?:did|done)\b[^.;]{0,20}\bbadly\b/i,
      /\bwrong plans\b/i,
    ],
  },
  {
    type: 'exclusion',
    key: 'subsidence_landslip',
    ...GROUND_MOVEMENT,
  },
  {
    type: 'exclusion',
    key: 'power_surge',
    ...POWER_SURGE,
  },
  {
    type: 'exclusion',
    key: 'rust_corrosion',
    strong: [/\brust(?:ed|ing|y)?\b|\bcorro(?:sion|ded|sive)\b|\boxidation\b|\broes\b/i],
  },
  {
    type: 'exclusion',
    key: 'damp_mould',
    strong: [
      /\b(?:rising )?damp(?:ness)?\b|\bmou?ld\b|\bmildew\b|\bcondensation\b|\bfung(?:us|i)\b|\bwet rot\b|\bdry rot\b/i,
    ],
    weak: [/\bwater (?:that )?rises\b/i],
  },
  {
    type: 'exclusion',
    key: 'pests_vermin',
    strong: [
      /\bvermin\b|\brodents?\b|\btermites?\b|\bwhite ants\b|\binsects?\b|\bborers?\b|\bborer beetles?\b|\bpests?\b|\brats\b|\bmice\b|\bmoths?\b/i,
    ],
    weak: [/\bbirds?\b|\bbats\b/i],
  },
  {
    type: 'exclusion',
    key: 'boundary_walls',
    strong: [
      /\b(?:boundary|garden|retaining|perimeter|free-?standing) walls?\b/i,
      /\bwalls,? gates,? (?:and )?fences\b/i,
    ],
    also: /\b(?:storm|wind|water|flood|rain|hail)\b/i,
  },

  // Maintenance conditions
  {
    type: 'maintenance',
    key: 'geyser_sans_10254',
    strong: [/\bsans\s*10254\b|\bsabs\s*0?254\b|\bdrip[- ]?trays?\b|\bvacuum breakers?\b|\bdruppelbak\b/i],
    weak: [
      /\bgeysers?\b[^.;]{0,80}\b(?:plumber|plumbing)\b/i,
      /\bgeysers?\b[^.;]{0,80}\b(?:certificate of compliance|compl(?:y|ies|iant|iance))\b/i,
    ],
  },
  {
    type: 'maintenance',
    key: 'roof_maintained',
    strong: [
      /\broofs?\b[^.;]{0,80}\b(?:maintain\w*|inspect\w*|checked|repaired|good (?:condition|order|repair))/i,
      /\b(?:inspect|maintain)\w*\b[^.;]{0,30}\broofs?\b/i,
      /\broofer\b/i,
    ],
  },
  {
    type: 'maintenance',
    key: 'alarm_serviced',
    strong: [
      /\balarms?\b[^.;]{0,80}\b(?:working order|in working|be working|serviced|servicing|armed|activated|set whenever|switched on)/i,
      /\b(?:service|activate|arm)\w*\b[^.;]{0,20}\balarms?\b/i,
    ],
    weak: [/\balarm\b/i],
  },
  {
    type: 'maintenance',
    key: 'thatch_treated',
    strong: [
      /\bfire[- ]retardant\b/i,
      /\bthatch\w*\b[^.;]{0,60}\btreat/i,
      /\btreat\w*\b[^.;]{0,40}\bthatch/i,
    ],
  },
  {
    type: 'maintenance',
    key: 'lightning_conductor',
    strong: [/\blightning (?:conductors?|protection|rods?|masts?)\b|\bweerligafleier|\bsans\s*10313\b/i],
  },
  {
    type: 'maintenance',
    key: 'electric_fence',
    strong: [
      /\belectric(?:al)? fenc\w*\b[^.;]{0,80}\bcertific/i,
      /\bcertific\w*\b[^.;]{0,60}\belectric(?:al)? fenc/i,
      /\belektriese heining\b/i,
    ],
    weak: [/\belectric(?:al)? fenc\w*\b/i],
  },
  {
    type: 'maintenance',
    key: 'electrical_compliance',
    strong: [
      /\bsans\s*10142/i,
      /\belectrical\b[^.;]{0,80}\b(?:certificate|compl\w*|coc)\b/i,
      /\b(?:certificate of compliance|coc)\b[^.;]{0,40}\belectric/i,
      /\belektriese sertifikaat\b/i,
      /\belectrical installation regulations\b/i,
    ],
    veto: [/\belectric(?:al)? fenc/i],
  },
  {
    type: 'maintenance',
    key: 'gas_compliance',
    strong: [
      /\b(?:gas|lpg)\b[^.;]{0,100}\b(?:certificate|certified|conformity|saqcc|gas installer)\b/i,
      /\bsans\s*10087\b/i,
      /\bcertificate of conformity\b/i,
    ],
  },
  {
    type: 'maintenance',
    key: 'burglar_bars',
    strong: [
      /\bburglar[- ](?:bars|proofing|guards)\b|\bdiefwering\b|\bsecurity gates?\b|\bveiligheidshekke\b/i,
    ],
  },

  // Endorsements and extensions
  {
    type: 'endorsement',
    key: 'theft_forcible_entry',
    strong: [
      /\b(?:forcible|forced|violent|forceful)\b[^.;]{0,40}\b(?:entry|entrance|exit|means)\b/i,
      /\b(?:entry|entrance|exit)\b[^.;]{0,30}\b(?:forcible|forced|violent|by force)\b/i,
      /\bby force\b|\bforcibly\b/i,
      /\bforc(?:ed|ing|es) (?:their|his|her|its|a|an|the) way (?:in|into)\b/i,
      /\bbreak-?ins?\b|\bbroke in\b|\bbreaking in\b/i,
      /\binbraak\b/i,
    ],
    also: /\btheft|\bstolen\b|\bburglary\b|\bthie(?:f|ves)\b|\bbroke in\b/i,
    veto: [
      /\b(?:even without|whether or not|regardless of|not necessary|need not)\b[^.;]{0,40}\b(?:forc|break|broke)/i,
    ],
  },
  {
    type: 'endorsement',
    key: 'accidental_damage',
    strong: [/\baccidental (?:physical )?(?:loss (?:of )?or )?damage\b/i],
  },
  {
    type: 'endorsement',
    key: 'power_surge_extension',
    ...POWER_SURGE,
  },
  {
    type: 'endorsement',
    key: 'subsidence_landslip_extension',
    ...GROUND_MOVEMENT,
  },
  {
    type: 'endorsement',
    key: 'geyser_limits',
    strong: [/\bgeysers?\b|\bwarmwatertoestel\b|\bhot water cylinders?\b/i],
    also: new RegExp(
      String.raw`${AMOUNT}|\bone geyser\b|\bper geyser\b|\bper (?:claim|event|incident)\b|\blimited to\b|\bmax(?:imum|\.)|\bexcess\b|\bsame type\b|\bsolar\b|\bheat[- ]pump\b`,
      'i',
    ),
  },
  {
    type: 'endorsement',
    key: 'trace_and_access',
    strong: [
      /\btrace and access\b|\bleak detection\b/i,
      /\b(?:locat|trac|find|detect)\w*\b[^.;]{0,40}\b(?:leak|leaks|leaking)\b/i,
    ],
  },
];

/** The first rand amount in a text after a word of limit (up to, limited to, no more than, limit). */
export function limitInRands(text: string): number | undefined {
  const pattern = new RegExp(
    String.raw`\b(?:up to|limited to|limit(?:ed)? of|limit|not more than|no more than|maximum(?: of)?|max\.?)\s+(${AMOUNT})`,
    'i',
  );
  const amount = pattern.exec(text)?.[1];
  return amount === undefined ? undefined : Number(amount.replace(/\D/g, ''));
}

const NUMBER_WORDS: Record<string, number> = {
  seven: 7,
  fourteen: 14,
  twenty: 20,
  thirty: 30,
  'forty-five': 45,
  sixty: 60,
  ninety: 90,
};

/** The number of days an unoccupancy clause names: '60 days', 'thirty (30) consecutive days', 'sixty days'. */
export function daysIn(text: string): number | undefined {
  const digits = /\b(\d{1,3})\)?\s*(?:consecutive |calendar |successive )?days\b/i.exec(text)?.[1];
  if (digits !== undefined) return Number(digits);
  const word =
    /\b(seven|fourteen|twenty|thirty|forty-five|sixty|ninety)\s+(?:consecutive |calendar |successive )?days\b/i.exec(
      text,
    )?.[1];
  return word === undefined ? undefined : NUMBER_WORDS[word.toLowerCase()];
}
