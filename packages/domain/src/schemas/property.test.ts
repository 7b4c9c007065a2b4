import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PROPERTY_FEATURE_MESSAGE } from '../certificates.js';
import { DNA_PART_MAX_LENGTH, issueDnaCode, normalizeDnaPart } from '../dna-code.js';
import { PROPERTY_FORM_MAX_BYTES } from '../uploads.js';
import {
  type AddPropertyFormInput,
  addPropertyFormSchema,
  COUNTRIES,
  COUNTRY_CODES,
  correctedMunicipality,
  countryCodeSchema,
  createPropertyInputSchema,
  DEFAULT_COUNTRY,
  DEFAULT_PROPERTY_TYPE,
  dnaPartEmptyMessage,
  isAddPropertyFormPayload,
  MAX_PROPERTY_CURSOR,
  MAX_PROPERTY_PAGE_SIZE,
  MAX_PROPERTY_SEARCH,
  PROPERTY_MESSAGES,
  PROPERTY_PAGE_MESSAGES,
  PROPERTY_PAGE_SIZE,
  PROPERTY_TYPES,
  type PropertyDialogInput,
  propertyDialogSchema,
  propertyFilterSchema,
  propertyMunicipalityCode,
  propertyPageInputSchema,
  propertyUploadFileSchema,
  updatePropertySchema,
} from './property.js';
import { dataOf, errorsOf } from './test-helpers.js';

const dialog = {
  name: ' Sea Point flat ',
  address: '1 Beach Road, Sea Point, Cape Town',
  property_type: 'residential',
  country: 'ZA',
  municipality: 'CPT',
  parcel_id: 'A123',
  unit: '',
  deed_number: '',
} satisfies PropertyDialogInput;

const form = {
  erfNumber: ' ERF123 ',
  township: 'Gardens',
  municipality: 'City of Cape Town',
  address: '5 Kloof Street, Gardens, Cape Town',
  description: '',
  dnaCode: 'RES-4821-CT',
  isDemo: false,
} satisfies AddPropertyFormInput;

describe('constants', () => {
  it('has the spec property types and countries with their defaults', () => {
    expect(PROPERTY_TYPES).toEqual(['residential', 'commercial', 'industrial', 'retail']);
    expect(DEFAULT_PROPERTY_TYPE).toBe('residential');
    expect(COUNTRIES).toEqual([
      { code: 'ZA', name: 'South Africa' },
      { code: 'US', name: 'United States' },
      { code: 'UK', name: 'United Kingdom' },
    ]);
    expect(COUNTRIES.map((country) => country.code)).toEqual([...COUNTRY_CODES]);
    expect(DEFAULT_COUNTRY).toBe('ZA');
  });

  it('has the spec toasts', () => {
    expect(PROPERTY_MESSAGES.createFailed).toEqual({
      title: 'Error Creating Property',
      message: 'Failed to create property. Please try again.',
    });
    expect(PROPERTY_MESSAGES.created).toBe('Property Added Successfully!');
    expect(PROPERTY_MESSAGES.dialogCreateFailed).toEqual({
      title: 'Error',
      message: 'Failed to create property',
    });
    expect(PROPERTY_MESSAGES.dialogCreated).toEqual({
      title: 'Property created',
      message: 'Property has been successfully added to your portfolio.',
    });
    expect(PROPERTY_MESSAGES.notFound).toBe('Property not found');
  });
});

describe('countryCodeSchema', () => {
  it.each(COUNTRY_CODES)('accepts %s', (code) => {
    expect(dataOf(countryCodeSchema, ` ${code} `)).toBe(code);
  });

  it.each([
    ['', 'Country is required'],
    ['Z', 'Country is required'],
    [undefined, 'Country is required'],
    ['FR', 'Choose South Africa, United States or United Kingdom'],
    ['za', 'Choose South Africa, United States or United Kingdom'],
  ])('rejects %j', (value, message) => {
    expect(errorsOf(countryCodeSchema, value)).toEqual({ '': message });
  });
});

