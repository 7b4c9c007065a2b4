import { fmtDate, fmtRand, Page, rand, withVat } from './lib.mjs';

/**
 * The tuning set's invoices and quotes from service providers: VAT at 15%, totals consistent to the
 * cent, amounts in several rand styles, distracting dates (due date, valid until) and numbers (the
 * supplier's VAT number, the invoice number, the subtotal, a deposit).
 */

export const INVOICES = [
  {
    id: 'invoice-dripfree-table',
    layout: 'table',
    title: 'TAX INVOICE',
    supplier: { name: 'DripFree Plumbing', contact: '110 Main Road, Claremont, 7708', vat: '4180273645' },
    number: 'INV-10442',
    date: { label: 'Invoice date', iso: '2025-04-28', style: 'slash' },
    other: { label: 'Due date', iso: '2025-05-28', style: 'slash' },
    customer: 'S. Abrahams',
    site: '22 Belmont Road, Rondebosch, Cape Town, 7700',
    job: 'Replace burst 150 L geyser and fit drip tray and vacuum breakers',
    items: [
      ['150 L Class B electric geyser', 1, 6450],
      ['Drip tray, vacuum breakers and pressure valve', 1, 1180],
      ['Labour (hours)', 4, 520],
    ],
    style: 'space-comma',
  },
  {
    id: 'invoice-voltline-table',
    layout: 'table',
    title: 'TAX INVOICE',
    supplier: {
      name: 'Voltline Electrical (Pty) Ltd',
      contact: '21 Voortrekker Road, Bellville',
      vat: '4730118290',
    },
    number: 'VL-INV-2291',
    date: { label: 'Date', iso: '2025-03-14', style: 'long' },
    customer: 'M. Jacobs',
    site: '14 Kloof Street, Gardens, Cape Town, 8001',
    job: 'Electrical compliance inspection and certificate of compliance',
    items: [
      ['Inspection and testing of installation', 1, 1850],
      ['Replace faulty earth leakage unit', 1, 940],
      ['Certificate of compliance', 1, 450],
    ],
    style: 'comma-dot',
  },
  {
    id: 'quote-topcover-letter',
    layout: 'quote',
    title: 'QUOTATION',
    supplier: {
      name: 'TopCover Roofing (Pty) Ltd',
      contact: '8 Steel Road, Pinetown, 3610 | 031 701 2234',
      vat: '4402998173',
    },
    number: 'Q-2025-118',
    date: { label: 'Quote date', iso: '2025-02-12', style: 'long' },
    other: { label: 'Valid until', iso: '2025-03-14', style: 'long' },
    customer: 'F. Naidoo',
    site: '22 Old Main Road, Kloof, 3610',
    job: 'Replace cracked roof tiles, re-point ridge capping and clear gutters',
    items: [['Roof repairs as described', 1, 12800]],
    style: 'space-comma',
  },
  {
    id: 'invoice-sentinel-slip',
    layout: 'slip',
    title: 'TAX INVOICE',
    supplier: {
      name: 'Sentinel Alarms (Pty) Ltd',
      contact: '90 Rivonia Road, Sandton, 2196',
      vat: '4019283746',
    },
    number: 'SA 66120',
    date: { label: 'DATE', iso: '2025-01-31', style: 'dash' },
    customer: 'K. Mthembu',
    site: '5 Wessel Road, Rivonia',
    job: 'Annual alarm service and replacement of backup battery',
    items: [
      ['Annual service', 1, 650],
      ['12V 7Ah battery', 1, 385],
    ],
    style: 'plain',
  },
  {
    id: 'invoice-woodworm-header',
    layout: 'header',
    title: 'INVOICE',
    supplier: {
      name: 'Woodworm Inspections',
      contact: '18 Church Street, Stellenbosch, 7600',
      vat: '4550019284',
    },
    number: 'WI-25-0871',
    date: { label: 'Invoice date', iso: '2024-11-30', style: 'af-long' },
    other: { label: 'Betaal voor / Pay by', iso: '2024-12-14', style: 'af-long' },
    customer: 'H. Retief',
    site: '5 Dorp Street, Stellenbosch, 7600',
    job: 'Beetle inspection and entomologist certificate for transfer',
    items: [['Beetle inspection and certificate', 1, 1450]],
    style: 'space-dot',
  },
  {
    id: 'quote-hotflow-table',
    layout: 'table',
    title: 'QUOTATION',
    supplier: {
      name: 'HotFlow Geyser Services',
      contact: '7 Industria Road, Bloemfontein, 9301',
      vat: '4301928374',
    },
    number: 'HF-Q-771',
    date: { label: 'Date', iso: '2025-08-01', style: 'short' },
    other: { label: 'Valid for 30 days, until', iso: '2025-08-31', style: 'short' },
    customer: 'E. Nel',
    site: '19 Nelson Mandela Drive, Brandwag, Bloemfontein',
    job: 'Supply and install 200 L solar-ready geyser to SANS 10254',
    items: [
      ['200 L geyser', 1, 8900],
      ['Installation kit and drip tray', 1, 1350],
      ['Labour', 1, 1800],
    ],
    deposit: 0.5,
    style: 'zar',
  },
  {
    id: 'invoice-greenleaf-header',
    layout: 'header',
    title: 'TAX INVOICE',
    supplier: {
      name: 'Greenleaf Garden Services CC',
      contact: '3 Oak Avenue, Pietermaritzburg, 3201',
      vat: '4677201938',
    },
    number: 'GL/2025/0457',
    date: { label: 'Date of invoice', iso: '2025-10-06', style: 'dot' },
    customer: 'B. Zulu',
    site: '104 Mhlanga Rocks Drive, Umhlanga',
    job: 'Tree felling and removal of garden refuse',
    items: [
      ['Fell two dead pine trees', 1, 4200],
      ['Removal of refuse (loads)', 3, 650],
    ],
    style: 'comma-dot',
  },
  {
    id: 'quote-firecoat-quote',
    layout: 'quote',
    title: 'QUOTATION',
    supplier: {
      name: 'FireCoat Thatch Protection (Pty) Ltd',
      contact: '21 Kommetjie Road, Fish Hoek, 7975',
      vat: '4118823640',
    },
    number: 'FCQ-3309',
    date: { label: 'Datum', iso: '2025-06-09', style: 'af-short' },
    customer: 'V. Olivier',
    site: '2 Skipper Lane, Kommetjie',
    job: 'Fire retardant treatment of thatched roof (approx. 180 m2)',
    items: [['Fire retardant treatment, 180 m2', 1, 15300]],
    style: 'space-comma',
  },
  {
    id: 'invoice-pipeline-slip',
    layout: 'slip',
    title: 'INVOICE',
    supplier: {
      name: 'Pipeline Plumbers & Drains',
      contact: '3 Dock Road, Milnerton, 7441',
      vat: '4290018833',
    },
    number: '00552',
    date: { label: 'DATE', iso: '2025-10-01', style: 'iso' },
    customer: 'C. Williams',
    site: '15 Marine Drive, Table View',
    job: 'Unblock main sewer line and camera inspection',
    items: [
      ['Unblock sewer line (high-pressure jetting)', 1, 1650],
      ['Camera inspection', 1, 950],
    ],
    style: 'space-dot',
  },
];

