import type { PolicyClauseFindingType } from './catalogue.js';
import {
  LIMIT_CELL,
  listPrefix,
  type PolicyClause,
  type PolicySectionKind,
  plainPunctuation,
  sectionOfHeading,
  VERDICTS,
  verdictPattern,
} from './clauses.js';

/**
 * Every clause of a wording classed as an exclusion, a maintenance condition, an endorsement or neither,
 * by a cue grammar over the clause, the lead-in of its list and the section it stands in. No topic is
 * needed: 'we will not pay' under any heading is an exclusion, and a bullet under 'What is not covered'
 * is one without saying so.
 */

export type ClauseClass = PolicyClauseFindingType | 'neither';

export interface ClauseReading {
  class: ClauseClass;
  /** 0..1: how far the winning class stands above the next. */
  confidence: number;
  /** In words: the cue and the section used, e.g. 'says "we will not pay" under "What is not covered"'. */
  reason: string;
  /**
   * What each class scored (for the evaluation's mistakes): the grammar's cue scores from classifyClause;
   * the classifier's probabilities once readWithModel (clause-model.ts) has read the clause.
   */
  scores: Record<ClauseClass, number>;
}

interface Cue {
  class: PolicyClauseFindingType;
  pattern: RegExp;
  weight: number;
}

const cue = (type: PolicyClauseFindingType, weight: number, pattern: RegExp): Cue => ({
  class: type,
  pattern,
  weight,
});

const INSURER = String.raw`(?:we|the (?:company|society|insurers?|underwriters?|mutual|onderlinge|association|scheme|policy)|this (?:policy|section|extension|endorsement|memorandum|benefit))`;
const HOLDER = String.raw`(?:you|the (?:insured|member|landlord|owner|policyholder|trustees|body corporate|tenant)|he|she|they)`;
/** An owner a body corporate's rules bind ('An owner shall keep the geyser …'), by a rule's own words. */
const BOUND_OWNER = /\b(?:an|every|each) (?:owner|occupier)s? (?:shall|must)\b/i;

/**
 * A write-back that names what it overrides: 'Despite 3.2, we will pay for …', 'Ondanks 3.1 betaal ons
 * …'. It stands outside the list of exclusions it is printed in: neither their lead-in nor their
 * section lends it their class.
 */
