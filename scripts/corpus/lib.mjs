/**
 * Helpers for writing the extraction corpus's tuning specs (make-tuning-specs.mjs): SA date and rand
 * formats, page building with approximate text widths, wrapping. The format: packages/domain/src/
 * extraction/corpus/README.md.
 */

export const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
export const MAANDE = [
  'Januarie',
  'Februarie',
  'Maart',
  'April',
  'Mei',
  'Junie',
  'Julie',
  'Augustus',
  'September',
  'Oktober',
  'November',
  'Desember',
];
const MAANDE_SHORT = ['Jan', 'Feb', 'Mrt', 'Apr', 'Mei', 'Jun', 'Jul', 'Aug', 'Sep', 'Okt', 'Nov', 'Des'];

const pad = (n) => String(n).padStart(2, '0');

/** An ISO date in one of the South African forms the issue lists. */
export function fmtDate(iso, style) {
  const [y, m, d] = iso.split('-').map(Number);
  const month = MONTHS[m - 1];
  const ordinal = (n) => {
    if (n % 100 >= 11 && n % 100 <= 13) return `${n}th`;
    return `${n}${{ 1: 'st', 2: 'nd', 3: 'rd' }[n % 10] ?? 'th'}`;
  };
  switch (style) {
    case 'long':
      return `${d} ${month} ${y}`;
    case 'short':
      return `${d} ${month.slice(0, 3)} ${y}`;
    case 'dash-mon':
      return `${pad(d)}-${month.slice(0, 3)}-${y}`;
    case 'us-long':
      return `${month} ${d}, ${y}`;
    case 'slash':
      return `${pad(d)}/${pad(m)}/${y}`;
    case 'dot':
      return `${pad(d)}.${pad(m)}.${y}`;
    case 'dash':
      return `${pad(d)}-${pad(m)}-${y}`;
    case 'iso':
      return iso;
    case 'iso-slash':
      return `${y}/${pad(m)}/${pad(d)}`;
    case 'ordinal':
      return `${ordinal(d)} ${month} ${y}`;
    case 'day-of':
      return `${ordinal(d)} day of ${month} ${y}`;
    case 'af-long':
      return `${d} ${MAANDE[m - 1]} ${y}`;
    case 'af-short':
      return `${d} ${MAANDE_SHORT[m - 1]} ${y}`;
    default:
      throw new Error(`No date style ${style}`);
  }
}

/** Rand '1234.56' in one of the printed styles. */
export function fmtRand(amount, style) {
  const [whole, cents] = Number(amount).toFixed(2).split('.');
  const group = (sep) => whole.replace(/\B(?=(\d{3})+(?!\d))/g, sep);
  switch (style) {
    case 'space-comma':
      return `R ${group(' ')},${cents}`;
    case 'comma-dot':
      return `R${group(',')}.${cents}`;
    case 'space-dot':
      return `R${group(' ')}.${cents}`;
    case 'zar':
      return `ZAR ${group(',')}.${cents}`;
    case 'plain':
      return `R${whole}.${cents}`;
    case 'whole-space':
      if (cents !== '00') throw new Error(`${amount} has cents`);
      return `R ${group(' ')}`;
    default:
      throw new Error(`No amount style ${style}`);
  }
}

/** Two decimals. */
export const rand = (value) => (Math.round(value * 100) / 100).toFixed(2);

/** VAT at 15% on an amount excluding VAT, and the total: consistent to the cent. */
export function withVat(excl) {
  const vat = Math.round(excl * 15) / 100;
  return { excl: rand(excl), vat: rand(vat), total: rand(excl + vat) };
}

/** Roughly how wide a text is, in points (average glyph widths of the standard fonts). */
export function approxWidth(text, size, font = 'Helvetica') {
  const factor =
    font === 'Courier' ? 0.6 : font.startsWith('Times') ? 0.47 : font.endsWith('Bold') ? 0.58 : 0.53;
  return text.length * size * factor;
}

/** Lines of at most `width` points. */
export function wrap(text, width, size, font) {
  const lines = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    const next = line === '' ? word : `${line} ${word}`;
    if (line !== '' && approxWidth(next, size, font) > width) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line !== '') lines.push(line);
  return lines;
}

const PAGE_WIDTH = { A4: 595.28, Letter: 612 };

/** A page of items with a cursor for writing down it. */
export class Page {
  constructor(size = 'A4', font = 'Helvetica') {
    this.size = size;
    this.font = font;
    this.items = [];
    this.width = PAGE_WIDTH[size];
  }

  text(text, x, y, { size = 10, font = this.font, align } = {}) {
    const width = approxWidth(text, size, font);
    const left = align === 'right' ? x - width : align === 'center' ? x - width / 2 : x;
    if (left < 10 || left + width > this.width - 10) {
      throw new Error(`Text leaves the page: "${text}" (${Math.round(left)}–${Math.round(left + width)})`);
    }
    const item = { text, x, y, size };
    if (font !== 'Helvetica') item.font = font;
    if (align && align !== 'left') item.align = align;
    this.items.push(item);
    return this;
  }

  /** A paragraph from (x, y), wrapped at `width`: returns the y below it. */
  paragraph(text, x, y, width, { size = 10, font = this.font, leading = 1.35 } = {}) {
    let line = y;
    for (const part of wrap(text, width, size, font)) {
      this.text(part, x, line, { size, font });
      line += size * leading;
    }
    return line;
  }

  line(x1, y1, x2, y2, width) {
    this.items.push(width === undefined ? { line: [x1, y1, x2, y2] } : { line: [x1, y1, x2, y2], width });
    return this;
  }

  box(x, y, w, h, { fill, width } = {}) {
    const item = { box: [x, y, w, h] };
    if (width !== undefined) item.width = width;
    if (fill !== undefined) item.fill = fill;
    this.items.push(item);
    return this;
  }

  toJSON() {
    return { size: this.size, items: this.items };
  }
}
