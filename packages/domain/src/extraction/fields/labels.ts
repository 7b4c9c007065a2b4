import type { ExtractedFieldName, ReadDocumentKind } from '../types.js';

/**
 * The labels documents print before their values, per kind of document, and how strongly each points at
 * its field (1: says exactly what follows, as "Date of issue"; lower: a generic word such as "Date").
 * Patterns run on lower-cased text. A label for no field (`field: null`) names something else ("Postal
 * address", "Date printed"): it stops a value from running into it and outranks a shorter label inside
 * it. A `cover_period` label is followed by two dates (the period of cover, from and to).
 */

export type LabelField = ExtractedFieldName | 'cover_period' | null;

export interface LabelRule {
  field: LabelField;
  pattern: RegExp;
  weight: number;
  /**
   * Whether the value may stand on the line to the label's right (else only after it on its line or on
   * the line below: a table's "Description" header has the next header to its right, not a value).
   */
  right: boolean;
}

/** What a field's value looks like. */
export type ValueShape = 'date' | 'amount' | 'code' | 'erf' | 'text' | 'address' | 'firm';

export const FIELD_SHAPES: Readonly<Record<ExtractedFieldName, ValueShape>> = {
  certificate_type: 'text',
  certificate_number: 'code',
  issue_date: 'date',
  expiry_date: 'date',
  address: 'address',
  erf: 'erf',
  issuer_name: 'firm',
  issuer_registration: 'code',
  insurer: 'firm',
  policy_number: 'code',
  cover_from: 'date',
  cover_to: 'date',
  sum_insured_buildings: 'amount',
  excess: 'amount',
  supplier: 'firm',
  invoice_date: 'date',
  total: 'amount',
  vat: 'amount',
  work_description: 'text',
};

/** "No", "No.", "Nº", "Nr", "Number", "#" (and "N0", a common misreading), not followed by a letter. */
const NO = String.raw`(?:n[o0º°]\.?|nr\.?|number|num\.?|nommer|#)(?![a-z])`;
/** A note in brackets a label may carry ("Reg. No. (Act 36 of 1947)"). */
const NOTE = String.raw`(?:\s*\([^)]{0,40}\))?`;
/** Plain words used as a label: only before a colon, or alone on their line (a table's label column). */
const asLabel = (words: string) => String.raw`(?:^\s*${words}(?=\s*[:.]?\s*$)|${words}(?=\s*:))`;

const rule = (field: LabelField, source: string, weight: number, right = true): LabelRule => ({
  field,
  pattern: new RegExp(source, 'g'),
  weight,
  right,
});

