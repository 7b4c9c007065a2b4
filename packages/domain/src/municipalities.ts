/**
 * The municipalities of South Africa with their Municipal Demarcation Board (MDB) codes.
 *
 * Source: Municipal Demarcation Board, the municipal boundaries of the 2021 local government elections
 * (in force since the 2016 boundary changes, unchanged in 2021): 8 metropolitan municipalities,
 * 44 district municipalities and 205 local municipalities — 257 in all (https://www.demarcation.org.za,
 * "Municipal boundaries"). Names are the MDB's, with later official renames: Garden Route (DC4, was Eden,
 * 2018) and Winnie Madikizela-Mandela (EC443, was Mbizana, 2021); the former names stay as aliases.
 *
 * Cross-checked (2026-11-23) against a second, independently kept list of the 257: every code and name
 * agrees, except where that list renumbers survivors of the 2016 mergers (Kouga EC108 and Kou-Kamma EC109
 * after Baviaans EC107 merged into Dr Beyers Naudé; Molemole LIM353, Polokwane LIM354 and Lepelle-Nkumpi
 * LIM355 after Aganang LIM352 was dissolved): the MDB kept the surviving municipalities' codes, as here.
 * Spelling variants ('Big 5 Hlabisa', 'City of Ekurhuleni') are aliases.
 *
 * A property lies in exactly one metropolitan or local municipality; district municipalities are listed
 * for completeness (each local names its district) but are not a property's municipality.
 */

/** Province abbreviations (Statistics South Africa). */
export const PROVINCES = {
  WC: 'Western Cape',
  EC: 'Eastern Cape',
  NC: 'Northern Cape',
  FS: 'Free State',
  KZN: 'KwaZulu-Natal',
  GP: 'Gauteng',
  LP: 'Limpopo',
  MP: 'Mpumalanga',
  NW: 'North West',
} as const;
export type ProvinceCode = keyof typeof PROVINCES;

export type MunicipalityKind = 'metro' | 'district' | 'local';

export interface Municipality {
  /** The MDB code, e.g. CPT, DC1, WC011. */
  code: string;
  name: string;
  province: ProvinceCode;
  kind: MunicipalityKind;
  /** The district municipality a local one belongs to; null for metros and districts. */
  district: string | null;
}

type Row = readonly [string, string, ProvinceCode, MunicipalityKind, string | null];

