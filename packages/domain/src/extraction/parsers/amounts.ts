/**
 * Amounts in rand as South African invoices, quotes and policy schedules print them, read into one form:
 * the number of rand with two decimals and no separators ('1234.56').
 *
 * Written forms: `R 1 234,56`, `R1,234.56`, `R1 234.56`, `R1.234,56`, `R 12 500`, `R12500.00`,
 * `ZAR 1,234.56`. Thousands are grouped by a space (also a no-break or narrow no-break space), a comma
 * or a full stop, the same one throughout; the decimals follow a comma or a full stop that is not the
 * grouping one.
 *
 * Decisions:
 * - A rand amount needs its currency: `R` or `ZAR` right before the number (not inside a word: the `r`
 *   of `FOR 100` is not rand). `findAmounts(line, { bare: true })` also takes numbers without it, for a
 *   line the caller knows is in rand (a column headed `Amount (R)`), but only numbers that look like
 *   money: with two decimals (`1 234,56`) or grouped in thousands (`12 500`); never a bare integer
 *   (`2025`, a quantity) or a piece of a date (`14.03.2025`).
 * - One comma or full stop followed by exactly three digits groups thousands (`R1,234` and `R1.234` are
 *   1234.00); followed by one or two digits it is the decimal point (`R1,23` is 1.23, `R1,5` is 1.50).
 *   Other shapes are ambiguous and not amounts: `R1,2345`, `R1,234,56`, `R1.234.56`.
 * - A number split by a space is not joined unless the groups are thousands: `R 12 50` is refused, and
 *   an amount without decimals followed by another number (`R 100 2`) is refused (the rest may be part
 *   of it). A thousands group never starts a number with 0 (`021 123 4567` is a phone number).
 * - No negative amounts (a credit note's minus sign is left to the rule reading it).
 *
 * Every pattern has bounded repetition only, so a line is read in time linear in its length.
 */

/** An amount found in a line: its value ('1234.56') and where it was printed (from its `R`, if any). */
export interface FoundAmount {
  value: string;
  index: number;
  length: number;
  /** True when the amount had its currency (R or ZAR) printed before it. */
  currency: boolean;
}

/** How to read amounts: `bare` also takes money-like numbers without R or ZAR. */
export interface AmountReadingOptions {
  bare?: boolean;
}

const SPACES = ' \\u00a0\\u202f';

const AMOUNT = new RegExp(
  [
    // Not inside a word or a number, nor right after a number and a separator (a date's or a time's).
    '(?<![0-9A-Za-z])(?<![0-9][.,/:-])',
    `(?:(?<currency>ZAR|R)[${SPACES}]{0,2})?`,
    `(?<integer>(?<lead>[0-9]{1,3})(?<group>[${SPACES},.])[0-9]{3}(?:\\k<group>[0-9]{3}){0,4}|[0-9]{1,15})`,
    '(?:(?<point>[.,])(?<fraction>[0-9]{1,2}))?',
    '(?![0-9A-Za-z]|[.,][0-9])',
    // What follows the amount, to refuse a number that may go on after a space.
    `(?<next>[${SPACES}][0-9])?`,
  ].join(''),
  'g',
);

/** The amount one match names, or null when it is not one (see the decisions above). */
function amountOfMatch(match: RegExpExecArray, bare: boolean): FoundAmount | null {
  const { currency, integer, lead, group, point, fraction, next } = match.groups as Record<
    string,
    string | undefined
  >;
  const grouped = group !== undefined;
  if (currency === undefined && !(bare && (grouped || fraction?.length === 2))) return null;
  if (grouped && (lead as string).startsWith('0')) return null;
  if (grouped && point === group) return null;
  if (point === undefined && next !== undefined) return null;
  const rand = (integer as string).replace(/[^0-9]/g, '').replace(/^0+(?=[0-9])/, '');
  const cents = (fraction ?? '').padEnd(2, '0');
  const length = match[0].length - (next?.length ?? 0);
  return { value: `${rand}.${cents}`, index: match.index, length, currency: currency !== undefined };
}

/** Every amount in rand printed in a line, in order (see the decisions above for `bare`). */
export function findAmounts(line: string, options: AmountReadingOptions = {}): FoundAmount[] {
  const found: FoundAmount[] = [];
  const regex = new RegExp(AMOUNT);
  for (let match = regex.exec(line); match !== null; match = regex.exec(line)) {
    const amount = amountOfMatch(match, options.bare === true);
    if (amount) {
      found.push(amount);
      regex.lastIndex = amount.index + amount.length;
    } else regex.lastIndex = match.index + 1;
  }
  return found;
}

/**
 * The amount in rand a text is (`R 1 234,56` → '1234.56'), or null when it is not exactly one amount with
 * its currency (surrounding spaces and one trailing `.`, `,`, `;` or `:` are allowed).
 */
export function parseRandAmount(text: string): string | null {
  const trimmed = text.trim().replace(/[.,;:]$/, '');
  const [amount, other] = findAmounts(trimmed);
  if (amount === undefined || other !== undefined) return null;
  return amount.index === 0 && amount.length === trimmed.length ? amount.value : null;
}