describe('propertyDialogSchema', () => {
  it('accepts the dialog, trimming and dropping blank optional fields', () => {
    expect(dataOf(propertyDialogSchema, dialog)).toEqual({
      name: 'Sea Point flat',
      address: '1 Beach Road, Sea Point, Cape Town',
      property_type: 'residential',
      country: 'ZA',
      municipality: 'CPT',
      parcel_id: 'A123',
      unit: undefined,
      deed_number: undefined,
    });
  });

  it('keeps unit and deed number when given', () => {
    expect(
      dataOf(propertyDialogSchema, { ...dialog, unit: ' 12A ', deed_number: 'T1234/2020' }),
    ).toMatchObject({
      unit: '12A',
      deed_number: 'T1234/2020',
    });
  });

  it('defaults the property type to residential and the country to ZA', () => {
    const { property_type: _t, country: _c, ...rest } = dialog;
    expect(dataOf(propertyDialogSchema, rest)).toMatchObject({ property_type: 'residential', country: 'ZA' });
  });

  it('gives the spec message of every required field', () => {
    expect(
      errorsOf(propertyDialogSchema, {
        ...dialog,
        name: '',
        address: ' ',
        country: '',
        municipality: '',
        parcel_id: '',
      }),
    ).toEqual({
      name: 'Property name is required',
      address: 'Address is required',
      country: 'Country is required',
      municipality: 'Municipality is required',
      parcel_id: 'Parcel ID is required',
    });
  });

  it('refuses an unknown property type or country', () => {
    expect(errorsOf(propertyDialogSchema, { ...dialog, property_type: 'farm', country: 'NA' })).toEqual({
      property_type: 'Choose a property type',
      country: 'Choose South Africa, United States or United Kingdom',
    });
  });

  it('caps the lengths', () => {
    expect(
      errorsOf(propertyDialogSchema, {
        ...dialog,
        name: 'n'.repeat(101),
        address: 'a'.repeat(301),
        parcel_id: 'p'.repeat(51),
        unit: 'u'.repeat(21),
        deed_number: 'd'.repeat(51),
      }),
    ).toEqual({
      name: 'Property name must be at most 100 characters',
      address: 'Address must be at most 300 characters',
      parcel_id: 'Parcel ID must be at most 50 characters',
      unit: 'Unit must be at most 20 characters',
      deed_number: 'Deed number must be at most 50 characters',
    });
  });
});

describe('addPropertyFormSchema', () => {
  it('accepts the form', () => {
    expect(dataOf(addPropertyFormSchema, form)).toEqual({
      erfNumber: 'ERF123',
      township: 'Gardens',
      municipality: 'City of Cape Town',
      address: '5 Kloof Street, Gardens, Cape Town',
      description: undefined,
      dnaCode: 'RES-4821-CT',
      isDemo: false,
    });
  });

  it('gives the spec message of every required field', () => {
    expect(
      errorsOf(addPropertyFormSchema, { erfNumber: '', township: '', municipality: '', address: '' }),
    ).toEqual({
      erfNumber: 'ERF/Portion/Stand number is required',
      township: 'Township/Extension is required',
      municipality: 'Municipality is required',
      address: 'Property address is required',
    });
  });

  it('keeps the description optional but capped', () => {
    expect(dataOf(addPropertyFormSchema, { ...form, description: ' North-facing ' }).description).toBe(
      'North-facing',
    );
    expect(errorsOf(addPropertyFormSchema, { ...form, description: 'd'.repeat(2001) })).toEqual({
      description: 'Description must be at most 2000 characters',
    });
  });
});