// prettier-ignore
const ROWS: readonly Row[] = [
  // Western Cape
  ['CPT', 'City of Cape Town', 'WC', 'metro', null],
  ['DC1', 'West Coast', 'WC', 'district', null],
  ['WC011', 'Matzikama', 'WC', 'local', 'DC1'],
  ['WC012', 'Cederberg', 'WC', 'local', 'DC1'],
  ['WC013', 'Bergrivier', 'WC', 'local', 'DC1'],
  ['WC014', 'Saldanha Bay', 'WC', 'local', 'DC1'],
  ['WC015', 'Swartland', 'WC', 'local', 'DC1'],
  ['DC2', 'Cape Winelands', 'WC', 'district', null],
  ['WC022', 'Witzenberg', 'WC', 'local', 'DC2'],
  ['WC023', 'Drakenstein', 'WC', 'local', 'DC2'],
  ['WC024', 'Stellenbosch', 'WC', 'local', 'DC2'],
  ['WC025', 'Breede Valley', 'WC', 'local', 'DC2'],
  ['WC026', 'Langeberg', 'WC', 'local', 'DC2'],
  ['DC3', 'Overberg', 'WC', 'district', null],
  ['WC031', 'Theewaterskloof', 'WC', 'local', 'DC3'],
  ['WC032', 'Overstrand', 'WC', 'local', 'DC3'],
  ['WC033', 'Cape Agulhas', 'WC', 'local', 'DC3'],
  ['WC034', 'Swellendam', 'WC', 'local', 'DC3'],
  ['DC4', 'Garden Route', 'WC', 'district', null],
  ['WC041', 'Kannaland', 'WC', 'local', 'DC4'],
  ['WC042', 'Hessequa', 'WC', 'local', 'DC4'],
  ['WC043', 'Mossel Bay', 'WC', 'local', 'DC4'],
  ['WC044', 'George', 'WC', 'local', 'DC4'],
  ['WC045', 'Oudtshoorn', 'WC', 'local', 'DC4'],
  ['WC047', 'Bitou', 'WC', 'local', 'DC4'],
  ['WC048', 'Knysna', 'WC', 'local', 'DC4'],
  ['DC5', 'Central Karoo', 'WC', 'district', null],
  ['WC051', 'Laingsburg', 'WC', 'local', 'DC5'],
  ['WC052', 'Prince Albert', 'WC', 'local', 'DC5'],
  ['WC053', 'Beaufort West', 'WC', 'local', 'DC5'],
  // Eastern Cape
  ['BUF', 'Buffalo City', 'EC', 'metro', null],
  ['NMA', 'Nelson Mandela Bay', 'EC', 'metro', null],
  ['DC10', 'Sarah Baartman', 'EC', 'district', null],
  ['EC101', 'Dr Beyers Naudé', 'EC', 'local', 'DC10'],
  ['EC102', 'Blue Crane Route', 'EC', 'local', 'DC10'],
  ['EC104', 'Makana', 'EC', 'local', 'DC10'],
  ['EC105', 'Ndlambe', 'EC', 'local', 'DC10'],
  ['EC106', 'Sundays River Valley', 'EC', 'local', 'DC10'],
  ['EC108', 'Kouga', 'EC', 'local', 'DC10'],
  ['EC109', 'Kou-Kamma', 'EC', 'local', 'DC10'],
  ['DC12', 'Amathole', 'EC', 'district', null],
  ['EC121', 'Mbhashe', 'EC', 'local', 'DC12'],
  ['EC122', 'Mnquma', 'EC', 'local', 'DC12'],
  ['EC123', 'Great Kei', 'EC', 'local', 'DC12'],
  ['EC124', 'Amahlathi', 'EC', 'local', 'DC12'],
  ['EC126', 'Ngqushwa', 'EC', 'local', 'DC12'],
  ['EC129', 'Raymond Mhlaba', 'EC', 'local', 'DC12'],
  ['DC13', 'Chris Hani', 'EC', 'district', null],
  ['EC131', 'Inxuba Yethemba', 'EC', 'local', 'DC13'],
  ['EC135', 'Intsika Yethu', 'EC', 'local', 'DC13'],
  ['EC136', 'Emalahleni', 'EC', 'local', 'DC13'],
  ['EC137', 'Engcobo', 'EC', 'local', 'DC13'],
  ['EC138', 'Sakhisizwe', 'EC', 'local', 'DC13'],
  ['EC139', 'Enoch Mgijima', 'EC', 'local', 'DC13'],
  ['DC14', 'Joe Gqabi', 'EC', 'district', null],
  ['EC141', 'Elundini', 'EC', 'local', 'DC14'],
  ['EC142', 'Senqu', 'EC', 'local', 'DC14'],
  ['EC145', 'Walter Sisulu', 'EC', 'local', 'DC14'],
  ['DC15', 'O.R. Tambo', 'EC', 'district', null],
  ['EC153', 'Ngquza Hill', 'EC', 'local', 'DC15'],
  ['EC154', 'Port St Johns', 'EC', 'local', 'DC15'],
  ['EC155', 'Nyandeni', 'EC', 'local', 'DC15'],
  ['EC156', 'Mhlontlo', 'EC', 'local', 'DC15'],
  ['EC157', 'King Sabata Dalindyebo', 'EC', 'local', 'DC15'],
  ['DC44', 'Alfred Nzo', 'EC', 'district', null],
  ['EC441', 'Matatiele', 'EC', 'local', 'DC44'],
  ['EC442', 'Umzimvubu', 'EC', 'local', 'DC44'],
  ['EC443', 'Winnie Madikizela-Mandela', 'EC', 'local', 'DC44'],
  ['EC444', 'Ntabankulu', 'EC', 'local', 'DC44'],
  // Northern Cape
  ['DC6', 'Namakwa', 'NC', 'district', null],
  ['NC061', 'Richtersveld', 'NC', 'local', 'DC6'],
  ['NC062', 'Nama Khoi', 'NC', 'local', 'DC6'],
  ['NC064', 'Kamiesberg', 'NC', 'local', 'DC6'],
  ['NC065', 'Hantam', 'NC', 'local', 'DC6'],
  ['NC066', 'Karoo Hoogland', 'NC', 'local', 'DC6'],
  ['NC067', 'Khâi-Ma', 'NC', 'local', 'DC6'],
  ['DC7', 'Pixley ka Seme', 'NC', 'district', null],
  ['NC071', 'Ubuntu', 'NC', 'local', 'DC7'],
  ['NC072', 'Umsobomvu', 'NC', 'local', 'DC7'],
  ['NC073', 'Emthanjeni', 'NC', 'local', 'DC7'],
  ['NC074', 'Kareeberg', 'NC', 'local', 'DC7'],
  ['NC075', 'Renosterberg', 'NC', 'local', 'DC7'],
  ['NC076', 'Thembelihle', 'NC', 'local', 'DC7'],
  ['NC077', 'Siyathemba', 'NC', 'local', 'DC7'],
  ['NC078', 'Siyancuma', 'NC', 'local', 'DC7'],
  ['DC8', 'ZF Mgcawu', 'NC', 'district', null],
  ['NC082', '!Kai !Garib', 'NC', 'local', 'DC8'],
  ['NC084', '!Kheis', 'NC', 'local', 'DC8'],
  ['NC085', 'Tsantsabane', 'NC', 'local', 'DC8'],
  ['NC086', 'Kgatelopele', 'NC', 'local', 'DC8'],
  ['NC087', 'Dawid Kruiper', 'NC', 'local', 'DC8'],
  ['DC9', 'Frances Baard', 'NC', 'district', null],
  ['NC091', 'Sol Plaatje', 'NC', 'local', 'DC9'],
  ['NC092', 'Dikgatlong', 'NC', 'local', 'DC9'],
  ['NC093', 'Magareng', 'NC', 'local', 'DC9'],
  ['NC094', 'Phokwane', 'NC', 'local', 'DC9'],
  ['DC45', 'John Taolo Gaetsewe', 'NC', 'district', null],
  ['NC451', 'Joe Morolong', 'NC', 'local', 'DC45'],
  ['NC452', 'Ga-Segonyana', 'NC', 'local', 'DC45'],
  ['NC453', 'Gamagara', 'NC', 'local', 'DC45'],
  // Free State
  ['MAN', 'Mangaung', 'FS', 'metro', null],
  ['DC16', 'Xhariep', 'FS', 'district', null],
  ['FS161', 'Letsemeng', 'FS', 'local', 'DC16'],
  ['FS162', 'Kopanong', 'FS', 'local', 'DC16'],
  ['FS163', 'Mohokare', 'FS', 'local', 'DC16'],
  ['DC18', 'Lejweleputswa', 'FS', 'district', null],
  ['FS181', 'Masilonyana', 'FS', 'local', 'DC18'],
  ['FS182', 'Tokologo', 'FS', 'local', 'DC18'],
  ['FS183', 'Tswelopele', 'FS', 'local', 'DC18'],
  ['FS184', 'Matjhabeng', 'FS', 'local', 'DC18'],
  ['FS185', 'Nala', 'FS', 'local', 'DC18'],
  ['DC19', 'Thabo Mofutsanyana', 'FS', 'district', null],
  ['FS191', 'Setsoto', 'FS', 'local', 'DC19'],
  ['FS192', 'Dihlabeng', 'FS', 'local', 'DC19'],
  ['FS193', 'Nketoana', 'FS', 'local', 'DC19'],
  ['FS194', 'Maluti-a-Phofung', 'FS', 'local', 'DC19'],
  ['FS195', 'Phumelela', 'FS', 'local', 'DC19'],
  ['FS196', 'Mantsopa', 'FS', 'local', 'DC19'],
  ['DC20', 'Fezile Dabi', 'FS', 'district', null],
  ['FS201', 'Moqhaka', 'FS', 'local', 'DC20'],
  ['FS203', 'Ngwathe', 'FS', 'local', 'DC20'],
  ['FS204', 'Metsimaholo', 'FS', 'local', 'DC20'],
  ['FS205', 'Mafube', 'FS', 'local', 'DC20'],
  // KwaZulu-Natal
  ['ETH', 'eThekwini', 'KZN', 'metro', null],
  ['DC21', 'Ugu', 'KZN', 'district', null],
  ['KZN212', 'Umdoni', 'KZN', 'local', 'DC21'],
  ['KZN213', 'Umzumbe', 'KZN', 'local', 'DC21'],
  ['KZN214', 'uMuziwabantu', 'KZN', 'local', 'DC21'],
  ['KZN216', 'Ray Nkonyeni', 'KZN', 'local', 'DC21'],
  ['DC22', 'uMgungundlovu', 'KZN', 'district', null],
  ['KZN221', 'uMshwathi', 'KZN', 'local', 'DC22'],
  ['KZN222', 'uMngeni', 'KZN', 'local', 'DC22'],
  ['KZN223', 'Mpofana', 'KZN', 'local', 'DC22'],
  ['KZN224', 'Impendle', 'KZN', 'local', 'DC22'],
  ['KZN225', 'Msunduzi', 'KZN', 'local', 'DC22'],
  ['KZN226', 'Mkhambathini', 'KZN', 'local', 'DC22'],
  ['KZN227', 'Richmond', 'KZN', 'local', 'DC22'],
  ['DC23', 'uThukela', 'KZN', 'district', null],
  ['KZN235', 'Okhahlamba', 'KZN', 'local', 'DC23'],
  ['KZN237', 'Inkosi Langalibalele', 'KZN', 'local', 'DC23'],
  ['KZN238', 'Alfred Duma', 'KZN', 'local', 'DC23'],
  ['DC24', 'uMzinyathi', 'KZN', 'district', null],
  ['KZN241', 'Endumeni', 'KZN', 'local', 'DC24'],
  ['KZN242', 'Nquthu', 'KZN', 'local', 'DC24'],
  ['KZN244', 'Msinga', 'KZN', 'local', 'DC24'],
  ['KZN245', 'Umvoti', 'KZN', 'local', 'DC24'],
  ['DC25', 'Amajuba', 'KZN', 'district', null],
  ['KZN252', 'Newcastle', 'KZN', 'local', 'DC25'],
  ['KZN253', 'eMadlangeni', 'KZN', 'local', 'DC25'],
  ['KZN254', 'Dannhauser', 'KZN', 'local', 'DC25'],
  ['DC26', 'Zululand', 'KZN', 'district', null],
  ['KZN261', 'eDumbe', 'KZN', 'local', 'DC26'],
  ['KZN262', 'uPhongolo', 'KZN', 'local', 'DC26'],
  ['KZN263', 'AbaQulusi', 'KZN', 'local', 'DC26'],
  ['KZN265', 'Nongoma', 'KZN', 'local', 'DC26'],
  ['KZN266', 'Ulundi', 'KZN', 'local', 'DC26'],
  ['DC27', 'uMkhanyakude', 'KZN', 'district', null],
  ['KZN271', 'Umhlabuyalingana', 'KZN', 'local', 'DC27'],
  ['KZN272', 'Jozini', 'KZN', 'local', 'DC27'],
  ['KZN275', 'Mtubatuba', 'KZN', 'local', 'DC27'],
  ['KZN276', 'Big Five Hlabisa', 'KZN', 'local', 'DC27'],
  ['DC28', 'King Cetshwayo', 'KZN', 'district', null],
  ['KZN281', 'uMfolozi', 'KZN', 'local', 'DC28'],
  ['KZN282', 'uMhlathuze', 'KZN', 'local', 'DC28'],
  ['KZN284', 'uMlalazi', 'KZN', 'local', 'DC28'],
  ['KZN285', 'Mthonjaneni', 'KZN', 'local', 'DC28'],
  ['KZN286', 'Nkandla', 'KZN', 'local', 'DC28'],
  ['DC29', 'iLembe', 'KZN', 'district', null],
  ['KZN291', 'Mandeni', 'KZN', 'local', 'DC29'],
  ['KZN292', 'KwaDukuza', 'KZN', 'local', 'DC29'],
  ['KZN293', 'Ndwedwe', 'KZN', 'local', 'DC29'],
  ['KZN294', 'Maphumulo', 'KZN', 'local', 'DC29'],
  ['DC43', 'Harry Gwala', 'KZN', 'district', null],
  ['KZN433', 'Greater Kokstad', 'KZN', 'local', 'DC43'],
  ['KZN434', 'uBuhlebezwe', 'KZN', 'local', 'DC43'],
  ['KZN435', 'uMzimkhulu', 'KZN', 'local', 'DC43'],
  ['KZN436', 'Dr Nkosazana Dlamini Zuma', 'KZN', 'local', 'DC43'],
  // Gauteng
  ['JHB', 'City of Johannesburg', 'GP', 'metro', null],
  ['TSH', 'City of Tshwane', 'GP', 'metro', null],
  ['EKU', 'Ekurhuleni', 'GP', 'metro', null],
  ['DC42', 'Sedibeng', 'GP', 'district', null],
  ['GT421', 'Emfuleni', 'GP', 'local', 'DC42'],
  ['GT422', 'Midvaal', 'GP', 'local', 'DC42'],
  ['GT423', 'Lesedi', 'GP', 'local', 'DC42'],
  ['DC48', 'West Rand', 'GP', 'district', null],
  ['GT481', 'Mogale City', 'GP', 'local', 'DC48'],
  ['GT484', 'Merafong City', 'GP', 'local', 'DC48'],
  ['GT485', 'Rand West City', 'GP', 'local', 'DC48'],
  // Limpopo
  ['DC33', 'Mopani', 'LP', 'district', null],
  ['LIM331', 'Greater Giyani', 'LP', 'local', 'DC33'],
  ['LIM332', 'Greater Letaba', 'LP', 'local', 'DC33'],
  ['LIM333', 'Greater Tzaneen', 'LP', 'local', 'DC33'],
  ['LIM334', 'Ba-Phalaborwa', 'LP', 'local', 'DC33'],
  ['LIM335', 'Maruleng', 'LP', 'local', 'DC33'],
  ['DC34', 'Vhembe', 'LP', 'district', null],
  ['LIM341', 'Musina', 'LP', 'local', 'DC34'],
  ['LIM343', 'Thulamela', 'LP', 'local', 'DC34'],
  ['LIM344', 'Makhado', 'LP', 'local', 'DC34'],
  ['LIM345', 'Collins Chabane', 'LP', 'local', 'DC34'],
  ['DC35', 'Capricorn', 'LP', 'district', null],
  ['LIM351', 'Blouberg', 'LP', 'local', 'DC35'],
  ['LIM353', 'Molemole', 'LP', 'local', 'DC35'],
  ['LIM354', 'Polokwane', 'LP', 'local', 'DC35'],
  ['LIM355', 'Lepelle-Nkumpi', 'LP', 'local', 'DC35'],
  ['DC36', 'Waterberg', 'LP', 'district', null],
  ['LIM361', 'Thabazimbi', 'LP', 'local', 'DC36'],
  ['LIM362', 'Lephalale', 'LP', 'local', 'DC36'],
  ['LIM366', 'Bela-Bela', 'LP', 'local', 'DC36'],
  ['LIM367', 'Mogalakwena', 'LP', 'local', 'DC36'],
  ['LIM368', 'Modimolle-Mookgophong', 'LP', 'local', 'DC36'],
  ['DC47', 'Sekhukhune', 'LP', 'district', null],
  ['LIM471', 'Ephraim Mogale', 'LP', 'local', 'DC47'],
  ['LIM472', 'Elias Motsoaledi', 'LP', 'local', 'DC47'],
  ['LIM473', 'Makhuduthamaga', 'LP', 'local', 'DC47'],
  ['LIM476', 'Fetakgomo Tubatse', 'LP', 'local', 'DC47'],
  // Mpumalanga
  ['DC30', 'Gert Sibande', 'MP', 'district', null],
  ['MP301', 'Chief Albert Luthuli', 'MP', 'local', 'DC30'],
  ['MP302', 'Msukaligwa', 'MP', 'local', 'DC30'],
  ['MP303', 'Mkhondo', 'MP', 'local', 'DC30'],
  ['MP304', 'Dr Pixley ka Isaka Seme', 'MP', 'local', 'DC30'],
  ['MP305', 'Lekwa', 'MP', 'local', 'DC30'],
  ['MP306', 'Dipaleseng', 'MP', 'local', 'DC30'],
  ['MP307', 'Govan Mbeki', 'MP', 'local', 'DC30'],
  ['DC31', 'Nkangala', 'MP', 'district', null],
  ['MP311', 'Victor Khanye', 'MP', 'local', 'DC31'],
  ['MP312', 'Emalahleni', 'MP', 'local', 'DC31'],
  ['MP313', 'Steve Tshwete', 'MP', 'local', 'DC31'],
  ['MP314', 'Emakhazeni', 'MP', 'local', 'DC31'],
  ['MP315', 'Thembisile Hani', 'MP', 'local', 'DC31'],
  ['MP316', 'Dr JS Moroka', 'MP', 'local', 'DC31'],
  ['DC32', 'Ehlanzeni', 'MP', 'district', null],
  ['MP321', 'Thaba Chweu', 'MP', 'local', 'DC32'],
  ['MP324', 'Nkomazi', 'MP', 'local', 'DC32'],
  ['MP325', 'Bushbuckridge', 'MP', 'local', 'DC32'],
  ['MP326', 'City of Mbombela', 'MP', 'local', 'DC32'],
  // North West
  ['DC37', 'Bojanala Platinum', 'NW', 'district', null],
  ['NW371', 'Moretele', 'NW', 'local', 'DC37'],
  ['NW372', 'Madibeng', 'NW', 'local', 'DC37'],
  ['NW373', 'Rustenburg', 'NW', 'local', 'DC37'],
  ['NW374', 'Kgetlengrivier', 'NW', 'local', 'DC37'],
  ['NW375', 'Moses Kotane', 'NW', 'local', 'DC37'],
  ['DC38', 'Ngaka Modiri Molema', 'NW', 'district', null],
  ['NW381', 'Ratlou', 'NW', 'local', 'DC38'],
  ['NW382', 'Tswaing', 'NW', 'local', 'DC38'],
  ['NW383', 'Mahikeng', 'NW', 'local', 'DC38'],
  ['NW384', 'Ditsobotla', 'NW', 'local', 'DC38'],
  ['NW385', 'Ramotshere Moiloa', 'NW', 'local', 'DC38'],
  ['DC39', 'Dr Ruth Segomotsi Mompati', 'NW', 'district', null],
  ['NW392', 'Naledi', 'NW', 'local', 'DC39'],
  ['NW393', 'Mamusa', 'NW', 'local', 'DC39'],
  ['NW394', 'Greater Taung', 'NW', 'local', 'DC39'],
  ['NW396', 'Lekwa-Teemane', 'NW', 'local', 'DC39'],
  ['NW397', 'Kagisano-Molopo', 'NW', 'local', 'DC39'],
  ['DC40', 'Dr Kenneth Kaunda', 'NW', 'district', null],
  ['NW403', 'City of Matlosana', 'NW', 'local', 'DC40'],
  ['NW404', 'Maquassi Hills', 'NW', 'local', 'DC40'],
  ['NW405', 'JB Marks', 'NW', 'local', 'DC40'],
];

