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
}

/** What a field's value looks like. */
export type ValueShape = 'date' | 'amount' | 'code' | 'erf' | 'text';

export const FIELD_SHAPES: Readonly<Record<ExtractedFieldName, ValueShape>> = {
  certificate_type: 'text',
  certificate_number: 'code',
  issue_date: 'date',
  expiry_date: 'date',
  address: 'text',
  erf: 'erf',
  issuer_name: 'text',
  issuer_registration: 'code',
  insurer: 'text',
  policy_number: 'code',
  cover_from: 'date',
  cover_to: 'date',
  sum_insured_buildings: 'amount',
  excess: 'amount',
  supplier: 'text',
  invoice_date: 'date',
  total: 'amount',
  vat: 'amount',
  work_description: 'text',
};

/** "No", "No.", "Nr", "Number", "#" (and "N0", a common misreading), not followed by a letter. */
const NO = String.raw`(?:n[o0]\.?|nr\.?|number|num\.?|nommer|#)(?![a-z])`;

const rule = (field: LabelField, source: string, weight: number): LabelRule => ({
  field,
  pattern: new RegExp(source, 'g'),
  weight,
});

/** Labels of things no field is read from, on any kind of document. */
const ELSEWHERE: readonly LabelRule[] = [
  rule(null, String.raw`\b(?:postal\s+address|posadres|billing\s+address|postal)\b`, 1),
  rule(null, String.raw`\b(?:date printed|printed on|print date|date of birth|id number|id no)\b`, 1),
  rule(null, String.raw`\b(?:tel(?:ephone)?|phone|cell|fax|e-?mail|website)\b\.?`, 1),
  rule(null, String.raw`\b(?:page \d+ of \d+)\b`, 1),
];

const CERTIFICATE: readonly LabelRule[] = [
  rule(
    'certificate_number',
    String.raw`\b(?:certificate|cert\.?|coc|c\.o\.c\.?|sertifikaat)\s*(?:serial\s*)?(?:${NO}|ref(?:erence)?\b\.?(?:\s*${NO})?)`,
    1,
  ),
  rule('certificate_number', String.raw`\bserial\s*${NO}`, 0.9),
  rule('certificate_number', String.raw`\b(?:reference|ref\.?)\s*${NO}`, 0.8),
  rule(
    'issue_date',
    String.raw`\b(?:date\s+of\s+issue|issue\s+date|date\s+issued|issued\s+on|issued\s+date|date\s+of\s+certificate|certificate\s+date|datum\s+van\s+uitreiking|uitreikingsdatum|uitgereik\s+op)\b`,
    1,
  ),
  rule('issue_date', String.raw`\bissued\b`, 0.85),
  rule('issue_date', String.raw`\b(?:date|datum)\b`, 0.75),
  rule(
    'issue_date',
    String.raw`\b(?:date\s+of\s+inspection|inspection\s+date|inspected\s+on|date\s+inspected|date\s+of\s+treatment|treatment\s+date)\b`,
    0.6,
  ),
  rule(
    'expiry_date',
    String.raw`\b(?:expiry\s+date|date\s+of\s+expiry|expiry|expires(?:\s+on)?|valid\s+(?:until|till|to|through)|vervaldatum|geldig\s+tot)\b`,
    1,
  ),
  rule(
    'address',
    String.raw`\b(?:address\s+of\s+(?:the\s+)?(?:installation|property|premises|site)|(?:installation|physical|property|site|street|erf)\s+address|address|adres|premises|situated\s+at)\b`,
    0.9,
  ),
  rule('erf', String.raw`\b(?:erf|stand)(?:\s*${NO})?`, 1),
  rule(
    'issuer_name',
    String.raw`\b(?:issued\s+by|certified\s+by|contractor|company(?:\s+name)?|firm|installer|installation\s+company|service\s+provider|pest\s+control\s+(?:company|operator))\b`,
    0.8,
  ),
  rule(
    'issuer_name',
    String.raw`\b(?:name\s+of\s+(?:the\s+)?(?:registered|accredited|authori[sz]ed)\s+person|(?:registered|accredited|authori[sz]ed)\s+person|inspected\s+by|inspector|entomologist|plumber|electrician|technician)\b`,
    0.65,
  ),
  rule(
    'issuer_registration',
    String.raw`\b(?:reg(?:istration)?\.?|licen[cs]e|pirb|saqcc|lpgsa?sa)\s*${NO}`,
    0.95,
  ),
];

