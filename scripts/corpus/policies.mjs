import { fmtDate, fmtRand, Page } from './lib.mjs';

/**
 * The tuning set's insurance policy schedules: fictional insurers, four layouts (a ruled schedule
 * table, values in a right-hand column, a renewal letter, a two-page schedule with its conditions on
 * page 2). Other amounts (contents, premium, limits) and dates (date printed, inception) distract.
 */

export const POLICIES = [
  {
    id: 'policy-kalahari-table',
    layout: 'table',
    insurer: 'Kalahari Mutual Insurance Ltd',
    tagline: 'An authorised financial services provider (FSP 90411)',
    number: { label: 'Policy number', value: 'KMI-HO-3381207' },
    from: { iso: '2025-07-01', style: 'long' },
    to: { iso: '2026-06-30', style: 'long' },
    period: 'fromTo',
    insured: 'Mr J. and Mrs A. Swart',
    address: ['14 Kloof Street, Gardens, Cape Town, 8001'],
    buildings: { amount: '2450000.00', style: 'space-comma' },
    contents: { amount: '650000.00', style: 'space-comma' },
    excess: { amount: '5000.00', style: 'space-comma', label: 'Basic excess (buildings)' },
    premium: { amount: '1187.40', style: 'space-comma' },
    printed: { iso: '2025-06-12', style: 'long' },
  },
  {
    id: 'policy-baobab-right-column',
    layout: 'right',
    insurer: 'Baobab General Insurance Company Limited',
    tagline: 'Homeowners Policy Schedule',
    number: { label: 'Policy No.', value: 'BG 0047 9921' },
    from: { iso: '2025-03-01', style: 'slash' },
    to: { iso: '2026-02-28', style: 'slash' },
    period: 'twoRows',
    insured: 'Nomvula Dube',
    address: ['27 Aloe Street, Ntaba Heights, Erf 456'],
    addressTruth: '27 Aloe Street, Ntaba Heights',
    buildings: { amount: '1800000.00', style: 'comma-dot' },
    excess: { amount: '2500.00', style: 'comma-dot', label: 'Standard excess' },
    premium: { amount: '842.15', style: 'comma-dot' },
    printed: { iso: '2025-02-14', style: 'slash' },
  },
  {
    id: 'policy-fynbos-letter',
    layout: 'letter',
    insurer: 'Fynbos Direct Insurance',
    tagline: 'Fynbos Direct – insurance without the fine print',
    number: { label: 'Policy number', value: 'FD-55120884' },
    from: { iso: '2025-09-01', style: 'long' },
    to: { iso: '2026-08-31', style: 'long' },
    insured: 'Ms L. Daniels',
    address: ['12 Kloof Street, Rivierdal'],
    buildings: { amount: '3100000.00', style: 'space-dot' },
    excess: { amount: '3000.00', style: 'space-dot', label: 'Basic excess' },
    premium: { amount: '1402.00', style: 'space-dot' },
    printed: { iso: '2025-08-04', style: 'long' },
  },
  {
    id: 'policy-highveld-two-page',
    layout: 'twoPage',
    insurer: 'Highveld Onderlinge Versekering Beperk',
    tagline: 'Homeowners / Huiseienaars',
    number: { label: 'Policy number / Polisnommer', value: 'HOV/778/2025' },
    from: { iso: '2025-04-01', style: 'af-long' },
    to: { iso: '2026-03-31', style: 'af-long' },
    period: 'fromTo',
    insured: 'P. en M. Venter',
    address: ['4 Impala Street, Sonheuwel, Mbombela'],
    buildings: { amount: '2200000.00', style: 'space-comma' },
    contents: { amount: '400000.00', style: 'space-comma' },
    excess: { amount: '2000.00', style: 'space-comma', label: 'Basic excess' },
    premium: { amount: '990.60', style: 'space-comma' },
    printed: { iso: '2025-03-10', style: 'af-short' },
  },
  {
    id: 'policy-karoo-table',
    layout: 'table',
    font: 'Times-Roman',
    insurer: 'Karoo Shield Insurance',
    tagline: 'Underwritten by Karoo Shield Insurance Limited',
    number: { label: 'Policy Ref', value: 'KSI 220-114-09' },
    from: { iso: '2025-11-15', style: 'short' },
    to: { iso: '2026-11-14', style: 'short' },
    period: 'fromTo',
    insured: 'D. and R. Pillay',
    address: ['17 Kingfisher Drive', 'Farrarmere, Benoni'],
    buildings: { amount: '1650000.00', style: 'zar' },
    contents: { amount: '300000.00', style: 'zar' },
    excess: { amount: '1500.00', style: 'zar', label: 'Excess – buildings' },
    premium: { amount: '701.35', style: 'zar' },
    printed: { iso: '2025-10-28', style: 'short' },
  },
  {
    id: 'policy-indlovu-right-column',
    layout: 'right',
    insurer: 'Indlovu Home Assurance',
    tagline: 'Policy Schedule – Buildings',
    number: { label: 'Policy number', value: 'IHA-000381442' },
    from: { iso: '2026-01-01', style: 'iso' },
    to: { iso: '2026-12-31', style: 'iso' },
    period: 'range',
    insured: 'Mr S. Mahlangu',
    address: ['41 Republic Road, Ferndale, Randburg, 2194'],
    buildings: { amount: '2750000.00', style: 'whole-space' },
    excess: { amount: '4000.00', style: 'whole-space', label: 'Basic excess' },
    premium: { amount: '1290.00', style: 'whole-space' },
    printed: { iso: '2025-12-02', style: 'iso' },
  },
  {
    id: 'policy-lowveld-letter',
    layout: 'letter',
    font: 'Times-Roman',
    insurer: 'Lowveld Country Insurers',
    tagline: 'Cover for country homes since 1987',
    number: { label: 'Policy', value: 'LCI 4471-H' },
    from: { iso: '2025-05-01', style: 'slash' },
    to: { iso: '2026-04-30', style: 'slash' },
    insured: 'Mr W. Botha',
    address: ['Plot 22, Sabie Road, White River, 1240'],
    buildings: { amount: '1950000.00', style: 'comma-dot' },
    premium: { amount: '1105.80', style: 'comma-dot' },
    printed: { iso: '2025-04-03', style: 'slash' },
  },
  {
    id: 'policy-coastal-two-page',
    layout: 'twoPage',
    insurer: 'Coastal Cover Insurance Ltd',
    tagline: 'Schedule of insurance – Home',
    number: { label: 'Policy number', value: 'CCI/HM/20931' },
    from: { iso: '2025-08-15', style: 'dot' },
    to: { iso: '2026-08-14', style: 'dot' },
    period: 'fromTo',
    insured: 'V. Olivier',
    address: ['2 Skipper Lane, Kommetjie, 7975'],
    buildings: { amount: '3400000.00', style: 'space-comma' },
    contents: { amount: '750000.00', style: 'space-comma' },
    excess: { amount: '7500.00', style: 'space-comma', label: 'Buildings excess' },
    premium: { amount: '1876.25', style: 'space-comma' },
    printed: { iso: '2025-07-30', style: 'dot' },
  },
  {
    id: 'policy-aloe-table',
    layout: 'table',
    insurer: 'Aloe Ridge Insurance Company',
    tagline: 'Household and buildings schedule',
    number: { label: 'Policy No', value: 'ARI 0098173' },
    from: { iso: '2025-02-01', style: 'dash-mon' },
    to: { iso: '2026-01-31', style: 'dash-mon' },
    period: 'range',
    insured: 'K. Mthembu',
    address: ['5 Wessel Road, Rivonia, Sandton, 2191'],
    buildings: { amount: '4100000.00', style: 'comma-dot' },
    contents: { amount: '900000.00', style: 'comma-dot' },
    excess: { amount: '10000.00', style: 'comma-dot', label: 'Basic excess' },
    premium: { amount: '2210.90', style: 'comma-dot' },
    printed: { iso: '2025-01-20', style: 'dash-mon' },
  },
];

