/**
 * The municipality an address names (issue 32 §5): a suggestion for the Add Property form, never a
 * decision. It suggests only where the address leaves no doubt, and nothing otherwise:
 *
 * - a place the address names — a metro's or local municipality's own name or common name ('Cape Town',
 *   'Stellenbosch', 'Gqeberha'), or a town or suburb listed below that lies wholly in one municipality
 *   ('Sea Point', 'Sandton', 'Umhlanga'). Places whose name belongs to two municipalities (Rosebank,
 *   Observatory, Kenilworth, Newlands, Claremont, Wynberg in both Cape Town and Johannesburg or
 *   Tshwane; Middelburg in Mpumalanga and the Eastern Cape; Blouberg, a Limpopo municipality and a Cape
 *   Town suburb) are not listed;
 * - a postal code at the end of the address, in a range that lies wholly in one metro (see
 *   {@link POSTAL_CODE_RANGES}). Ranges that straddle a boundary (0200–0299: Tshwane and Madibeng;
 *   the East Rand's 1400–1699, which also holds Midrand and Heidelberg; 7100–7199: Somerset West and
 *   Grabouw) are not listed;
 * - when two of these point to different municipalities ('Sea Point, 2196'), nothing.
 *
 * A district municipality is never suggested (a property lies in a metro or local municipality).
 */
import {
  findMunicipalities,
  type Municipality,
  municipalityByCode,
  municipalityNameKey,
} from './municipalities.js';

/**
 * Towns and suburbs that lie wholly in one municipality and whose name no other municipality shares,
 * by the municipality's MDB code. Only places well known by that name; an unlisted place suggests
 * nothing (unless the address also names its city or a listed postal code).
 */