const d = (x) => fmtDate(x.iso, x.style);

function totalsOf(invoice) {
  const excl = invoice.items.reduce((sum, [, qty, unit]) => sum + qty * unit, 0);
  return withVat(excl);
}

function truthOf(invoice) {
  const totals = totalsOf(invoice);
  return {
    supplier: invoice.supplier.name,
    invoice_date: invoice.date.iso,
    total: totals.total,
    vat: totals.vat,
    work_description: invoice.job,
  };
}

const money = (invoice, amount) => fmtRand(amount, invoice.style);

/** Items with quantity, unit price and amount, then subtotal, VAT and total at the right. */
function tableLayout(invoice) {
  const p = new Page('A4');
  const totals = totalsOf(invoice);
  p.text(invoice.supplier.name, 50, 58, { size: 16, font: 'Helvetica-Bold' });
  p.text(invoice.supplier.contact, 50, 74, { size: 9 });
  p.text(`VAT No. ${invoice.supplier.vat}`, 50, 87, { size: 9 });
  p.text(invoice.title, 545, 58, { size: 18, font: 'Helvetica-Bold', align: 'right' });
  p.text(`No. ${invoice.number}`, 545, 76, { size: 10, align: 'right' });
  p.text(`${invoice.date.label}: ${d(invoice.date)}`, 545, 90, { size: 10, align: 'right' });
  if (invoice.other)
    p.text(`${invoice.other.label}: ${d(invoice.other)}`, 545, 104, { size: 10, align: 'right' });
  p.text('Bill to:', 50, 130, { size: 10, font: 'Helvetica-Bold' });
  p.text(invoice.customer, 50, 145, { size: 10 });
  p.text(`Site: ${invoice.site}`, 50, 160, { size: 10 });
  p.text(`Job: ${invoice.job}`, 50, 186, { size: 10.5, font: 'Helvetica-Bold' });
  let y = 204;
  p.box(50, y, 495, 20, { fill: 0.88 });
  p.text('Description', 56, y + 14, { size: 9.5, font: 'Helvetica-Bold' });
  p.text('Qty', 350, y + 14, { size: 9.5, font: 'Helvetica-Bold', align: 'right' });
  p.text('Unit price', 445, y + 14, { size: 9.5, font: 'Helvetica-Bold', align: 'right' });
  p.text('Amount', 539, y + 14, { size: 9.5, font: 'Helvetica-Bold', align: 'right' });
  y += 20;
  for (const [description, qty, unit] of invoice.items) {
    p.text(description, 56, y + 15, { size: 10 });
    p.text(String(qty), 350, y + 15, { size: 10, align: 'right' });
    p.text(money(invoice, rand(unit)), 445, y + 15, { size: 10, align: 'right' });
    p.text(money(invoice, rand(qty * unit)), 539, y + 15, { size: 10, align: 'right' });
    y += 22;
    p.line(50, y, 545, y, 0.5);
  }
  y += 20;
  const lines = [
    ['Subtotal (excl. VAT)', totals.excl],
    ['VAT 15%', totals.vat],
    ['TOTAL (incl. VAT)', totals.total],
  ];
  if (invoice.deposit) lines.push(['Deposit required (50%)', rand(Number(totals.total) * invoice.deposit)]);
  for (const [label, amount] of lines) {
    const bold = label.startsWith('TOTAL') ? 'Helvetica-Bold' : 'Helvetica';
    p.text(label, 420, y, { size: 10.5, font: bold, align: 'right' });
    p.text(money(invoice, amount), 539, y, { size: 10.5, font: bold, align: 'right' });
    y += 18;
  }
  p.paragraph(
    'Banking details: Fictional Bank, account 000 111 222, branch 250655. Please use the invoice number as your reference.',
    50,
    y + 30,
    495,
    { size: 9 },
  );
  return [p];
}

