import { z } from 'zod';
import { type PropertyFeature, propertyFeaturesSchema } from '../certificates.js';
import { COMPLIANCE_STATUSES } from '../compliance.js';
import { DNA_PART_MAX_LENGTH, normalizeDnaPart } from '../dna-code.js';
import { resolvePropertyMunicipality } from '../municipalities.js';
import {
  PROPERTY_FORM_CONTENT_TYPES,
  PROPERTY_FORM_EXTENSIONS,
  PROPERTY_FORM_MAX_BYTES,
} from '../uploads.js';
import {
  boundedInt,
  clearableText,
  fileInfoSchema,
  MAX_LENGTHS,
  noControlCharacters,
  optionalText,
  requiredText,
  tooLongMessage,
} from './common.js';

/** Property types (spec §3); residential is the default (spec §9). */
export const PROPERTY_TYPES = ['residential', 'commercial', 'industrial', 'retail'] as const;
export type PropertyType = (typeof PROPERTY_TYPES)[number];
export const DEFAULT_PROPERTY_TYPE = 'residential' satisfies PropertyType;
export const propertyTypeSchema = z.enum(PROPERTY_TYPES, { error: 'Choose a property type' });

/** Countries of the property dialog's select (spec §3); South Africa is the default (spec §9). */
export const COUNTRY_CODES = ['ZA', 'US', 'UK'] as const;
export type CountryCode = (typeof COUNTRY_CODES)[number];
export const COUNTRIES = [
  { code: 'ZA', name: 'South Africa' },
  { code: 'US', name: 'United States' },
  { code: 'UK', name: 'United Kingdom' },
] as const satisfies readonly { code: CountryCode; name: string }[];
export const DEFAULT_COUNTRY = 'ZA' satisfies CountryCode;

/** Length caps of the short property codes. */
const MAX_UNIT = 20;

/** Messages of the property schemas: spec §5 where it gives them. */
export const PROPERTY_MESSAGES = {
  nameRequired: 'Property name is required',
  addressRequired: 'Address is required',
  countryRequired: 'Country is required',
  countryUnknown: 'Choose South Africa, United States or United Kingdom',
  municipalityRequired: 'Municipality is required',
  parcelIdRequired: 'Parcel ID is required',
  erfNumberRequired: 'ERF/Portion/Stand number is required',
  townshipRequired: 'Township/Extension is required',
  propertyAddressRequired: 'Property address is required',
  nothingToUpdate: 'Change at least one field',
  fileType: 'Only PDF, JPG and PNG files are allowed',
  fileTooLarge: 'File is larger than 10 MB',
  createFailed: { title: 'Error Creating Property', message: 'Failed to create property. Please try again.' },
  created: 'Property Added Successfully!',
  dialogCreateFailed: { title: 'Error', message: 'Failed to create property' },
  dialogCreated: {
    title: 'Property created',
    message: 'Property has been successfully added to your portfolio.',
  },
  notFound: 'Property not found',
} as const;

/** `{label} must contain a letter or digit (A–Z, 0–9)`: a part of the DNA code that normalises to nothing. */
export function dnaPartEmptyMessage(label: string): string {
  return `${label} must contain a letter or digit (A–Z, 0–9)`;
}

/**
 * A required text that becomes a part of the DNA code (the parcel id, the ERF number, the municipality):
 * as `requiredText`, and refused with `dnaPartEmptyMessage` when the DNA code's own normaliser
 * (`normalizeDnaPart`: upper case, A–Z and 0–9 only) leaves nothing of it ('-', '!!!', 'İ'), since a
 * code cannot be issued for it (issue 25: it answered 500).
 */
function dnaPartText(
  requiredMessage: string,
  max: number,
  label: string,
  part: keyof typeof DNA_PART_MAX_LENGTH,
) {
  return requiredText(requiredMessage, max, label).check(
    z.refine<string>((value) => normalizeDnaPart(value, DNA_PART_MAX_LENGTH[part]) !== '', {
      error: dnaPartEmptyMessage(label),
      // Only text that passed the required, character and length checks: one message per field.
      when: (payload) => payload.issues.length === 0,
    }),
  );
}