/** Labels of things no field is read from, on any kind of document. */
const ELSEWHERE: readonly LabelRule[] = [
  rule(null, String.raw`\b(?:postal\s+address|posadres|billing\s+address|postal)\b`, 1),
  rule(
    null,
    String.raw`\b(?:date\s+printed|printed(?:\s+on)?|print\s+date|date\s+of\s+birth|id\s+number|id\s+no)\b`,
    1,
  ),
  rule(null, String.raw`\b(?:tel(?:ephone)?|phone|cell|fax|e-?mail|website)\b\.?`, 1),
  rule(null, String.raw`\b(?:page \d+ of \d+)\b`, 1),
  rule(
    null,
    String.raw`\b(?:name\s+of\s+(?:the\s+)?(?:owner|client|insured)|owner|client|customer|bill\s+to|attention|attn|account\s+holder|policyholder|policy\s+holder|the\s+insured|insured\s+name|to(?=\s*:))\b`,
    1,
  ),
  rule(
    null,
    String.raw`\b(?:invoice|quote|quotation|order|account|job|claim|plan|application)\s*(?:${NO}|ref(?:erence)?\b\.?)`,
    1,
  ),
  rule(null, String.raw`\b(?:plans\s+approved|system\s+size|inverter|pressure\s+test)\b`, 1),
  rule(
    null,
    String.raw`\b(?:date\s+of\s+installation|installation\s+date|date\s+installed|installed\s+on|installation\s+completed(?:\s+on)?|date\s+of\s+commissioning|commissioned\s+on|date\s+received|received\s+on)\b`,
    1,
  ),
  // Dates and numbers of something else: a previous certificate or the last service; a form's own
  // number and revision, a print-out's trail; an appliance's serial, model or meter number; the client's
  // own reference. (One pattern: every rule is a pass over each line.)
  rule(
    null,
    [
      String.raw`\b(?:previous|prior|last|earlier|former)\s+(?:coc|certificate|inspection|service|test|treatment|report)\b(?:\s+(?:dated|date|on|${NO}))?`,
      String.raw`\bdate\s+of\s+(?:the\s+)?(?:previous|last|prior)\s+[a-z]+`,
      String.raw`\bform\s*(?:${NO}|ref(?:erence)?\b\.?)|\brev(?:ision)?\b\.?(?:\s+date)?|\bversion\b(?:\s+date)?|\bgenerated(?:\s+on)?\b|\bprinted\s+by\b`,
      String.raw`\b(?:geyser|energi[sz]er|inverter|meter|panel|unit|model|cylinder|appliance|device|equipment|element|thermostat|pump|battery)\s+(?:serial\s*)?${NO}|\b(?:model|meter)\b`,
      String.raw`\b(?:your|client|customer|purchase\s+order|p\.?\s*o\.?)\s*(?:ref(?:erence)?\b\.?|${NO})`,
      String.raw`\baudit\s*(?:ref(?:erence)?\b\.?|${NO})`,
    ].join('|'),
    1,
  ),
  rule(
    null,
    String.raw`\b(?:vat|btw)\s*(?:reg(?:istration)?\.?\s*)?${NO}|\bvat\s+reg(?:istration)?\b\.?(?:\s*${NO})?`,
    1,
  ),
  rule(null, String.raw`\(?\s*\b(?:excl|incl)(?:uding|\.)?\s*vat\s*\)?`, 1),
  rule(null, String.raw`\berf\b(?:\s*${NO})?`, 0.5),
];

/** The issuer's registration: "Reg. No.", "PIRB Licence No.", "PSIRA No", "SARA Member No.", "P-number". */
const REGISTRATION = String.raw`\b(?:(?:registered|accredited|authori[sz]ed)\s+person${NOTE}\s*${NO}|(?:reg(?:istration)?\.?|licen[cs]e|accreditation|member|pirb|psira|saqcc|lpgsa?sa|efi|elpa|sara|p-?)\s*${NOTE}\s*${NO}${NOTE})`;

