/**
 * Certificate numbers, found by their label: `Certificate No`, `Certificate number`, `Certificate of
 * Compliance No`, `Cert. No.`, `CoC No`, `Serial No` (not an appliance's: `Geyser serial no.`),
 * `Sertifikaat Nr`, `Report No`, `Clearance No` and, where it starts a line or follows punctuation, a
 * bare `No.` / `No:` / `No #` or a numero sign (`Nº 004512`).
 *
 * The value is the token after the label (letters, digits and `- / . _`), as printed without the label
 * and trimmed of trailing punctuation, and it must hold a digit. A short letter prefix printed apart is
 * kept with the token after it (`CoC No: E 123456` → `E 123456`); nothing else is joined (`No. 12345
 * 678` is `12345`: a space inside a number is not safe to close).
 *
 * Every pattern has bounded repetition only, so a line is read in time linear in its length.
 */

/** A certificate number found in a line: its value, where the value is, and the label as printed. */
export interface FoundCertificateNumber {
  value: string;
  index: number;
  length: number;
  label: string;
}

/** Appliances whose own serial numbers a certificate may print. */
const APPLIANCE =
  'geyser|energi[sz]er|inverter|meter|panel|unit|cylinder|appliance|device|equipment|element|thermostat|pump|battery';

const NUMBER_WORD = '(?:(?:No|Nº|N°|Nr|Number|Nommer)(?![a-z])\\.?|#)';

const LABEL = new RegExp(
  [
    '(?<![A-Za-z0-9])(?:',
    `(?:Certificate|Sertifikaat)(?:\\s{1,2}(?:of|van)\\s{1,2}(?:Compliance|Conformity|Nakoming))?\\s{0,2}${NUMBER_WORD}`,
    `|Sertifikaatn(?:ommer|r)(?![a-z])\\.?`,
    `|Cert\\.?\\s{0,2}${NUMBER_WORD}`,
    `|CoC\\s{0,2}${NUMBER_WORD}`,
    // A serial number, not an appliance's ("Geyser serial no.", "Energiser serial no").
    `|(?<!(?:${APPLIANCE})\\s{1,2})Serial\\s{0,2}${NUMBER_WORD}`,
    // A roof inspection's report, a beetle clearance.
    `|(?:Report|Clearance)\\s{0,2}${NUMBER_WORD}`,
    // A bare No. only at the start of a line or after punctuation (not "Invoice No.", "Policy No.").
    '|(?<![A-Za-z0-9][\\s.]{0,3})No(?:\\.|\\s{0,2}[:#])',
    // The numero sign numbers whatever follows it (`Nº 004512` printed alone at the top).
    '|(?<![A-Za-z0-9][\\s.]{0,3})N[º°]',
    // Then dot leaders (`CERT NO.......: `) or a colon.
    ')[\\s.]{0,40}[:#-]?\\s{0,3}',
  ].join(''),
  'gi',
);

/** A short letter prefix printed apart (`E 123456`), then the number itself. */
const VALUE = /(?:([A-Z]{1,4}) )?([A-Za-z0-9][A-Za-z0-9/_.-]{0,39})/y;

/** Every certificate number printed after its label in a line, in order. */
export function findCertificateNumbers(line: string): FoundCertificateNumber[] {
  const found: FoundCertificateNumber[] = [];
  const labels = new RegExp(LABEL);
  for (let label = labels.exec(line); label !== null; label = labels.exec(line)) {
    VALUE.lastIndex = labels.lastIndex;
    const match = VALUE.exec(line);
    if (match === null) continue;
    const [, prefix, token] = match as unknown as [string, string | undefined, string];
    const number = token.replace(/[./_-]+$/, '');
    if (!/[0-9]/.test(number)) continue;
    const value = prefix === undefined ? number : `${prefix} ${number}`;
    found.push({ value, index: match.index, length: value.length, label: label[0].trim() });
    labels.lastIndex = match.index + value.length;
  }
  return found;
}

/**
 * Words that, before a bare `No.`, make it another thing's number: an invoice's, a policy's, an erf's, a
 * telephone's, a registration's (`PSIRA reg. no.`), a page's or a book's.
 */
const OTHER_NUMBER =
  /^(?:invoice|inv|quote|quotation|account|acc|order|job|claim|policy|reg|registration|vat|btw|tel|telephone|phone|cell|fax|erf|stand|unit|id|ref|reference|licen[cs]e|member|book|page|serial|meter|model|nhbrc|psira|pirb|saqcc|sara|efi|elpa|lpgsa|lpgsasa|co|company|ck|p\.?o|box|file|case|plan|scheme|section|item|zone|house|street|road|flat|room|tax|receipt|slip|voucher|batch|lot|cheque|bond|fsp|client|customer|report|test|form)$/i;

/**
 * A certificate's bare `No.` on a picture's line that the reader ran together from two columns: the
 * number printed large at a form's top right beside the firm's name ("FLAMESAFE GAS FITTERS Nn. 002318"),
 * or after the letterhead's telephone number ("… 0861 555 010 No. SS-77104"). The label may be misread
 * (`Nn.`, `N0.`, `vo.`, `Mo.`), but it keeps its full stop, a capital or its place after a capital word or
 * a number, and the value holds at least four digits. Another thing's number (`Invoice No.`, `PSIRA reg.
 * no.`, `Erf No.`) is left alone: the word before the label decides.
 */
export function findRunTogetherNumbers(line: string): FoundCertificateNumber[] {
  const found: FoundCertificateNumber[] = [];
  const label = /(?<=^|[\s|])(No|NO|Nn|N0|vo|Mo)\.\s{0,2}/g;
  for (let match = label.exec(line); match !== null; match = label.exec(line)) {
    const before = line.slice(0, match.index).trimEnd();
    const word = /([A-Za-z][A-Za-z.]*)\W*$/.exec(before)?.[1] ?? '';
    const previous = /(\S+)$/.exec(before)?.[1] ?? '';
    // After a capital word that is no other thing's label, a number, a separator or nothing.
    const placed =
      previous === '' ||
      /^[|:;,]$/.test(previous) ||
      /\d$/.test(previous) ||
      (word === previous && /^[A-Z][A-Z&'-]+$/.test(word) && !OTHER_NUMBER.test(word.replace(/\.$/, '')));
    if (!placed) continue;
    VALUE.lastIndex = label.lastIndex;
    const value = VALUE.exec(line);
    if (value === null) continue;
    const [, prefix, token] = value as unknown as [string, string | undefined, string];
    const number = token.replace(/[./_-]+$/, '');
    if ((number.match(/\d/g)?.length ?? 0) < 4) continue;
    const text = prefix === undefined ? number : `${prefix} ${number}`;
    found.push({ value: text, index: value.index, length: text.length, label: match[0].trim() });
    label.lastIndex = value.index + text.length;
  }
  return found;
}
