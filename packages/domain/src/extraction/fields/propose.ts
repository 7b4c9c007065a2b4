import { CERTIFICATE_VALIDITY_MONTHS, type CertificateType } from '../../certificates.js';
import { addMonths } from '../../recurrence.js';
import {
  findCertificateNumbers,
  findDates,
  findRegistrationNumbers,
  findRunTogetherNumbers,
} from '../parsers/index.js';
import {
  type ExtractedFieldName,
  FIELDS_OF_KIND,
  type FieldProposal,
  type ProposedField,
  type ReadDocumentKind,
  type ReadPage,
} from '../types.js';
import { classifyCertificateType, classifyKind } from './classify.js';
import { FIELD_SHAPES, LABELS, type LabelRule, type ValueShape } from './labels.js';
import {
  indexPages,
  lineAbove,
  lineBelow,
  lineRightOf,
  type PageLines,
  type PlacedLine,
  placeLines,
  spanBox,
  spanConfidence,
  spanTrust,
} from './lines.js';
import {
  BLEMISH,
  leadingSeparators,
  mendCode,
  type ReadValue,
  readPeriod,
  readValue,
  wellFormedDate,
} from './values.js';

/**
 * The field rules: what a document's pages say, as fields with their evidence. A value is read after
 * its label on the same line, else on the line to its right (a table's value column), else on the line
 * below it under the label (a form's boxes). Each reading gets a confidence from how strong the label
 * was, where the value stood, whether it read cleanly and how sure the reader was of its characters;
 * where readings of one field disagree the strongest is proposed, less sure. Only one value per field.
 */

/** One reading of a field, before the rules choose among a field's readings. */
interface Candidate {
  name: ExtractedFieldName;
  value: string;
  confidence: number;
  placed: PlacedLine;
  /** Read under a label that names the field itself ("Date of issue"), not one that suggests it ("Date"). */
  direct?: boolean;
}

/** A label this strong names its field itself; weaker ones stand for it ("Date", "Date of inspection"). */
const DIRECT = 0.95;

/** A label found on a line: where, and its rule. */
interface LabelMatch {
  rule: LabelRule;
  start: number;
  end: number;
}

/** Each line's labels, found once (a line is looked at as a label's line, its right or its below). */
const labelsOfLine = new WeakMap<PlacedLine, { rules: readonly LabelRule[]; labels: LabelMatch[] }>();

/** The labels on a line, left to right; where two overlap the longer (the more specific) wins. */
function labelsOn(placed: PlacedLine, rules: readonly LabelRule[]): LabelMatch[] {
  const known = labelsOfLine.get(placed);
  if (known?.rules === rules) return known.labels;
  const labels = findLabels(placed, rules);
  labelsOfLine.set(placed, { rules, labels });
  return labels;
}

function findLabels(placed: PlacedLine, rules: readonly LabelRule[]): LabelMatch[] {
  const found = rules
    .flatMap((rule) =>
      [...placed.lower.matchAll(rule.pattern)].map((match) => ({
        rule,
        start: match.index,
        end: match.index + match[0].length,
      })),
    )
    .sort((a, b) => b.end - b.start - (a.end - a.start));
  // The characters a kept label covers: a label overlapping one is dropped (linear in the matches'
  // lengths, where comparing each with every kept one was quadratic on a long line of labels).
  const taken = new Uint8Array(placed.lower.length);
  const kept: LabelMatch[] = [];
  for (const match of found) {
    if (taken.subarray(match.start, match.end).includes(1)) continue;
    taken.fill(1, match.start, match.end);
    kept.push(match);
  }
  return kept.sort((a, b) => a.start - b.start);
}

/**
 * Where a value stood against its label: beside it on the line, on the line to the right, below; or, for
 * a number whose label ends its line with nothing below, above it (never sure enough to go unconfirmed).
 */