/** A quotation: the work in a paragraph, one price, VAT and total. */
function quoteLayout(invoice) {
  const p = new Page('A4', 'Times-Roman');
  const totals = totalsOf(invoice);
  p.text(invoice.supplier.name, 297.6, 60, { size: 18, font: 'Times-Bold', align: 'center' });
  p.text(invoice.supplier.contact, 297.6, 77, { size: 9.5, align: 'center' });
  p.text(`VAT Reg. ${invoice.supplier.vat}`, 297.6, 90, { size: 9.5, align: 'center' });
  p.line(60, 100, 535, 100, 1);
  p.text(invoice.title, 60, 134, { size: 16, font: 'Times-Bold' });
  p.text(`Quote No: ${invoice.number}`, 535, 128, { size: 11, align: 'right' });
  p.text(`${invoice.date.label}: ${d(invoice.date)}`, 535, 143, { size: 11, align: 'right' });
  p.text(`To: ${invoice.customer}`, 60, 170, { size: 11 });
  p.text(`Property: ${invoice.site}`, 60, 186, { size: 11 });
  p.text('Description of work:', 60, 216, { size: 11, font: 'Times-Bold' });
  p.text(invoice.job, 60, 232, { size: 11 });
  let y = p.paragraph(
    'Price includes all materials, labour and the removal of rubble. Work will be done within 10 working days of acceptance, weather permitting.',
    60,
    258,
    475,
    { size: 11 },
  );
  y += 20;
  for (const [label, amount] of [
    ['Amount excluding VAT', totals.excl],
    ['VAT at 15%', totals.vat],
    ['Total including VAT', totals.total],
  ]) {
    p.text(label, 60, y, { size: 11, font: label.startsWith('Total') ? 'Times-Bold' : 'Times-Roman' });
    p.text(money(invoice, amount), 535, y, { size: 11, align: 'right' });
    y += 18;
  }
  if (invoice.other) p.text(`${invoice.other.label}: ${d(invoice.other)}`, 60, y + 16, { size: 11 });
  p.text('Accepted by client: ____________________   Date: ____________', 60, y + 60, { size: 11 });
  return [p];
}