/** A country code: blank or one letter gives 'Country is required' (spec §5: min 2), others must be listed. */
export const countryCodeSchema = z
  .string({ error: PROPERTY_MESSAGES.countryRequired })
  .trim()
  .min(2, PROPERTY_MESSAGES.countryRequired)
  .pipe(z.enum(COUNTRY_CODES, { error: PROPERTY_MESSAGES.countryUnknown }));

/** Why a typed South African municipality is not one of the list, or null when it is. */
function municipalityProblem(value: string): string | null {
  const resolution = resolvePropertyMunicipality(value);
  return resolution.ok ? null : resolution.message;
}

/**
 * The municipality a new property stores (and its DNA code carries): in South Africa the MDB code of the
 * listed municipality the value names ('city of cape town' → 'CPT'); elsewhere the text as typed.
 */
export function propertyMunicipalityCode(country: string, value: string): string {
  if (country !== 'ZA') return value;
  const resolution = resolvePropertyMunicipality(value);
  return resolution.ok ? resolution.municipality.code : value;
}

/** How the API documents a municipality (OpenAPI). */
const MUNICIPALITY_DOC =
  'In South Africa: the MDB code or the name of a metropolitan or local municipality, case-insensitive (e.g. CPT, WC011, City of Cape Town); stored as its code. Elsewhere: free text.';

/** A South African municipality: required, then one from the official list by code or name. */
const saMunicipalitySchema = dnaPartText(
  PROPERTY_MESSAGES.municipalityRequired,
  MAX_LENGTHS.name,
  'Municipality',
  'municipality',
)
  .check(
    z.refine<string>((value) => municipalityProblem(value) === null, {
      error: (issue) => String(municipalityProblem(String(issue.input))),
      // Only text that passed the required and length checks is looked up: one message per field.
      when: (payload) => payload.issues.length === 0,
    }),
  )
  .meta({ description: MUNICIPALITY_DOC });

/**
 * The Properties screen's Add New Property dialog (spec §2, §3, §5): name, address, property_type
 * (default residential), country (default ZA), municipality (in South Africa one of the official list,
 * by MDB code or name, case-insensitive), parcel_id, optional unit and deed_number (blank becomes
 * undefined).
 */
export const propertyDialogSchema = z
  .object({
    name: requiredText(PROPERTY_MESSAGES.nameRequired, MAX_LENGTHS.name, 'Property name'),
    address: requiredText(PROPERTY_MESSAGES.addressRequired, MAX_LENGTHS.address, 'Address'),
    property_type: propertyTypeSchema.default(DEFAULT_PROPERTY_TYPE),
    country: countryCodeSchema.default(DEFAULT_COUNTRY),
    municipality: dnaPartText(
      PROPERTY_MESSAGES.municipalityRequired,
      MAX_LENGTHS.name,
      'Municipality',
      'municipality',
    ).meta({ description: MUNICIPALITY_DOC }),
    parcel_id: dnaPartText(
      PROPERTY_MESSAGES.parcelIdRequired,
      MAX_LENGTHS.shortCode,
      'Parcel ID',
      'parcelId',
    ),
    unit: optionalText(MAX_UNIT, 'Unit'),
    deed_number: optionalText(MAX_LENGTHS.shortCode, 'Deed number'),
    features: propertyFeaturesSchema.optional(),
  })
  .check(
    z.refine<{ country: string; municipality: string }>(
      (value) => value.country !== 'ZA' || municipalityProblem(value.municipality) === null,
      {
        path: ['municipality'],
        error: (issue) => String(municipalityProblem((issue.input as { municipality: string }).municipality)),
        // Only on an object whose country and municipality are valid text: otherwise their own message
        // (or the object's) stands alone, one message per field.
        when: (payload) =>
          !payload.issues.some((issue) => {
            const field = issue.path?.[0];
            return field === undefined || field === 'country' || field === 'municipality';
          }),
      },
    ),
  );