export const ADDRESS_PLACES: Readonly<Record<string, readonly string[]>> = {
  CPT: [
    'CPT',
    'Sea Point',
    'Green Point',
    'Camps Bay',
    'Clifton',
    'Bantry Bay',
    'Fresnaye',
    'Tamboerskloof',
    'Oranjezicht',
    'Vredehoek',
    'Woodstock',
    'Salt River',
    'Zonnebloem',
    'Bo-Kaap',
    'De Waterkant',
    'Rondebosch',
    'Plumstead',
    'Constantia',
    'Tokai',
    'Bergvliet',
    'Muizenberg',
    'Kalk Bay',
    'Fish Hoek',
    "Simon's Town",
    'Kommetjie',
    'Hout Bay',
    'Llandudno',
    'Pinelands',
    'Milnerton',
    'Table View',
    'Bloubergstrand',
    'Melkbosstrand',
    'Durbanville',
    'Bellville',
    'Parow',
    'Goodwood',
    'Brackenfell',
    'Kraaifontein',
    'Kuils River',
    'Blue Downs',
    'Eerste River',
    'Somerset West',
    'Strand',
    "Gordon's Bay",
    'Khayelitsha',
    'Mitchells Plain',
    'Gugulethu',
    'Philippi',
    'Atlantis',
  ],
  JHB: [
    'JHB',
    'Joburg',
    'Jozi',
    'Sandton',
    'Randburg',
    'Soweto',
    'Roodepoort',
    'Midrand',
    'Fourways',
    'Bryanston',
    'Rivonia',
    'Parkhurst',
    'Houghton',
    'Braamfontein',
    'Hillbrow',
    'Yeoville',
    'Auckland Park',
    'Emmarentia',
    'Northcliff',
    'Parktown',
    'Saxonwold',
    'Lenasia',
    'Diepsloot',
    'Sunninghill',
    'Lonehill',
    'Kyalami',
    'Honeydew',
    'Ennerdale',
  ],
  TSH: [
    'PTA',
    'Centurion',
    'Hatfield',
    'Menlo Park',
    'Waterkloof',
    'Lynnwood',
    'Garsfontein',
    'Faerie Glen',
    'Moreleta Park',
    'Mamelodi',
    'Soshanguve',
    'Atteridgeville',
    'Akasia',
    'Irene',
    'Laudium',
    'Eersterust',
    'Hammanskraal',
    'Cullinan',
    'Bronkhorstspruit',
    'Ga-Rankuwa',
    'Mabopane',
    'Pretoria North',
    'Wonderboom',
  ],
  ETH: [
    'Umhlanga',
    'Umhlanga Rocks',
    'Westville',
    'Pinetown',
    'Chatsworth',
    'Amanzimtoti',
    'Umlazi',
    'Durban North',
    'La Lucia',
    'Musgrave',
    'Queensburgh',
    'KwaMashu',
    'Inanda',
    'Tongaat',
    'Verulam',
    'Isipingo',
    'Umbilo',
  ],
  EKU: [
    'Benoni',
    'Boksburg',
    'Brakpan',
    'Germiston',
    'Kempton Park',
    'Springs',
    'Edenvale',
    'Alberton',
    'Nigel',
    'Tembisa',
    'Katlehong',
    'Vosloorus',
    'Daveyton',
    'Bedfordview',
    'Thokoza',
  ],
  NMA: [
    'Uitenhage',
    'Kariega',
    'Despatch',
    'Summerstrand',
    'Walmer',
    'Motherwell',
    'Newton Park',
    'KwaNobuhle',
  ],
  BUF: ['Mdantsane', "King William's Town", 'Qonce', 'Bhisho', 'Bisho', 'Gonubie', 'Beacon Bay', 'Zwelitsha'],
  MAN: ['Botshabelo', 'Thaba Nchu'],
  WC014: ['Langebaan', 'Vredenburg'],
  WC015: ['Malmesbury'],
  WC022: ['Ceres'],
  WC023: ['Paarl', 'Wellington'],
  WC024: ['Franschhoek'],
  WC025: ['Worcester'],
  WC026: ['Robertson', 'Montagu'],
  WC031: ['Caledon', 'Grabouw'],
  WC032: ['Hermanus'],
  WC033: ['Bredasdorp'],
  WC047: ['Plettenberg Bay'],
  EC104: ['Makhanda', 'Grahamstown'],
  EC108: ['Jeffreys Bay'],
  EC139: ['Komani', 'Queenstown'],
  EC157: ['Mthatha'],
  NC087: ['Upington'],
  NC091: ['Kimberley'],
  FS184: ['Welkom'],
  FS192: ['Bethlehem'],
  FS194: ['Harrismith'],
  FS201: ['Kroonstad'],
  FS204: ['Sasolburg'],
  KZN216: ['Port Shepstone', 'Margate'],
  KZN225: ['Pietermaritzburg'],
  KZN282: ['Richards Bay'],
  KZN292: ['Ballito'],
  GT421: ['Vereeniging', 'Vanderbijlpark'],
  GT481: ['Krugersdorp'],
  LIM333: ['Tzaneen'],
  LIM334: ['Phalaborwa'],
  LIM343: ['Thohoyandou'],
  LIM344: ['Louis Trichardt'],
  LIM367: ['Mokopane'],
  MP302: ['Ermelo'],
  MP307: ['Secunda'],
  MP312: ['Witbank'],
  MP326: ['Nelspruit', 'White River'],
  NW372: ['Brits', 'Hartbeespoort'],
  NW383: ['Mafikeng'],
  NW403: ['Klerksdorp'],
  NW405: ['Potchefstroom'],
};

/**
 * Municipality names that are also a place in another municipality, so the name alone proves nothing:
 * Richmond (KwaZulu-Natal's KZN227; a town in the Northern Cape and a Johannesburg suburb), Naledi
 * (North West's NW392; a township of Soweto), Blouberg (Limpopo's LIM351; the Cape Town coast).
 */
const SHARED_NAMES: ReadonlySet<string> = new Set(['richmond', 'naledi', 'blouberg']);

/**
 * South African postal codes (four digits) whose whole range lies in one metro, from the South African
 * Post Office's allocation: Tshwane's 0001–0199 (Pretoria, Centurion, Soshanguve, Mabopane);
 * Johannesburg's street codes 2001 (the centre), 2090–2094, 2169, 2188 and 2190–2198 (the suburbs,
 * Randburg and Sandton) — not 2000–2199 whole, which holds Bedfordview (Ekurhuleni, 2007/2008);
 * eThekwini's 4000–4099 (Durban); Nelson Mandela Bay's 6000–6099 (Gqeberha); Cape Town's 7400–7589
 * (Milnerton to Kuils River; 7599 is Stellenbosch's) and 7700–8099 (the southern suburbs, the Cape
 * Flats, the peninsula, the centre and the Atlantic seaboard). Inclusive bounds.
 */