const PLACE_FACTOR = { same: 1, right: 0.97, below: 0.92, above: 0.88 } as const;
/** A letter's date, for the issue date: below a date under the field's own label, above a stand-in's. */
const LETTER_DATE_WEIGHT = 0.9;
/** A bare `No.` on a picture's line run together from two columns: a certificate's number, less surely. */
const RUN_TOGETHER_NUMBER = 0.8;
/** Free text (names, addresses, descriptions) is never sure enough to be accepted without a person. */
const TEXT_CAP = 0.85;
const FREE_TEXT_FIELDS: readonly ExtractedFieldName[] = [
  'address',
  'issuer_name',
  'insurer',
  'supplier',
  'work_description',
];
/** Readings below this are not proposed at all. */
const MIN_CONFIDENCE = 0.3;

/**
 * How much the reader's confidence in a value's characters counts: a text layer's are certain; a
 * picture's from 0.92 on are as good as certain; below that a value is never sure enough to go without
 * a person (at most 0.85) and counts down with the reader's confidence to 0.34 at 0.3 and less.
 */
export function readerFactor(confidence: number): number {
  if (confidence >= 0.92) return 1;
  return 0.85 * (0.4 + 0.6 * Math.max(0, (confidence - 0.3) / 0.62));
}

/**
 * The least reader factor of a well-formed date (ReadValue.wellFormed) judged only by its whole line's
 * confidence (the reader's words not kept): a dot leader read as junk pulls the line's confidence down
 * while the date itself reads cleanly. Still well below auto-acceptance. Where the reader's words are
 * there, the date's own words are believed.
 */
const WELL_FORMED_FLOOR = 0.6;

/** A value read from a span of a line, as a candidate. */
function candidate(name: ExtractedFieldName, read: ReadValue, placed: PlacedLine, factor: number): Candidate {
  const trust = spanTrust(placed, read.start, read.end);
  const measured = readerFactor(trust.confidence);
  const reader = read.wellFormed === true && !trust.own ? Math.max(measured, WELL_FORMED_FLOOR) : measured;
  return { name, value: read.value, confidence: factor * read.quality * reader, placed };
}

/** Where a label's value is: the text of a line from `from` to `to`. */
interface ValueSpan {
  placed: PlacedLine;
  from: number;
  to: number;
  factor: number;
}

/** The spans to read a label's value from, in order of preference. */
function valueSpans(
  lines: PageLines,
  placed: PlacedLine,
  labels: readonly LabelMatch[],
  index: number,
  rules: readonly LabelRule[],
): ValueSpan[] {
  const match = labels[index] as LabelMatch;
  const next = labels[index + 1];
  const end = next?.start ?? placed.line.text.length;
  const from = match.end + leadingSeparators(placed.line.text.slice(match.end, end));
  const spans: ValueSpan[] = [{ placed, from, to: end, factor: PLACE_FACTOR.same }];
  const right = next === undefined && match.rule.right ? lineRightOf(lines, placed, placed.line.box) : null;
  if (right !== null) {
    const stop = labelsOn(right, rules)[0]?.start ?? right.line.text.length;
    const start = leadingSeparators(right.line.text.slice(0, stop));
    spans.push({ placed: right, from: start, to: stop, factor: PLACE_FACTOR.right });
  }
  const labelBox = spanBox(placed, match.start, match.end);
  const columnEnd = next === undefined ? 1 : spanBox(placed, next.start, next.end).x;
  const below = lineBelow(lines, placed, { left: labelBox.x - 0.02, right: columnEnd });
  if (below !== null) {
    const stop = labelsOn(below.placed, rules).find(
      (label) => label.start >= below.start && label.start < below.end,
    );
    const to = stop?.start ?? below.end;
    const start = below.start + leadingSeparators(below.placed.line.text.slice(below.start, to));
    spans.push({ placed: below.placed, from: start, to, factor: PLACE_FACTOR.below });
  }
  const field = match.rule.field as ExtractedFieldName;
  if (next === undefined && FIELD_SHAPES[field] === 'code') {
    const margin = 0.02;
    const above = lineAbove(lines, placed, {
      left: labelBox.x - margin,
      right: labelBox.x + labelBox.w + margin,
    });
    // Not a value another label on its line answers ("Policy no.: 123" over "Certificate no.").
    const answered =
      above !== null &&
      labelsOn(above.placed, rules).some(
        (label) =>
          label.end <= above.start &&
          !/[A-Za-z0-9]/.test(above.placed.line.text.slice(label.end, above.start)),
      );
    if (above !== null && !answered)
      spans.push({ placed: above.placed, from: above.start, to: above.end, factor: PLACE_FACTOR.above });
  }
  return spans;
}