describe('createPropertyInputSchema', () => {
  it('normalises the add-property form: address names it, ERF is the parcel id, ZA residential', () => {
    const created = dataOf(createPropertyInputSchema, { ...form, description: 'Double storey' });
    expect(created).toEqual({
      name: '5 Kloof Street, Gardens, Cape Town',
      address: '5 Kloof Street, Gardens, Cape Town',
      property_type: 'residential',
      country: 'ZA',
      municipality: 'CPT',
      parcel_id: 'ERF123',
      township: 'Gardens',
      description: 'Double storey',
    });
    expect(created).not.toHaveProperty('dnaCode');
    expect(created).not.toHaveProperty('isDemo');
  });

  it("takes the form's own name when given, else the address", () => {
    expect(dataOf(createPropertyInputSchema, { ...form, name: ' Kloof house ' }).name).toBe('Kloof house');
    expect(dataOf(createPropertyInputSchema, { ...form, name: '  ' }).name).toBe(
      '5 Kloof Street, Gardens, Cape Town',
    );
  });

  it.each([
    ['CPT', 'CPT'],
    ['cpt', 'CPT'],
    ['city of cape town', 'CPT'],
    ['Stellenbosch Local Municipality', 'WC024'],
    ['wc011', 'WC011'],
    ['Dr Beyers Naude', 'EC101'],
  ])('maps the South African municipality %j to its MDB code %s', (municipality, code) => {
    expect(dataOf(createPropertyInputSchema, { ...form, municipality }).municipality).toBe(code);
    expect(dataOf(createPropertyInputSchema, { ...dialog, municipality }).municipality).toBe(code);
  });

  it('refuses a South African municipality that is not on the list, a district or an ambiguous name', () => {
    expect(errorsOf(createPropertyInputSchema, { ...form, municipality: 'Gotham' })).toEqual({
      municipality:
        'Unknown municipality "Gotham": choose a South African municipality from the list (name or code, e.g. CPT or WC011)',
    });
    expect(errorsOf(createPropertyInputSchema, { ...dialog, municipality: 'Gotham' })).toEqual({
      municipality:
        'Unknown municipality "Gotham": choose a South African municipality from the list (name or code, e.g. CPT or WC011)',
    });
    expect(errorsOf(createPropertyInputSchema, { ...dialog, municipality: 'DC2' })).toEqual({
      municipality:
        'Cape Winelands (DC2) is a district municipality: choose the local municipality the property is in',
    });
    expect(errorsOf(createPropertyInputSchema, { ...form, municipality: 'emalahleni' })).toEqual({
      municipality: '"emalahleni" names more than one municipality: choose EC136 or MP312',
    });
  });

  it('stores the code of a listed South African municipality, and any other text as it is', () => {
    expect(propertyMunicipalityCode('ZA', 'george')).toBe('WC044');
    expect(propertyMunicipalityCode('ZA', 'Gotham')).toBe('Gotham');
    expect(propertyMunicipalityCode('US', 'george')).toBe('george');
  });

  it('keeps the typed municipality of a property outside South Africa', () => {
    expect(
      dataOf(createPropertyInputSchema, { ...dialog, country: 'US', municipality: 'Springfield' })
        .municipality,
    ).toBe('Springfield');
  });

  it('cuts a long address down to a 100-character name', () => {
    const address = `${'x'.repeat(99)} ${'y'.repeat(150)}`;
    const created = dataOf(createPropertyInputSchema, { ...form, address });
    expect(created.name).toBe('x'.repeat(99));
    expect(created.address).toBe(address);
  });

  it('normalises the dialog', () => {
    const created = dataOf(createPropertyInputSchema, {
      ...dialog,
      unit: '3',
      property_type: 'retail',
      country: 'UK',
    });
    expect(created).toEqual({
      name: 'Sea Point flat',
      address: '1 Beach Road, Sea Point, Cape Town',
      property_type: 'retail',
      country: 'UK',
      municipality: 'CPT',
      parcel_id: 'A123',
      unit: '3',
      deed_number: undefined,
    });
    expect(created).not.toHaveProperty('township');
  });

  it('drops a client DNA code sent with the dialog', () => {
    expect(dataOf(createPropertyInputSchema, { ...dialog, dna_id: 'PDNA-ZA-CPT-A123' })).not.toHaveProperty(
      'dna_id',
    );
  });

  it('gives the form messages to a payload with erfNumber', () => {
    expect(errorsOf(createPropertyInputSchema, { erfNumber: '', parcel_id: 'A1' })).toEqual({
      erfNumber: 'ERF/Portion/Stand number is required',
      township: 'Township/Extension is required',
      municipality: 'Municipality is required',
      address: 'Property address is required',
    });
  });

  it('gives the dialog messages to a payload with name or parcel_id', () => {
    const dialogErrors = {
      name: 'Property name is required',
      address: 'Address is required',
      municipality: 'Municipality is required',
      parcel_id: 'Parcel ID is required',
    };
    expect(errorsOf(createPropertyInputSchema, { name: '', township: 'x', description: 'y' })).toEqual(
      dialogErrors,
    );
    expect(errorsOf(createPropertyInputSchema, { parcel_id: '', township: 'x' })).toMatchObject({
      parcel_id: 'Parcel ID is required',
    });
  });

  it('otherwise gives the messages of the shape with more of its keys, the dialog on a tie', () => {
    expect(errorsOf(createPropertyInputSchema, { township: 'Gardens', address: 'x' })).toEqual({
      erfNumber: 'ERF/Portion/Stand number is required',
      municipality: 'Municipality is required',
    });
    expect(
      errorsOf(createPropertyInputSchema, { township: 'Gardens', unit: '1', country: 'ZA' }),
    ).toMatchObject({
      name: 'Property name is required',
    });
    expect(errorsOf(createPropertyInputSchema, { township: 'Gardens', country: 'ZA' })).toMatchObject({
      name: 'Property name is required',
    });
    expect(errorsOf(createPropertyInputSchema, {})).toMatchObject({ name: 'Property name is required' });
  });

  it('treats undefined keys as absent', () => {
    expect(isAddPropertyFormPayload({ erfNumber: undefined, township: 'x' })).toBe(true);
    expect(isAddPropertyFormPayload({ erfNumber: undefined, name: 'x', township: 'x' })).toBe(false);
  });

  it.each([[null], ['ERF123'], [undefined], [[form]]])('refuses %j as the dialog does', (input) => {
    expect(isAddPropertyFormPayload(input)).toBe(false);
    expect(errorsOf(createPropertyInputSchema, input)).toEqual(errorsOf(propertyDialogSchema, input));
  });
});