/** Every municipality: 8 metros, 44 districts, 205 locals, by province, each district before its locals. */
export const MUNICIPALITIES: readonly Municipality[] = ROWS.map(([code, name, province, kind, district]) => ({
  code,
  name,
  province,
  kind,
  district,
}));

/** The municipalities a property can lie in: the metros and the local municipalities. */
export const PROPERTY_MUNICIPALITIES: readonly Municipality[] = MUNICIPALITIES.filter(
  (municipality) => municipality.kind !== 'district',
);

/** Former or common names that name one municipality unambiguously. */
const ALIASES: Readonly<Record<string, string>> = {
  'Cape Town': 'CPT',
  Johannesburg: 'JHB',
  Tshwane: 'TSH',
  Pretoria: 'TSH',
  Durban: 'ETH',
  'Port Elizabeth': 'NMA',
  Gqeberha: 'NMA',
  'East London': 'BUF',
  Bloemfontein: 'MAN',
  'City of Ekurhuleni': 'EKU',
  Mbizana: 'EC443',
  Eden: 'DC4',
  'Berg River': 'WC013',
  'Pixley ka Isaka Seme': 'MP304',
  Mbombela: 'MP326',
  Matlosana: 'NW403',
  'Kai !Garib': 'NC082',
  'Khai-Ma': 'NC067',
  'Big 5 Hlabisa': 'KZN276',
};