/**
 * A company's CIPC number (2019/123456/07) or a VAT number is not an issuer's trade registration; a
 * standard's designation ('SANS 60335-2-76') or a lone character is no certificate's number.
 */
function plausible(field: ExtractedFieldName, value: string): boolean {
  if (field === 'certificate_number')
    return value.replace(/[^A-Za-z0-9]/g, '').length >= 3 && !/^(?:SANS|SABS|ISO|IEC|NRS)\s\d/i.test(value);
  return field !== 'issuer_registration' || !/^(?:\d{4}\/\d{6}\/\d{2}|4\d{9})$/.test(value);
}

/**
 * A value from its span. Below its label, a column cut by rough boxes may start with the end of the
 * column to its left ("A. Petersen 14417" under "Erf number"): a number may then start at one of the
 * next two words, less surely. Free text is taken as it stands.
 */
function readSpan(shape: ValueShape, text: string, span: ValueSpan): ReadValue | null {
  const line = span.placed.line.text;
  const read = readValue(shape, text, span.from, line);
  if (read !== null || span.factor !== PLACE_FACTOR.below || shape === 'text' || shape === 'address')
    return read;
  const later = [...text.slice(span.from).matchAll(/\s+(?=\S)/g)].slice(0, 2);
  for (const gap of later) {
    const retry = readValue(shape, text, span.from + gap.index + gap[0].length, line);
    if (retry !== null) return { ...retry, quality: retry.quality * BLEMISH.notAtStart };
  }
  return null;
}

/**
 * Whether a label stands as a label, not in a sentence: first on its line, before a colon, or in a row
 * of labels (a form's, over its row of values).
 */
function standsAsLabel(placed: PlacedLine, labels: readonly LabelMatch[], match: LabelMatch): boolean {
  const text = placed.line.text;
  const rest = labels.reduceRight((left, label) => left.slice(0, label.start) + left.slice(label.end), text);
  return (
    !/[A-Za-z0-9]/.test(text.slice(0, match.start)) ||
    /^[\s.]*:/.test(text.slice(match.end)) ||
    !/[A-Za-z0-9]/.test(rest)
  );
}

/**
 * Every labelled reading on the document's lines. Where a label naming a date field stands on the
 * document but no date could be read from it (an issue date the reader garbled), readings under labels
 * that only stand for the field (a date of inspection, a bare "Date") are not taken: they are likely
 * another date.
 */
function labelledCandidates(lines: readonly PlacedLine[], rules: readonly LabelRule[]): Candidate[] {
  const found: Candidate[] = [];
  const unanswered = new Set<ExtractedFieldName>();
  // Values are looked for on the label's own page: the lines of each page, indexed once.
  const pages = indexPages(lines);
  for (const placed of lines) {
    const page = pages.get(placed.page) as PageLines;
    const labels = labelsOn(placed, rules);
    labels.forEach((match, index) => {
      const field = match.rule.field;
      if (field === null) return;
      for (const span of valueSpans(page, placed, labels, index, rules)) {
        if (span.from >= span.to) continue;
        const text = span.placed.line.text.slice(0, span.to);
        const factor = match.rule.weight * span.factor;
        if (field === 'cover_period') {
          const period = readPeriod(text, span.from);
          if (period === null) continue;
          found.push(candidate('cover_from', period.from, span.placed, factor));
          found.push(candidate('cover_to', period.to, span.placed, factor));
          return;
        }
        const read = readSpan(FIELD_SHAPES[field], text, span);
        if (read === null || !plausible(field, read.value)) continue;
        found.push({ ...candidate(field, read, span.placed, factor), direct: match.rule.weight >= DIRECT });
        return;
      }
      const below = onlyDateBelow(page, placed, labels, match, rules);
      found.push(...below);
      const dated = FIELD_SHAPES[field as ExtractedFieldName] === 'date';
      if (dated && below.length === 0 && match.rule.weight >= DIRECT && standsAsLabel(placed, labels, match))
        unanswered.add(field as ExtractedFieldName);
    });
  }
  const answered = new Set(found.filter((reading) => reading.direct).map((reading) => reading.name));
  return found.filter(
    (reading) => reading.direct || !unanswered.has(reading.name) || answered.has(reading.name),
  );
}

