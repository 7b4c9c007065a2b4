import { z } from 'zod';
import {
  BUSINESS_NUMBER_MESSAGES,
  checkCompanyRegistrationNumber,
  normalisePhoneNumber,
  normaliseTradeRegistrationNumber,
  normaliseVatNumber,
} from '../business-numbers.js';
import { formatDateOnly, johannesburgDate } from '../due-band.js';

/**
 * Building blocks shared by the form and request schemas (spec §5).
 *
 * Every schema here is used twice: by the web forms (@mantine/form through its zod resolver, which shows
 * one message per field) and by the server (tRPC/REST input). So each helper gives at most ONE issue per
 * field: its checks are mutually exclusive (empty vs too long, empty vs malformed).
 */

/** Length caps used across the schemas. */
export const MAX_LENGTHS = {
  name: 100,
  shortCode: 50,
  address: 300,
  description: 2000,
  email: 254,
  password: 128,
  phone: 30,
  website: 300,
} as const;

/** `{label} must be at most {max} characters`. */
export function tooLongMessage(label: string, max: number): string {
  return `${label} must be at most ${max} characters`;
}

/**
 * Control characters no text we accept may hold (issue 11): every character of Unicode's category Cc
 * except tab, line feed and carriage return, i.e. C0 (U+0000–U+0008, U+000B, U+000C, U+000E–U+001F),
 * DEL (U+007F) and C1 (U+0080–U+009F). PostgreSQL refuses U+0000 in text and JSON outright; the others
 * are invisible, never typed by people, and only good for smuggling (terminal escapes, fake line
 * breaks such as U+0085), so C1 is refused as well.
 */
const CONTROL_CHARACTER = /(?![\t\n\r])\p{Cc}/u;
/**
 * A lone UTF-16 surrogate (issue 25): half of a pair without its other half, which JSON can carry
 * ("\ud800") but no Unicode text holds. PostgreSQL refuses it in JSON ('invalid input syntax for type
 * json') and text would store it as U+FFFD, so only well-formed Unicode is accepted. With the `u` flag a
 * pair is read as one code point, so only a lone half is of category Cs.
 */
const LONE_SURROGATE = /\p{Cs}/u;
// Free text checks both with `noControlCharacters` (JSON values with `jsonObjectSchema` and
// `noControlCharactersInJson`); strict formats (UUIDs, calendar dates, job references, SHA-256, enums)
// refuse them by their pattern.

/** True when `value` holds a control character other than tab, line feed and carriage return. */
export function hasControlCharacters(value: string): boolean {
  return CONTROL_CHARACTER.test(value);
}

/** True when `value` holds a lone UTF-16 surrogate (is not well-formed Unicode). */
export function hasLoneSurrogates(value: string): boolean {
  return LONE_SURROGATE.test(value);
}

/** `{label} must not contain control characters`. */
export function controlCharactersMessage(label: string): string {
  return `${label} must not contain control characters`;
}

/** `{label} must be well-formed Unicode text`: the message for a lone surrogate. */
export function malformedUnicodeMessage(label: string): string {
  return `${label} must be well-formed Unicode text`;
}

/**
 * What is wrong with the characters of `value`, as the message for the field `label`: a control
 * character ('{label} must not contain control characters') or a lone surrogate ('{label} must be
 * well-formed Unicode text'); null when every character may be stored. The one rule every text of every
 * input follows.
 */
export function textCharactersProblem(value: string, label: string): string | null {
  if (hasControlCharacters(value)) return controlCharactersMessage(label);
  if (hasLoneSurrogates(value)) return malformedUnicodeMessage(label);
  return null;
}

/**
 * The character rule (`textCharactersProblem`) as a check of a string schema:
 * `.check(noControlCharacters(label))`, placed after trimming and before the length and format checks.
 * It refuses control characters and lone surrogates, and aborts the field's other checks, so such a
 * value gets this one message and no other.
 */
export function noControlCharacters(label: string) {
  return problemCheck<string>((value) => textCharactersProblem(value, label), { abort: true });
}