/**
 * The key a name is compared by: accents dropped, case folded, everything but letters and digits
 * removed, and a trailing "(Metropolitan|Local|District) Municipality" ignored.
 */
export function municipalityNameKey(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')
    .replace(/(?:metropolitan|local|district)?municipality$/, '');
}

const BY_CODE = new Map(MUNICIPALITIES.map((municipality) => [municipality.code, municipality]));

const BY_NAME = new Map<string, Municipality[]>();
for (const municipality of MUNICIPALITIES) {
  const key = municipalityNameKey(municipality.name);
  BY_NAME.set(key, [...(BY_NAME.get(key) ?? []), municipality]);
}
for (const [alias, code] of Object.entries(ALIASES)) {
  const key = municipalityNameKey(alias);
  const municipality = BY_CODE.get(code);
  if (municipality && !BY_NAME.has(key)) BY_NAME.set(key, [municipality]);
}

/** The municipality with this MDB code (case-insensitive), or undefined. */
export function municipalityByCode(code: string): Municipality | undefined {
  return BY_CODE.get(code.trim().toUpperCase());
}

/** Every municipality an MDB code (case-insensitive) or name matches: none, one, or several (Emalahleni). */
export function findMunicipalities(codeOrName: string): Municipality[] {
  const byCode = municipalityByCode(codeOrName);
  if (byCode) return [byCode];
  return BY_NAME.get(municipalityNameKey(codeOrName)) ?? [];
}