describe('property features', () => {
  it('are taken from either create payload and from an edit, each once in the list order', () => {
    expect(dataOf(createPropertyInputSchema, { ...form, features: ['pool', 'gas'] }).features).toEqual([
      'gas',
      'pool',
    ]);
    expect(dataOf(createPropertyInputSchema, { ...dialog, features: ['thatch_roof'] }).features).toEqual([
      'thatch_roof',
    ]);
    expect(dataOf(updatePropertySchema, { features: [] })).toEqual({ features: [] });
  });

  it('refuse an unknown feature with the list', () => {
    expect(errorsOf(updatePropertySchema, { features: ['moat'] })).toEqual({
      'features.0': PROPERTY_FEATURE_MESSAGE,
    });
  });
});

describe('updatePropertySchema', () => {
  it('takes any of the descriptive fields', () => {
    expect(dataOf(updatePropertySchema, { name: ' Beach flat ' })).toEqual({ name: 'Beach flat' });
    expect(
      dataOf(updatePropertySchema, {
        address: 'a',
        property_type: 'commercial',
        township: 'T',
        description: 'D',
      }),
    ).toEqual({ address: 'a', property_type: 'commercial', township: 'T', description: 'D' });
  });

  it('clears an optional field given blank or null, and leaves an absent one alone', () => {
    expect(dataOf(updatePropertySchema, { unit: '', deed_number: null })).toEqual({
      unit: null,
      deed_number: null,
    });
  });

  it('needs at least one field', () => {
    expect(errorsOf(updatePropertySchema, {})).toEqual({ '': 'Change at least one field' });
  });

  it('never changes the DNA code or the identifying fields', () => {
    expect(errorsOf(updatePropertySchema, { dna_id: 'PDNA-X', dnaCode: 'RES-1', parcel_id: 'P' })).toEqual({
      '': PROPERTY_MESSAGES.nothingToUpdate,
    });
    expect(dataOf(updatePropertySchema, { name: 'N', dna_id: 'PDNA-X', country: 'US' })).toEqual({
      name: 'N',
    });
  });

  it('refuses a blank name or address and over-long fields', () => {
    expect(
      errorsOf(updatePropertySchema, {
        name: '',
        address: ' ',
        property_type: 'farm',
        unit: 'u'.repeat(21),
        township: 7,
      }),
    ).toEqual({
      name: 'Property name is required',
      address: 'Address is required',
      property_type: 'Choose a property type',
      unit: 'Unit must be at most 20 characters',
      township: 'Township/Extension must be text',
    });
  });

  it('takes a correction of the municipality, never blank and never one that names nothing', () => {
    expect(dataOf(updatePropertySchema, { municipality: ' city of cape town ' })).toEqual({
      municipality: 'city of cape town',
    });
    expect(errorsOf(updatePropertySchema, { municipality: ' ' })).toEqual({
      municipality: PROPERTY_MESSAGES.municipalityRequired,
    });
    expect(errorsOf(updatePropertySchema, { municipality: '!!' })).toEqual({
      municipality: dnaPartEmptyMessage('Municipality'),
    });
    expect(errorsOf(updatePropertySchema, { municipality: 42 })).toEqual({
      municipality: PROPERTY_MESSAGES.municipalityRequired,
    });
  });
});

