import { describe, expect, it } from 'vitest';
import { DNA_PART_MAX_LENGTH, normalizeDnaPart } from './dna-code.js';
import {
  areaOfAddress,
  areaSearchTerms,
  describeMunicipality,
  findMunicipalities,
  MUNICIPALITIES,
  municipalityByCode,
  municipalityNameKey,
  PROPERTY_MUNICIPALITIES,
  PROVINCES,
  resolvePropertyMunicipality,
} from './municipalities.js';

describe('MUNICIPALITIES', () => {
  it('has the MDB counts of 2021: 8 metros, 44 districts, 205 locals', () => {
    const count = (kind: string) =>
      MUNICIPALITIES.filter((municipality) => municipality.kind === kind).length;
    expect(count('metro')).toBe(8);
    expect(count('district')).toBe(44);
    expect(count('local')).toBe(205);
    expect(PROPERTY_MUNICIPALITIES).toHaveLength(213);
  });

  it('has the eight metros by their codes', () => {
    const metros = MUNICIPALITIES.filter((municipality) => municipality.kind === 'metro');
    expect(Object.fromEntries(metros.map((metro) => [metro.code, metro.name]))).toEqual({
      CPT: 'City of Cape Town',
      JHB: 'City of Johannesburg',
      TSH: 'City of Tshwane',
      ETH: 'eThekwini',
      EKU: 'Ekurhuleni',
      NMA: 'Nelson Mandela Bay',
      BUF: 'Buffalo City',
      MAN: 'Mangaung',
    });
  });

  it('has the locals per province that the MDB gives', () => {
    const locals = (province: string) =>
      MUNICIPALITIES.filter((m) => m.kind === 'local' && m.province === province).length;
    expect(
      Object.fromEntries(Object.keys(PROVINCES).map((province) => [province, locals(province)])),
    ).toEqual({
      WC: 24,
      EC: 31,
      NC: 26,
      FS: 18,
      KZN: 43,
      GP: 6,
      LP: 22,
      MP: 17,
      NW: 18,
    });
  });

  it('has unique codes of the MDB shapes, each local in a listed district of its province', () => {
    expect(new Set(MUNICIPALITIES.map((m) => m.code)).size).toBe(MUNICIPALITIES.length);
    for (const municipality of MUNICIPALITIES) {
      if (municipality.kind === 'metro') expect(municipality.code).toMatch(/^[A-Z]{3}$/);
      if (municipality.kind === 'district') expect(municipality.code).toMatch(/^DC\d{1,2}$/);
      if (municipality.kind === 'local') {
        expect(municipality.code).toMatch(/^(WC|EC|NC|FS|KZN|GT|LIM|MP|NW)\d{3}$/);
        const district = municipalityByCode(municipality.district ?? '');
        expect(district?.kind).toBe('district');
        expect(district?.province).toBe(municipality.province);
      }
      // The DNA code carries the code whole.
      expect(normalizeDnaPart(municipality.code, DNA_PART_MAX_LENGTH.municipality)).toBe(municipality.code);
    }
  });

  it('has names that tell municipalities apart, except Emalahleni (EC136, MP312)', () => {
    const byKey = new Map<string, string[]>();
    for (const m of MUNICIPALITIES) {
      const key = municipalityNameKey(m.name);
      byKey.set(key, [...(byKey.get(key) ?? []), m.code]);
    }
    const shared = [...byKey.values()].filter((codes) => codes.length > 1);
    expect(shared).toEqual([['EC136', 'MP312']]);
  });
});

describe('findMunicipalities and resolvePropertyMunicipality', () => {
  it.each([
    ['CPT', 'CPT'],
    [' wc011 ', 'WC011'],
    ['City of Cape Town', 'CPT'],
    ['CITY OF JOHANNESBURG', 'JHB'],
    ['ethekwini metropolitan municipality', 'ETH'],
    ['Khai-Ma', 'NC067'],
    ['Mbizana', 'EC443'],
    ['Cape Town', 'CPT'],
    ['Big 5 Hlabisa', 'KZN276'],
    ['!Kai! Garib', 'NC082'],
    ['Dr Pixley Ka Isaka Seme', 'MP304'],
    ['Polokwane', 'LIM354'],
    ['Kouga', 'EC108'],
  ])('%j is %s', (value, code) => {
    expect(resolvePropertyMunicipality(value)).toMatchObject({ ok: true, municipality: { code } });
  });

  it('says why a value is not a property municipality', () => {
    expect(resolvePropertyMunicipality('Atlantis')).toEqual({
      ok: false,
      message:
        'Unknown municipality "Atlantis": choose a South African municipality from the list (name or code, e.g. CPT or WC011)',
    });
    expect(resolvePropertyMunicipality('Garden Route')).toMatchObject({ ok: false });
    expect(findMunicipalities('Emalahleni').map((m) => m.code)).toEqual(['EC136', 'MP312']);
    expect(resolvePropertyMunicipality('EC136')).toMatchObject({ ok: true });
  });

  it('gives the names a place is written with in an address, for a search by area', () => {
    expect(areaSearchTerms('CPT')).toEqual(['CPT', 'Cape Town']);
    expect(areaSearchTerms(' cape town ')).toEqual(['cape town']);
    expect(areaSearchTerms('Durban')).toEqual(['Durban', 'eThekwini']);
    expect(areaSearchTerms('TSH')).toEqual(['TSH', 'Tshwane', 'Pretoria']);
    expect(areaSearchTerms('Emalahleni')).toEqual(['Emalahleni']);
    expect(areaSearchTerms('Sea Point')).toEqual(['Sea Point']);
    expect(areaSearchTerms('  ')).toEqual([]);
  });

  it('describes a stored code by its label and leaves older typed names as they are', () => {
    expect(describeMunicipality('CPT')).toBe('City of Cape Town (CPT)');
    expect(describeMunicipality('City of Cape Town')).toBe('City of Cape Town');
  });
});

describe('areaOfAddress', () => {
  it('names the place an address is in, never its street', () => {
    expect(areaOfAddress('12 Loop Street, Gardens, Cape Town, 8001')).toBe('Cape Town');
    expect(areaOfAddress('Unit 4, 9 Main Road, Sea Point')).toBe('Sea Point');
    expect(areaOfAddress('1 Main Road, Cape Town')).toBe('Cape Town');
    expect(areaOfAddress('1 Main Road')).toBeNull();
    expect(areaOfAddress('1 Main Road, , 7700')).toBeNull();
    expect(areaOfAddress(null)).toBeNull();
    expect(areaOfAddress(undefined)).toBeNull();
  });
});
