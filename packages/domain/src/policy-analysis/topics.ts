import type { PolicyTopic } from './catalogue.js';

/**
 * The topic tags of a clause (POLICY_TOPICS): what it is about, whatever it says about it. Patterns run
 * on folded text with plain quotes and dashes (clauses.ts), case-insensitively. A clause may have none.
 */
const TOPIC_PATTERNS: readonly (readonly [PolicyTopic, RegExp])[] = [
  [
    'geyser',
    /\bgeysers?\b|\bhot water (?:cylinders?|systems?|tanks?)\b|\bwarmwater|\bsans\s*10254\b|\bdrip[- ]?trays?\b|\bvacuum breakers?\b|\bdruppelbak/i,
  ],
  ['roof', /\broofs?\b|\bgutters?\b|\bdownpipes?\b|\bwaterproofing\b|\bdak\b/i],
  ['thatch', /\bthatch\w*|\bdekgras|\bgrasdak/i],
  ['lightning', /\blightning\b|\bweerlig/i],
  ['alarm', /\balarms?\b|\barmed response\b|\balarmstelsel/i],
  [
    'security',
    /\bburglar|\bsecurity\b|\blocks?\b|\blocked\b|\bdiefwering|\baccess control\b|\belectric(?:al)? fenc|\bgates?\b(?=[^.;]{0,40}\block)/i,
  ],
  [
    'theft',
    /\btheft\b|\bstolen\b|\bburglary\b|\bthie(?:f|ves)\b|\bbreak-?ins?\b|\bbroke in\b|\bforced entry\b|\bforcible\b|\bdiefstal|\binbraak/i,
  ],
  ['fire', /\bfires?\b|\bsmoke\b|\bflames?\b|\bfirebreaks?\b|\bbrand\b/i],
  ['flood', /\bfloods?\b|\bflooding\b|\bflood[- ]?(?:plain|line|zone)s?\b|\boorstroming/i],
  ['storm', /\bstorms?\b|\bwind\b|\bhail\b|\bsnow\b|\brain(?:water|fall)?\b|\bstormwater\b/i],
  ['water', /\bwater\b|\bleak\w*|\bpipes?\b|\bburst\w*\b|\bplumb\w*|\bseep\w*/i],
  ['damp', /\bdamp\w*|\bmou?ld\b|\bmildew\b|\bcondensation\b|\bfung(?:us|i)\b|\brot\b|\bvog\b/i],
  [
    'subsidence',
    /\bsubsidence\b|\blandslip\b|\bland slip\b|\bheave\b|\bground movement\b|\bsettl(?:ing|ement)\b|\bshrinkage\b|\bversakking|\bgrondverskuiwing|\b(?:ground|land|soil)\b[^.;]{0,15}\b(?:moves|sinks|slides|subsides)\b|\bsinking or sliding\b/i,
  ],
  ['solar', /\bsolar\b|\bphotovoltaic\b|\bpv\b|\binverters?\b|\bbatter(?:y|ies)\b|\bson(?:panele|krag)/i],
  [
    'electrical',
    /\belectric(?:al|ity)?\b(?! fenc)|\bwiring\b|\bsans\s*10142|\bdistribution board\b|\belektries/i,
  ],
  [
    'power_surge',
    /\b(?:power|voltage) (?:surges?|dips?|spikes?)\b|\bsurges?\b|\bload[- ]?shedding\b|\bkragstuwing/i,
  ],
  ['gas', /\bgas\b|\blpg\b|\bsans\s*10087\b|\bcertificate of conformity\b/i],
  ['trees', /\btrees?\b|\bbranch(?:es)?\b|\broots?\b|\bshrubs\b|\bbome\b/i],
  [
    'drains',
    /\bdrains?\b|\bdrainage\b|\bstorm[- ]?water (?:drains?|pipes?|channels?)\b|\bsewer\w*|\bgullies\b|\bgutters?\b|\briool/i,
  ],
  [
    'walls',
    /\b(?:boundary|garden|retaining|perimeter|free-?standing) walls?\b|\bwalls,? gates\b|\bfences?\b|\bfencing\b|\bpalisade\b|\bmure\b/i,
  ],
  ['glass', /\bglass\b|\bglazing\b|\bwindows? panes?\b|\bmirrors?\b|\bsanitary ware\b|\bglas\b/i],
  ['pool', /\bswimming pools?\b|\bpools?\b|\bpool pumps?\b|\bswembad/i],
  [
    'unoccupancy',
    /\bunoccupied\b|\bunoccupancy\b|\bvacant\b|\bstands? empty\b|\bis empty\b|\bleft empty\b|\bwithout an? occupant\b|\bunattended\b|\bleegstaande/i,
  ],
  [
    'wear_and_tear',
    /\bwear(?:[- ]and[- ]|,? (?:and |or |& )?)tear\b|\bgradual\w*|\bdeteriorat\w*|\bdepreciation\b|\bwears? out\b|\bslytasie|\bage\b|\bold age\b/i,
  ],
  [
    'workmanship',
    /\bworkmanship\b|\bdefective\b|\bfaulty\b|\bdesign\b|\blatent defects?\b|\bbadly\b|\bwrong plans\b|\bmaterials\b/i,
  ],
  [
    'pests',
    /\bvermin\b|\brodents?\b|\btermites?\b|\bwhite ants\b|\binsects?\b|\bborers?\b|\bpests?\b|\brats\b|\bmice\b|\bmoths?\b|\bbirds?\b|\bbats\b|\bongedierte/i,
  ],
  [
    'riot',
    /\briots?\b|\bsasria\b|\bcivil commotion\b|\bstrikes?\b|\bpublic disorder\b|\bterroris\w*|\boproer/i,
  ],
  ['war', /\bwar\b|\binvasion\b|\bhostilities\b|\brebellion\b|\bnuclear\b|\bradioactiv\w*|\boorlog/i],
  [
    'consequential_loss',
    /\bconsequential\b|\bindirect loss\b|\bloss of (?:use|income|profit|value)\b|\bgevolgskade/i,
  ],
  [
    'accommodation',
    /\b(?:alternative|temporary) accommodation\b|\bplace to stay\b|\bcan(?:not|'t) be lived in\b|\buninhabitable\b|\bhotel\b|\bherberg|\bverblyf/i,
  ],
  ['rent', /\brent\b|\brental\b|\bhuur\b/i],
  [
    'debris',
    /\bdebris\b|\bremoval of (?:rubble|debris)\b|\bdemolition\b|\bclearing (?:the )?site\b|\bpuin\b/i,
  ],
  [
    'municipal',
    /\bmunicipal\w*|\blocal authority\b|\bbuilding regulations\b|\bbylaws?\b|\bby-laws?\b|\bplans approved\b|\bapproved plans\b|\bmunisipal/i,
  ],
  ['locks_keys', /\bkeys?\b|\blocks?\b(?! (?:up|in))|\bsleutels?\b/i],
  ['fire_brigade', /\bfire brigade\b|\bfire ?fighting\b|\bfire department\b|\bbrandweer/i],
  [
    'accidental_damage',
    /\baccidental (?:physical )?(?:loss (?:of )?or )?damage\b|\ball risks?\b|\bongelukskade/i,
  ],
  [
    'building_works',
    /\bbuilding works?\b|\balterations?\b|\brenovat\w*|\bconstruction work\b|\bbuilders?\b|\bcontractors?\b|\bbouwerk/i,
  ],
  [
    'liability',
    /\bliability to (?:the public|third parties|others)\b|\blegal liability\b|\bthird part(?:y|ies)\b|\bpublic liability\b|\baanspreeklikheid/i,
  ],
];

/** The topics a clause is about, in POLICY_TOPICS order. */
export function topicsOf(text: string): PolicyTopic[] {
  return TOPIC_PATTERNS.filter(([, pattern]) => pattern.test(text)).map(([topic]) => topic);
}
