import { describe, expect, it } from 'vitest';
import { MUNICIPALITIES, PROVINCES, type ProvinceCode } from './municipalities.js';
import {
  providerArea,
  provinceNamed,
  provinceSearchTerms,
  vendorMatchesSearch,
  widenedSearchMessage,
} from './provider-search.js';

describe('provinceNamed', () => {
  it('knows a province by its code or its name, in any case', () => {
    expect(provinceNamed('WC')).toBe('WC');
    expect(provinceNamed(' western cape ')).toBe('WC');
    expect(provinceNamed('KwaZulu-Natal')).toBe('KZN');
    expect(provinceNamed('kwazulu natal')).toBe('KZN');
    expect(provinceNamed('Cape Town')).toBeUndefined();
    expect(provinceNamed('')).toBeUndefined();
  });
});

describe('provinceSearchTerms', () => {
  it('gives the province and every place of its municipalities, each once, never a code', () => {
    const terms = provinceSearchTerms('WC');
    expect(terms[0]).toBe('Western Cape');
    expect(terms).toEqual(
      expect.arrayContaining(['Cape Town', 'Stellenbosch', 'George', 'Cape Agulhas', 'Garden Route', 'Eden']),
    );
    expect(terms).not.toContain('CPT');
    expect(terms).not.toContain('WC024');
    expect(terms).not.toContain('Durban');
    expect(new Set(terms.map((term) => term.toLowerCase())).size).toBe(terms.length);
  });

  it('covers every municipality of every province', () => {
    for (const code of Object.keys(PROVINCES) as ProvinceCode[]) {
      const terms = provinceSearchTerms(code);
      for (const municipality of MUNICIPALITIES.filter((m) => m.province === code)) {
        expect(terms).toContain(municipality.name.replace(/^City of /, ''));
      }
    }
    expect(provinceSearchTerms('KZN')).toEqual(
      expect.arrayContaining(['KwaZulu-Natal', 'eThekwini', 'Durban']),
    );
  });
});

describe('providerArea', () => {
  it('reads a municipality code or name as the municipality, widening to its province', () => {
    expect(providerArea('CPT')).toEqual({
      kind: 'municipality',
      label: 'City of Cape Town',
      terms: ['CPT', 'Cape Town'],
      province: 'WC',
    });
    expect(providerArea('City of Cape Town')).toEqual({
      kind: 'municipality',
      label: 'City of Cape Town',
      terms: ['City of Cape Town', 'Cape Town'],
      province: 'WC',
    });
    expect(providerArea('Durban')).toEqual({
      kind: 'municipality',
      label: 'eThekwini',
      terms: ['Durban', 'eThekwini'],
      province: 'KZN',
    });
    expect(providerArea('stellenbosch')?.province).toBe('WC');
  });

  it('searches a province by every place in it, and widens no further', () => {
    expect(providerArea('Western Cape')).toEqual({
      kind: 'province',
      label: 'Western Cape',
      terms: provinceSearchTerms('WC'),
      province: null,
    });
    expect(providerArea('gp')?.label).toBe('Gauteng');
  });

  it('keeps a town it does not know as typed, and widens nowhere', () => {
    expect(providerArea(' Sea Point ')).toEqual({
      kind: 'place',
      label: 'Sea Point',
      terms: ['Sea Point'],
      province: null,
    });
  });

  it('widens nowhere for a name two provinces share', () => {
    // Emalahleni: a local municipality in the Eastern Cape (EC136) and in Mpumalanga (MP312).
    expect(providerArea('Emalahleni')).toEqual({
      kind: 'municipality',
      label: 'Emalahleni',
      terms: ['Emalahleni'],
      province: null,
    });
  });

  it('is anywhere (null) for nothing', () => {
    expect(providerArea('')).toBeNull();
    expect(providerArea('   ')).toBeNull();
    expect(providerArea(null)).toBeNull();
    expect(providerArea(undefined)).toBeNull();
  });
});

describe('widenedSearchMessage', () => {
  it('says the area had nobody of the specialty and which province is shown', () => {
    expect(
      widenedSearchMessage({
        specialty: ' Plumbing ',
        area: 'City of Cape Town',
        province: 'WC',
        foundInProvince: 2,
      }),
    ).toBe('No Plumbing providers in City of Cape Town; showing providers in Western Cape');
    expect(widenedSearchMessage({ area: 'City of Cape Town', province: 'WC', foundInProvince: 1 })).toBe(
      'No providers in City of Cape Town; showing providers in Western Cape',
    );
    expect(
      widenedSearchMessage({ specialty: '  ', area: 'Drakenstein', province: 'WC', foundInProvince: 1 }),
    ).toBe('No providers in Drakenstein; showing providers in Western Cape');
  });

  it('says when the province has nobody either', () => {
    expect(
      widenedSearchMessage({ specialty: 'Solar', area: 'Polokwane', province: 'LP', foundInProvince: 0 }),
    ).toBe('No Solar providers in Polokwane or elsewhere in Limpopo');
  });
});

describe('vendorMatchesSearch', () => {
  const plumber = {
    name: 'Sipho Dlamini',
    company: 'Dlamini Plumbing',
    specialties: ['Plumbing', 'Geysers'],
    notes: 'Replaced the geyser valve in 2024.',
  };
  const electrician = { name: 'Thabo Nkosi', company: 'Sparks Electrical', specialties: [] };

  it('matches every vendor when nothing is asked', () => {
    expect(vendorMatchesSearch(plumber, {})).toBe(true);
    expect(vendorMatchesSearch(electrician, { specialty: null, q: '  ' })).toBe(true);
  });

  it('matches a specialty on the specialties recorded, any part, any case', () => {
    expect(vendorMatchesSearch(plumber, { specialty: 'GEYSER' })).toBe(true);
    expect(vendorMatchesSearch(plumber, { specialty: 'roof' })).toBe(false);
    // Recorded specialties decide: the company's name is not searched beside them.
    expect(
      vendorMatchesSearch({ ...plumber, company: 'Dlamini Roofing & Plumbing' }, { specialty: 'roof' }),
    ).toBe(false);
  });

  it('matches a specialty on the company or name of a vendor with none recorded', () => {
    expect(vendorMatchesSearch(electrician, { specialty: 'electrical' })).toBe(true);
    expect(vendorMatchesSearch({ ...electrician, company: null }, { specialty: 'thabo' })).toBe(true);
    expect(vendorMatchesSearch({ ...electrician, company: null }, { specialty: 'electrical' })).toBe(false);
  });

  it('matches words on the name, company, specialties or notes, with the specialty too', () => {
    expect(vendorMatchesSearch(plumber, { q: 'sipho' })).toBe(true);
    expect(vendorMatchesSearch(plumber, { q: 'valve' })).toBe(true);
    expect(vendorMatchesSearch(plumber, { q: 'geysers' })).toBe(true);
    expect(vendorMatchesSearch(electrician, { q: 'sparks' })).toBe(true);
    expect(vendorMatchesSearch(electrician, { q: 'valve' })).toBe(false);
    expect(vendorMatchesSearch(plumber, { specialty: 'plumb', q: 'dlamini' })).toBe(true);
    expect(vendorMatchesSearch(plumber, { specialty: 'roof', q: 'dlamini' })).toBe(false);
  });
});