/**
 * A check that asks `problemOf` once per value and reports the message it answers (null: no problem).
 * With `abort`, the field's later checks do not run after it fails.
 */
export function problemCheck<T>(problemOf: (value: T) => string | null, options: { abort?: boolean } = {}) {
  return z.check<T>((payload) => {
    const message = problemOf(payload.value);
    if (message !== null) {
      payload.issues.push({ code: 'custom', message, input: payload.value, continue: !options.abort });
    }
  });
}

/**
 * The character rule over a JSON-like value: the message of the first key or string (at any depth)
 * holding a control character or a lone surrogate, or null. Walks with its own stack, so a deeply
 * nested body cannot overflow the call stack.
 */
export function jsonCharactersProblem(value: unknown, label: string): string | null {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const item = pending.pop();
    if (typeof item === 'string') {
      const problem = textCharactersProblem(item, label);
      if (problem) return problem;
    } else if (Array.isArray(item)) {
      for (const entry of item) pending.push(entry);
    } else if (typeof item === 'object' && item !== null) {
      for (const [key, entry] of Object.entries(item)) {
        const problem = textCharactersProblem(key, label);
        if (problem) return problem;
        pending.push(entry);
      }
    }
  }
  return null;
}

/**
 * True when any string in a JSON-like value (object keys included, at any depth) holds a control
 * character or a lone surrogate.
 */
export function containsControlCharacters(value: unknown): boolean {
  return jsonCharactersProblem(value, '') !== null;
}

/**
 * The character rule as a check of a schema that takes any JSON value (a body read later by its
 * procedure): `z.unknown().check(noControlCharactersInJson(label))`.
 */
export function noControlCharactersInJson(label: string) {
  return problemCheck<unknown>((value) => jsonCharactersProblem(value, label));
}

/**
 * A free-form JSON object (document metadata, report answers): any keys and values, but no control
 * character or lone surrogate in any key or string inside it ('{label} must not contain control
 * characters', '{label} must be well-formed Unicode text').
 */
export function jsonObjectSchema(label: string) {
  return z
    .record(z.string(), z.unknown(), { error: `${label} must be an object` })
    .check(noControlCharactersInJson(label));
}

/**
 * The id of a record as a request names it: any text without control characters. Whether it is a
 * UUID of one of the caller's records is the service's question, which answers 404 for a malformed id
 * exactly as for a foreign one (no way to tell them apart); only a control character answers 400.
 */
export const idSchema = z.string().check(noControlCharacters('Id'));

/** `{ id }`: the input of every procedure that names one record, and the REST `/:id` parameters. */
export const idParamsSchema = z.object({ id: idSchema });

/**
 * A required, trimmed string: missing, not a string or blank gives `requiredMessage`; longer than `max`
 * gives `{label} must be at most {max} characters`; a control character `{label} must not contain
 * control characters`.
 */
export function requiredText(requiredMessage: string, max: number, label: string) {
  return z
    .string({ error: requiredMessage })
    .trim()
    .check(noControlCharacters(label))
    .min(1, requiredMessage)
    .max(max, tooLongMessage(label, max));
}

/**
 * An optional, trimmed string: missing, null and blank all become `undefined`; longer than `max` gives
 * `{label} must be at most {max} characters`, a control character `{label} must not contain control
 * characters`.
 */
export function optionalText(max: number, label: string) {
  return z
    .string({ error: `${label} must be text` })
    .trim()
    .check(noControlCharacters(label))
    .max(max, tooLongMessage(label, max))
    .nullish()
    .transform((value) => value || undefined);
}

/** Messages of the shared field helpers. */
export const COMMON_MESSAGES = {
  emailRequired: 'Email is required',
  invalidEmail: 'Enter a valid email address',
  invalidPhone: 'Enter a valid phone number',
  invalidDate: 'Enter a valid date',
} as const;

/** The address pattern zod's own `z.email()` uses, without its 254-character cap (checked separately). */
const EMAIL_PATTERN = z.regexes.email;

export function isEmailAddress(value: string): boolean {
  return value.length <= MAX_LENGTHS.email && EMAIL_PATTERN.test(value);
}