const CERTIFICATE: readonly LabelRule[] = [
  rule(
    'certificate_number',
    String.raw`\b(?:certificate(?:\s+of\s+(?:compliance|conformity|occupancy|occupation))?|cert\.?|coc|c\.o\.c\.?|sertifikaat|clearance)\s*(?:serial\s*)?(?:${NO}|ref(?:erence)?\b\.?(?:\s*${NO})?|id\b|code\b)`,
    1,
  ),
  // A report's own number (a roof inspection's). On a certificate it is the test report's, which the
  // certificate's own number comes before.
  rule(
    'certificate_number',
    String.raw`\b(?:report|verslag)\s*(?:serial\s*)?(?:${NO}|ref(?:erence)?\b\.?(?:\s*${NO})?|id\b|code\b)`,
    0.9,
  ),
  // "Cert." run into its number ('Scan to verify cert. 2025/ELC/0042'), and "Certificate" alone as the
  // label of a box in a strip of references (over its value, beside "Invoice", "Quote", "Job card").
  rule('certificate_number', String.raw`\bcert\.(?=\s{0,2}[a-z]{0,4}[-/]?\d)`, 0.9),
  rule('certificate_number', String.raw`^\s*(?:certificate|sertifikaat)\s*:?\s*$`, 0.85),
  // "Certificate:" with its number after it, where a scan joins it to the title beside it ('LIGHTNING
  // PROTECTION SYSTEM Certificate: LPS 25-118').
  // Not the end of another label ('Date of issue of this certificate:').
  rule(
    'certificate_number',
    String.raw`(?<!\b(?:of|for|this|the|a|your|die|hierdie|vir)\s)\b(?:certificate|sertifikaat)\s*:`,
    0.85,
  ),
  // A bare "No." alone on its line: a carbon-copy book's number, printed large under it.
  rule('certificate_number', String.raw`^\s*(?:n[o0º°]\.?|nr\.?|#)\s*:?\s*$`, 0.85),
  rule('certificate_number', String.raw`\bserial\s*${NO}`, 0.85),
  rule('certificate_number', String.raw`\b(?:reference|ref\.?)\s*${NO}`, 0.8),
  rule('certificate_number', asLabel(String.raw`\b(?:our\s+)?(?:reference|ref)\b\.?`), 0.7),
  rule(
    'issue_date',
    String.raw`\b(?:date\s+of\s+(?:installation\s*/\s*)?issue|issue\s+date|date\s+issued|issued\s+on|issued\s+date|date\s+of\s+(?:this\s+)?certificate|certificate\s+date|date\s+of\s+certification|certification\s+date|date\s+certified|certified\s+on|date\s+of\s+issuance|datum\s+van\s+uitreiking|uitreikingsdatum|uitreikdatum|datum\s+uitgereik|uitgereik\s+op)\b`,
    1,
  ),
  rule(
    'issue_date',
    String.raw`\b(?:report\s+date|date\s+of\s+report|service\s+date|date\s+of\s+service|date\s+of\s+registration|registration\s+date|date\s+approved|approved\s+on|date\s+of\s+approval|approval\s+date|serviced\s+on|date\s+serviced|diensdatum)\b`,
    0.88,
  ),
  // From when it holds; when the work was finished or the certificate signed.
  rule(
    'issue_date',
    String.raw`\b(?:effective\s+date|effective\s+from|date\s+effective|valid\s+from|with\s+effect\s+from|geldig\s+vanaf)\b`,
    0.85,
  ),
  rule(
    'issue_date',
    String.raw`\b(?:date\s+of\s+completion|completion\s+date|date\s+completed|completed\s+on|(?:service|inspection|test|work)\s+completed(?:\s+on)?|date\s+signed|signed\s+on|date\s+of\s+signature|signature\s+date|datum\s+onderteken|onderteken\s+op|date\s+of\s+application|application\s+date|applied\s+on|date\s+applied)\b`,
    0.8,
  ),
  rule('issue_date', String.raw`\bissued\b`, 0.85),
  rule('issue_date', String.raw`\b(?:date|datum)\b`, 0.75),
  rule('issue_date', String.raw`\b(?:signed|dated)\b`, 0.7),
  // The signing sentence: 'Signed at Pretoria on 4 August 2025', 'Given under my hand at Germiston on this
  // 3rd day of October 2025'.
  rule(
    'issue_date',
    String.raw`\bsigned\s+at\s+[a-z][a-z .'-]{1,40}?\s+on\b|\bgiven\s+under\s+(?:my|our)\s+hands?\b`,
    0.9,
  ),
  // The date of a test stands for the certificate's where nothing else dates it; a form's bare "Date" (by
  // the signature) comes first: a gas or pressure test may be a day before the certificate.
  rule(
    'issue_date',
    String.raw`\b(?:date\s+of\s+test|test\s+date|date\s+tested|tested\s+on|toetsdatum|datum\s+getoets)\b`,
    0.72,
  ),
  rule(
    'issue_date',
    String.raw`\b(?:date\s+of\s+inspection|inspection\s+date|inspected\s+on|date\s+inspected|date\s+of\s+treatment|treatment\s+date|datum\s+van\s+inspeksie|inspeksiedatum)\b`,
    0.7,
  ),
  rule(
    'expiry_date',
    String.raw`\b(?:expiry\s+date|date\s+of\s+expiry|expiry|expires(?:\s+on)?|valid\s+(?:until|till|to|through)|vervaldatum|geldig\s+tot)\b`,
    1,
  ),
  rule(
    'expiry_date',
    String.raw`\b(?:(?:next\s+(?:service|inspection|test|treatment)|re-?treatment|re-?inspection|renewal)\s+due(?:\s+(?:by|on|date))?|due\s+date|renew\s+by|date\s+of\s+next\s+(?:service|inspection|test|treatment)|next\s+(?:service|inspection|test|treatment)\s+date|next\s+due|(?:renewal|re-?inspection|re-?test|re-?treatment)\s+date|date\s+of\s+(?:renewal|re-?inspection|re-?test|re-?treatment)|date\s+due)\b`,
    0.85,
  ),
  rule(
    'address',
    String.raw`\b(?:address\s+of\s+(?:the\s+)?(?:installation|property|premises|site)(?:\s*/\s*(?:installation|property|premises|site))?|(?:installation|physical|property|site|street|erf)\s+address|address|adres|situated\s+at)\b`,
    0.9,
  ),
  rule('address', asLabel(String.raw`\b(?:property|premises|site|location)`), 0.8),
  // A whole word ('Stand No.', 'Standnr.'), not the start of another ('Standby battery').
  rule('erf', String.raw`\b(?:erf|stand)(?:\s*${NO}|\b)`, 1),
  rule(
    'issuer_name',
    asLabel(
      String.raw`\b(?:issued\s+by|certified\s+by|company(?:\s+name)?|firm|installation\s+company|service\s+provider|pest\s+control\s+(?:company|operator)|contractor)\b`,
    ),
    0.8,
  ),
  rule(
    'issuer_name',
    asLabel(
      String.raw`\b(?:name\s+of\s+(?:the\s+)?(?:registered|accredited|authori[sz]ed)\s+person|(?:registered|accredited|authori[sz]ed)\s+person|inspected\s+by|installer|inspector|entomologist|plumber|electrician|technician)\b`,
    ),
    0.6,
  ),
  // Dates of the business around the work, not of the certificate: an order, invoice, job, payment.
  rule(
    null,
    String.raw`\b(?:(?:order|invoice|quote|quotation|job|call-?out|booking|appointment|payment)\s+date|date\s+of\s+(?:order|invoice|quote|quotation|job|call-?out|booking|appointment|payment))\b`,
    1,
  ),
  rule('issuer_registration', REGISTRATION, 0.95),
  rule(
    'issuer_registration',
    asLabel(
      String.raw`\b(?:(?:saqcc(?:\s+gas)?|pirb|psira|lpgsa?sa|efi|elpa|sara)\s+)?(?:reg(?:istration)?|licen[cs]e|accreditation)\b\.?`,
    ),
    0.85,
  ),
];