/**
 * A row of labels over a row of values where the reader's boxes are too rough to say which value is
 * under which label (specks and borders read as text): a date label that is the row's only one takes
 * the line below's only date, less surely, unless that line labels the date itself.
 */
function onlyDateBelow(
  lines: PageLines,
  placed: PlacedLine,
  labels: readonly LabelMatch[],
  match: LabelMatch,
  rules: readonly LabelRule[],
): Candidate[] {
  const field = match.rule.field as ExtractedFieldName;
  const dated = labels.filter(
    (label) => label.rule.field !== null && FIELD_SHAPES[label.rule.field as ExtractedFieldName] === 'date',
  );
  if (FIELD_SHAPES[field] !== 'date' || dated.length !== 1) return [];
  const below = lineBelow(lines, placed, { left: 0, right: 1 });
  if (below === null) return [];
  const dates = findDates(below.placed.line.text);
  const [date] = dates;
  // A date the line below labels itself ("NEXT TEST DATE: 08-10-2026") is that label's.
  if (date === undefined || dates.length > 1) return [];
  if (labelsOn(below.placed, rules).some((label) => label.start < date.index)) return [];
  const read = {
    value: date.value,
    start: date.index,
    end: date.index + date.length,
    quality: BLEMISH.notAtStart,
    wellFormed: wellFormedDate(below.placed.line.text, date),
  };
  return [candidate(field, read, below.placed, match.rule.weight * PLACE_FACTOR.below)];
}

/**
 * Readings from the parsers' own finders (a label and its value on one line): registration numbers
 * with three digits or more (not VAT or company numbers: an issuer's registration is its trade's)
 * and certificate numbers (a reader's O/0 slips mended, less surely). A registration known only by its
 * prefix ("IE 12345" with no label) is less sure.
 */
function parsedNumberCandidates(lines: readonly PlacedLine[]): Candidate[] {
  return lines.flatMap((placed) => [
    ...findRegistrationNumbers(placed.line.text)
      .filter(
        (found) =>
          found.scheme !== 'vat' && found.scheme !== 'company' && found.value.replace(/\D/g, '').length >= 3,
      )
      .map((found) =>
        candidate(
          'issuer_registration',
          parsedReading(found, placed),
          placed,
          found.label === null ? 0.7 : 0.9,
        ),
      ),
    ...certificateNumberCandidates(placed),
  ]);
}

/** A parser's find as a reading: less sure where another group of digits follows it (it may be cut short). */
function parsedReading(
  found: { value: string; index: number; length: number },
  placed: PlacedLine,
): ReadValue {
  return {
    value: found.value,
    start: found.index,
    end: found.index + found.length,
    quality: /^ \d/.test(placed.line.text.slice(found.index + found.length)) ? BLEMISH.cut : 1,
  };
}

/**
 * A line's certificate numbers after their labels (findCertificateNumbers), a reader's O/0 slips mended
 * less surely; where a picture's line has none, a bare `No.` it ran together with the column beside it
 * (findRunTogetherNumbers), less sure than a labelled number and never sure enough to go without a person.
 */