export type PropertyDialogInput = z.input<typeof propertyDialogSchema>;
export type PropertyDialog = z.output<typeof propertyDialogSchema>;

/**
 * The add-property form at /properties/new (spec §2, §3 "Property create payload", §5). dnaCode and isDemo
 * are what the old client sends; they are accepted here but the server ignores them
 * (`createPropertyInputSchema` drops them): the DNA code is issued by the server.
 */
export const addPropertyFormSchema = z.object({
  name: optionalText(MAX_LENGTHS.name, 'Property name'),
  erfNumber: dnaPartText(
    PROPERTY_MESSAGES.erfNumberRequired,
    MAX_LENGTHS.shortCode,
    'ERF/Portion/Stand number',
    'parcelId',
  ),
  township: requiredText(PROPERTY_MESSAGES.townshipRequired, MAX_LENGTHS.name, 'Township/Extension'),
  municipality: saMunicipalitySchema,
  address: requiredText(PROPERTY_MESSAGES.propertyAddressRequired, MAX_LENGTHS.address, 'Property address'),
  description: optionalText(MAX_LENGTHS.description, 'Description'),
  features: propertyFeaturesSchema.optional(),
  dnaCode: z.string().check(noControlCharacters('DNA code')).optional(),
  isDemo: z.boolean().optional(),
});
export type AddPropertyFormInput = z.input<typeof addPropertyFormSchema>;
export type AddPropertyForm = z.output<typeof addPropertyFormSchema>;

/** The one shape a new property has on the server, whichever form it came from. */
export interface NewProperty {
  name: string;
  address: string;
  property_type: PropertyType;
  country: CountryCode;
  municipality: string;
  parcel_id: string;
  township?: string | undefined;
  unit?: string | undefined;
  deed_number?: string | undefined;
  description?: string | undefined;
  /** What the property has that brings its own compliance rules; none when not said. */
  features?: PropertyFeature[] | undefined;
}

function fromDialog(value: PropertyDialog): NewProperty {
  return {
    name: value.name,
    address: value.address,
    property_type: value.property_type,
    country: value.country,
    municipality: propertyMunicipalityCode(value.country, value.municipality),
    parcel_id: value.parcel_id,
    unit: value.unit,
    deed_number: value.deed_number,
    features: value.features,
  };
}

/**
 * The add-property form has no parcel id, country or type, and its name is optional: a blank name becomes
 * the address (what the owner recognises), the ERF number is the parcel id, and the
 * property is a residential one in South Africa (the form is the homeowner's path; spec §9 defaults).
 */
function fromForm(value: AddPropertyForm): NewProperty {
  return {
    // Cut without splitting a character (half of a pair would be a lone surrogate).
    name:
      value.name ??
      value.address
        .slice(0, MAX_LENGTHS.name)
        .replace(/\p{Cs}$/u, '')
        .trimEnd(),
    address: value.address,
    property_type: DEFAULT_PROPERTY_TYPE,
    country: DEFAULT_COUNTRY,
    municipality: propertyMunicipalityCode(DEFAULT_COUNTRY, value.municipality),
    parcel_id: value.erfNumber,
    township: value.township,
    description: value.description,
    features: value.features,
  };
}

const FORM_ONLY_KEYS = ['erfNumber', 'township', 'description', 'dnaCode', 'isDemo'] as const;
const DIALOG_ONLY_KEYS = ['name', 'property_type', 'country', 'parcel_id', 'unit', 'deed_number'] as const;

function has(input: object, key: string): boolean {
  return (input as Record<string, unknown>)[key] !== undefined;
}

/**
 * Which shape a payload is meant to be: erfNumber means the form; otherwise parcel_id or name means the
 * dialog; otherwise the shape with more of its own keys present, the dialog on a tie (it is the shape
 * closest to the stored property).
 */
