import { fmtDate, Page } from './lib.mjs';

/**
 * The tuning set's certificates: every type of CERTIFICATE_TYPES at least twice, in five layouts.
 * Each entry says what is printed; the layouts draw it and the truth is what was printed (in
 * canonical form). Fictional firms, people, municipalities and addresses.
 */

const TYPES = {
  electrical_coc: {
    title: 'CERTIFICATE OF COMPLIANCE',
    subtitle: 'Electrical Installation – SANS 10142-1',
    statement:
      'The electrical installation at the premises described has been inspected and tested and complies with SANS 10142-1 and the Electrical Installation Regulations, 2009.',
  },
  gas_coc: {
    title: 'CERTIFICATE OF CONFORMITY',
    subtitle: 'Gas Installation (LP Gas) – SANS 10087-1',
    statement:
      'The LP gas installation described has been installed or inspected and conforms to SANS 10087-1 and the Pressure Equipment Regulations.',
  },
  electric_fence_coc: {
    title: 'ELECTRIC FENCE SYSTEM CERTIFICATE',
    subtitle: 'Electrical Machinery Regulations, 2011 – SANS 10222-3',
    statement:
      'The electric fence system at the premises described complies with the Electrical Machinery Regulations, 2011 and SANS 10222-3.',
  },
  plumbing_coc: {
    title: 'WATER INSTALLATION CERTIFICATE OF COMPLIANCE',
    subtitle: 'Water By-law 2010, section 14 – SANS 10252-1',
    statement:
      'The water installation on the property has been inspected; it conforms to the National Building Regulations and the Water By-law, the meter registers and no stormwater enters the sewer.',
  },
  beetle_clearance: {
    title: "ENTOMOLOGIST'S CERTIFICATE",
    subtitle: 'Inspection for wood-destroying beetles',
    statement:
      'The accessible timbers of the buildings on the property were inspected and no active infestation of wood-destroying beetles was found.',
  },
  sseg_registration: {
    title: 'SMALL-SCALE EMBEDDED GENERATION',
    subtitle: 'Registration and authorisation to connect a solar PV system',
    statement:
      'The grid-tied solar PV system described is registered and authorised for connection to the municipal electricity network.',
  },
  occupation_certificate: {
    title: 'OCCUPATION CERTIFICATE',
    subtitle: 'Section 14(1)(a), National Building Regulations and Building Standards Act 103 of 1977',
    statement:
      'The building erected on the property in accordance with the approved plans may be occupied as from the date of this certificate.',
  },
  geyser_coc: {
    title: 'GEYSER INSTALLATION CERTIFICATE OF COMPLIANCE',
    subtitle: 'SANS 10254 – Installation of fixed electric storage water heaters',
    statement:
      'The electric storage water heater was installed with a drip tray, vacuum breakers and a pressure control valve, with the overflow piped to the outside, as SANS 10254 requires.',
  },
  roof_inspection: {
    title: 'ROOF INSPECTION REPORT',
    subtitle: 'Annual inspection of roof covering, flashings and gutters',
    statement:
      'The roof covering, ridge, flashings, valleys and gutters were inspected. Two cracked tiles were replaced; no other defects were found at the time of inspection.',
  },
  alarm_service: {
    title: 'ALARM SYSTEM SERVICE CERTIFICATE',
    subtitle: 'Intruder alarm – service and test',
    statement:
      'The intruder alarm system was serviced and tested: panel, detectors, sirens and backup battery are in working order.',
  },
  lightning_conductor: {
    title: 'LIGHTNING PROTECTION CERTIFICATE',
    subtitle: 'Inspection and test of the lightning protection system – SANS 62305',
    statement:
      'The lightning conductor, down conductors and earth termination were inspected and tested; the earth resistance was within limits.',
  },
  thatch_retardant: {
    title: 'CERTIFICATE OF FIRE RETARDANT TREATMENT',
    subtitle: 'Thatched roof – application of an approved fire retardant',
    statement:
      'An approved fire retardant was applied to the thatched roof at the rate the manufacturer specifies, covering all exposed thatch.',
  },
};