/** A label on a line of another section of cover (contents, all risks) is not the buildings'. */
const NOT_OTHER_SECTION = String.raw`(?<!\b(?:household\s+contents|contents|inhoud|all\s+risks?)\b[^0-9\n]{0,24})`;

const POLICY: readonly LabelRule[] = [
  rule(
    'insurer',
    asLabel(String.raw`\b(?:insurer|insurance\s+company|underwritten\s+by|underwriter|versekeraar)\b`),
    0.9,
  ),
  rule('insurer', String.raw`\bunderwritten\s+by\b`, 0.8),
  rule('policy_number', String.raw`\b(?:policy|polis)\s*${NO}`, 1),
  rule('policy_number', String.raw`\bpolicy\s+ref(?:erence)?\b\.?`, 0.95),
  rule('policy_number', asLabel(String.raw`\bpolicy`), 0.85),
  // "Renewal of your homeowners policy FD-55120884": the word policy right before a number.
  rule('policy_number', String.raw`\bpolicy(?=\s+[a-z]{0,6}[-/]?\d)`, 0.75),
  rule(
    'cover_period',
    String.raw`\b(?:period\s+of\s+(?:cover|insurance)|cover\s+period|insurance\s+period|policy\s+period|dekkingstydperk|tydperk\s+van\s+dekking)\b`,
    0.95,
  ),
  rule('cover_period', String.raw`\b(?:period|dekking)\b`, 0.85),
  rule(
    'cover_from',
    String.raw`\b(?:cover\s+from|cover\s+start(?:s|\s+date)?|commencement\s+date|start\s+date|effective\s+date|effective\s+from)\b`,
    0.95,
  ),
  // When the policy first began, perhaps years before the period of cover a schedule states beside it.
  rule('cover_from', String.raw`\b(?:inception\s+date|date\s+of\s+inception|incepted\s+on)\b`, 0.85),
  rule('cover_to', String.raw`\b(?:cover\s+(?:to|until|end(?:s|\s+date)?)|end\s+date|expiry\s+date)\b`, 0.9),
  rule(null, String.raw`\b(?:renewal\s+date|date\s+of\s+issue|issue\s+date)\b`, 1),
  rule(
    'sum_insured_buildings',
    String.raw`\b(?:buildings?|geboue)\b[^0-9]{0,30}?\b(?:sum\s+insured|versekerde\s+bedrag)\b|\b(?:sum\s+insured|versekerde\s+bedrag)\b[^0-9]{0,20}?\b(?:buildings?|geboue)\b`,
    1,
  ),
  rule('sum_insured_buildings', String.raw`\b(?:buildings?|geboue)\b`, 0.75),
  rule(
    null,
    String.raw`\b(?:household\s+contents|contents|all\s+risks?|monthly\s+premium|premium|geyser\s+limit|limit)\b[^0-9]{0,30}?(?:\bsum\s+insured\b|\(incl(?:uding|\.)?\s*vat\))?`,
    1,
  ),
  // Not another section's excess ('Contents: basic excess R 1 000' beside 'Buildings: basic excess Nil').
  rule(
    'excess',
    String.raw`${NOT_OTHER_SECTION}(?:\b(?:basic|standard)\s+excess\b(?:\s*\(?\s*buildings\s*\)?)?|\bexcess\s*\(?\s*basic\s*\)?|\bexcess\s*[-–(]\s*buildings\)?|\bbuildings\s+excess\b)`,
    1,
  ),
  rule('excess', String.raw`${NOT_OTHER_SECTION}\b(?:excess|bybetaling)\b`, 0.8),
  rule(
    'address',
    String.raw`\b(?:risk\s+address|insured\s+address|address\s+of\s+(?:the\s+)?(?:insured\s+)?(?:property|risk)|(?:property|physical|street)\s+address|situated\s+at|risk\s+location|address|adres)\b`,
    0.9,
  ),
  rule('address', asLabel(String.raw`\b(?:insured\s+property|property\s+insured|property)`), 0.8),
];