export function isAddPropertyFormPayload(input: unknown): boolean {
  if (typeof input !== 'object' || input === null) return false;
  if (has(input, 'erfNumber')) return true;
  if (has(input, 'parcel_id') || has(input, 'name')) return false;
  const formKeys = FORM_ONLY_KEYS.filter((key) => has(input, key)).length;
  const dialogKeys = DIALOG_ONLY_KEYS.filter((key) => has(input, key)).length;
  return formKeys > dialogKeys;
}

/**
 * What POST /api/properties accepts (spec §7): the dialog's payload or the add-property form's, told
 * apart by `isAddPropertyFormPayload`, normalised to one `NewProperty`. The form's dnaCode and isDemo
 * are dropped. A payload that fits neither gets the messages of the shape it resembles most.
 */
export const createPropertyInputSchema = z
  .custom<PropertyDialogInput | AddPropertyFormInput>()
  .transform((input, ctx): NewProperty => {
    const result = isAddPropertyFormPayload(input)
      ? addPropertyFormSchema.transform(fromForm).safeParse(input)
      : propertyDialogSchema.transform(fromDialog).safeParse(input);
    if (result.success) return result.data;
    for (const issue of result.error.issues) ctx.addIssue({ ...issue });
    return z.NEVER;
  });
export type CreatePropertyInput = z.input<typeof createPropertyInputSchema>;

export type MunicipalityCorrection = { ok: true; municipality: string } | { ok: false; message: string };

/**
 * What a property's municipality becomes when it is corrected (issue 32 §5), by the property's country:
 * in South Africa the MDB code of the listed metro or local municipality the value names ('city of cape
 * town' → 'CPT'), or the message that says why not (unknown, a district, a name two municipalities
 * share); elsewhere the text as typed.
 */
export function correctedMunicipality(country: string, value: string): MunicipalityCorrection {
  if (country !== 'ZA') return { ok: true, municipality: value };
  const resolution = resolvePropertyMunicipality(value);
  return resolution.ok ? { ok: true, municipality: resolution.municipality.code } : resolution;
}

/**
 * Editing a property: the descriptive fields, and a correction of the municipality (issue 32 §5) —
 * never the DNA code, which is an identifier and stays as issued, nor the country or parcel id (unknown
 * keys such as dna_id are dropped). Every field is optional, but at least one must be given. name,
 * address and municipality cannot be cleared; township, unit, deed_number and description can. The
 * municipality is checked against the property's country by the server (`correctedMunicipality`).
 */
export const updatePropertySchema = z
  .object({
    name: requiredText(PROPERTY_MESSAGES.nameRequired, MAX_LENGTHS.name, 'Property name').optional(),
    municipality: dnaPartText(
      PROPERTY_MESSAGES.municipalityRequired,
      MAX_LENGTHS.name,
      'Municipality',
      'municipality',
    )
      .meta({
        description: `A correction of the municipality; the DNA code does not change. ${MUNICIPALITY_DOC}`,
      })
      .optional(),
    address: requiredText(PROPERTY_MESSAGES.addressRequired, MAX_LENGTHS.address, 'Address').optional(),
    property_type: propertyTypeSchema.optional(),
    township: clearableText(MAX_LENGTHS.name, 'Township/Extension'),
    unit: clearableText(MAX_UNIT, 'Unit'),
    deed_number: clearableText(MAX_LENGTHS.shortCode, 'Deed number'),
    description: clearableText(MAX_LENGTHS.description, 'Description'),
    features: propertyFeaturesSchema.optional(),
  })
  .refine(
    (value) => Object.values(value).some((field) => field !== undefined),
    PROPERTY_MESSAGES.nothingToUpdate,
  );
export type UpdatePropertyInput = z.input<typeof updatePropertySchema>;
export type UpdateProperty = z.output<typeof updatePropertySchema>;