const WRITE_BACK =
  /^(?:[A-Z][\w ,'-]{0,40}[.:]\s+)?(?:(?:despite|notwithstanding|in spite of|ondanks|nieteenstaande)\b(?:[^.;]|\.(?=\d)){0,60}?(?:\b(?:we|ons|the (?:company|insurers?|society|underwriters?))\b[^.;]{0,20}?\b(?:pay|cover|indemnify|betaal|dek)\b|\b(?:betaal|dek) ons\b)|nothing in\b(?:[^.;]|\.(?=\d)){0,40}?\b(?:shall|will|is to) be (?:construed|read|taken|interpreted) as (?:excluding|exclud\w+))/i;

const CUES: readonly Cue[] = [
  // Exclusions: the insurer refuses, cover stops, the owner carries it.
  cue(
    'exclusion',
    3,
    /\b(?:will|shall|do|does|did|would|can|may|wo|is|are)(?:n't| not)\s+(?:\w+\s+){0,3}?(?:pay|cover|insure|indemnify|be (?:liable|responsible)|accept)\b/i,
  ),
  cue(
    'exclusion',
    3,
    /\b(?:is|are|be|was|were)\s+not\s+(?:\w+\s+)?(?:covered|insured|included|payable|indemnified)\b/i,
  ),
  cue('exclusion', 3, verdictPattern(VERDICTS.exclusion)),
  cue(
    'exclusion',
    3,
    /^not (?:covered|insured)\b|\bnever (?:pay|cover)\b|\bnot (?:responsible|liable)\b|\bnot available (?:on|for|to|under)\b/i,
  ),
  // 'Excluded', 'exclusions' — not a reference to one ('notwithstanding exclusion 2.3(d)').
  cue(
    'exclusion',
    2.5,
    /\bexclud(?:e|ed|es)\b|(?<!notwithstanding )\bexclusions?\b(?!\s*[\d(])|\bexcepted\b/i,
  ),
  cue('exclusion', 3, /\bno (?:cover|liability|indemnity|claim (?:will|shall) be paid)\b/i),
  cue('exclusion', 2, /\b(?:your|the insured's|the member's) own (?:responsibility|risk|account|cost)\b/i),
  cue(
    'exclusion',
    3,
    /\b(?:will|shall|may) be (?:declined|rejected|refused|repudiated|void|forfeited|reduced)\b|\b(?:is|are) (?:suspended|void)\b/i,
  ),
  cue(
    'exclusion',
    3,
    /\bcover\b[^.;]{0,100}\b(?:ends|stops|ceases|lapses|falls away|is suspended|(?:will|shall) be suspended|shall (?:cease|lapse|end))\b/i,
  ),
  // Cover granted only on a condition restricts it: 'theft is only insured when there are marks of force'.
  cue(
    'exclusion',
    3.5,
    /\b(?:only (?:pay|pays|cover|covers|insure|insures)|(?:is|are) (?:only )?(?:covered|insured|paid) only|(?:is|are) only (?:covered|insured|paid))\b[^.;]{0,60}\b(?:if|when|where|after|while|once)\b/i,
  ),
  cue('exclusion', 2, /\b(?:is|are) not\s*(?:[.;]|$)/i),
  cue('exclusion', 1.5, /\bbut not\b|\bother than\b/i),
  cue('exclusion', 3, /\bnie (?:gedek|verseker|betaal)\b|\buitgesluit\b|\bbetaal nie\b/i),
  // A guide's verdict after its item ('Cutting down a tree that is still standing: NOT COVERED').
  cue('exclusion', 3, /[:–—-]\s*not (?:covered|insured|included)\b/i),
  // An exception inside an extension: 'The benefit in A2.8 does not apply to a geyser installed after…',
  // 'The extension in 3.6 does not cover glass…'.
  cue(
    'exclusion',
    4,
    /\b(?:(?:this|the|that|such) (?:benefit|extension|endorsement|additional cover|cover (?:in|under|provided))s?|(?:benefit|extension|endorsement)s? [A-Z]?\d[\w.]*)\b[^;]{0,40}?\b(?:does|do|will|shall)(?:n't| not) (?:apply|cover|extend|include|pay)\b|\b(?:shall|will)(?:n't| not) be liable under (?:this|the|that|such) (?:extension|benefit|endorsement)\b/i,
  ),

  // Maintenance conditions: a duty of the owner that cover depends on.
  cue(
    'maintenance',
    3,
    new RegExp(
      String.raw`\b${HOLDER}\s+(?:must|shall|will have to|needs? to|(?:is|are) required to|should|moet)\b`,
      'i',
    ),
  ),
  cue('maintenance', 2, /\bmust\b|\bmoet\b/i),
  cue('maintenance', 3, BOUND_OWNER),
  cue('maintenance', 3, verdictPattern(VERDICTS.maintenance)),
  cue('maintenance', 1.5, /\bshall\b(?!\s+not\b)|\bis to be\b|\bare to be\b/i),
  cue(
    'maintenance',
    3,
    /\b(?:it is|is|be) a condition\b|\bcondition (?:precedent|of (?:this|cover|the))\b|\bon condition that\b/i,
  ),
  cue('maintenance', 3, /\bwarrant(?:y|ies|ed|s)?\b|\bwaarborg/i),
  // A guide's verdict that cover holds only on the owner's part ('COVERED IF the roof was sound').
  cue('maintenance', 3.5, /(?:^|[:–—-]\s*)covered (?:only )?if\b/i),
  // Cover that rests on something the owner does or keeps: 'Theft cover depends on the alarm being …'.
  cue('maintenance', 3, /\bcover\b[^.;]{0,60}?\bdepends? on\b|\bdepends? on (?:you|the insured)\b/i),
  cue('maintenance', 2, /\b(?:is|are) required\b|\brequired to\b|\bexpects? you to\b/i),
  cue('maintenance', 2, /\bensure\b|\bmake sure\b|\bsee to it\b/i),
  cue('maintenance', 2.5, /\btake (?:all )?reasonable (?:steps|precautions|care)\b/i),
  cue(
    'maintenance',
    2,
    /^(?:keep|maintain|have|ensure|make sure|service|inspect|clear|trim|install|fit|arm|lock|treat|repair|check|clean|replace)\b/i,
  ),
  cue(
    'maintenance',
    1.5,
    /\bkeep\b[^.;]{0,40}\b(?:in (?:a |good|working|proper|sound)|clear|maintained|serviced)\b/i,
  ),
  cue('maintenance', 1, /\bcompl(?:y|ies) with\b|\bin accordance with\b/i),

  // Endorsements: cover granted, extended or written back.
  cue(
    'endorsement',
    2,
    new RegExp(
      String.raw`\b${INSURER}(?:'ll|\s+(?:will|shall|also|do|does|only))*\s+(?:also\s+)?(?:pay|pays|cover|covers|indemnify|indemnifies|insure|insures|reimburse|reimburses|replace|replaces|extend|extends)\b`,
      'i',
    ),
  ),
  cue(
    'endorsement',
    3,
    /\balso\s+(?:pay|pays|cover|covers|covered|insured|included|indemnif\w+)\b|\bwe(?:'ll| will)? also\b/i,
  ),
  cue(
    'endorsement',
    3,
    /\bextended to (?:include|cover)\b|\bcover is extended\b|\bextends? (?:to cover|the cover)\b/i,
  ),
  cue('endorsement', 2, /\b(?:is|are)\s+(?:also\s+)?(?:covered|insured|included|payable)\b/i),
  cue('endorsement', 1, /\bincluded\b|\bincludes\b/i),
  cue(
    'endorsement',
    1.5,
    /\b(?:limited to|up to|limit(?: of)?|not more than|no more than|maximum(?: of)?|max\.?)\s+(?:R\s?\d|\d+\s?%)|\b(?:shall|will|does|may) not exceed\b/i,
  ),
  cue('endorsement', 3, /^covered\s*:/i),
  // A guide's verdict after its item ('New locks and keys after your keys were stolen: COVERED up to R5 000').
  cue('endorsement', 3, /[:–—-]\s*(?:covered|included)\b(?!\s+(?:only|if|when|where|unless)\b)/i),
  cue(
    'endorsement',
    4,
    /\bnotwithstanding (?:exclusion|the exclusion)|\bthis exclusion does not apply\b|(?<!\b(?:benefit|extension|endorsement|cover)\b[^;]{0,40})\bdoes not apply (?:to|where|if)\b|\b(?:we|but we) (?:will |do )?(?:however |still |nevertheless )?(?:pay|cover) for the (?:resulting|resultant|sudden)\b/i,
  ),
  cue('endorsement', 4, WRITE_BACK),
  // A summary's verdict in capitals at the start of its line (VERDICTS; the exclusions' and duties' above).
  cue('endorsement', 2.5, verdictPattern(VERDICTS.endorsement)),
  cue('endorsement', 2, /\bcosts? (?:reasonably |necessarily )*incurred\b|\bcharges payable\b/i),
  cue('endorsement', 2.5, /\bons betaal\b|\bword gedek\b|\bis gedek\b|\bingesluit\b|\buitgebrei\b/i),
];

/** Says an extension or benefit does not apply: a schedule line, a mention. */
const NOT_GRANTED =
  /\bnot (?:selected|applicable|taken|chosen|purchased)\b|\bn\/a\b|\bdoes not include\b|\bnot included\b|\bnie (?:gekies|geneem|van toepassing|ingesluit)\b/i;
/** An option shown switched off ('Subsidence and landslip ........ OFF  + R74.50'): in capitals, as a toggle. */
const SWITCHED_OFF = /\bOFF\b/;
/** Says a thing is not needed (no duty). */
const NOT_REQUIRED =
  /\bwhether or not\b|\b(?:do|does|did)(?:n't| not) need\b|\bnot (?:required|necessary|needed)\b|\bno need\b|\bregardless of\b|\bnot a condition\b/i;
/** Introduces what follows ('These conditions apply to…', '…the following.'): no clause of its own. */
const INTRODUCES =
  /^(?:these|the following|this section|this part|only the options)\b[^.]{0,80}\bappl(?:y|ies)\b|\bthe following\b[^.]{0,60}[.:]$|\bas follows[.:]$/i;
/** An endorsement's or a schedule's formal words, which grant and require nothing themselves. */
const BOILERPLATE =
  /\b(?:attached to and form(?:s|ing)? part of|form(?:s|ing)? part of (?:the|this|your) policy|(?:remain|remains) unchanged|signed (?:for and )?on behalf of)\b/i;
/** A short label, a colon and its value: a particular of the policy ('Risk address: Plot 41, …'). */
const PARTICULAR =
  /^(?=[A-Z])[^:.;]{0,30}?\b(?:number|no|insured|address|date|reason|premium|period|schedule|broker|reference|name|insurer|policyholder|effective)\b[^:.;]{0,10}:\s+\S/i;
/** Procedure and administration: duties that are no maintenance condition. */
const ADMIN =
  /\bclaims?\b|\bnotif|\bnotice\b|\btell us\b|\blet us know\b|\breport\b|\bpolice\b|\bpremium|\bcancel|\bfraud|\bdocuments?\b|\bon request\b|\bsum insured\b|\breplacement value\b|\blease\b|\bread (?:this|with|it)\b|\bphone\b|\bcontact\b|\bcomplain|\bombud|\barbitrat|\bsubrogat|\baverage\b|\bdisclos|\bmisrepresent|\bdispute\b|\bminutes\b|\bschedule must\b|\badmit\b|\bliability\b|\bwithout our (?:written )?consent\b|\bfurther (?:loss|damage)\b|\beise?\b|\bpremie/i;
/** What a maintenance condition is about: the state of the home and what is fitted to it. */
const PHYSICAL =
  /\bmaintain|\bmaintenance\b|\brepair|\bgood (?:order|condition|state)|\bworking order|\binstall|\bfitted|(?<!\bpolice\s)\bservic|\binspect|\bcertif|\btreat|\bclear\b|\btrim|\bprecaution|\balarm|\block|\bburglar|\bsecurity|\bgeyser|\broof|\bthatch|\blightning|\bconductor|\bsans\b|\belectric|\bgas\b|\bfence|\bgutter|\bdrain|\btree|\bchimney|\bfirebreak|\bspark|\bcompl(?:y|ies|iance|iant)\b|\barmed\b|\bactivated\b|\bdrip tray|\bkeep\b|\bkept\b|\bswitched on\b|\bdiefwering|\bheining/i;
/** The basic perils of a cover description. */
const PERILS =
  /\b(?:fire|lightning|explosion|storm|wind|hail|snow|earthquake|impact|theft|malicious|flood|water|smoke|riot)\b/gi;

/**
 * The benefits home policies add to the basic perils, by name ('Alternative accommodation', 'Trace and
 * access', 'Loss of levies', 'Locks and keys', SASRIA): an item of a list of what is covered that names
 * one, and says nothing else, is an extension. A topic is never needed for a finding; this only tells an
 * extension from the basic cover in a list that says neither.
 */
const EXTENSION_ITEM =
  /^(?:[^.:;]{0,30}\b)?(?:(?:alternative )?accommodation|somewhere to stay|loss of (?:rent|rental|levies|income)|trace and access|(?:finding|locating) a (?:hidden )?leak|(?:removal of )?debris|rubble|municipal (?:requirements|regulations)|fire brigade|(?:new )?locks(?: and keys)?|keys|glass|sanitary ?ware|(?:public|personal|property owner'?s?) liability|sasria|owners'? (?:improvements|fixtures)|power surge|surge|solar|garden (?:and boundary )?walls|boundary walls|professional fees|security guards)\b/i;

/** A cover's lead-in to its perils ('… if it is damaged by:', '… caused by:', '… against:'). */
const PERILS_LEAD = /\b(?:(?:damaged|destroyed|caused|loss|damage)\s+(?:by|from)|against)\s*:?\s*$/i;
/** A peril a restriction narrows. */
const RESTRICTED_PERIL =
  /\b(?:but )?only (?:if|when|where|after)\b|\bbut not\b|\bexcluding\b|\bother than\b|\bexcept\b/i;
/** A lead-in that ends by introducing provisos ('… provided that:', '… subject to the following:'). */
export const PROVISO_LEAD =
  /\b(?:provided (?:always )?that|subject to(?: the following)?(?: conditions)?|on condition that|save that)\s*[:,-]?\s*$/i;

/**
 * Cover granted only while the owner has done something to the home ('covered only where the panels are
 * secured with anti-theft bolts'): a condition. An exclusion with an exception ('Lightning damage to a
 * thatched roof is not covered unless a lightning conductor is installed') stays an exclusion: so the
 * labels of three blind sets out of four have it.
 */
const CONDITIONAL_DUTY =
  /\bonly (?:(?:pay|cover|keep cover)\b[^.;]{0,80}?\b)?(?:where|if|when|while)\b[^.;]{0,60}?\b(?:is|are|has been|have been|was|were)\s+(?:\w+\s+)?(?:secured|fitted|installed|maintained|serviced|certified|treated|inspected|kept|locked|armed|trimmed|cleared|repaired)\b(?!\s+(?:before|after|prior|since|in \d|on \d))/i;

/** Which class a section's heading gives its clauses, and how strongly. */
const SECTION_WEIGHT: Record<PolicySectionKind, [ClauseClass, number]> = {
  exclusions: ['exclusion', 2.5],
  conditions: ['maintenance', 1.5],
  extensions: ['endorsement', 2.5],
  definitions: ['neither', 5],
  cover: ['neither', 1],
  other: ['neither', 0.5],
};

/** The most a sentence's cues of one class add up to. */
const CUE_CAP = 4;

/** Below this, a clause says nothing of the three. */
const NEITHER_BASE = 1.5;

const SENTENCE = /(?<=[.!?;])\s+(?=["'(\dA-Z])/g;

interface Heard {
  cue: Cue;
  text: string;
}

/** The cues a text says, each with the words that said it, strongest first. */
function cuesIn(text: string): Heard[] {
  const heard: Heard[] = [];
  for (const candidate of CUES) {
    const match = candidate.pattern.exec(text);
    if (match) heard.push({ cue: candidate, text: match[0].trim() });
  }
  return heard;
}

const shortQuote = (text: string) => {
  const words = text.replace(/:$/, '').split(' ');
  return words.length > 8 ? `${words.slice(0, 8).join(' ')}…` : words.join(' ');
};

/** Where a sentence turns: a write-back or an exception follows ('…, but we do pay', '…, unless'). */
const TURN = /,?\s+(?=\b(?:but|however|except|unless|save that|provided that)\b)/i;

interface Part {
  text: string;
  /** After the sentence's turn. */
  turn: boolean;
  /** The sentence's last part. */
  last: boolean;
}

/** A clause's sentences after its number, each cut once at its turn: the first carries the most weight. */
function partsOf(text: string): Part[] {
  const body = plainPunctuation(text.slice(listPrefix(text).length));
  return body
    .split(SENTENCE)
    .filter((sentence) => sentence !== '')
    .flatMap((sentence): Part[] => {
      const turn = TURN.exec(sentence);
      if (!turn || turn.index === 0) return [{ text: sentence, turn: false, last: true }];
      return [
        { text: sentence.slice(0, turn.index), turn: false, last: false },
        { text: sentence.slice(turn.index + turn[0].length), turn: true, last: true },
      ];
    });
}

/**
 * The class of a clause, with its confidence and the reason in words. The head sentence (the first that
 * says anything) weighs most, so an exclusion with a write-back ('…, but we do pay for the resulting
 * damage') stays an exclusion and an extension with an exception stays an extension; a lead-in
 * ('We will not pay for:') and the section's heading lend their class to a clause that says nothing.
 */
/**
 * What a table row's cell says of its item ('Not covered', 'Storm and flood damage excluded', 'Required
 * for any geyser claim', 'Included, up to R300 000'), by class; an amount alone (a sum insured, an
 * excess, a premium) or an option not taken says none.
 */
const CELL_VERDICTS: readonly [PolicyClauseFindingType, RegExp][] = [
  [
    'exclusion',
    /^(?:not (?:covered|insured|included)|no cover|excluded|uitgesluit|nie gedek)\b|\bexcluded\b|\bsuspended\b|\buitgesluit\b/i,
  ],
  ['maintenance', /^(?:required|compulsory|mandatory|must|a condition|vereis|verpligtend|moet)\b/i],
  ['endorsement', /^(?:included|covered|yes|selected|chosen|ingesluit|gedek|ja|gekies)\b|^(?:up to|tot)\b/i],
];

/** A table row, by what its value cell says (the item's name alone says nothing). */
function classifyRow(cell: string): ClauseReading {
  const scores: Record<ClauseClass, number> = {
    exclusion: 0,
    maintenance: 0,
    endorsement: 0,
    neither: NEITHER_BASE,
  };
  const text = plainPunctuation(cell);
  const verdict = NOT_GRANTED.test(text)
    ? undefined
    : CELL_VERDICTS.find(([, pattern]) => pattern.test(text));
  if (verdict === undefined)
    return {
      class: 'neither',
      confidence: 0.75,
      reason: 'says nothing that excludes, requires or extends',
      scores,
    };
  const [type] = verdict;
  scores[type] = 3;
  return {
    class: type,
    confidence: 0.75,
    reason: `says "${shortQuote(text)}" in its row of a table`,
    scores,
  };
}

export function classifyClause(clause: PolicyClause): ClauseReading {
  if (clause.cell !== undefined) {
    const row = classifyRow(clause.cell);
    // A row whose cell gives no verdict, in a table of exclusions or of duties ('Wear and tear | Rust,
    // rot …', 'Clear gutters and drains | Before the summer rains'), is of its section's class; a duty
    // about claims or paperwork is none.
    const whole = plainPunctuation(clause.text);
    const [ownClass] = SECTION_WEIGHT[clause.section];
    const sectionClass = ownClass === 'exclusion' || ownClass === 'maintenance' ? ownClass : undefined;
    const header = clause.cell === '';
    const admin = ADMIN.test(whole) && !PHYSICAL.test(whole);
    if (
      row.class === 'neither' &&
      sectionClass &&
      !header &&
      !NOT_GRANTED.test(whole) &&
      !(sectionClass === 'maintenance' && admin)
    )
      return {
        class: sectionClass,
        confidence: 0.7,
        reason: `stands in its row of a table under "${shortQuote(clause.sectionHeading)}"`,
        scores: { ...row.scores, [sectionClass]: 2.5 },
      };
    // A row of a table of extensions that gives its limit ('Fire brigade charges     R30 000') is one.
    if (row.class === 'neither' && clause.section === 'extensions' && !header && LIMIT_CELL.test(clause.cell))
      return {
        class: 'endorsement',
        confidence: 0.7,
        reason: `gives its limit in its row of a table under "${shortQuote(clause.sectionHeading)}"`,
        scores: { ...row.scores, endorsement: 2.5 },
      };
    // 'Fire, lightning and explosion | Yes' in a table of what the policy covers is its basic cover; a
    // benefit named there ('Trace and access | Yes') is an extension.
    // The clause's text is folded to single spaces: only a barred row's item can still be told apart.
    const item = plainPunctuation(clause.text.split(/\s+\|\s+/)[0] as string);
    if (row.class === 'endorsement' && clause.section === 'cover' && !EXTENSION_ITEM.test(item))
      return { ...row, class: 'neither', reason: 'says nothing that excludes, requires or extends' };
    return row;
  }
  const scores: Record<ClauseClass, number> = {
    exclusion: 0,
    maintenance: 0,
    endorsement: 0,
    neither: NEITHER_BASE,
  };
  const said: Partial<Record<ClauseClass, string>> = {};
  let head = true;
  for (const part of partsOf(clause.text)) {
    const heard = cuesIn(part.text);
    if (heard.length === 0) continue;
    // A part after 'but' or 'unless' in the head sentence (a write-back, an exception) weighs as little
    // as a later sentence.
    const weight = head && !part.turn ? 1 : 0.4;
    // Each class's cues in a sentence add up, to at most CUE_CAP; the strongest names the reason.
    const sums = new Map<PolicyClauseFindingType, number>();
    for (const item of heard.sort((a, b) => b.cue.weight - a.cue.weight)) {
      sums.set(item.cue.class, Math.min(CUE_CAP, (sums.get(item.cue.class) ?? 0) + item.cue.weight));
      said[item.cue.class] ??= item.text;
    }
    for (const [type, sum] of sums) scores[type] += sum * weight;
    if (part.last) head = false;
  }

  const text = plainPunctuation(clause.text);
  if (CONDITIONAL_DUTY.test(text)) {
    scores.maintenance += 4;
    said.maintenance ??= (CONDITIONAL_DUTY.exec(text) as RegExpExecArray)[0];
  }
  const writeBack = WRITE_BACK.test(text.slice(listPrefix(text).length));
  const leadIn = writeBack ? '' : plainPunctuation(clause.leadIn);
  let leadClass: PolicyClauseFindingType | null = null;
  if (leadIn !== '') {
    const heard = cuesIn(leadIn).sort((a, b) => b.cue.weight - a.cue.weight)[0];
    // A lead-in without a cue of its own may name its list as a heading would ('These endorsements on
    // your schedule continue unchanged:'): the class that heading's section gives, if any.
    const named = heard ? null : sectionOfHeading(leadIn);
    const [namedClass] = named ? SECTION_WEIGHT[named] : [null];
    leadClass = heard ? heard.cue.class : namedClass === 'neither' ? null : namedClass;
    // The provisos of a grant ('…, the COMPANY shall pay …, provided that:') restrict it: the grant's
    // class is not theirs. Nor are the basic perils of a cover ('The policy pays to repair your cottage if
    // it is damaged by:'), which extend nothing; one that a restriction narrows ('theft, but only if the
    // thief forced a way in') is an exclusion.
    if (PROVISO_LEAD.test(leadIn) && leadClass === 'endorsement') leadClass = null;
    if (PERILS_LEAD.test(leadIn) && leadClass === 'endorsement') {
      leadClass = null;
      if (RESTRICTED_PERIL.test(text)) scores.exclusion += 3;
    }
    if (leadClass) scores[leadClass] += 3;
  }
  // An item of what is covered that names a benefit beyond the basic perils, and says nothing else.
  const item = text.slice(listPrefix(text).length);
  const restricts = scores.exclusion > 0 || scores.maintenance > 0;
  // Not a table of contents' line ('6. Thatch, lightning, power surge and solar ....... 4') or a heading in capitals.
  const contentsLine = /\.{4,}\s*\d{0,3}\s*$/.test(item) || item === item.toUpperCase();
  if (
    !restricts &&
    !contentsLine &&
    leadClass === null &&
    clause.section !== 'exclusions' &&
    clause.listItem &&
    EXTENSION_ITEM.test(item)
  )
    scores.endorsement += 3;
  const [sectionClass, sectionWeight] = SECTION_WEIGHT[clause.section];
  // A particular ('Policy number: VHO 2231907', 'Additional premium: R211.60') takes no class from its
  // section: only what it says would give it one.
  const particular = PARTICULAR.test(item) && !restricts && scores.endorsement === 0;
  if (!writeBack && !particular) scores[sectionClass] += sectionWeight;
  // A title that names extensions or exclusions ('Additional cover: solar panels up to R120 000') gives
  // its clause that class, as a heading would; not to a list of codes ('Endorsements applicable: B01, …').
  const titled = clause.title === '' ? null : sectionOfHeading(clause.title);
  const body = text.slice(text.indexOf(clause.title) + clause.title.length);
  if ((titled === 'extensions' || titled === 'exclusions') && /[a-z]{3}/.test(body))
    scores[SECTION_WEIGHT[titled][0]] += SECTION_WEIGHT[titled][1];

  // A duty about paperwork or claims is no maintenance condition; one about the home is.
  if (INTRODUCES.test(text) || BOILERPLATE.test(text)) scores.neither += 6;
  // Under a duty's lead-in ('The trustees must make sure that:') paperwork counts as a duty too.
  if (ADMIN.test(text) && !PHYSICAL.test(text))
    scores.neither += scores.maintenance * (leadClass === 'maintenance' ? 0.3 : 0.8);
  else if (PHYSICAL.test(text) && scores.maintenance > 0) scores.maintenance += 1;
  if (NOT_REQUIRED.test(text)) scores.maintenance = Math.min(scores.maintenance, 1);
  if (NOT_GRANTED.test(text) || SWITCHED_OFF.test(text)) scores.neither += 4;
  // The basic perils of a cover description are no extension.
  const perils = new Set(text.toLowerCase().match(PERILS) ?? []).size;
  if (perils >= 3 && !/\balso\b|\bextend/i.test(text)) scores.neither += scores.endorsement * 0.8;

  const ranked = (Object.entries(scores) as [ClauseClass, number][]).sort((a, b) => b[1] - a[1]);
  const [[winner, best], [, second]] = ranked as [[ClauseClass, number], [ClauseClass, number]];
  const confidence = Math.round(Math.min(0.99, 0.5 + (0.5 * (best - second)) / best) * 100) / 100;

  if (winner === 'neither')
    return { class: winner, confidence, reason: 'says nothing that excludes, requires or extends', scores };
  // A class wins on a cue of its own, its lead-in's or its section's: the reason names each it had.
  const parts: string[] = [];
  if (said[winner]) parts.push(`says "${said[winner]}"`);
  if (leadClass === winner) parts.push(`follows "${shortQuote(clause.leadIn)}"`);
  const where = clause.sectionHeading || clause.heading;
  if (where !== '') parts.push(`under "${shortQuote(where)}"`);
  return { class: winner, confidence, reason: parts.join(' '), scores };
}
