/**
 * Find Provider's rules (issue 32 §6): where it looks first (the property's municipality), where next when
 * nobody of the specialty is there (the municipality's province), how the widening is said, and which of
 * the owner's own vendors match the search (they come first, marked as theirs).
 */
import {
  areaSearchTerms,
  findMunicipalities,
  MUNICIPALITIES,
  municipalityNameKey,
  PROVINCES,
  type ProvinceCode,
} from './municipalities.js';

/** An area Find Provider searches: how it reads, how it is written in an address, and what is around it. */
export interface ProviderArea {
  /**
   * What the text named: a municipality (by code or name), a province, or a place the list does not know
   * (a town, a suburb), searched as typed. A province's terms are names of places, to be found as whole
   * words ('George' is no part of 'Georgetown').
   */
  kind: 'municipality' | 'province' | 'place';
  /** How it reads on screen: a municipality's name ('City of Cape Town'), a province's, or the text as typed. */
  label: string;
  /** How it is written in an address (a supplier's business address holds one of these). */
  terms: string[];
  /** The province searched when the area has nobody; null when the area is a province, or not known. */
  province: ProvinceCode | null;
}

const PROVINCE_CODES = Object.keys(PROVINCES) as ProvinceCode[];

/** The province a code ('WC') or a name ('western cape') names, any case; undefined for anything else. */
export function provinceNamed(text: string): ProvinceCode | undefined {
  const key = municipalityNameKey(text);
  return PROVINCE_CODES.find(
    (code) => key === code.toLowerCase() || key === municipalityNameKey(PROVINCES[code]),
  );
}

/**
 * How a place in the province is written in an address: the province's name and, for every municipality in
 * it, the names areaSearchTerms gives ('Western Cape', 'Cape Town', 'Stellenbosch', 'George'…), each once.
 */
export function provinceSearchTerms(province: ProvinceCode): string[] {
  const terms: string[] = [PROVINCES[province]];
  for (const municipality of MUNICIPALITIES) {
    if (municipality.province === province) terms.push(...areaSearchTerms(municipality.code).slice(1));
  }
  // Each once, whatever its case (the first spelling kept).
  const keys = terms.map((term) => term.toLowerCase());
  return terms.filter((_, index) => keys.indexOf(keys[index] as string) === index);
}

/**
 * The area Find Provider searches first, from what the Area field holds (an MDB code, a municipality's or
 * a province's name, or a town as typed): null for nothing (anywhere). A municipality reads as its name
 * and widens to its province (a name two provinces share widens nowhere); a province is searched by every
 * place in it; any other text is searched as it is and widens nowhere.
 */
export function providerArea(codeOrName: string | null | undefined): ProviderArea | null {
  const text = (codeOrName ?? '').trim();
  if (text === '') return null;
  const province = provinceNamed(text);
  if (province) {
    return {
      kind: 'province',
      label: PROVINCES[province],
      terms: provinceSearchTerms(province),
      province: null,
    };
  }
  const matches = findMunicipalities(text);
  const provinces = new Set(matches.map((municipality) => municipality.province));
  const [only] = matches;
  return {
    kind: only ? 'municipality' : 'place',
    label: matches.length === 1 && only ? only.name : text,
    terms: areaSearchTerms(text),
    // Every match in one province: that one (a name two provinces share widens nowhere).
    province: provinces.size === 1 && only ? only.province : null,
  };
}

/**
 * What Find Provider says when the area had nobody and its province was searched instead:
 * 'No Plumbing providers in City of Cape Town; showing providers in Western Cape', or, when the province
 * has nobody either, 'No Plumbing providers in City of Cape Town or elsewhere in Western Cape'. Without a
 * specialty: 'No providers in …'.
 */
export function widenedSearchMessage({
  specialty,
  area,
  province,
  foundInProvince,
}: {
  specialty?: string | null;
  area: string;
  province: ProvinceCode;
  foundInProvince: number;
}): string {
  const what = specialty?.trim() ? `No ${specialty.trim()} providers` : 'No providers';
  const provinceName = PROVINCES[province];
  return foundInProvince > 0
    ? `${what} in ${area}; showing providers in ${provinceName}`
    : `${what} in ${area} or elsewhere in ${provinceName}`;
}

/** What a vendor of the owner's directory is searched by. */
export interface SearchableVendor {
  name: string;
  company: string | null;
  specialties: readonly string[];
  notes?: string | null;
}

const holds = (text: string | null | undefined, term: string) =>
  (text ?? '').toLowerCase().includes(term.toLowerCase());

/**
 * Whether one of the owner's own vendors matches Find Provider's search (the area never narrows them: a
 * vendor has none recorded). A specialty matches one of the vendor's specialties, or, with none recorded
 * (an invite records none), its company or name ('Sparks Electrical' for 'electrical'); the words (q)
 * match the name, company, specialties or notes. Any part, any case, as the supplier search does.
 */
export function vendorMatchesSearch(
  vendor: SearchableVendor,
  search: { specialty?: string | null; q?: string | null },
): boolean {
  const specialty = search.specialty?.trim();
  const q = search.q?.trim();
  if (specialty) {
    const matches =
      vendor.specialties.length > 0
        ? vendor.specialties.some((item) => holds(item, specialty))
        : holds(vendor.company, specialty) || holds(vendor.name, specialty);
    if (!matches) return false;
  }
  if (q) {
    return [vendor.name, vendor.company, vendor.notes, ...vendor.specialties].some((text) => holds(text, q));
  }
  return true;
}