/**
 * A required email address (spec §5, signup and vendor invite: "email format"): trimmed and lower-cased,
 * so the same person always has the same address. Blank gives 'Email is required', anything else that is
 * not an address 'Enter a valid email address'.
 */
export const emailSchema = z
  .string({ error: COMMON_MESSAGES.emailRequired })
  .trim()
  .toLowerCase()
  .check(noControlCharacters('Email'))
  .min(1, COMMON_MESSAGES.emailRequired)
  .refine((value) => value === '' || isEmailAddress(value), COMMON_MESSAGES.invalidEmail);

/** An optional email address: missing, null and blank become `undefined`; otherwise as `emailSchema`. */
export const optionalEmailSchema = z
  .string({ error: COMMON_MESSAGES.invalidEmail })
  .trim()
  .toLowerCase()
  .check(noControlCharacters('Email'))
  .refine((value) => value === '' || isEmailAddress(value), COMMON_MESSAGES.invalidEmail)
  .nullish()
  .transform((value) => value || undefined);

/**
 * A phone number as people type it in South Africa and abroad ('082 123 4567', '+27 (0)82-123-4567'):
 * true when it reads as an E.164 number (`normalisePhoneNumber`).
 */
export function isPhoneNumber(value: string): boolean {
  return normalisePhoneNumber(value) !== null;
}

/** The typed phone number in E.164 ('082 123 4567' → '+27821234567'), or 'Enter a valid phone number'. */
function toE164(value: string, ctx: z.RefinementCtx): string {
  const phone = normalisePhoneNumber(value);
  if (phone === null) {
    ctx.addIssue({ code: 'custom', message: COMMON_MESSAGES.invalidPhone });
    return z.NEVER;
  }
  return phone;
}

/**
 * An optional phone number (spec §5: "Phone optional"): blank becomes `undefined`, anything else is stored
 * in E.164 ('082 123 4567' → '+27821234567').
 */
export const optionalPhoneSchema = z
  .string({ error: COMMON_MESSAGES.invalidPhone })
  .trim()
  .check(noControlCharacters('Phone number'))
  .nullish()
  .transform((value, ctx) => (value ? toE164(value, ctx) : undefined));

/**
 * A required phone number, stored in E.164: missing or blank gives `requiredMessage`, anything else not a
 * number 'Enter a valid phone number'.
 */
export function requiredPhone(requiredMessage: string) {
  return z
    .string({ error: requiredMessage })
    .trim()
    .check(noControlCharacters('Phone number'))
    .min(1, requiredMessage)
    .transform(toE164);
}

/** The current year in South Africa: the latest a company registration number may carry. */
const currentYear = () => johannesburgDate(new Date()).year;

/**
 * An optional CIPC company registration number (YYYY/NNNNNN/NN, the year 1900 to this year): blank becomes
 * `undefined`; spaces are dropped ('2015 / 123456 / 07' → '2015/123456/07'); anything else gives 'Enter
 * the company registration number as YYYY/NNNNNN/NN, e.g. 2015/123456/07' (or the year's message).
 */
export const optionalCompanyRegistrationSchema = z
  .string({ error: BUSINESS_NUMBER_MESSAGES.companyRegistration })
  .trim()
  .check(noControlCharacters('Registration number'))
  .nullish()
  .transform((value, ctx) => {
    if (!value) return undefined;
    const checked = checkCompanyRegistrationNumber(value, currentYear());
    if (checked.ok) return checked.value;
    ctx.addIssue({ code: 'custom', message: checked.message });
    return z.NEVER;
  });

/** An optional VAT number (10 digits starting with 4): blank becomes `undefined`, spaces are dropped. */
export const optionalVatNumberSchema = z
  .string({ error: BUSINESS_NUMBER_MESSAGES.vat })
  .trim()
  .check(noControlCharacters('VAT number'))
  .nullish()
  .transform((value, ctx) => {
    if (!value) return undefined;
    const vat = normaliseVatNumber(value);
    if (vat !== null) return vat;
    ctx.addIssue({ code: 'custom', message: BUSINESS_NUMBER_MESSAGES.vat });
    return z.NEVER;
  });