describe('correctedMunicipality', () => {
  it('stores the code of a South African municipality, or says why not', () => {
    expect(correctedMunicipality('ZA', 'city of cape town')).toEqual({ ok: true, municipality: 'CPT' });
    expect(correctedMunicipality('ZA', 'wc033')).toEqual({ ok: true, municipality: 'WC033' });
    expect(correctedMunicipality('ZA', 'XYZ')).toEqual({
      ok: false,
      message:
        'Unknown municipality "XYZ": choose a South African municipality from the list (name or code, e.g. CPT or WC011)',
    });
    expect(correctedMunicipality('ZA', 'DC1')).toEqual({
      ok: false,
      message:
        'West Coast (DC1) is a district municipality: choose the local municipality the property is in',
    });
    expect(correctedMunicipality('ZA', 'Emalahleni')).toEqual({
      ok: false,
      message: '"Emalahleni" names more than one municipality: choose EC136 or MP312',
    });
  });

  it('keeps the text as typed outside South Africa', () => {
    expect(correctedMunicipality('US', 'Springfield')).toEqual({ ok: true, municipality: 'Springfield' });
  });
});

describe('propertyUploadFileSchema', () => {
  const deed = { name: 'title-deed.pdf', size: 250_000, type: 'application/pdf' };

  it.each([
    ['title-deed.pdf', 'application/pdf'],
    ['PROOF.JPG', 'image/jpeg'],
    ['proof.jpeg', 'image/JPEG'],
    ['scan.png', 'image/png'],
  ])('accepts %s (%s)', (name, type) => {
    expect(dataOf(propertyUploadFileSchema, { ...deed, name, type })).toEqual({ ...deed, name, type });
  });

  it.each([
    ['a Word file', 'deed.docx', 'application/pdf'],
    ['no extension', 'deed', 'application/pdf'],
    ['a mismatched type', 'deed.pdf', 'text/plain'],
    ['no type', 'deed.pdf', ''],
    ['a webp', 'deed.webp', 'image/webp'],
  ])('refuses %s', (_label, name, type) => {
    expect(errorsOf(propertyUploadFileSchema, { ...deed, name, type })).toEqual({
      '': 'Only PDF, JPG and PNG files are allowed',
    });
  });

  it('allows 10 MB and refuses more', () => {
    expect(dataOf(propertyUploadFileSchema, { ...deed, size: PROPERTY_FORM_MAX_BYTES }).size).toBe(
      10 * 1024 * 1024,
    );
    expect(errorsOf(propertyUploadFileSchema, { ...deed, size: PROPERTY_FORM_MAX_BYTES + 1 })).toEqual({
      '': 'File is larger than 10 MB',
    });
  });

  it('gives only the type message for a file that is both too big and of the wrong type', () => {
    expect(
      errorsOf(propertyUploadFileSchema, { name: 'a.exe', size: 1e9, type: 'application/x-msdownload' }),
    ).toEqual({
      '': PROPERTY_MESSAGES.fileType,
    });
  });

  it('refuses something that is not a file', () => {
    expect(errorsOf(propertyUploadFileSchema, 'deed.pdf')).toEqual({ '': 'Choose a file' });
  });
});