function certificateNumberCandidates(placed: PlacedLine): Candidate[] {
  const text = placed.line.text;
  const mendedCandidate = (base: ReadValue, factor: number) => {
    const { value, mended } = mendCode(base.value);
    const read = { ...base, value };
    if (mended) read.quality *= BLEMISH.mended;
    return candidate('certificate_number', read, placed, factor);
  };
  const labelled = findCertificateNumbers(text);
  if (labelled.length > 0 || placed.source !== 'ocr')
    return labelled.map((found) => mendedCandidate(parsedReading(found, placed), 0.9));
  return findRunTogetherNumbers(text).map((found) =>
    mendedCandidate(
      { value: found.value, start: found.index, end: found.index + found.length, quality: 1 },
      RUN_TOGETHER_NUMBER,
    ),
  );
}

/** A weekday printed before a letter's date ('Friday, 9 May 2025'), in English or Afrikaans. */
const WEEKDAY_NAME =
  '(?:(?:mon|tues|wednes|thurs|fri|satur|sun)day|maandag|dinsdag|woensdag|donderdag|vrydag|saterdag|sondag)';
const WEEKDAY = new RegExp(String.raw`^${WEEKDAY_NAME}\b[,.]?\s*$`, 'i');
/**
 * A weekday ending what stands before a date on a line the reader ran together from two columns ("Our ref.:
 * TPD/W/25-118 | Friday, 9 May 2025"): the weekday after a separator or a value, not after a label's colon.
 */
