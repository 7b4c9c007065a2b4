import type { PolicyClauseFindingType, PolicyClauseKey } from './catalogue.js';

/**
 * The clause rules: for each finding key, the words that name its topic and what the clause must say
 * about it (exclude it, require it, grant it or restrict it). Patterns run on folded text with plain
 * quotes and dashes (clauses.ts), case-insensitively.
 */

/** What a clause must say about the topic for the finding to hold. */
export type ClauseStance = 'excludes' | 'requires' | 'excludes or requires' | 'grants' | 'restricts';

export interface ClauseRule {
  type: PolicyClauseFindingType;
  key: PolicyClauseKey;
  stance: ClauseStance;
  /** Phrases that name the topic beyond doubt. */
  strong: readonly RegExp[];
  /** Words that name it less surely (a lower confidence). */
  weak?: readonly RegExp[];
  /** Words that, in a heading or a clause's title, name the topic. */
  title: RegExp;
  /** In the same segment, these cancel the match (a definition, an explicit 'not required'). */
  veto?: readonly RegExp[];
  /** Must also be in the segment (the topic needs two things: walls and a storm). */
  also?: RegExp;
}

// What a segment says. Each list is tried on one segment (a sentence, or a part of one up to a ';').

/** It excludes: we won't pay, not covered, excluded, your own responsibility, cover is suspended. */
export const EXCLUDING = [
  /(?:\bnot|n't|\bnever)\b[^.;:]{0,30}?\b(?:pay|pays|paid|cover|covered|insure|insured|liable|responsible|indemnif\w*)\b/i,
  /\bno (?:cover|liability)\b/i,
  /\bexclud(?:e|es|ed|ing)\b/i,
  /\bexclusions?\s*:/i,
  /\b(?:is|are) not\s*(?:[.;,]|$)/i,
  /\bbut not\b/i,
  /\bown (?:responsibility|risk)\b/i,
  /\b(?:be|is|are) (?:declined|rejected|refused|repudiated|suspended)\b/i,
  /\bcover\b[^.;]{0,80}\b(?:ends|stops|ceases|lapses|falls away)\b/i,
];

/** It grants: we (will) pay / cover / indemnify, is covered, included, extended to include, up to R… */
export const GRANTING = [
  /\b(?:we|the (?:company|society|insurers?|underwriters?|mutual|association|onderlinge)|this (?:policy|section|extension|endorsement|memorandum))(?:'ll|\s+(?:will|shall|also|do|does))*\s+(?:also\s+)?(?:pay|pays|cover|covers|indemnify|indemnifies|insure|insures|reimburse|replace|replaces|repair|repairs)\b/i,
  /(?<!not )\bcovered\s*:/i,
  /\b(?:is|are)\s+(?:also\s+)?(?:covered|insured|included|payable)\b/i,
  /\bincluded\b/i,
  /\bextended to (?:include|cover)\b/i,
  /\b(?:limited to|up to|limit(?: of)?|not more than|no more than|maximum of)\s+R\s?\d/i,
  /\b(?:is|are) limited to\b/i,
  /\b(?:shall|will|does|may) not exceed\s+R\s?\d/i,
];

/** It says an extension does not apply: not selected, not applicable. */
export const NOT_GRANTED = [
  /\bnot (?:selected|applicable|included|taken|chosen|purchased)\b/i,
  /\bn\/a\b/i,
  /\b(?:wording|policy|cover|schedule) does not include\b/i,
];

/** It requires: must, shall, warranted, a condition, see to it, keep, comply, unless, if … not. */
export const REQUIRING = [
  /\bmust\b/i,
  /\bshall\b(?!\s+not\s+be\s+liable)/i,
  /(?<!not |n't )\bneeds? to\b/i,
  /\bwarrant(?:y|ies|ed|s)?\b/i,
  /\b(?:is|be) a condition\b|\bconditions? (?:of|that)\b/i,
  /(?<!not |n't |no )\brequire(?:d|s|ment)?\b/i,
  /\bsee to it\b|\bmake sure\b|\bensure\b/i,
  /(?<!not |n't )\bhave to\b/i,
  /\bexpects? you to\b/i,
  /\bkeep\b|\bkept\b/i,
  /\bcompl(?:y|ies|ied)\b/i,
  /\bonly (?:if|when|where)\b|\bprovided (?:that|always)\b|\bunless\b/i,
  /\bif\b[^.;]{0,60}(?:\bnot|n't|\bno)\b/i,
  /(?:\bnot|n't) (?:been )?(?:certified|treated|serviced|inspected|installed|fitted|issued|maintained|working|armed|activated)\b/i,
];

/** It says a thing is not required: whether or not, you don't need. */
export const NOT_REQUIRED = [
  /\bwhether or not\b/i,
  /\b(?:do|does|did)(?:n't| not) need\b/i,
  /\bnot (?:required|necessary|needed)\b/i,
  /\bno need\b/i,
  /\bregardless of\b/i,
  /\bnot a condition\b/i,
];

/** It restricts: only, unless, provided, if. */
export const RESTRICTING = [/\bonly\b|\bunless\b|\bprovided\b|\bif\b|\bwhere\b|\bafter\b/i];

/** Words for a home nobody lives in. */
const UNOCCUPIED = String.raw`\b(?:unoccupied|vacant|empty|uninhabited|leegstaande|without an? occupant|not lived in|nobody (?:lives|living)|no one (?:lives|living))\b`;
const DAYS = String.raw`(?:consecutive |calendar |successive )?days\b`;

const AMOUNT = String.raw`\bR\s?\d{1,3}(?:[ \u00a0,]\d{3})+\b|\bR\s?\d+\b`;

type Topic = Pick<ClauseRule, 'strong' | 'weak' | 'title' | 'veto'>;

/** Ground movement: what an exclusion refuses and an extension grants. */
const GROUND_MOVEMENT: Topic = {
  strong: [
    /\bsubsidence\b|\blandslip\b|\bland slip\b|\bheave\b|\bground movement\b|\bversakking\b|\bgrondverskuiwing\b/i,
    /\b(?:ground|land|soil)\b[^.;]{0,15}\b(?:moves|sinks|slides|subsides)\b/i,
    /\b(?:sinking|sliding) of the (?:ground|land|soil)\b/i,
  ],
  title: /subsidence|landslip|ground|versakking/i,
};

/** Power surges: what an exclusion refuses and an extension grants (not surge protection, a condition). */
const POWER_SURGE: Topic = {
  strong: [/\bpower (?:surges?|dips?|spikes?)\b/i, /\bvoltage (?:surges?|spikes?|dips?)\b/i],
  weak: [/\bsurges?\b/i],
  title: /surge/i,
  veto: [/\bsurge (?:protection|arrest)/i],
};

export const RULES: readonly ClauseRule[] = [
  // Exclusions
  {
    type: 'exclusion',
    key: 'wear_and_tear',
    stance: 'excludes',
    strong: [
      /\bwear(?:[- ]and[- ]|,? (?:and |or |& )?)tear\b/i,
      /\b(?:gradual|normal|ordinary|general|natural|everyday) wear\b/i,
      /\bslytasie\b/i,
    ],
    weak: [/\bwears? out\b/i],
    title: /wear|tear|slytasie/i,
    veto: [/\bdeduct\w*\b[^.;]{0,20}\bwear\b/i],
  },
  {
    type: 'exclusion',
    key: 'gradual_deterioration',
    stance: 'excludes',
    strong: [
      /\bgradual(?:ly)? (?:deteriorat|leak|seep|damage|wear)/i,
      /\b(?:happen|develop|occur|seep|leak|deteriorat|operat)\w*\b[^.;]{0,12}\b(?:gradually|slowly|progressively|over (?:a (?:long )?period|(?:a long )?time|(?:weeks|months|years))|for (?:weeks|months|years))\b/i,
      /\bgradual deterioration\b|\bprogressive(?:ly)?\b/i,
    ],
    weak: [/\bover a (?:long )?period\b|\bover a long time\b/i, /\bgradually\b|\bdeterioration\b/i],
    title: /gradual|deteriorat/i,
  },
  {
    type: 'exclusion',
    key: 'lack_of_maintenance',
    // An exclusion, or a duty of care ('you must keep the home in good repair') that works as one.
    stance: 'excludes or requires',
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
    title: /mainten|repair|upkeep|look(?:ing)? after/i,
  },
  {
    type: 'exclusion',
    key: 'unoccupancy',
    stance: 'excludes',
    strong: [
      new RegExp(String.raw`${UNOCCUPIED}[^.;]{0,90}?\b\d{1,3}\)?\s*${DAYS}`, 'i'),
      new RegExp(String.raw`\b\d{1,3}\)?\s*${DAYS}[^.;]{0,60}?${UNOCCUPIED}`, 'i'),
    ],
    weak: [/\bunoccupied\b|\bvacant\b|\bstands? empty\b|\bwithout an? occupant\b/i],
    title: /unoccup|vacan|empty|nobody is home|leegstaande/i,
  },
  {
    type: 'exclusion',
    key: 'faulty_workmanship',
    stance: 'excludes',
    strong: [
      /\b(?:faulty|defective|poor|bad|inadequate|improper|negligent)\b[^.;]{0,30}\b(?:workmanship|design|materials|construction|building work)\b/i,
      /\bworkmanship\b/i,
      /\blatent defects?\b/i,
      /\b(?:did|done)\b[^.;]{0,20}\bbadly\b/i,
      /\bwrong plans\b/i,
    ],
    title: /workmanship|defect|design|building work/i,
  },
  {
    type: 'exclusion',
    key: 'subsidence_landslip',
    stance: 'excludes',
    ...GROUND_MOVEMENT,
  },
  {
    type: 'exclusion',
    key: 'power_surge',
    stance: 'excludes',
    ...POWER_SURGE,
  },
  {
    type: 'exclusion',
    key: 'rust_corrosion',
    stance: 'excludes',
    strong: [/\brust(?:ed|ing|y)?\b|\bcorro(?:sion|ded|sive)\b|\boxidation\b|\broes\b/i],
    title: /rust|corros/i,
  },
  {
    type: 'exclusion',
    key: 'damp_mould',
    stance: 'excludes',
    strong: [
      /\b(?:rising )?damp(?:ness)?\b|\bmou?ld\b|\bmildew\b|\bcondensation\b|\bfung(?:us|i)\b|\bwet rot\b|\bdry rot\b/i,
    ],
    weak: [/\bwater (?:that )?rises\b/i],
    title: /damp|mou?ld/i,
  },
  {
    type: 'exclusion',
    key: 'pests_vermin',
    stance: 'excludes',
    strong: [
      /\bvermin\b|\brodents?\b|\btermites?\b|\bwhite ants\b|\binsects?\b|\bborers?\b|\bborer beetles?\b|\bpests?\b|\brats\b|\bmice\b|\bmoths?\b/i,
    ],
    weak: [/\bbirds?\b|\bbats\b/i],
    title: /pest|vermin|insect|termite/i,
  },
  {
    type: 'exclusion',
    key: 'boundary_walls',
    stance: 'excludes',
    strong: [
      /\b(?:boundary|garden|retaining|perimeter|free-?standing) walls?\b/i,
      /\bwalls,? gates,? (?:and )?fences\b/i,
    ],
    also: /\b(?:storm|wind|water|flood|rain|hail)\b/i,
    title: /wall|fence|gate/i,
  },

  // Maintenance conditions
  {
    type: 'maintenance',
    key: 'geyser_sans_10254',
    stance: 'requires',
    strong: [/\bsans\s*10254\b|\bsabs\s*0?254\b|\bdrip[- ]?trays?\b|\bvacuum breakers?\b|\bdruppelbak\b/i],
    weak: [
      /\bgeysers?\b[^.;]{0,80}\b(?:plumber|plumbing)\b/i,
      /\bgeysers?\b[^.;]{0,80}\b(?:certificate of compliance|compl(?:y|ies|iant|iance))\b/i,
    ],
    title: /geyser|warmwater/i,
  },
  {
    type: 'maintenance',
    key: 'roof_maintained',
    stance: 'requires',
    strong: [
      /\broofs?\b[^.;]{0,80}\b(?:maintain\w*|inspect\w*|checked|repaired|good (?:condition|order|repair))/i,
      /\b(?:inspect|maintain)\w*\b[^.;]{0,30}\broofs?\b/i,
      /\broofer\b/i,
    ],
    title: /roof/i,
  },
  {
    type: 'maintenance',
    key: 'alarm_serviced',
    stance: 'requires',
    strong: [
      /\balarms?\b[^.;]{0,80}\b(?:working order|in working|be working|serviced|servicing|armed|activated|set whenever|switched on)/i,
      /\b(?:service|activate|arm)\w*\b[^.;]{0,20}\balarms?\b/i,
    ],
    weak: [/\balarm\b/i],
    title: /alarm/i,
  },
  {
    type: 'maintenance',
    key: 'thatch_treated',
    stance: 'requires',
    strong: [
      /\bfire[- ]retardant\b/i,
      /\bthatch\w*\b[^.;]{0,60}\btreat/i,
      /\btreat\w*\b[^.;]{0,40}\bthatch/i,
    ],
    title: /thatch|retardant/i,
  },
  {
    type: 'maintenance',
    key: 'lightning_conductor',
    stance: 'requires',
    strong: [/\blightning (?:conductors?|protection|rods?|masts?)\b|\bweerligafleier|\bsans\s*10313\b/i],
    title: /lightning/i,
  },
  {
    type: 'maintenance',
    key: 'electric_fence',
    stance: 'requires',
    strong: [
      /\belectric(?:al)? fenc\w*\b[^.;]{0,80}\bcertific/i,
      /\bcertific\w*\b[^.;]{0,60}\belectric(?:al)? fenc/i,
      /\belektriese heining\b/i,
    ],
    weak: [/\belectric(?:al)? fenc\w*\b/i],
    title: /fence/i,
  },
  {
    type: 'maintenance',
    key: 'electrical_compliance',
    stance: 'requires',
    strong: [
      /\bsans\s*10142/i,
      /\belectrical\b[^.;]{0,80}\b(?:certificate|compl\w*|coc)\b/i,
      /\b(?:certificate of compliance|coc)\b[^.;]{0,40}\belectric/i,
      /\belektriese sertifikaat\b/i,
      /\belectrical installation regulations\b/i,
    ],
    title: /electric/i,
    veto: [/\belectric(?:al)? fenc/i],
  },
  {
    type: 'maintenance',
    key: 'gas_compliance',
    stance: 'requires',
    strong: [
      /\b(?:gas|lpg)\b[^.;]{0,100}\b(?:certificate|certified|conformity|saqcc|gas installer)\b/i,
      /\bsans\s*10087\b/i,
      /\bcertificate of conformity\b/i,
    ],
    title: /\bgas\b|lpg/i,
  },
  {
    type: 'maintenance',
    key: 'burglar_bars',
    stance: 'requires',
    strong: [
      /\bburglar[- ](?:bars|proofing|guards)\b|\bdiefwering\b|\bsecurity gates?\b|\bveiligheidshekke\b/i,
    ],
    title: /burglar|security|bars/i,
  },

  // Endorsements and extensions
  {
    type: 'endorsement',
    key: 'theft_forcible_entry',
    stance: 'restricts',
    strong: [
      /\b(?:forcible|forced|violent|forceful)\b[^.;]{0,40}\b(?:entry|entrance|exit|means)\b/i,
      /\b(?:entry|entrance|exit)\b[^.;]{0,30}\b(?:forcible|forced|violent|by force)\b/i,
      /\bby force\b|\bforcibly\b/i,
      /\bforc(?:ed|ing|es) (?:their|his|her|its|a|an|the) way (?:in|into)\b/i,
      /\bbreak-?ins?\b|\bbroke in\b|\bbreaking in\b/i,
      /\binbraak\b/i,
    ],
    also: /\btheft|\bstolen\b|\bburglary\b|\bthie(?:f|ves)\b|\bbroke in\b/i,
    title: /theft|burglary/i,
    veto: [
      /\b(?:even without|whether or not|regardless of|not necessary|need not)\b[^.;]{0,40}\b(?:forc|break|broke)/i,
    ],
  },
  {
    type: 'endorsement',
    key: 'accidental_damage',
    stance: 'grants',
    strong: [/\baccidental (?:physical )?(?:loss (?:of )?or )?damage\b/i],
    title: /accident/i,
  },
  {
    type: 'endorsement',
    key: 'power_surge_extension',
    stance: 'grants',
    ...POWER_SURGE,
  },
  {
    type: 'endorsement',
    key: 'subsidence_landslip_extension',
    stance: 'grants',
    ...GROUND_MOVEMENT,
  },
  {
    type: 'endorsement',
    key: 'geyser_limits',
    stance: 'grants',
    strong: [/\bgeysers?\b|\bwarmwatertoestel\b|\bhot water cylinders?\b/i],
    also: new RegExp(
      String.raw`${AMOUNT}|\bone geyser\b|\bper geyser\b|\bper (?:claim|event|incident)\b|\blimited to\b|\bmax(?:imum|\.)|\bexcess\b|\bsame type\b|\bsolar\b|\bheat[- ]pump\b`,
      'i',
    ),
    title: /geyser|warmwater/i,
  },
  {
    type: 'endorsement',
    key: 'trace_and_access',
    stance: 'grants',
    strong: [
      /\btrace and access\b|\bleak detection\b/i,
      /\b(?:locat|trac|find|detect)\w*\b[^.;]{0,40}\b(?:leak|leaks|leaking)\b/i,
    ],
    title: /trace|leak/i,
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