export const POSTAL_CODE_RANGES: readonly (readonly [number, number, string])[] = [
  [1, 199, 'TSH'],
  [2001, 2001, 'JHB'],
  [2090, 2094, 'JHB'],
  [2169, 2169, 'JHB'],
  [2188, 2188, 'JHB'],
  [2190, 2198, 'JHB'],
  [4000, 4099, 'ETH'],
  [6000, 6099, 'NMA'],
  [7400, 7589, 'CPT'],
  [7700, 8099, 'CPT'],
];

const PLACE_INDEX = new Map<string, string>();
for (const [code, places] of Object.entries(ADDRESS_PLACES)) {
  for (const place of places) PLACE_INDEX.set(municipalityNameKey(place), code);
}

/** The longest place name, in words: longer runs of words are not looked up. */
const MAX_PLACE_WORDS = 4;

/** What the address said, and the municipality it names. */
interface Signal {
  text: string;
  municipality: Municipality;
}

/** The metro or local municipality a run of words names, if it names exactly one. */
function municipalityOfPlace(words: string): Municipality | undefined {
  const key = municipalityNameKey(words);
  if (key === '' || SHARED_NAMES.has(key)) return undefined;
  const listed = PLACE_INDEX.get(key);
  if (listed) return municipalityByCode(listed);
  // Names only: a code in an address ('DC1', 'WC011') is not a place; the metros' short forms that
  // are used in addresses (CPT, JHB, PTA) are listed above.
  if (municipalityByCode(words)) return undefined;
  const [only, ...more] = findMunicipalities(words);
  return only && more.length === 0 && only.kind !== 'district' ? only : undefined;
}

/** The metro whose listed postal code range holds `code` (four digits). */
export function municipalityOfPostalCode(code: string): Municipality | undefined {
  if (!/^\d{4}$/.test(code)) return undefined;
  const value = Number(code);
  const range = POSTAL_CODE_RANGES.find(([from, to]) => value >= from && value <= to);
  return range ? municipalityByCode(range[2]) : undefined;
}

/**
 * The place a part of an address (between commas) names: the longest run of its last words that holds
 * no digit and names one municipality, up to {@link MAX_PLACE_WORDS} words ('12 Long Street Cape Town'
 * tries 'Long Street Cape Town', 'Street Cape Town', 'Cape Town': Cape Town). A street ('Long Street',
 * 'Stellenbosch Road') names no place, since its last word is the street's kind.
 */
function placeOf(part: string): Signal | undefined {
  const words = part.split(/\s+/).filter(Boolean);
  const firstWithoutDigits = words.findLastIndex((word) => /\d/.test(word)) + 1;
  for (
    let start = Math.max(firstWithoutDigits, words.length - MAX_PLACE_WORDS);
    start < words.length;
    start++
  ) {
    const text = words.slice(start).join(' ');
    const municipality = municipalityOfPlace(text);
    if (municipality) return { text, municipality };
  }
  return undefined;
}

export interface MunicipalitySuggestion {
  municipality: Municipality;
  /** The words of the address it was read from, in the order written ('Cape Town', '8001'). */
  from: string[];
}

/**
 * The municipality an address, as typed, leaves no doubt about ('12 Long Street, Cape Town, 8001' →
 * City of Cape Town; 'Stellenbosch' → Stellenbosch), with the words that named it; null when the
 * address names none, or names places of two municipalities. See the module's doc for what counts.
 */
export function suggestMunicipality(address: string | null | undefined): MunicipalitySuggestion | null {
  // The country at the end says nothing about the municipality.
  const text = (address ?? '').trim().replace(/[\s,]*\b(?:South Africa|RSA|ZA)\.?$/iu, '');
  const signals: Signal[] = [];
  // A postal code closes the address ('…, Cape Town, 8001' or '… Cape Town 8001'), after something else.
  const postal = /^(.*\S)[\s,]+(\d{4})$/u.exec(text);
  const rest = postal?.[1] ?? text;
  for (const part of rest.split(/[,;\n]/)) {
    const place = placeOf(part);
    if (place) signals.push(place);
  }
  const code = postal?.[2];
  const byCode = code ? municipalityOfPostalCode(code) : undefined;
  if (code && byCode) signals.push({ text: code, municipality: byCode });

  const [first] = signals;
  if (!first || signals.some((signal) => signal.municipality.code !== first.municipality.code)) return null;
  return { municipality: first.municipality, from: [...new Set(signals.map((signal) => signal.text))] };
}
