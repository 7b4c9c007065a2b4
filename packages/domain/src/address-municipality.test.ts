import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ADDRESS_PLACES,
  municipalityOfPostalCode,
  POSTAL_CODE_RANGES,
  suggestMunicipality,
} from './address-municipality.js';
import {
  describeMunicipalityInWords,
  findMunicipalities,
  municipalityByCode,
  municipalityInWords,
  municipalityNameKey,
} from './municipalities.js';

const codeOf = (address: string) => suggestMunicipality(address)?.municipality.code ?? null;

describe('suggestMunicipality', () => {
  it.each([
    // The metros by their names, common names and places, as owners type them.
    ['12 Long Street, Cape Town, 8001', 'CPT'],
    ['12 Long Street Cape Town 8001', 'CPT'],
    ['12 Long Street, Cape Town', 'CPT'],
    ['12 Long Street, Cape Town, 8001, South Africa', 'CPT'],
    ['9 Beach Road, Sea Point', 'CPT'],
    ['3 Main Road, Somerset West', 'CPT'],
    ['3 Main Road, Gardens, 8001', 'CPT'],
    ["4 Queen's Road, Simon's Town", 'CPT'],
    ['1 Marine Drive, City of Cape Town', 'CPT'],
    ['14 Rivonia Road, Sandton, 2196', 'JHB'],
    ['43 Cavendish Road, Yeoville, 2198', 'JHB'],
    ['1 Main Street, Johannesburg', 'JHB'],
    ['370 Church Street, Pretoria, 0002', 'TSH'],
    ['5 Lenchen Avenue, Centurion', 'TSH'],
    ['2 Lighthouse Road, Umhlanga Rocks', 'ETH'],
    ['88 Florida Road, Durban, 4001', 'ETH'],
    ['10 Voortrekker Road, Benoni', 'EKU'],
    ['300 Kempston Road, Gqeberha, 6001', 'NMA'],
    ['7 Oxford Street, East London', 'BUF'],
    ['1 Nelson Mandela Drive, Bloemfontein', 'MAN'],
    // Local municipalities by their names and towns.
    ['Stellenbosch', 'WC024'],
    ['12 Dorp Street, Stellenbosch, 7600', 'WC024'],
    ['5 Main Road, Hermanus', 'WC032'],
    ['4 York Street, George, 6530', 'WC044'],
    ['Cape Agulhas', 'WC033'],
    ['1 Church Street, Paarl', 'WC023'],
    ['2 Market Street, Polokwane', 'LIM354'],
    ['9 Church Street, Pietermaritzburg', 'KZN225'],
    // The postal code alone, in a range wholly in one metro.
    ['12 Long Street, 8001', 'CPT'],
    ['1 Main Road, Zonnebloem 7925', 'CPT'],
    ['5 Some Road, 4001', 'ETH'],
  ])('%j suggests %s', (address, code) => {
    expect(codeOf(address)).toBe(code);
  });

  it.each([
    // Nothing typed, or nothing that names a place.
    [''],
    ['   '],
    ['12 Long Street'],
    ['8001'],
    ['Unit 4, 1234'],
    // A prefix is not a place: 'Cape' is not Cape Town, nor Cape Agulhas.
    ['Cape'],
    ['12 Long Street, Cape'],
    ['Western Cape'],
    // Names two municipalities share, or that are also a place elsewhere.
    ['5 Main Road, Rosebank'],
    ['5 Main Road, Observatory'],
    ['Emalahleni'],
    ['3 Oak Avenue, Richmond'],
    ['Naledi'],
    ['Blouberg'],
    // A district is not a property's municipality; a code is not a place.
    ['Overberg'],
    ['Garden Route'],
    ['WC024'],
    ['DC1'],
    ['1 Main Road, NMA'],
    // Ranges that straddle a boundary suggest nothing.
    ['1 Main Road, 7130'],
    ['1 Main Road, 2008'],
    ['1 Main Road, 1685'],
    // Two municipalities named: no suggestion rather than a guess.
    ['9 Beach Road, Sea Point, 2196'],
    ['Cape Town, Stellenbosch'],
    ['12 Long Street, Durban, Cape Town'],
    // A street named after a town is a street.
    ['12 Stellenbosch Road, Somewhere'],
    ['1 Durban Road'],
  ])('%j suggests nothing', (address) => {
    expect(suggestMunicipality(address)).toBeNull();
  });

  it('says which words named the municipality', () => {
    expect(suggestMunicipality('12 Long Street, Cape Town, 8001')).toEqual({
      municipality: municipalityByCode('CPT'),
      from: ['Cape Town', '8001'],
    });
    expect(suggestMunicipality('9 Beach Road, Sea Point, Cape Town')?.from).toEqual([
      'Sea Point',
      'Cape Town',
    ]);
    expect(suggestMunicipality(null)).toBeNull();
    expect(suggestMunicipality(undefined)).toBeNull();
  });

  const places = Object.entries(ADDRESS_PLACES).flatMap(([code, names]) =>
    names.map((name) => ({ code, name })),
  );
  const street = fc
    .tuple(
      fc.integer({ min: 1, max: 999 }),
      fc.constantFrom('Long', 'Kloof', 'Main', 'Church', 'Voortrekker', 'Beach', 'Stellenbosch', 'Durban'),
      fc.constantFrom('Street', 'Road', 'Avenue', 'Drive', 'Lane', 'Crescent'),
    )
    .map(([number, name, kind]) => `${number} ${name} ${kind}`);

  it('suggests the municipality of any listed place after any street, with or without the country', () => {
    fc.assert(
      fc.property(street, fc.constantFrom(...places), fc.boolean(), (line, place, country) => {
        const address = `${line}, ${place.name}${country ? ', South Africa' : ''}`;
        expect(codeOf(address)).toBe(place.code);
      }),
    );
  });

  it('suggests nothing when two places of different municipalities are named', () => {
    fc.assert(
      fc.property(street, fc.constantFrom(...places), fc.constantFrom(...places), (line, a, b) => {
        fc.pre(a.code !== b.code);
        expect(suggestMunicipality(`${line}, ${a.name}, ${b.name}`)).toBeNull();
      }),
    );
  });

  it('suggests the metro of any postal code in a listed range, and nothing against another place', () => {
    const inRange = fc
      .constantFrom(...POSTAL_CODE_RANGES)
      .chain(([from, to, code]) =>
        fc.integer({ min: from, max: to }).map((value) => ({ postal: String(value).padStart(4, '0'), code })),
      );
    fc.assert(
      fc.property(street, inRange, (line, { postal, code }) => {
        expect(codeOf(`${line}, ${postal}`)).toBe(code);
        expect(municipalityOfPostalCode(postal)?.code).toBe(code);
        const elsewhere = code === 'CPT' ? 'Stellenbosch' : 'Cape Town';
        expect(suggestMunicipality(`${line}, ${elsewhere}, ${postal}`)).toBeNull();
      }),
    );
  });

  it('never throws, and only ever suggests a metro or local municipality named by the address', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), (address) => {
        const suggestion = suggestMunicipality(address);
        if (suggestion) {
          expect(suggestion.municipality.kind).not.toBe('district');
          expect(suggestion.from.length).toBeGreaterThan(0);
          for (const words of suggestion.from) expect(address).toContain(words);
        }
      }),
    );
  });

  it('lists each place once, for a metro or local municipality, never under a name of another', () => {
    const keys = places.map((place) => municipalityNameKey(place.name));
    expect(new Set(keys).size).toBe(keys.length);
    for (const { code, name } of places) {
      expect(municipalityByCode(code)?.kind, code).not.toBe('district');
      for (const other of findMunicipalities(name)) expect(other.code, name).toBe(code);
    }
    expect(municipalityOfPostalCode('800')).toBeUndefined();
    expect(municipalityOfPostalCode('9999')).toBeUndefined();
  });
});

describe('municipalityInWords', () => {
  it('names the municipality, its code and its province: what the owner confirms before saving', () => {
    const words = (code: string) => {
      const municipality = municipalityByCode(code);
      return municipality ? municipalityInWords(municipality) : null;
    };
    expect(words('CPT')).toBe('City of Cape Town (CPT), Western Cape');
    expect(words('KZN225')).toBe('Msunduzi (KZN225), KwaZulu-Natal');
    expect(describeMunicipalityInWords('WC033')).toBe('Cape Agulhas (WC033), Western Cape');
    expect(describeMunicipalityInWords('Springfield')).toBe('Springfield');
  });
});