describe('propertyPageInputSchema', () => {
  it('defaults to the first page of 50, no search, no filter', () => {
    expect(PROPERTY_PAGE_SIZE).toBe(50);
    expect(dataOf(propertyPageInputSchema, {})).toEqual({ limit: 50 });
  });

  it('takes a cursor, a size from 1 to 100, a trimmed search and a compliance status', () => {
    expect(
      dataOf(propertyPageInputSchema, {
        cursor: 'abc-DEF_123',
        limit: 100,
        q: '  Kloof  ',
        status: 'warning',
      }),
    ).toEqual({ cursor: 'abc-DEF_123', limit: 100, q: 'Kloof', status: 'warning' });
    expect(dataOf(propertyPageInputSchema, { limit: 1 }).limit).toBe(1);
  });

  it('reads a blank search as no search', () => {
    expect(dataOf(propertyPageInputSchema, { q: '   ' })).toEqual({ limit: 50 });
    expect(dataOf(propertyPageInputSchema, { q: '' })).toEqual({ limit: 50 });
  });

  it('refuses a size out of range or not whole, with one clear message', () => {
    for (const limit of [0, -1, MAX_PROPERTY_PAGE_SIZE + 1, 2.5, '50', null]) {
      expect(errorsOf(propertyPageInputSchema, { limit })).toEqual({ limit: PROPERTY_PAGE_MESSAGES.limit });
    }
    expect(PROPERTY_PAGE_MESSAGES.limit).toBe('Page size must be a whole number from 1 to 100');
  });

  it('refuses a cursor the server cannot have issued', () => {
    for (const cursor of [
      '',
      'not a cursor',
      'a/b',
      `a${'\u0000'}b`,
      'x'.repeat(MAX_PROPERTY_CURSOR + 1),
      7,
    ]) {
      expect(errorsOf(propertyPageInputSchema, { cursor })).toEqual({ cursor: 'Invalid cursor' });
    }
    expect(dataOf(propertyPageInputSchema, { cursor: 'x'.repeat(MAX_PROPERTY_CURSOR) }).cursor).toHaveLength(
      MAX_PROPERTY_CURSOR,
    );
  });

  it('refuses a long search, a control character and an unknown status', () => {
    expect(errorsOf(propertyPageInputSchema, { q: 'x'.repeat(MAX_PROPERTY_SEARCH + 1) })).toEqual({
      q: 'Search must be at most 200 characters',
    });
    expect(errorsOf(propertyPageInputSchema, { q: `a${'\u0007'}` })).toEqual({
      q: 'Search must not contain control characters',
    });
    expect(errorsOf(propertyPageInputSchema, { q: 3 })).toEqual({ q: 'Search must be text' });
    expect(errorsOf(propertyPageInputSchema, { status: 'fine' })).toEqual({
      status: 'Status must be good, warning or critical',
    });
  });

  it('has a filter of its own for the whole list: search and status, no paging', () => {
    expect(dataOf(propertyFilterSchema, { q: ' ERF 12 ', status: 'critical', limit: 5 })).toEqual({
      q: 'ERF 12',
      status: 'critical',
    });
    expect(dataOf(propertyFilterSchema, {})).toEqual({});
  });
});

describe('the parts of the DNA code (issue 25: a part that normalises to nothing answered 500)', () => {
  const abroad = { ...dialog, country: 'US', municipality: 'Springfield' } satisfies PropertyDialogInput;
  const fields = [
    ['dialog parcel_id', abroad, 'parcel_id', 'Parcel ID'],
    ['dialog municipality abroad', abroad, 'municipality', 'Municipality'],
    ['dialog municipality in South Africa', dialog, 'municipality', 'Municipality'],
    ['form erfNumber', form, 'erfNumber', 'ERF/Portion/Stand number'],
    ['form municipality', form, 'municipality', 'Municipality'],
  ] as const;

  it.each(fields)('%s: refuses what normalises to nothing, naming the field', (_, input, field, label) => {
    for (const value of ['-', '!!!', 'İ', '---', ' - / # ', 'é', '😀']) {
      expect(errorsOf(createPropertyInputSchema, { ...input, [field]: value })).toEqual({
        [field]: dnaPartEmptyMessage(label),
      });
    }
    expect(dnaPartEmptyMessage(label)).toBe(`${label} must contain a letter or digit (A–Z, 0–9)`);
    // Blank keeps its own message.
    expect(Object.keys(errorsOf(createPropertyInputSchema, { ...input, [field]: ' ' }))).toEqual([field]);
  });

  it('takes a parcel or municipality exactly when the DNA code can be issued from it', () => {
    const text = fc.string({
      unit: fc.constantFrom('a', 'Z', '7', '-', '!', ' ', '/', 'İ', 'é', 'ß', '😀', '#'),
      maxLength: 12,
    });
    fc.assert(
      fc.property(text, text, (parcel, municipality) => {
        const input = { ...abroad, parcel_id: parcel, municipality };
        const parsed = createPropertyInputSchema.safeParse(input);
        const blank = parcel.trim() === '' || municipality.trim() === '';
        const issuable =
          normalizeDnaPart(parcel, DNA_PART_MAX_LENGTH.parcelId) !== '' &&
          normalizeDnaPart(municipality, DNA_PART_MAX_LENGTH.municipality) !== '';
        expect(parsed.success).toBe(!blank && issuable);
        if (parsed.success) {
          // What the schema takes, the DNA code can be issued from.
          expect(() =>
            issueDnaCode({ ...parsed.data, parcelId: parsed.data.parcel_id }, 2026, () => 0.5),
          ).not.toThrow();
        }
      }),
    );
  });

  it('names a new property after its address without cutting a character in half', () => {
    const address = `${'a'.repeat(99)}😀 Main Road`;
    const created = dataOf(createPropertyInputSchema, { ...form, address });
    expect(created.name).toBe('a'.repeat(99));
  });
});