const d = (x) => fmtDate(x.iso, x.style);
const r = (x) => fmtRand(x.amount, x.style);

function truthOf(policy) {
  const truth = {
    insurer: policy.insurer,
    policy_number: policy.number.value,
    cover_from: policy.from.iso,
    cover_to: policy.to.iso,
    sum_insured_buildings: policy.buildings.amount,
  };
  if (policy.excess) truth.excess = policy.excess.amount;
  truth.address = policy.addressTruth ?? policy.address.join(', ');
  return truth;
}

/** The period of cover as rows: one row "From … to …", two rows, or "d – d". */
function periodRows(policy) {
  if (policy.period === 'twoRows') {
    return [
      ['Cover from', d(policy.from)],
      ['Cover to', d(policy.to)],
    ];
  }
  if (policy.period === 'range') return [['Period of insurance', `${d(policy.from)} – ${d(policy.to)}`]];
  return [['Period of cover', `From ${d(policy.from)} to ${d(policy.to)}`]];
}

function scheduleRows(policy) {
  const list = [[policy.number.label, policy.number.value], ...periodRows(policy)];
  list.push(['The insured', policy.insured]);
  list.push(['Risk address', policy.address[0]]);
  for (const line of policy.address.slice(1)) list.push(['', line]);
  list.push(['Buildings: sum insured', r(policy.buildings)]);
  if (policy.contents) list.push(['Household contents: sum insured', r(policy.contents)]);
  if (policy.excess) list.push([policy.excess.label, r(policy.excess)]);
  list.push(['Monthly premium (incl. VAT)', r(policy.premium)]);
  return list;
}