const POLICY: readonly LabelRule[] = [
  rule('insurer', String.raw`\b(?:insurer|insurance\s+company|underwritten\s+by|underwriter)\b`, 0.9),
  rule('policy_number', String.raw`\b(?:policy|polis)\s*${NO}`, 1),
  rule('policy_number', String.raw`\bpolicy\s+ref(?:erence)?\b\.?`, 0.95),
  rule(
    'cover_period',
    String.raw`\b(?:period\s+of\s+(?:cover|insurance)|cover\s+period|insurance\s+period|policy\s+period|period)\b`,
    0.95,
  ),
  rule(
    'cover_from',
    String.raw`\b(?:cover\s+from|cover\s+start(?:s|\s+date)?|inception\s+date|commencement\s+date|start\s+date|effective\s+date|effective\s+from)\b`,
    0.95,
  ),
  rule('cover_to', String.raw`\b(?:cover\s+(?:to|until|end(?:s|\s+date)?)|end\s+date|expiry\s+date)\b`, 0.9),
  rule(null, String.raw`\b(?:renewal\s+date|date\s+of\s+issue|issue\s+date)\b`, 1),
  rule(
    'sum_insured_buildings',
    String.raw`\bbuildings?\b[^0-9]{0,30}?\bsum\s+insured\b|\bsum\s+insured\b[^0-9]{0,20}?\bbuildings?\b`,
    1,
  ),
  rule('sum_insured_buildings', String.raw`\bbuildings?\b`, 0.75),
  rule(null, String.raw`\b(?:contents|household\s+contents|all\s+risks?|premium|monthly\s+premium)\b`, 1),
  rule('excess', String.raw`\b(?:basic|standard)\s+excess\b|\bexcess\s*\(?\s*basic\s*\)?`, 1),
  rule('excess', String.raw`\bexcess\b`, 0.8),
  rule(
    'address',
    String.raw`\b(?:risk\s+address|insured\s+address|address\s+of\s+(?:the\s+)?(?:insured\s+)?(?:property|risk)|(?:property|physical|street)\s+address|situated\s+at|risk\s+location|address)\b`,
    0.9,
  ),
];

const INVOICE: readonly LabelRule[] = [
  rule('supplier', String.raw`\b(?:supplier|service\s+provider|from)\b`, 0.75),
  rule(
    'invoice_date',
    String.raw`\b(?:invoice\s+date|date\s+of\s+invoice|quote\s+date|quotation\s+date|date\s+of\s+quot(?:e|ation)|date\s+issued|issue\s+date|factuurdatum)\b`,
    1,
  ),
  rule('invoice_date', String.raw`\b(?:date|datum)\b`, 0.8),
  rule(null, String.raw`\b(?:due\s+date|date\s+due|valid\s+until|expiry\s+date|payment\s+due)\b`, 1),
  rule(
    'total',
    String.raw`\b(?:total\s*\(?\s*incl(?:uding|\.)?\s*vat\s*\)?|total\s+(?:due|payable|amount)|grand\s+total|amount\s+(?:due|payable)|balance\s+due|totaal)\b`,
    1,
  ),
  rule('total', String.raw`\btotal\b`, 0.8),
  rule(
    null,
    String.raw`\b(?:sub-?\s*total|total\s*\(?\s*excl(?:uding|\.)?\s*vat\s*\)?|total\s+before\s+vat|total\s+vat|amount\s+excl(?:uding|\.)?\s*vat)\b`,
    1,
  ),
  rule('vat', String.raw`\b(?:vat|btw)\s*(?:\(\s*15\s*%\s*\)|@\s*15\s*%|15\s*%|at\s+15\s*%)?`, 0.9),
  rule(null, String.raw`\b(?:vat|btw)\s*(?:reg(?:istration)?\.?\s*)?${NO}|\bvat\s+registration\b`, 1),
  rule(
    'work_description',
    String.raw`\b(?:description\s+of\s+(?:the\s+)?(?:work|services)|work\s+(?:done|performed|description)|scope\s+of\s+work|description|re:|for:)`,
    0.7,
  ),
];

/** The labels read on each kind of document (an unknown document: none). */
export const LABELS: Readonly<Record<ReadDocumentKind, readonly LabelRule[]>> = {
  certificate: [...CERTIFICATE, ...ELSEWHERE],
  policy: [...POLICY, ...ELSEWHERE],
  invoice: [...INVOICE, ...ELSEWHERE],
  unknown: [],
};