/** A till-style slip in Courier on Letter paper, amounts right-aligned in a narrow column. */
function slipLayout(invoice) {
  const p = new Page('Letter', 'Courier');
  const totals = totalsOf(invoice);
  p.text(invoice.supplier.name.toUpperCase(), 70, 60, { size: 11 });
  p.text(invoice.supplier.contact, 70, 74, { size: 9 });
  p.text(`VAT NO: ${invoice.supplier.vat}`, 70, 88, { size: 9 });
  p.text('-'.repeat(60), 70, 102, { size: 9 });
  p.text(`${invoice.title}  ${invoice.number}`, 70, 120, { size: 11 });
  p.text(`${invoice.date.label}: ${d(invoice.date)}`, 70, 136, { size: 10 });
  p.text(`CLIENT: ${invoice.customer}`, 70, 152, { size: 10 });
  p.text(`SITE: ${invoice.site}`, 70, 168, { size: 10 });
  p.text(`WORK: ${invoice.job}`, 70, 192, { size: 9 });
  p.text('-'.repeat(60), 70, 206, { size: 9 });
  let y = 224;
  for (const [description, qty, unit] of invoice.items) {
    p.text(`${qty} x ${description}`, 70, y, { size: 9 });
    p.text(money(invoice, rand(qty * unit)), 542, y, { size: 9, align: 'right' });
    y += 15;
  }
  p.text('-'.repeat(60), 70, y, { size: 9 });
  y += 16;
  for (const [label, amount] of [
    ['SUBTOTAL', totals.excl],
    ['VAT @ 15%', totals.vat],
    ['TOTAL DUE', totals.total],
  ]) {
    p.text(label, 70, y, { size: 10 });
    p.text(money(invoice, amount), 542, y, { size: 10, align: 'right' });
    y += 15;
  }
  p.text('THANK YOU FOR YOUR BUSINESS', 306, y + 30, { size: 9, align: 'center' });
  return [p];
}

/** Customer block at the left, invoice details in a box at the right, one or two items below. */
function headerLayout(invoice) {
  const p = new Page('A4');
  const totals = totalsOf(invoice);
  p.text(invoice.supplier.name, 50, 62, { size: 20, font: 'Helvetica-Bold' });
  p.text(invoice.supplier.contact, 50, 80, { size: 9.5 });
  p.text(`VAT registration number: ${invoice.supplier.vat}`, 50, 94, { size: 9.5 });
  p.box(340, 120, 205, 74);
  p.text(invoice.title, 348, 138, { size: 13, font: 'Helvetica-Bold' });
  p.text(`Invoice no.: ${invoice.number}`, 348, 156, { size: 10 });
  p.text(`${invoice.date.label}: ${d(invoice.date)}`, 348, 171, { size: 10 });
  if (invoice.other) p.text(`${invoice.other.label}: ${d(invoice.other)}`, 348, 186, { size: 9 });
  p.text('Customer', 50, 138, { size: 10, font: 'Helvetica-Bold' });
  p.text(invoice.customer, 50, 154, { size: 10 });
  p.text(invoice.site, 50, 169, { size: 10 });
  let y = 230;
  p.text('Description of services', 50, y, { size: 10.5, font: 'Helvetica-Bold' });
  p.text('Amount', 545, y, { size: 10.5, font: 'Helvetica-Bold', align: 'right' });
  p.line(50, y + 6, 545, y + 6);
  y += 24;
  const single = invoice.items.length === 1;
  if (!single) {
    p.text(invoice.job, 50, y, { size: 10.5 });
    y += 18;
  }
  for (const [description, qty, unit] of invoice.items) {
    p.text(single ? invoice.job : `  ${description}${qty > 1 ? ` (${qty})` : ''}`, 50, y, { size: 10.5 });
    p.text(money(invoice, rand(qty * unit)), 545, y, { size: 10.5, align: 'right' });
    y += 18;
  }
  p.line(330, y, 545, y);
  y += 18;
  for (const [label, amount] of [
    ['Total excl. VAT', totals.excl],
    ['VAT (15%)', totals.vat],
    ['Amount due incl. VAT', totals.total],
  ]) {
    p.text(label, 340, y, { size: 10.5, font: label.startsWith('Amount') ? 'Helvetica-Bold' : 'Helvetica' });
    p.text(money(invoice, amount), 545, y, { size: 10.5, align: 'right' });
    y += 17;
  }
  return [p];
}

const LAYOUTS = { table: tableLayout, quote: quoteLayout, slip: slipLayout, header: headerLayout };
const LAYOUT_NAMES = {
  table: 'invoice-items-table',
  quote: 'quote-letter',
  slip: 'till-slip',
  header: 'invoice-header-box',
};

export function invoiceSpecs() {
  return INVOICES.map((invoice) => ({
    id: invoice.id,
    kind: 'invoice',
    layout: LAYOUT_NAMES[invoice.layout],
    pages: LAYOUTS[invoice.layout](invoice).map((page) => page.toJSON()),
    truth: truthOf(invoice),
  }));
}