function header(p, policy, bold) {
  p.text(policy.insurer, 50, 58, { size: 17, font: bold });
  p.text(policy.tagline, 50, 75, { size: 9 });
  p.text(`Date printed: ${d(policy.printed)}`, 545, 58, { size: 9, align: 'right' });
  p.line(50, 86, 545, 86, 1.5);
}

/** A ruled schedule table: labels and values in two columns. */
function tableLayout(policy) {
  const bold = policy.font === 'Times-Roman' ? 'Times-Bold' : 'Helvetica-Bold';
  const p = new Page('A4', policy.font);
  header(p, policy, bold);
  p.text('POLICY SCHEDULE – HOMEOWNERS', 297.6, 118, { size: 15, font: bold, align: 'center' });
  let y = 140;
  p.box(50, y, 495, 22, { fill: 0.88 });
  p.text('Item', 58, y + 15, { size: 10, font: bold });
  p.text('Details', 270, y + 15, { size: 10, font: bold });
  y += 22;
  for (const [label, value] of scheduleRows(policy)) {
    if (label !== '') p.text(label, 58, y + 15, { size: 10 });
    p.text(value, 270, y + 15, { size: 10.5 });
    y += 22;
    p.line(50, y, 545, y, 0.5);
  }
  p.line(50, 140, 50, y).line(262, 140, 262, y).line(545, 140, 545, y);
  y = p.paragraph(
    'This schedule forms part of your policy. Read it with the policy wording; tell us at once if any detail is wrong. Claims: call 0860 000 111 within 30 days of the event.',
    50,
    y + 30,
    495,
    { size: 9.5 },
  );
  return [p];
}

/** Labels on the left, values right-aligned in a right-hand column, grouped under headings. */
function rightLayout(policy) {
  const p = new Page('A4', policy.font);
  header(p, policy, 'Helvetica-Bold');
  p.text('SCHEDULE', 50, 120, { size: 22, font: 'Helvetica-Bold' });
  let y = 150;
  const group = (title, list) => {
    p.box(50, y, 495, 20, { fill: 0.85, width: 0 });
    p.text(title, 56, y + 14, { size: 10.5, font: 'Helvetica-Bold' });
    y += 36;
    for (const [label, value] of list) {
      p.text(label, 56, y, { size: 10 });
      p.text(value, 540, y, { size: 10, align: 'right' });
      y += 18;
    }
    y += 10;
  };
  group('Policy details', [[policy.number.label, policy.number.value], ...periodRows(policy)]);
  group('The insured and the insured property', [
    ['Policyholder', policy.insured],
    ['Insured address', policy.address.join(', ')],
  ]);
  const cover = [['Buildings sum insured', r(policy.buildings)]];
  if (policy.contents) cover.push(['Contents sum insured', r(policy.contents)]);
  if (policy.excess) cover.push([policy.excess.label, r(policy.excess)]);
  cover.push(['Geyser limit per claim', r({ amount: '25000.00', style: policy.buildings.style })]);
  group('Cover', cover);
  group('Premium', [['Monthly premium', r(policy.premium)]]);
  p.paragraph(
    'Subject to the terms, conditions and exclusions of the policy wording. The insured property must be maintained in a good state of repair.',
    50,
    y + 10,
    495,
    { size: 9 },
  );
  return [p];
}