/** The portfolio list's page size: 50 by default (what the screens show at a time), at most 100. */
export const PROPERTY_PAGE_SIZE = 50;
export const MAX_PROPERTY_PAGE_SIZE = 100;
/** How long a search or a cursor may be; a cursor the server issued is far shorter. */
export const MAX_PROPERTY_SEARCH = 200;
export const MAX_PROPERTY_CURSOR = 200;
const CURSOR_PATTERN = /^[A-Za-z0-9_-]+$/;

export const PROPERTY_PAGE_MESSAGES = {
  limit: `Page size must be a whole number from 1 to ${MAX_PROPERTY_PAGE_SIZE}`,
  search: 'Search must be text',
  searchTooLong: tooLongMessage('Search', MAX_PROPERTY_SEARCH),
  cursor: 'Invalid cursor',
  status: 'Status must be good, warning or critical',
} as const;

/**
 * One page of the portfolio (the dashboard's and the Properties screen's list): `cursor` is the
 * `nextCursor` of the page before (opaque; the server checks it), `limit` the page size, `q` a search
 * of name, address, DNA code and ERF/parcel id (case-insensitive, anywhere in the text; blank is no
 * search) and `status` the compliance status the cards show.
 */
export const propertyPageInputSchema = z.object({
  cursor: z
    .string({ error: PROPERTY_PAGE_MESSAGES.cursor })
    // base64url, as the server issues it (so no control character either).
    .refine(
      (value) => value.length <= MAX_PROPERTY_CURSOR && CURSOR_PATTERN.test(value),
      PROPERTY_PAGE_MESSAGES.cursor,
    )
    .optional(),
  limit: boundedInt(
    {
      type: PROPERTY_PAGE_MESSAGES.limit,
      tooSmall: PROPERTY_PAGE_MESSAGES.limit,
      tooBig: PROPERTY_PAGE_MESSAGES.limit,
    },
    1,
    MAX_PROPERTY_PAGE_SIZE,
  ).default(PROPERTY_PAGE_SIZE),
  q: z
    .string({ error: PROPERTY_PAGE_MESSAGES.search })
    .trim()
    .check(noControlCharacters('Search'))
    .max(MAX_PROPERTY_SEARCH, PROPERTY_PAGE_MESSAGES.searchTooLong)
    .transform((value) => value || undefined)
    .optional(),
  status: z.enum(COMPLIANCE_STATUSES, { error: PROPERTY_PAGE_MESSAGES.status }).optional(),
});
export type PropertyPageInput = z.input<typeof propertyPageInputSchema>;
export type PropertyPageQuery = z.output<typeof propertyPageInputSchema>;

/** The whole list, searched and filtered as a page is (nothing given: every live property). */
export const propertyFilterSchema = propertyPageInputSchema.pick({ q: true, status: true });
export type PropertyFilterInput = z.input<typeof propertyFilterSchema>;
export type PropertyFilter = z.output<typeof propertyFilterSchema>;

function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot < 0 ? '' : fileName.slice(dot + 1).toLowerCase();
}

/**
 * The add-property form's optional title deed and proof of residence (spec §2, §5, §9): pdf, jpg, jpeg
 * or png by both extension and content type, at most 10 MB (enforced, unlike the old client). The one
 * message is on the file itself (path []), so it shows under the file input.
 */
export const propertyUploadFileSchema = fileInfoSchema.superRefine((file, ctx) => {
  const typeAllowed =
    (PROPERTY_FORM_EXTENSIONS as readonly string[]).includes(extensionOf(file.name)) &&
    (PROPERTY_FORM_CONTENT_TYPES as readonly string[]).includes(file.type.toLowerCase());
  if (!typeAllowed) ctx.addIssue({ code: 'custom', message: PROPERTY_MESSAGES.fileType });
  else if (file.size > PROPERTY_FORM_MAX_BYTES)
    ctx.addIssue({ code: 'custom', message: PROPERTY_MESSAGES.fileTooLarge });
});
export type PropertyUploadFile = z.infer<typeof propertyUploadFileSchema>;