const WEEKDAY_AFTER_COLUMN = new RegExp(String.raw`[^:\s]\s*[|]?\s+${WEEKDAY_NAME}\b[,.]?\s*$`, 'i');
/** What a reader may make of a border or a speck at a line's end: no letter or digit. */
const NOISE = /^[\s|:;.,'"`~_\-–—!]*$/;
/** A letter's date read from a line run together with the column beside it: less sure than alone. */
const RUN_TOGETHER = 0.95;

/**
 * A letter's date: a date alone on its line (a weekday may come before it) at the top of the first
 * page, no label's value (the line before it does not end in a colon). A
 * certificate written as a letter is dated so; it stands for the issue date less surely than a date
 * under the issue date's own label, and before one under a label that only stands for it (a date of
 * inspection).
 */
function letterDateCandidates(lines: readonly PlacedLine[]): Candidate[] {
  return lines.flatMap((placed, index) => {
    if (placed.page !== lines[0]?.page || placed.line.box.y > 0.3) return [];
    const text = placed.line.text;
    const dates = findDates(text);
    const [date] = dates;
    if (date === undefined || dates.length > 1) return [];
    const before = text.slice(0, date.index);
    const after = text.slice(date.index + date.length);
    const alone = before.trim() === '' || WEEKDAY.test(before);
    // On a picture's page, a date after a weekday may share its line with the column to its left, and
    // specks may follow it.
    const runTogether = placed.source === 'ocr' && WEEKDAY_AFTER_COLUMN.test(before) && NOISE.test(after);
    if (!(alone && after.trim() === '') && !runTogether) return [];
    const previous = lines[index - 1];
    if (alone && previous?.page === placed.page && /:\s*$/.test(previous.line.text)) return [];
    const read = {
      value: date.value,
      start: date.index,
      end: date.index + date.length,
      quality: alone ? 1 : RUN_TOGETHER,
      wellFormed: wellFormedDate(text, date),
    };
    return [candidate('issue_date', read, placed, LETTER_DATE_WEIGHT)];
  });
}

/** Words of a letterhead that names a firm (an insurer, a contractor, a municipality). */
const FIRM =
  /\((?:pty|edms)\)|\b(?:ltd|limited|beperk|cc|inc|insurance|assurance|insurers|underwriters|mutual|versekering|municipality|munisipaliteit|council|services|electrical|plumbing|plumbers|security|alarms?|gas|solar|roofing|thatch|pest|inspections?|installations?|fencing|protection|treatments)\b/i;
/** Words of a heading, not a name. */
const HEADING =
  /\b(?:invoice|quot(?:e|ation)|tax|policy|schedule|certificate|insured|statement|page|date|report|department|summary)\b/i;

/**
 * The letterhead's name: the first line of the first page in its top fifth, not below the document's
 * heading, printed large or naming a firm (then surer), with no digit and no heading word before its
 * first label; and a line "for <name>" under a signature.
 */
function letterheadCandidates(
  lines: readonly PlacedLine[],
  rules: readonly LabelRule[],
  name: ExtractedFieldName,
): Candidate[] {
  const whole = (placed: PlacedLine, start: number, end: number, weight: number) => {
    const read = readValue('firm', placed.line.text.slice(0, end), start);
    return read === null ? [] : [candidate(name, read, placed, weight)];
  };
  // A line's text before its first label or heading word ("Coastal Cover Insurance Ltd  Date printed: …",
  // "DripFree Plumbing  TAX INVOICE" read as one line).
  const unlabelled = (placed: PlacedLine) =>
    Math.min(
      labelsOn(placed, rules)[0]?.start ?? placed.lower.length,
      HEADING.exec(placed.lower)?.index ?? placed.lower.length,
    );
  // Above (or level with) the document's heading, where it has one.
  const heading = Math.min(
    ...lines
      .filter((placed) => placed.title && HEADING.test(placed.lower))
      .map((placed) => placed.line.box.y),
  );
  const head = lines.find((placed) => {
    const part = placed.lower.slice(0, unlabelled(placed));
    // Before a heading word, a name of two words or more ("DripFree Plumbing", not "PLUMBING CERTIFICATE").
    const beforeHeading = HEADING.test(placed.lower) ? /[a-z]{2,}\W+[a-z]{2,}/.test(part) : true;
    return (
      placed.title &&
      placed.line.box.y < Math.min(0.2, heading + 0.01) &&
      (placed.large || FIRM.test(part)) &&
      !/\d/.test(part) &&
      /[a-z]{3}/.test(part) &&
      beforeHeading
    );
  });
  const signed = lines.flatMap((placed) => {
    const match = /^[Ff]or\s+(?=[A-Z])/.exec(placed.line.text);
    return match === null || /\d/.test(placed.line.text) ? [] : [{ placed, start: match[0].length }];
  });
  return [
    ...(head === undefined ? [] : whole(head, 0, unlabelled(head), FIRM.test(head.lower) ? 0.75 : 0.6)),
    ...signed.flatMap(({ placed, start }) =>
      whole(placed, start, placed.line.text.length, FIRM.test(placed.lower) ? 0.7 : 0.55),
    ),
  ];
}

/** Values compared as the same: case, spaces and punctuation aside. */
const sameValueKey = (value: string) => value.toLowerCase().replace(/[^a-z0-9]+/g, '');

/**
 * The field's proposal from its readings: the strongest value (one under the field's own label before
 * others), less sure where another disagrees.
 */
function choose(readings: readonly Candidate[]): Candidate | null {
  const best = new Map<string, Candidate>();
  for (const reading of readings) {
    const key = sameValueKey(reading.value);
    const known = best.get(key);
    if (known === undefined || reading.confidence > known.confidence) best.set(key, reading);
  }
  // A value under the field's own label comes before one under a label that only stands for it.
  const [first, second] = [...best.values()].sort(
    (a, b) => Number(b.direct === true) - Number(a.direct === true) || b.confidence - a.confidence,
  );
  if (first === undefined) return null;
  // A date under a label that only stands for the field (a date of inspection) does not dispute one
  // under the field's own label: the two are expected to differ.
  const disputed =
    second !== undefined &&
    (second.direct === first.direct || FIELD_SHAPES[first.name] !== 'date') &&
    second.confidence >= first.confidence * 0.8;
  const cap = FREE_TEXT_FIELDS.includes(first.name) ? TEXT_CAP : 0.99;
  const confidence = Math.min(cap, first.confidence * (disputed ? 0.8 : 1));
  return confidence < MIN_CONFIDENCE ? null : { ...first, confidence };
}

/** VAT at 15% of a total that includes it, to the cent. */
function vatAgrees(total: string, vat: string): boolean {
  return Math.abs((Number(total) * 15) / 115 - Number(vat)) < 0.05;
}

/** A chosen reading as a proposed field, its confidence cut (never rounded up) to two decimals. */
const asField = (chosen: Candidate): ProposedField => ({
  name: chosen.name,
  value: chosen.value,
  confidence: Math.floor(chosen.confidence * 100 + 1e-9) / 100,
  page: chosen.placed.page,
  text: chosen.placed.line.text,
  box: chosen.placed.line.box,
});

/** What a document's pages say: its kind, its certificate type (for a certificate) and its fields. */
export function proposeFields(
  pages: readonly ReadPage[],
  hint: { documentKind?: string } = {},
): FieldProposal {
  const lines = placeLines(pages);
  const kind: ReadDocumentKind = classifyKind(lines, hint.documentKind);
  const rules = LABELS[kind];
  const readings = labelledCandidates(lines, rules);
  const typeRead = kind === 'certificate' ? classifyCertificateType(lines) : null;
  if (typeRead !== null) {
    const { placed } = typeRead;
    const reader = readerFactor(spanConfidence(placed, 0, placed.line.text.length));
    readings.push({
      name: 'certificate_type',
      value: typeRead.type,
      confidence: typeRead.strength * reader,
      placed,
    });
  }
  if (kind === 'certificate') {
    readings.push(
      ...letterheadCandidates(lines, rules, 'issuer_name'),
      ...parsedNumberCandidates(lines),
      ...letterDateCandidates(lines),
    );
  }
  // A solar PV (SSEG) registration's number is its registration number; the municipality issues it.
  if (typeRead?.type === 'sseg_registration') {
    for (const reading of readings)
      if (reading.name === 'issuer_registration') reading.name = 'certificate_number';
  }
  if (kind === 'policy') readings.push(...letterheadCandidates(lines, rules, 'insurer'));
  if (kind === 'invoice') readings.push(...letterheadCandidates(lines, rules, 'supplier'));

  const chosen = new Map<ExtractedFieldName, Candidate>();
  for (const name of FIELDS_OF_KIND[kind]) {
    const field = choose(
      readings.filter((reading) => reading.name === name && plausible(name, reading.value)),
    );
    if (field !== null) chosen.set(name, field);
  }

  // A certificate that states no expiry expires after its type's validity (less sure: worked out).
  const type = chosen.get('certificate_type');
  const certificateType = type === undefined ? null : (type.value as CertificateType);
  const issued = chosen.get('issue_date');
  const months = certificateType === null ? undefined : CERTIFICATE_VALIDITY_MONTHS[certificateType];
  if (type !== undefined && issued !== undefined && months !== undefined && !chosen.has('expiry_date')) {
    const confidence = Math.min(issued.confidence, type.confidence) * 0.85;
    if (confidence >= MIN_CONFIDENCE) {
      chosen.set('expiry_date', {
        ...issued,
        name: 'expiry_date',
        value: addMonths(issued.value, months),
        confidence,
      });
    }
  }

  // An invoice's VAT is 15% of its total: where the two agree each bears the other out; where they
  // disagree neither is sure. A VAT figure alone is never sure enough to go without a person.
  const total = chosen.get('total');
  const vat = chosen.get('vat');
  if (total !== undefined && vat !== undefined) {
    const agree = vatAgrees(total.value, vat.value);
    const bear = (field: Candidate) =>
      Math.min(agree ? 0.99 : 0.6, agree ? field.confidence + 0.06 : field.confidence);
    chosen.set('total', { ...total, confidence: bear(total) });
    chosen.set('vat', { ...vat, confidence: bear(vat) });
  }

  return {
    kind,
    certificate_type: certificateType,
    fields: FIELDS_OF_KIND[kind].flatMap((name) => {
      const field = chosen.get(name);
      return field === undefined ? [] : [asField(field)];
    }),
  };
}