/**
 * How a place is written in an address, for a search by area: the text itself and, for every municipality
 * it names (an MDB code or a name), the name without 'City of' and the common names of it. 'CPT' gives
 * ['CPT', 'Cape Town']; 'Durban' gives ['Durban', 'eThekwini']; an unknown place just itself.
 */
export function areaSearchTerms(codeOrName: string): string[] {
  const text = codeOrName.trim();
  const terms = [text];
  for (const municipality of findMunicipalities(text)) {
    terms.push(municipality.name.replace(/^City of /, ''));
    for (const [alias, code] of Object.entries(ALIASES)) {
      if (code === municipality.code) terms.push(alias);
    }
  }
  const seen = new Set<string>();
  return terms.filter((term) => {
    const key = term.toLowerCase();
    if (term === '' || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** 'City of Cape Town (CPT)'. */
export function municipalityLabel(municipality: Pick<Municipality, 'code' | 'name'>): string {
  return `${municipality.name} (${municipality.code})`;
}

/**
 * The municipality in words, as the owner confirms it before saving: 'City of Cape Town (CPT), Western
 * Cape' (its name, MDB code and province).
 */
export function municipalityInWords(municipality: Municipality): string {
  return `${municipalityLabel(municipality)}, ${PROVINCES[municipality.province]}`;
}

/**
 * A stored municipality in words: those of a listed code ('City of Cape Town (CPT), Western Cape'),
 * else the stored text as it is (a property outside South Africa, or registered before the list).
 */
export function describeMunicipalityInWords(stored: string): string {
  const municipality = BY_CODE.get(stored);
  return municipality ? municipalityInWords(municipality) : stored;
}

/**
 * How a stored municipality reads: the label of a listed code ('City of Cape Town (CPT)'), else the stored
 * text as it is (properties registered before the list, with a typed name).
 */
export function describeMunicipality(stored: string): string {
  const municipality = BY_CODE.get(stored);
  return municipality ? municipalityLabel(municipality) : stored;
}

export type MunicipalityResolution =
  | { ok: true; municipality: Municipality }
  | { ok: false; message: string };

/**
 * A property's municipality from a code or a name (case-insensitive): one metro or local municipality, or
 * the message that says why not (unknown, a district, or a name two municipalities share).
 */
export function resolvePropertyMunicipality(codeOrName: string): MunicipalityResolution {
  const value = codeOrName.trim();
  const matches = findMunicipalities(value);
  const [first] = matches;
  if (!first) {
    return {
      ok: false,
      message: `Unknown municipality "${value}": choose a South African municipality from the list (name or code, e.g. CPT or WC011)`,
    };
  }
  if (matches.length > 1) {
    const codes = matches.map((municipality) => municipality.code).join(' or ');
    return { ok: false, message: `"${value}" names more than one municipality: choose ${codes}` };
  }
  if (first.kind === 'district') {
    return {
      ok: false,
      message: `${first.name} (${first.code}) is a district municipality: choose the local municipality the property is in`,
    };
  }
  return { ok: true, municipality: first };
}

/**
 * The place an address is in, as Find Provider shows a supplier's area: the last part after the street
 * that holds no digits ('12 Loop Street, Gardens, Cape Town, 8001' → 'Cape Town'). Never the street
 * itself (a supplier's business address is not published); null when the address names no place.
 */
export function areaOfAddress(address: string | null | undefined): string | null {
  const places = (address ?? '')
    .split(',')
    .map((part) => part.trim())
    .slice(1)
    .filter((part) => part !== '' && !/\d/.test(part));
  return places.at(-1) ?? null;
}