/** The certificates: what each prints. `dates` lists other dates (distractors); `expiry` one printed. */
export const CERTIFICATES = [
  {
    id: 'cert-electrical-voltline-form',
    type: 'electrical_coc',
    layout: 'form',
    issuer: {
      name: 'Voltline Electrical (Pty) Ltd',
      contact: '21 Voortrekker Road, Bellville | 021 948 3321',
    },
    reg: { label: 'Registration No.', value: 'IE 20417' },
    person: 'Thabo Nkosi',
    number: { label: 'Certificate No.', value: 'VL-2025-00412' },
    issue: { label: 'Date of issue', iso: '2025-03-14', style: 'long' },
    dates: [{ label: 'Date of inspection', iso: '2025-03-12', style: 'long' }],
    address: ['14 Kloof Street', 'Gardens, Cape Town, 8001'],
    erf: '1234',
    owner: 'M. Jacobs',
  },
  {
    id: 'cert-electrical-ohmega-letter',
    type: 'electrical_coc',
    layout: 'letter',
    font: 'Times-Roman',
    issuer: {
      name: 'Ohmega Electrical Contractors CC',
      contact: 'Unit 4, Hennie Park, 3 Industry Lane, Centurion, 0157 | Tel 012 664 0198',
    },
    reg: { label: 'Registered person (DoEL) No.', value: 'MIE 1185' },
    person: 'Pieter van der Merwe',
    number: { label: 'CoC No.', value: 'OEC 7731' },
    issue: { label: 'Date', iso: '2024-11-23', style: 'slash' },
    address: ['88 Jacaranda Avenue, Lyttelton Manor, Centurion'],
    erf: '2210',
    owner: 'Mr and Mrs Botha',
  },
  {
    id: 'cert-electrical-amp-table',
    type: 'electrical_coc',
    layout: 'table',
    issuer: { name: 'AmpWorks Electrical', contact: 'PO Box 1120, Durbanville, 7551 | amp@ampworks.example' },
    reg: { label: 'Reg. No.', value: 'ER 55012' },
    person: 'Lindiwe Dlamini',
    number: { label: 'Certificate Serial No.', value: 'AW/2025/0193' },
    issue: { label: 'Issued on', iso: '2025-06-02', style: 'af-long' },
    address: ['7 Rosmead Street, Durbanville, 7550'],
    erf: '5518',
    owner: 'Karoo Holdings Trust',
  },
  {
    id: 'cert-gas-flamesafe-form',
    type: 'gas_coc',
    layout: 'form',
    issuer: { name: 'FlameSafe Gas Installations', contact: '5 Mill Street, Paarl, 7646 | 021 872 5510' },
    reg: { label: 'SAQCC Gas Reg. No.', value: 'SAQCC-G 104553' },
    person: 'Johan Steyn',
    number: { label: 'Certificate No.', value: 'FSG-88213' },
    issue: { label: 'Date issued', iso: '2025-01-09', style: 'dot' },
    address: ['3 Berg River Close', 'Paarl, 7646'],
    erf: '14417',
    owner: 'A. Petersen',
  },
  {
    id: 'cert-gas-blueflame-list',
    type: 'gas_coc',
    layout: 'list',
    issuer: { name: 'Blue Flame LP Gas CC', contact: '12 Oak Road, Randburg, 2194' },
    reg: { label: 'LPGSASA REG NO', value: 'LPG 00821' },
    person: 'Sipho Mahlangu',
    number: { label: 'CERTIFICATE NO', value: 'BF-2024-1187' },
    issue: { label: 'DATE OF ISSUE', iso: '2024-08-30', style: 'iso' },
    dates: [{ label: 'PRESSURE TEST', iso: '2024-08-29', style: 'iso' }],
    address: ['41 Republic Road, Ferndale, Randburg, 2194'],
    erf: '903',
    owner: 'N. Khumalo',
  },
  {
    id: 'cert-fence-shockguard-table',
    type: 'electric_fence_coc',
    layout: 'table',
    issuer: { name: 'ShockGuard Fencing (Pty) Ltd', contact: '9 Gate Street, Benoni, 1501 | 011 845 2270' },
    reg: { label: 'EFI Reg. No.', value: 'EFI 2213' },
    person: 'Kevin Naidoo',
    number: { label: 'Certificate No.', value: 'SG-EF-4410' },
    issue: { label: 'Date of issue', iso: '2025-02-17', style: 'short' },
    address: ['17 Kingfisher Drive, Farrarmere, Benoni'],
    erf: '1873',
    owner: 'D. Pillay',
  },
  {
    id: 'cert-fence-perimeter-letter',
    type: 'electric_fence_coc',
    layout: 'letter',
    issuer: { name: 'Perimeter Pro Security', contact: '44 Main Road, Somerset West, 7130 | 021 851 0093' },
    reg: { label: 'Electric fence installer reg. no.', value: 'EFI 0947' },
    person: 'Ruan Smit',
    number: { label: 'Certificate number', value: 'PPS 2025/118' },
    issue: { label: 'Date', iso: '2025-09-05', style: 'us-long' },
    address: ['6 Protea Crescent, Heldervue, Somerset West, 7130'],
    erf: '7731/2',
    owner: 'The Lategan Family Trust',
  },
  {
    id: 'cert-plumbing-drip-form',
    type: 'plumbing_coc',
    layout: 'form',
    issuer: { name: 'DripFree Plumbing', contact: '110 Main Road, Claremont, 7708 | 021 671 4402' },
    reg: { label: 'PIRB Licence No.', value: 'L20931' },
    person: 'Ashraf Davids',
    number: { label: 'Certificate No.', value: 'DFP-CT-3094' },
    issue: { label: 'Date of issue', iso: '2025-04-28', style: 'dash' },
    address: ['22 Belmont Road', 'Rondebosch, Cape Town, 7700'],
    erf: '61552',
    owner: 'S. Abrahams',
  },
  {
    id: 'cert-plumbing-pipeline-table',
    type: 'plumbing_coc',
    layout: 'table',
    font: 'Times-Roman',
    issuer: { name: 'Pipeline Plumbers & Drains', contact: '3 Dock Road, Milnerton, 7441' },
    reg: { label: 'PIRB Reg. No.', value: 'PIRB 18734' },
    person: 'Grant Fourie',
    number: { label: 'Cert. No.', value: 'PPD 552/25' },
    issue: { label: 'Issue date', iso: '2025-10-01', style: 'af-short' },
    address: ['15 Marine Drive, Table View, 7441'],
    erf: '3309',
    owner: 'C. Williams',
  },
  {
    id: 'cert-beetle-woodworm-letter',
    type: 'beetle_clearance',
    layout: 'letter',
    issuer: { name: 'Woodworm Inspections', contact: '18 Church Street, Stellenbosch, 7600 | 021 887 1290' },
    reg: { label: 'Pest Control Operator Reg. No. (Act 36 of 1947)', value: 'P03456' },
    person: 'Marius le Roux',
    number: { label: 'Certificate No.', value: 'WI-25-0871' },
    issue: { label: 'Date', iso: '2024-11-30', style: 'long' },
    validityNote: 'This certificate is valid for 3 months from the date of issue.',
    address: ['5 Dorp Street, Stellenbosch, 7600'],
    erf: '4521',
    owner: 'H. Retief',
  },
  {
    id: 'cert-beetle-termi-form',
    type: 'beetle_clearance',
    layout: 'form',
    issuer: {
      name: 'TermiClear Pest Control (Pty) Ltd',
      contact: '2 Umgeni Road, Durban, 4001 | 031 309 4471',
    },
    reg: { label: 'P-number', value: 'P 02785' },
    person: 'Priya Govender',
    number: { label: 'Clearance No.', value: 'TC 11902' },
    issue: { label: 'Date of issue', iso: '2025-07-15', style: 'slash' },
    dates: [{ label: 'Date of inspection', iso: '2025-07-14', style: 'slash' }],
    expiry: { label: 'Valid until', iso: '2025-10-15', style: 'slash' },
    address: ['31 Ridge Road', 'Berea, Durban, 4001'],
    erf: '812',
    owner: 'R. Moodley',
  },
  {
    id: 'cert-sseg-rivierdal-municipal',
    type: 'sseg_registration',
    layout: 'municipal',
    issuer: { name: 'Rivierdal Municipality', contact: 'Electricity Services Department' },
    number: { label: 'Registration No.', value: 'SSEG-2025-0441' },
    issue: { label: 'Date of registration', iso: '2025-05-20', style: 'long' },
    refs: [{ label: 'Application Ref.', value: 'APP/77120' }],
    extra: ['Installer: SunVolt Solar (PV GreenCard 2291)', 'Inverter: 5 kVA grid-tied, 12 x 450 W panels'],
    address: ['9 Eike Street, Rivierdal'],
    erf: '2094',
    owner: 'J. Swanepoel',
  },
  {
    id: 'cert-sseg-sunvolt-table',
    type: 'sseg_registration',
    layout: 'table',
    issuer: {
      name: 'Kwa-Ntaba Local Municipality',
      contact: 'Electrical Engineering Services, Private Bag X9',
    },
    number: { label: 'SSEG Registration Number', value: 'KN/SSEG/0178' },
    issue: { label: 'Date approved', iso: '2024-12-03', style: 'iso-slash' },
    address: ['27 Aloe Street, Ntaba Heights'],
    erf: '456',
    owner: 'T. Mokoena',
    extraRows: [
      ['System size', '8 kWp, hybrid inverter, export limited'],
      ['Installer', 'Highveld Solar Installers (PV GreenCard 3318)'],
    ],
  },
  {
    id: 'cert-occupation-rivierdal-municipal',
    type: 'occupation_certificate',
    layout: 'municipal',
    font: 'Times-Roman',
    issuer: { name: 'Rivierdal Municipality', contact: 'Building Control – Planning and Development' },
    number: { label: 'Certificate No.', value: 'OC 2024/0456' },
    issue: { label: 'Date', iso: '2024-09-12', style: 'long' },
    refs: [{ label: 'Plan No.', value: 'BP 2023/1187' }],
    dates: [{ label: 'Plans approved', iso: '2023-06-14', style: 'long' }],
    address: ['12 Kloof Street, Rivierdal'],
    erf: '1877',
    owner: 'L. Daniels',
  },
  {
    id: 'cert-occupation-umzansi-list',
    type: 'occupation_certificate',
    layout: 'list',
    issuer: {
      name: 'Umzansi Metropolitan Municipality',
      contact: 'Development Management: Building Control',
    },
    number: { label: 'OCCUPATION CERT NO', value: 'UMM-OC-88314' },
    issue: { label: 'DATE OF ISSUE', iso: '2025-03-03', style: 'dash-mon' },
    refs: [{ label: 'BUILDING PLAN REF', value: 'UMM-BP-51220' }],
    address: ['104 Mhlanga Rocks Drive, Umhlanga, 4320'],
    erf: '2871',
    owner: 'B. Zulu',
  },
  {
    id: 'cert-geyser-hotflow-form',
    type: 'geyser_coc',
    layout: 'form',
    issuer: {
      name: 'HotFlow Geyser Services',
      contact: '7 Industria Road, Bloemfontein, 9301 | 051 430 2299',
    },
    reg: { label: 'PIRB Reg. No.', value: 'PIRB 20177' },
    person: 'Wikus Pretorius',
    number: { label: 'Certificate No.', value: 'HF-GC-2025-077' },
    issue: { label: 'Date of installation / issue', iso: '2025-08-08', style: 'slash' },
    address: ['19 Nelson Mandela Drive', 'Brandwag, Bloemfontein, 9301'],
    erf: '6620',
    owner: 'E. Nel',
  },
  {
    id: 'cert-geyser-aquaheat-letter',
    type: 'geyser_coc',
    layout: 'letter',
    font: 'Times-Roman',
    issuer: { name: 'AquaHeat Plumbing CC', contact: '52 Long Street, Kimberley, 8301' },
    reg: { label: 'PIRB Licence No.', value: 'L17502' },
    person: 'Neo Molefe',
    number: { label: 'Our ref. / Certificate No.', value: 'AH 3390' },
    issue: { label: 'Date', iso: '2025-05-06', style: 'ordinal' },
    address: ['3 Du Toitspan Road, Kimberley, 8301'],
    erf: '10442',
    owner: 'G. Jansen',
  },
  {
    id: 'cert-roof-topcover-table',
    type: 'roof_inspection',
    layout: 'table',
    issuer: { name: 'TopCover Roofing (Pty) Ltd', contact: '8 Steel Road, Pinetown, 3610 | 031 701 2234' },
    reg: { label: 'SARA Member No.', value: 'SARA 0412' },
    person: 'Dean Reddy',
    number: { label: 'Report No.', value: 'TCR-4471' },
    issue: { label: 'Date of inspection', iso: '2025-02-10', style: 'long' },
    address: ['22 Old Main Road, Kloof, 3610'],
    erf: '1590',
    owner: 'F. Naidoo',
  },
  {
    id: 'cert-roof-ridgeline-letter',
    type: 'roof_inspection',
    layout: 'letter',
    issuer: { name: 'Ridgeline Roof Care', contact: '14 Koppie Street, Polokwane, 0699' },
    person: 'Lerato Sithole',
    number: { label: 'Report number', value: 'RRC/2025/031' },
    issue: { label: 'Report date', iso: '2025-04-04', style: 'af-long' },
    dates: [{ label: 'Inspected on', iso: '2025-04-01', style: 'af-long' }],
    address: ['61 Marshall Street, Polokwane, 0699'],
    erf: '3012',
    owner: 'P. Maluleke',
  },
  {
    id: 'cert-alarm-sentinel-form',
    type: 'alarm_service',
    layout: 'form',
    issuer: { name: 'Sentinel Alarms (Pty) Ltd', contact: '90 Rivonia Road, Sandton, 2196 | 011 783 0420' },
    reg: { label: 'PSIRA Reg. No.', value: 'PSIRA 2045817' },
    person: 'Bongani Zwane',
    number: { label: 'Service Certificate No.', value: 'SA-SRV-66120' },
    issue: { label: 'Service date', iso: '2025-01-31', style: 'dash' },
    address: ['5 Wessel Road', 'Rivonia, Sandton, 2191'],
    erf: '301',
    owner: 'K. Mthembu',
  },
  {
    id: 'cert-alarm-nightwatch-list',
    type: 'alarm_service',
    layout: 'list',
    issuer: { name: 'NightWatch Security CC', contact: '4 Beach Road, Gqeberha, 6001' },
    reg: { label: 'PSIRA NO', value: '1938440' },
    person: 'Andre Olivier',
    number: { label: 'CERT NO', value: 'NW 20931' },
    issue: { label: 'DATE', iso: '2025-06-18', style: 'slash' },
    expiry: { label: 'NEXT SERVICE DUE', iso: '2025-12-18', style: 'slash' },
    address: ['12 Heugh Road, Walmer, Gqeberha, 6070'],
    erf: '7719',
    owner: 'Y. Jacobs',
  },
  {
    id: 'cert-lightning-strikesafe-table',
    type: 'lightning_conductor',
    layout: 'table',
    issuer: { name: 'StrikeSafe Lightning Protection', contact: '30 Kerk Street, Nelspruit, 1200' },
    reg: { label: 'ELPA Member No.', value: 'ELPA 0317' },
    person: 'Gerrit Venter',
    number: { label: 'Certificate No.', value: 'SS-LP-2025-019' },
    issue: { label: 'Date of test', iso: '2025-03-27', style: 'iso' },
    address: ['4 Impala Street, Sonheuwel, Mbombela'],
    erf: '2288',
    owner: 'W. Botha',
  },
  {
    id: 'cert-lightning-bolt-form',
    type: 'lightning_conductor',
    layout: 'form',
    issuer: { name: 'Bolt Earthing & Lightning CC', contact: '15 Sasol Street, Secunda, 2302' },
    reg: { label: 'Registration No.', value: 'IE 31876' },
    person: 'Musa Ndlovu',
    number: { label: 'Certificate No.', value: 'BEL 6620' },
    issue: { label: 'Date of issue', iso: '2024-10-10', style: 'short' },
    address: ['8 Frikkie Meyer Street', 'Secunda, 2302'],
    erf: '5501',
    owner: 'O. Mabena',
  },
  {
    id: 'cert-thatch-dakwerk-letter',
    type: 'thatch_retardant',
    layout: 'letter',
    font: 'Times-Roman',
    issuer: { name: 'Dakwerk Thatch Treatments', contact: '1 Hoofweg, Hartbeespoort, 0216 | 012 253 0871' },
    reg: { label: 'Applicator Reg. No.', value: 'TRA-0884' },
    person: 'Francois Joubert',
    number: { label: 'Certificate No.', value: 'DTT 2025-044' },
    issue: { label: 'Date of application', iso: '2025-02-28', style: 'af-long' },
    address: ['33 Dam Road, Schoemansville, Hartbeespoort'],
    erf: '117',
    owner: 'I. Kruger',
  },
  {
    id: 'cert-thatch-firecoat-table',
    type: 'thatch_retardant',
    layout: 'table',
    issuer: { name: 'FireCoat Thatch Protection (Pty) Ltd', contact: '21 Kommetjie Road, Fish Hoek, 7975' },
    reg: { label: 'SAQCC Fire Reg. No.', value: 'F 10877' },
    person: 'Candice Adams',
    number: { label: 'Certificate Serial No.', value: 'FC-T-3312' },
    issue: { label: 'Date issued', iso: '2024-07-19', style: 'dot' },
    expiry: { label: 'Re-treatment due by', iso: '2027-07-19', style: 'dot' },
    address: ['2 Skipper Lane, Kommetjie, 7975'],
    erf: '4417',
    owner: 'V. Olivier',
  },
  {
    id: 'cert-electrical-spark-list',
    type: 'electrical_coc',
    layout: 'list',
    issuer: { name: 'Spark Right Electrical', contact: '77 Long Street, Mthatha, 5099' },
    reg: { label: 'REG NO', value: 'IE 40982' },
    person: 'Ayanda Mbeki',
    number: { label: 'COC NO', value: 'SR-000731' },
    issue: { label: 'DATE', iso: '2025-10-20', style: 'long' },
    dates: [{ label: 'PRINTED', iso: '2025-10-21', style: 'iso' }],
    address: ['9 Sutherland Street, Mthatha, 5099'],
    erf: '1022',
    owner: 'Q. Ngcobo',
  },
  // A second batch (v2-, sorted after the first so its photos' turns stay as they were): labels and
  // distracting dates and numbers of other wordings, a number printed at the top, a date only in the
  // signing sentence ("on this 3rd day of …"), a form's revision date and a print date in a footer.
  {
    id: 'v2-cert-electrical-brightspark-form',
    type: 'electrical_coc',
    layout: 'form',
    issuer: { name: 'BrightSpark Electrical CC', contact: '6 Station Road, Pinetown, 3610 | 031 702 8812' },
    reg: { label: 'Accredited person reg. no.', value: 'ER 71240' },
    person: 'Nomvula Khoza',
    number: { label: 'CoC Number', value: 'BSE 118204' },
    issue: { label: 'Date of certification', iso: '2025-05-16', style: 'dot' },
    dates: [
      { label: 'Date tested', iso: '2025-05-15', style: 'dot' },
      { label: 'Previous CoC dated', iso: '2019-02-11', style: 'dot' },
    ],
    address: ['40 Josiah Gumede Road', 'Pinetown, 3610'],
    erf: '2674',
    owner: 'S. Pillay',
    footer: 'Form EC-1 (Rev. 01.03.2021)   Page 1 of 1',
  },
  {
    id: 'v2-cert-gas-gasco-letter',
    type: 'gas_coc',
    layout: 'letter',
    issuer: { name: 'GasCo Installations (Pty) Ltd', contact: '19 Umgeni Road, Durban, 4001 | 031 303 7720' },
    reg: { label: 'SAQCC Gas registration', value: 'SAQCC-G 201877' },
    person: 'Rashid Moosa',
    number: { label: 'Certificate of Conformity No.', value: 'GC 55812', top: true },
    issue: {
      label: 'Signed',
      iso: '2025-02-03',
      style: 'day-of',
      sentence: 'Thus done and signed at Durban on this {date}.',
    },
    dates: [{ label: 'Installation completed', iso: '2025-01-30', style: 'long' }],
    address: ['7 Innes Road, Morningside, Durban, 4001'],
    erf: '9315',
    owner: 'K. Naicker',
    footer: 'Printed 04/02/2025 10:14 by gasco-admin',
  },
  {
    id: 'v2-cert-plumbing-waterwise-table',
    type: 'plumbing_coc',
    layout: 'table',
    issuer: { name: 'WaterWise Plumbing', contact: '12 Kerk Street, George, 6529 | 044 873 1100' },
    reg: { label: 'PIRB Licensed Plumber No.', value: 'PIRB 30518' },
    person: 'Danie Erasmus',
    number: { label: 'Sertifikaatnr. / Certificate No.', value: 'WW-2025-2207' },
    issue: { label: 'Uitreikingsdatum / Date of issue', iso: '2025-09-12', style: 'af-long' },
    dates: [{ label: 'Datum van inspeksie / Inspection date', iso: '2025-09-10', style: 'af-long' }],
    refs: [{ label: 'Water meter no.', value: 'WM 4471902' }],
    address: ['5 York Street, George, 6529'],
    erf: '3388',
    owner: 'M. Fortuin',
  },
  {
    id: 'v2-cert-beetle-bugfree-list',
    type: 'beetle_clearance',
    layout: 'list',
    issuer: { name: 'BugFree Timber Inspections', contact: '3 Oak Lane, Knysna, 6571' },
    reg: { label: 'P-NO', value: 'P 04412' },
    person: 'Charl Visser',
    number: { label: 'CLEARANCE CERT #', value: 'BF 3307' },
    issue: { label: 'ISSUE DATE', iso: '2025-08-22', style: 'slash' },
    dates: [{ label: 'INSPECTION DATE', iso: '2025-08-21', style: 'slash' }],
    refs: [{ label: 'JOB NO', value: 'J-88120' }],
    address: ['14 Thesen Drive, Knysna, 6571'],
    erf: '1185',
    owner: 'A. Meyer',
  },
  {
    id: 'v2-cert-alarm-guardian-table',
    type: 'alarm_service',
    layout: 'table',
    issuer: { name: 'Guardian Armed Response (Pty) Ltd', contact: '2 Ridge Road, Bloemfontein, 9301' },
    reg: { label: 'PSIRA Registration No.', value: 'PSIRA 3318820' },
    person: 'Lebo Mofokeng',
    number: { label: 'Certificate ID', value: 'GAR-SC-40917' },
    issue: { label: 'Service completed on', iso: '2025-04-09', style: 'short' },
    dates: [{ label: 'Last service', iso: '2024-10-02', style: 'short' }],
    address: ['23 Brill Street, Westdene, Bloemfontein, 9301'],
    erf: '2051',
    owner: 'T. Ramoo',
  },
  {
    id: 'v2-cert-fence-voltfence-list',
    type: 'electric_fence_coc',
    layout: 'list',
    issuer: { name: 'VoltFence Security', contact: '88 Main Road, Witbank, 1035' },
    reg: { label: 'EFI REG', value: 'EFI 3301' },
    person: 'Jaco Swart',
    number: { label: 'CERTIFICATE #', value: 'VF-1120' },
    issue: { label: 'DATE ISSUED', iso: '2025-11-04', style: 'iso' },
    refs: [{ label: 'ENERGISER SERIAL NO', value: 'NEMTEK 7720113' }],
    address: ['9 Hofmeyr Street, Witbank, 1035'],
    erf: '4430',
    owner: 'F. Mahlangu',
  },
  {
    id: 'v2-cert-geyser-geyserpro-form',
    type: 'geyser_coc',
    layout: 'form',
    issuer: { name: 'GeyserPro Services', contact: '4 Loop Street, Pietermaritzburg, 3201 | 033 342 9910' },
    reg: { label: 'PIRB No.', value: 'PIRB 27716' },
    person: 'Ayesha Cassim',
    number: { label: 'Compliance certificate no.', value: 'GP/2025/0613' },
    issue: { label: 'Certificate date', iso: '2025-06-13', style: 'long' },
    dates: [{ label: 'Installation date', iso: '2025-06-12', style: 'long' }],
    refs: [{ label: 'Geyser serial no.', value: 'KW150-88231' }],
    address: ['17 Chapel Street', 'Pietermaritzburg, 3201'],
    erf: '7742',
    owner: 'J. Govender',
  },
  {
    id: 'v2-cert-sseg-metsweding-municipal',
    type: 'sseg_registration',
    layout: 'municipal',
    issuer: {
      name: 'Metsweding Local Municipality',
      contact: 'Electricity Department – Embedded Generation',
    },
    number: { label: 'SSEG Registration No.', value: 'MLM-SSEG-2025-118' },
    issue: { label: 'Date of approval', iso: '2025-07-07', style: 'slash' },
    dates: [{ label: 'Application date', iso: '2025-05-26', style: 'slash' }],
    refs: [{ label: 'Your ref.', value: 'SOL-4471' }],
    extra: ['Installer: Bushveld Solar (PV GreenCard 4410)', 'Inverter: 8 kVA hybrid, export limited'],
    address: ['31 Kerk Street, Bronkhorstspruit'],
    erf: '1320',
    owner: 'P. du Plessis',
  },
  {
    id: 'v2-cert-roof-summit-letter',
    type: 'roof_inspection',
    layout: 'letter',
    issuer: {
      name: 'Summit Roofing Inspections',
      contact: '10 Hill Street, Grahamstown, 6139 | 046 622 0411',
    },
    person: 'Mark Jacobs',
    number: { label: 'Report ref.', value: 'SRI-25-144' },
    issue: { label: 'Date', iso: '2025-03-24', style: 'long' },
    dates: [{ label: 'Inspection period', iso: '2025-03-18', style: 'long', until: '2025-03-19' }],
    address: ['8 African Street, Makhanda, 6139'],
    erf: '2266',
    owner: 'R. Botha',
  },
  {
    id: 'v2-cert-lightning-skyguard-list',
    type: 'lightning_conductor',
    layout: 'list',
    issuer: { name: 'SkyGuard Lightning CC', contact: '5 Voortrekker Road, Vryheid, 3100' },
    reg: { label: 'ELPA MEMBER NO', value: 'ELPA 0655' },
    person: 'Willem Nel',
    number: { label: 'TEST CERTIFICATE NO', value: 'SGL 2025/061' },
    issue: { label: 'DATE OF TEST', iso: '2025-10-08', style: 'dash' },
    dates: [{ label: 'NEXT TEST DATE', iso: '2026-10-08', style: 'dash' }],
    address: ['27 Landdros Street, Vryheid, 3100'],
    erf: '901',
    owner: 'B. Ntuli',
  },
];