/** An optional trade registration number, stored in upper case with single spaces; blank becomes `undefined`. */
export const optionalTradeRegistrationSchema = z
  .string({ error: BUSINESS_NUMBER_MESSAGES.tradeRegistration })
  .trim()
  .check(noControlCharacters('Trade registration number'))
  .nullish()
  .transform((value, ctx) => {
    if (!value) return undefined;
    const number = normaliseTradeRegistrationNumber(value);
    if (number !== null) return number;
    ctx.addIssue({ code: 'custom', message: BUSINESS_NUMBER_MESSAGES.tradeRegistration });
    return z.NEVER;
  });

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Any 8-4-4-4-12 hexadecimal UUID (the database issues v4 ones; any version is accepted). */
export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID_PATTERN.test(value);
}

/** A required id: anything but a UUID gives `message`. Output is lower case. */
export function uuidSchema(message: string) {
  return z
    .string({ error: message })
    .trim()
    .toLowerCase()
    .refine((value) => UUID_PATTERN.test(value), message);
}

const ISO_DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

function daysInMonth(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/**
 * True for a real calendar date written 'YYYY-MM-DD' (so '2025-02-29' and '2025-13-01' are not), of any
 * year: what stored dates are read with. What an input may hold is `isoDateProblem`'s question.
 */
export function isIsoDate(value: string): boolean {
  const match = ISO_DATE_PATTERN.exec(value);
  if (!match) return false;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

/** The years of a date a field accepts, both included. */
export interface DateYears {
  min: number;
  max: number;
}

/**
 * The years any date of an input may have unless its field says otherwise (issue 25): wide enough for
 * every deed, certificate and plan anyone records, and narrow enough that a typo such as 0000 or 20255
 * is caught here (PostgreSQL has no year 0 and answered 'date/time field value out of range').
 */
export const DATE_YEARS: DateYears = { min: 1900, max: 2200 };

/** `Enter a date between {min} and {max}`: the message for a real date outside a field's years. */
export function dateOutOfRangeMessage(years: DateYears = DATE_YEARS): string {
  return `Enter a date between ${years.min} and ${years.max}`;
}

/**
 * What is wrong with a date an input holds: 'invalid' when it is not a real calendar date written
 * 'YYYY-MM-DD', 'out of range' when its year is outside `years` (1900–2200 by default); null when it is
 * a date the field accepts. The one rule of every date field (the schemas below, document metadata's
 * issued_on and report answers use it).
 */
export function isoDateProblem(
  value: string,
  years: DateYears = DATE_YEARS,
): 'invalid' | 'out of range' | null {
  if (!isIsoDate(value)) return 'invalid';
  const year = Number(value.slice(0, 4));
  return year < years.min || year > years.max ? 'out of range' : null;
}

/** The field message for `isoDateProblem`: 'Enter a valid date' or 'Enter a date between 1900 and 2200'. */
function dateMessage(value: string, years: DateYears): string | null {
  const problem = isoDateProblem(value, years);
  return problem === 'invalid'
    ? COMMON_MESSAGES.invalidDate
    : problem === 'out of range'
      ? dateOutOfRangeMessage(years)
      : null;
}

const ISO_DATE_TIME_PATTERN =
  /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:(Z)|([+-])(\d{2})(?::?(\d{2}))?)?$/i;

/**
 * An ISO 8601 date-time given where a date is asked, as the date it names in South Africa (issue 30): with
 * an offset or Z, the date in Africa/Johannesburg at that instant ('2025-03-14T23:30:00Z' → '2025-03-15');
 * without one, a local time of its own date ('2025-03-14T08:00' → '2025-03-14'). Anything else, a date
 * among it, is answered unchanged for the date rule to judge.
 */
export function dateOfDateTime(value: string): string {
  const match = ISO_DATE_TIME_PATTERN.exec(value);
  if (!match) return value;
  const [, year, month, day, hour, minute, second, zulu, sign, offsetHours, offsetMinutes] = match;
  const date = `${year}-${month}-${day}`;
  const [h, m, sec] = [Number(hour), Number(minute), Number(second ?? 0)];
  // Years below 100 are left alone: Date.UTC would read 0050 as 1950 (and no field takes them).
  if (!isIsoDate(date) || Number(year) < 100 || h > 23 || m > 59 || sec > 59) return value;
  if (!zulu && !sign) return date;
  const offset = sign ? (sign === '-' ? -1 : 1) * (Number(offsetHours) * 60 + Number(offsetMinutes ?? 0)) : 0;
  const utc = Date.UTC(Number(year), Number(month) - 1, Number(day), h, m - offset, sec);
  return formatDateOnly(johannesburgDate(new Date(utc)));
}

/**
 * How every date field is described in OpenAPI: `format: date`, with what else it takes. The description
 * of the field itself, where it has one, is kept beside it.
 */
export const DATE_FIELD_DOC = {
  format: 'date',
  description:
    'A date, YYYY-MM-DD. An ISO 8601 date-time is accepted too and taken as its date in Africa/Johannesburg.',
  example: '2025-03-14',
} as const;

/** A calendar date the server answers ('YYYY-MM-DD'): `format: date` in OpenAPI. */
export const answeredDateSchema = z.string().meta({ format: 'date', example: '2025-03-14' });

/** An instant the server answers, ISO 8601 with its offset: `format: date-time` in OpenAPI. */
export const answeredDateTimeSchema = z
  .string()
  .meta({ format: 'date-time', example: '2025-03-14T08:30:00.000Z' });

/** The date rule as a check of a trimmed string schema; blank is left to the schema's own handling. */
function dateCheck(years: DateYears) {
  return problemCheck<string>((value) => (value === '' ? null : dateMessage(value, years)));
}

/** A descriptive field that can be cleared: blank or null means "clear it" (null), absent means "keep it". */
export function clearableText(max: number, label: string) {
  return z
    .string({ error: `${label} must be text` })
    .trim()
    .check(noControlCharacters(label))
    .max(max, tooLongMessage(label, max))
    .nullable()
    .transform((value) => value || null)
    .optional();
}

/**
 * A calendar date 'YYYY-MM-DD' (trimmed) in `years` (1900–2200 by default): anything not a date gives
 * 'Enter a valid date', a date of another year 'Enter a date between 1900 and 2200'.
 */
export function isoDate(years: DateYears = DATE_YEARS) {
  return z
    .string({ error: COMMON_MESSAGES.invalidDate })
    .trim()
    .overwrite(dateOfDateTime)
    .min(1, COMMON_MESSAGES.invalidDate)
    .check(dateCheck(years))
    .meta(DATE_FIELD_DOC);
}

/** `isoDate()`: a date of 1900–2200. */
export const isoDateSchema = isoDate();

/**
 * A required calendar date: blank or missing gives `requiredMessage`, a malformed one 'Enter a valid
 * date', one outside `years` (1900–2200 by default) 'Enter a date between 1900 and 2200'.
 */
export function requiredIsoDate(requiredMessage: string, years: DateYears = DATE_YEARS) {
  return z
    .string({ error: requiredMessage })
    .trim()
    .overwrite(dateOfDateTime)
    .min(1, requiredMessage)
    .check(dateCheck(years))
    .meta(DATE_FIELD_DOC);
}

/** An optional calendar date: missing, null and blank become `null`; otherwise as `isoDateSchema`. */
export const optionalIsoDateSchema = z
  .string({ error: COMMON_MESSAGES.invalidDate })
  .trim()
  .overwrite(dateOfDateTime)
  .check(dateCheck(DATE_YEARS))
  .meta(DATE_FIELD_DOC)
  .nullish()
  .transform((value) => value || null);

/** A date that can be set, as `isoDateSchema`, or cleared (null or blank); absent keeps it. */
export const clearableIsoDateSchema = z
  .string({ error: COMMON_MESSAGES.invalidDate })
  .trim()
  .overwrite(dateOfDateTime)
  .check(dateCheck(DATE_YEARS))
  .meta(DATE_FIELD_DOC)
  .nullable()
  .transform((value) => value || null)
  .optional();

/**
 * A whole number between `min` and `max` with one message per way it can be wrong; `typeMessage` also
 * covers fractions, NaN and infinities.
 */
export function boundedInt(
  messages: { type: string; tooSmall: string; tooBig: string },
  min: number,
  max: number,
) {
  return z.number({ error: messages.type }).superRefine((value, ctx) => {
    const message = !Number.isInteger(value)
      ? messages.type
      : value < min
        ? messages.tooSmall
        : value > max
          ? messages.tooBig
          : undefined;
    if (message) ctx.addIssue({ code: 'custom', message });
  });
}

/** Service categories (supplier specialties): at most this many, each at most this long. */
export const MAX_SPECIALTIES = 20;
export const MAX_SPECIALTY_LENGTH = 60;

export const SPECIALTY_MESSAGES = {
  invalid: 'Enter service categories separated by commas',
  tooMany: `Choose at most ${MAX_SPECIALTIES} service categories`,
  tooLong: `Each service category must be at most ${MAX_SPECIALTY_LENGTH} characters`,
  controlCharacters: controlCharactersMessage('Service categories'),
} as const;

/**
 * Normalises specialties as typed in a form ('Roofing, Plumbing') or sent as a list: every item is split
 * on commas, trimmed, inner whitespace collapsed, empty items dropped and duplicates (ignoring case)
 * dropped, keeping the first spelling. The result never contains a comma, so normalising it again (or
 * its comma-joined text) gives it back unchanged.
 */
export function normaliseSpecialties(input: string | readonly string[]): string[] {
  const items = (typeof input === 'string' ? [input] : input).flatMap((item) => item.split(','));
  const seen = new Set<string>();
  const result: string[] = [];
  for (const raw of items) {
    const item = raw.trim().replace(/\s+/g, ' ');
    const key = item.toLowerCase();
    if (item === '' || seen.has(key)) continue;
    seen.add(key);
    result.push(item);
  }
  return result;
}

/**
 * Specialties (spec §2 supplier console: "entered comma-separated"; spec §3: a list in the response):
 * a comma-separated string or a list of strings; missing or null is an empty list. Output is the
 * normalised list (see `normaliseSpecialties`), at most 20 items of at most 60 characters, none holding
 * a control character.
 */
export const specialtiesSchema = z
  .union([z.string(), z.array(z.string())], { error: SPECIALTY_MESSAGES.invalid })
  .nullish()
  // Control characters are looked for as sent: normalising folds a vertical tab or a form feed to a space.
  .check(
    problemCheck<string | string[] | null | undefined>(
      (value) =>
        [value ?? []]
          .flat()
          .map((item) => textCharactersProblem(item, 'Service categories'))
          .find((problem) => problem !== null) ?? null,
      { abort: true },
    ),
  )
  .transform((value) => normaliseSpecialties(value ?? []))
  .superRefine((items, ctx) => {
    if (items.length > MAX_SPECIALTIES) ctx.addIssue({ code: 'custom', message: SPECIALTY_MESSAGES.tooMany });
    else if (items.some((item) => item.length > MAX_SPECIALTY_LENGTH)) {
      ctx.addIssue({ code: 'custom', message: SPECIALTY_MESSAGES.tooLong });
    }
  });

/** What the browser knows of a chosen file (a `File`'s name, size in bytes and content type). */
export const FILE_MESSAGES = { choose: 'Choose a file' } as const;

export const fileInfoSchema = z.object(
  {
    name: z.string({ error: FILE_MESSAGES.choose }).check(noControlCharacters('File name')),
    size: z
      .number({ error: FILE_MESSAGES.choose })
      .refine((size) => Number.isInteger(size) && size >= 0, FILE_MESSAGES.choose),
    type: z.string({ error: FILE_MESSAGES.choose }).check(noControlCharacters('File type')),
  },
  { error: FILE_MESSAGES.choose },
);
export type FileInfo = z.infer<typeof fileInfoSchema>;