/** A renewal letter: the period and amounts in sentences, then a short summary. */
function letterLayout(policy) {
  const serif = policy.font === 'Times-Roman';
  const bold = serif ? 'Times-Bold' : 'Helvetica-Bold';
  const p = new Page('A4', policy.font);
  p.text(policy.insurer, 297.6, 60, { size: 20, font: bold, align: 'center' });
  p.text(policy.tagline, 297.6, 78, { size: 9.5, align: 'center' });
  p.text(d(policy.printed), 60, 120, { size: 11 });
  p.text(policy.insured, 60, 146, { size: 11 });
  policy.address.forEach((line, index) => {
    p.text(line, 60, 161 + 15 * index, { size: 11 });
  });
  let y = 161 + 15 * policy.address.length + 26;
  p.text(`Dear ${policy.insured}`, 60, y, { size: 11 });
  y += 24;
  p.text(`Renewal of your homeowners policy ${policy.number.value}`, 60, y, { size: 12, font: bold });
  y += 22;
  y = p.paragraph(
    `Thank you for insuring your home with us. Your policy renews for the period ${d(policy.from)} to ${d(policy.to)}. The sum insured for your buildings is ${r(policy.buildings)} and your monthly premium is ${r(policy.premium)}.`,
    60,
    y,
    475,
    { size: 11 },
  );
  y += 14;
  p.text('Summary of your cover', 60, y, { size: 11, font: bold });
  y += 18;
  const summary = [
    [`${policy.number.label}:`, policy.number.value],
    ['Cover starts:', d(policy.from)],
    ['Cover ends:', d(policy.to)],
    ['Insured address:', policy.address.join(', ')],
    ['Buildings sum insured:', r(policy.buildings)],
  ];
  if (policy.excess) summary.push([`${policy.excess.label}:`, r(policy.excess)]);
  for (const [label, value] of summary) {
    p.text(label, 60, y, { size: 11 });
    p.text(value, 220, y, { size: 11 });
    y += 16;
  }
  y = p.paragraph(
    'If anything has changed (alterations, a thatched lapa, a new alarm) please let us know before the renewal date. Nothing needs to be done if the details are correct.',
    60,
    y + 14,
    475,
    { size: 11 },
  );
  p.text('Kind regards', 60, y + 20, { size: 11 });
  p.text('Client Services', 60, y + 36, { size: 11 });
  return [p];
}

/** Two pages: the schedule on page 1, the conditions on page 2. */
function twoPageLayout(policy) {
  const first = new Page('A4', policy.font);
  header(first, policy, 'Helvetica-Bold');
  first.text('HOMEOWNERS SCHEDULE', 50, 116, { size: 15, font: 'Helvetica-Bold' });
  first.text('Page 1 of 2', 545, 116, { size: 9, align: 'right' });
  let y = 146;
  for (const [label, value] of scheduleRows(policy)) {
    if (label !== '') first.text(`${label}:`, 50, y, { size: 10, font: 'Helvetica-Bold' });
    first.text(value, 250, y, { size: 10 });
    y += 20;
  }
  first.paragraph(
    'Endorsements: none. Your cover is subject to the conditions on page 2 and to the policy wording.',
    50,
    y + 20,
    495,
    { size: 9.5 },
  );
  const second = new Page('A4', policy.font);
  second.text(`${policy.insurer} – ${policy.number.value}`, 50, 56, { size: 9 });
  second.text('Page 2 of 2', 545, 56, { size: 9, align: 'right' });
  second.text('CONDITIONS AND ENDORSEMENTS', 50, 90, { size: 13, font: 'Helvetica-Bold' });
  let z = 116;
  for (const clause of [
    '1. Maintenance. You must keep the buildings in a good state of repair. We will not pay for damage caused by wear and tear or a lack of maintenance.',
    '2. Geysers. Geysers installed after 8 June 2001 must comply with SANS 10254. A claim may be refused where the installation does not.',
    '3. Unoccupied buildings. Tell us if the buildings will be unoccupied for more than 60 consecutive days.',
    '4. Alarm warranty. Where an alarm is fitted, it must be in working order and switched on when the home is unoccupied.',
    '5. Excess. The first amount of every claim, as stated on the schedule, is paid by you. An additional excess applies to subsidence and landslip claims.',
  ]) {
    z = second.paragraph(clause, 50, z, 495, { size: 10 }) + 8;
  }
  return [first, second];
}

const LAYOUTS = { table: tableLayout, right: rightLayout, letter: letterLayout, twoPage: twoPageLayout };

export function policySpecs() {
  return POLICIES.map((policy) => ({
    id: policy.id,
    kind: 'policy',
    layout: {
      table: 'schedule-table',
      right: 'schedule-right-column',
      letter: 'renewal-letter',
      twoPage: 'two-page-schedule',
    }[policy.layout],
    pages: LAYOUTS[policy.layout](policy).map((page) => page.toJSON()),
    truth: truthOf(policy),
  }));
}