const INVOICE: readonly LabelRule[] = [
  rule('supplier', asLabel(String.raw`\b(?:supplier|service\s+provider|from)\b`), 0.75),
  rule(
    'invoice_date',
    String.raw`\b(?:invoice\s+date|date\s+of\s+invoice|quote\s+date|quotation\s+date|date\s+of\s+quot(?:e|ation)|date\s+issued|issue\s+date|factuurdatum)\b`,
    1,
  ),
  rule('invoice_date', String.raw`\b(?:date|datum)\b`, 0.8),
  rule(
    null,
    String.raw`\b(?:due\s+date|date\s+due|valid\s+until|expiry\s+date|payment\s+due|valid\s+for)\b`,
    1,
  ),
  rule(
    'total',
    String.raw`\b(?:total\s*\(?\s*incl(?:uding|\.)?\s*vat\s*\)?|total\s+amount|(?:total|amount|balance)\s+(?:due|payable)(?:\s*\(?\s*incl(?:uding|\.)?\s*vat\s*\)?)?|grand\s+total|totaal)`,
    1,
  ),
  rule('total', String.raw`\btotal\b`, 0.8),
  rule(
    null,
    String.raw`\b(?:sub-?\s*total|total\s+before\s+vat|total\s+vat|(?:total|amount)\s*\(?\s*excl(?:uding|\.)?\s*vat)\b\s*\)?(?:\s*\(?\s*excl(?:uding|\.)?\s*vat\s*\)?)?`,
    1,
  ),
  rule(null, String.raw`\b(?:deposit(?:\s+required)?|unit\s+price|qty|quantity|amount|price)\b`, 1),
  rule('vat', String.raw`\b(?:vat|btw)\s*(?:\(\s*15\s*%\s*\)|@\s*15\s*%|15\s*%|at\s+15\s*%)?`, 0.88),
  rule(
    'work_description',
    String.raw`\b(?:description\s+of\s+(?:the\s+)?(?:work|services)|work\s+(?:done|performed|description|details)|details\s+of\s+(?:the\s+)?work|scope\s+of\s+work)\b`,
    0.8,
    false,
  ),
  rule('work_description', asLabel(String.raw`\b(?:work|job|re|for)`), 0.8),
  rule('work_description', String.raw`\bdescription\b`, 0.6, false),
];

/** The labels read on each kind of document (an unknown document: none). */
export const LABELS: Readonly<Record<ReadDocumentKind, readonly LabelRule[]>> = {
  certificate: [...CERTIFICATE, ...ELSEWHERE],
  policy: [...POLICY, ...ELSEWHERE],
  invoice: [...INVOICE, ...ELSEWHERE],
  unknown: [],
};