const addMonths = (iso, months) => {
  const [y, m, d] = iso.split('-').map(Number);
  const index = m - 1 + months;
  const year = y + Math.floor(index / 12);
  const month = (index % 12) + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${year}-${String(month).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
};
const VALIDITY = {
  beetle_clearance: 3,
  alarm_service: 6,
  roof_inspection: 12,
  lightning_conductor: 12,
  thatch_retardant: 36,
};

function truthOf(cert) {
  const truth = {
    certificate_type: cert.type,
    certificate_number: cert.number.value,
    issue_date: cert.issue.iso,
  };
  const derived = VALIDITY[cert.type] ? addMonths(cert.issue.iso, VALIDITY[cert.type]) : undefined;
  if (cert.expiry || derived) truth.expiry_date = cert.expiry?.iso ?? derived;
  truth.address = cert.address.join(', ');
  truth.erf = cert.erf;
  truth.issuer_name = cert.issuer.name;
  if (cert.reg) truth.issuer_registration = cert.reg.value;
  return truth;
}

const date = (d) => fmtDate(d.iso, d.style);
/** A date, or a range of two ("18 March 2025 – 19 March 2025"). */
const dated = (d) => (d.until ? `${date(d)} – ${fmtDate(d.until, d.style)}` : date(d));

/** What every layout adds: a number printed at the top right, the signing sentence, a footer. */
function extras(cert, p, x, y, width) {
  const right = p.width - 40;
  if (cert.number.top)
    p.text(`${cert.number.label} ${cert.number.value}`, right, 30, { size: 10, align: 'right' });
  let below = y;
  if (cert.issue.sentence) {
    below = p.paragraph(cert.issue.sentence.replace('{date}', date(cert.issue)), x, y + 8, width, {
      size: 10,
    });
  }
  if (cert.footer)
    p.text(cert.footer, p.width / 2, p.size === 'A4' ? 820 : 772, { size: 7, align: 'center' });
  return below;
}

/** Label/value pairs every layout prints, in order. */
function rows(cert) {
  const list = cert.number.top ? [] : [[cert.number.label, cert.number.value]];
  if (!cert.issue.sentence) list.push([cert.issue.label, date(cert.issue)]);
  for (const d of cert.dates ?? []) list.push([d.label, dated(d)]);
  if (cert.expiry) list.push([cert.expiry.label, date(cert.expiry)]);
  for (const r of cert.refs ?? []) list.push([r.label, r.value]);
  return list;
}

/** A form: a title band, boxes with a small label above each value. */
function formLayout(cert) {
  const t = TYPES[cert.type];
  const p = new Page('A4', cert.font);
  p.text(cert.issuer.name, 40, 52, { size: 16, font: 'Helvetica-Bold' });
  p.text(cert.issuer.contact, 40, 68, { size: 8.5 });
  if (cert.reg) p.text(`${cert.reg.label}: ${cert.reg.value}`, 40, 81, { size: 8.5 });
  p.box(40, 95, 515, 46, { fill: 0.9 });
  p.text(t.title, 297.6, 124, {
    size: t.title.length > 34 ? 14 : 17,
    font: 'Helvetica-Bold',
    align: 'center',
  });
  p.text(t.subtitle, 297.6, 160, { size: 10, align: 'center' });
  const cells = [...rows(cert)];
  cells.push(['Owner', cert.owner], ['Erf number', cert.erf]);
  let y = 180;
  for (let i = 0; i < cells.length; i += 2) {
    for (const [column, cell] of [cells[i], cells[i + 1]].entries()) {
      if (!cell) continue;
      const x = 40 + column * 260;
      p.box(x, y, 255, 42);
      p.text(cell[0], x + 6, y + 12, { size: 7.5 });
      p.text(cell[1], x + 6, y + 32, { size: 11.5 });
    }
    y += 48;
  }
  p.box(40, y, 515, 30 + 16 * cert.address.length);
  p.text('Address of the installation / property', 46, y + 12, { size: 7.5 });
  cert.address.forEach((line, index) => {
    p.text(line, 46, y + 30 + 16 * index, { size: 11.5 });
  });
  y += 50 + 16 * cert.address.length;
  y = p.paragraph(t.statement, 40, y, 515, { size: 10 });
  y = extras(cert, p, 40, y, 515);
  if (cert.validityNote) y = p.paragraph(cert.validityNote, 40, y + 6, 515, { size: 10 });
  y += 50;
  p.line(40, y, 250, y);
  p.text(cert.person ?? cert.issuer.name, 40, y + 14, { size: 9 });
  p.text(`for ${cert.issuer.name}`, 40, y + 27, { size: 9 });
  p.line(330, y, 555, y);
  p.text('Signature of registered person', 330, y + 14, { size: 9 });
  return [p];
}

/** A letter: centred letterhead, a title, paragraphs, a few labelled lines and a signature. */
function letterLayout(cert) {
  const t = TYPES[cert.type];
  const serif = cert.font === 'Times-Roman';
  const bold = serif ? 'Times-Bold' : 'Helvetica-Bold';
  const p = new Page('A4', cert.font);
  p.text(cert.issuer.name, 297.6, 62, { size: 20, font: bold, align: 'center' });
  p.text(cert.issuer.contact, 297.6, 80, { size: 9, align: 'center' });
  if (cert.reg) p.text(`${cert.reg.label}: ${cert.reg.value}`, 297.6, 93, { size: 9, align: 'center' });
  p.line(60, 104, 535, 104, 1.2);
  if (!cert.issue.sentence)
    p.text(`${cert.issue.label}: ${date(cert.issue)}`, 535, 132, { size: 11, align: 'right' });
  if (!cert.number.top) p.text(`${cert.number.label}: ${cert.number.value}`, 60, 132, { size: 11 });
  p.text(t.title, 297.6, 176, { size: t.title.length > 34 ? 13 : 16, font: bold, align: 'center' });
  p.text(t.subtitle, 297.6, 194, { size: 10, align: 'center' });
  let y = 226;
  p.text(`Property: ${cert.address.join(', ')}`, 60, y, { size: 11 });
  y += 17;
  p.text(`Erf ${cert.erf}`, 60, y, { size: 11 });
  y += 17;
  p.text(`Owner: ${cert.owner}`, 60, y, { size: 11 });
  y += 28;
  for (const d of cert.dates ?? []) {
    p.text(`${d.label}: ${dated(d)}`, 60, y, { size: 11 });
    y += 17;
  }
  if (cert.expiry) {
    p.text(`${cert.expiry.label}: ${date(cert.expiry)}`, 60, y, { size: 11 });
    y += 17;
  }
  y += 8;
  y = p.paragraph(
    `We hereby certify that the above property was attended to by ${cert.person ?? 'our staff'}. ${t.statement}`,
    60,
    y,
    475,
    { size: 11 },
  );
  if (cert.validityNote) y = p.paragraph(cert.validityNote, 60, y + 6, 475, { size: 11 });
  y = p.paragraph(
    'Please keep this certificate with the documents of the property; it may be asked for when the property is sold or insured.',
    60,
    y + 10,
    475,
    { size: 11 },
  );
  y = extras(cert, p, 60, y, 475);
  y += 30;
  p.text('Yours faithfully', 60, y, { size: 11 });
  p.line(60, y + 40, 240, y + 40);
  p.text(cert.person ?? 'Authorised signatory', 60, y + 55, { size: 11 });
  p.text(`for ${cert.issuer.name}`, 60, y + 70, { size: 10 });
  return [p];
}

/** A two-column table: label cells on the left, values on the right, ruled rows. */
function tableLayout(cert) {
  const t = TYPES[cert.type];
  const serif = cert.font === 'Times-Roman';
  const bold = serif ? 'Times-Bold' : 'Helvetica-Bold';
  const p = new Page('A4', cert.font);
  p.text(cert.issuer.name, 50, 56, { size: 15, font: bold });
  p.text(cert.issuer.contact, 50, 72, { size: 8.5 });
  p.text(t.title, 297.6, 118, { size: t.title.length > 34 ? 13 : 16, font: bold, align: 'center' });
  p.text(t.subtitle, 297.6, 136, { size: 9.5, align: 'center' });
  const table = [...rows(cert)];
  table.push(['Property address', cert.address.join(', ')]);
  table.push(['Erf', cert.erf], ['Owner', cert.owner]);
  for (const r of cert.extraRows ?? []) table.push(r);
  table.push(['Issued by', cert.issuer.name]);
  if (cert.person) table.push(['Registered person', cert.person]);
  if (cert.reg) table.push([cert.reg.label, cert.reg.value]);
  let y = 156;
  p.line(50, y, 545, y);
  for (const [label, value] of table) {
    p.text(label, 56, y + 15, { size: 9.5, font: bold });
    p.text(value, 236, y + 15, { size: 10 });
    y += 22;
    p.line(50, y, 545, y);
  }
  p.line(50, 156, 50, y).line(230, 156, 230, y).line(545, 156, 545, y);
  y = p.paragraph(t.statement, 50, y + 30, 495, { size: 10 });
  y = extras(cert, p, 50, y, 495);
  y += 40;
  p.line(50, y, 260, y);
  p.text('Signature', 50, y + 13, { size: 9 });
  p.line(335, y, 545, y);
  p.text('Date', 335, y + 13, { size: 9 });
  return [p];
}

/** A print-out in Courier: upper-case labels padded with dots, Letter size. */
function listLayout(cert) {
  const t = TYPES[cert.type];
  const p = new Page('Letter', 'Courier');
  p.text(cert.issuer.name.toUpperCase(), 50, 60, { size: 12 });
  p.text(cert.issuer.contact, 50, 74, { size: 9 });
  p.text('='.repeat(60), 50, 90, { size: 9 });
  p.text(t.title, 50, 110, { size: t.title.length > 34 ? 11 : 13 });
  p.text(t.subtitle, 50, 126, { size: 8.5 });
  p.text('='.repeat(60), 50, 140, { size: 9 });
  const list = [...rows(cert)];
  list.push(['OWNER', cert.owner.toUpperCase()], ['ERF NO', cert.erf]);
  let y = 166;
  for (const [label, value] of list) {
    p.text(`${label.padEnd(18, '.')}: ${value}`, 50, y, { size: 10 });
    y += 16;
  }
  p.text(`${'ADDRESS'.padEnd(18, '.')}: ${cert.address[0]}`, 50, y, { size: 10 });
  for (const line of cert.address.slice(1)) {
    y += 16;
    p.text(`${''.padEnd(20, ' ')}${line}`, 50, y, { size: 10 });
  }
  y += 26;
  p.text(`${'ISSUED BY'.padEnd(18, '.')}: ${cert.issuer.name}`, 50, y, { size: 10 });
  if (cert.person) {
    y += 16;
    p.text(`${'TECHNICIAN'.padEnd(18, '.')}: ${cert.person}`, 50, y, { size: 10 });
  }
  if (cert.reg) {
    y += 16;
    p.text(`${cert.reg.label.padEnd(18, '.')}: ${cert.reg.value}`, 50, y, { size: 10 });
  }
  y = p.paragraph(t.statement, 50, y + 30, 500, { size: 9.5, font: 'Courier' });
  y = extras(cert, p, 50, y, 500);
  p.text('SIGNED: ______________________', 50, y + 30, { size: 10 });
  return [p];
}

/** A municipal certificate: centred authority, a reference block at the top right, paragraphs. */
function municipalLayout(cert) {
  const t = TYPES[cert.type];
  const serif = cert.font === 'Times-Roman';
  const bold = serif ? 'Times-Bold' : 'Helvetica-Bold';
  const p = new Page('A4', cert.font);
  p.box(40, 36, 515, 70, { width: 1.5 });
  p.text(cert.issuer.name.toUpperCase(), 297.6, 64, { size: 17, font: bold, align: 'center' });
  p.text(cert.issuer.contact, 297.6, 86, { size: 10, align: 'center' });
  let y = 134;
  for (const [label, value] of rows(cert)) {
    p.text(`${label}:`, 330, y, { size: 10 });
    p.text(value, 550, y, { size: 10, align: 'right' });
    y += 15;
  }
  y = Math.max(y, 190) + 20;
  p.text(t.title, 297.6, y, { size: 18, font: bold, align: 'center' });
  y = p.paragraph(t.subtitle, 70, y + 20, 455, { size: 10 }) + 12;
  p.text(`Erf ${cert.erf}`, 70, y, { size: 11, font: bold });
  p.text(`Street address: ${cert.address.join(', ')}`, 70, y + 17, { size: 11 });
  p.text(`Owner: ${cert.owner}`, 70, y + 34, { size: 11 });
  y += 60;
  for (const line of cert.extra ?? []) {
    p.text(line, 70, y, { size: 10.5 });
    y += 16;
  }
  y = p.paragraph(t.statement, 70, y + 10, 455, { size: 11 });
  y = extras(cert, p, 70, y, 455);
  y = p.paragraph(
    'This certificate does not relieve the owner of any obligation under any other law or condition of title.',
    70,
    y + 8,
    455,
    { size: 9.5 },
  );
  p.line(330, y + 60, 530, y + 60);
  p.text('Building Control Officer', 330, y + 74, { size: 9.5 });
  p.text('for the Municipal Manager', 330, y + 87, { size: 9.5 });
  return [p];
}

const LAYOUTS = {
  form: formLayout,
  letter: letterLayout,
  table: tableLayout,
  list: listLayout,
  municipal: municipalLayout,
};

export function certificateSpecs() {
  return CERTIFICATES.map((cert) => ({
    id: cert.id,
    kind: 'certificate',
    layout: cert.layout,
    pages: LAYOUTS[cert.layout](cert).map((page) => page.toJSON()),
    truth: truthOf(cert),
  }));
}
