import { PDFDocument, type PDFFont, type PDFPage, type RGB, rgb, StandardFonts } from 'pdf-lib';

/**
 * Readable A4 documents with pdf-lib's standard fonts: the reports (modules/reports), the supplier's
 * service reports and the claim packs all write through this. pdf-lib neither wraps text nor encodes
 * anything the standard fonts' WinAnsi encoding lacks, so this module does both:
 *
 *   const pdf = await PdfWriter.create({ title: 'Insurance pack', footer: 'Kloof House · PDNA-…', createdAt });
 *   pdf.title('Insurance pack', 'Kloof House, 8 Kloof Street');
 *   pdf.heading('Certificates');
 *   pdf.table([{ header: 'Name', width: 3 }, { header: 'Expires', width: 1 }], rows, { empty: 'None.' });
 *   const bytes = await pdf.finish(); // adds "Page n of N" and the footer to every page
 *
 * Every string drawn goes through winAnsiSafe, so no input can make pdf-lib throw.
 */

/** A4 in PDF points. */
export const A4 = { width: 595, height: 842 } as const;

/** CP1252's printable characters in 0x80–0x9F (the part of WinAnsi outside Latin-1), by code point. */
const WIN_ANSI_EXTRAS = new Set([
  0x20ac, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021, 0x02c6, 0x2030, 0x0160, 0x2039, 0x0152, 0x017d,
  0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x02dc, 0x2122, 0x0161, 0x203a, 0x0153, 0x017e,
  0x0178,
]);

/** Common characters outside WinAnsi with a plain equivalent (what NFKD does not already give). */
const REPLACEMENTS: Readonly<Record<string, string>> = {
  '\t': ' ',
  '\u2010': '-',
  '\u2011': '-',
  '\u2012': '-',
  '\u2015': '-',
  '\u2212': '-',
  '\u2190': '<-',
  '\u2192': '->',
  '\u2264': '<=',
  '\u2265': '>=',
  '\u2260': '!=',
  '\u2248': '~',
  '\u2713': 'v',
  '\u2714': 'v',
  '\u2717': 'x',
  // Letters with a stroke have no decomposition.
  Ł: 'L',
  ł: 'l',
  Đ: 'D',
  đ: 'd',
  ı: 'i',
};

const isWinAnsi = (codePoint: number) =>
  (codePoint >= 0x20 && codePoint <= 0x7e) ||
  (codePoint >= 0xa0 && codePoint <= 0xff) ||
  WIN_ANSI_EXTRAS.has(codePoint);

/**
 * `text` in characters the standard fonts can draw: line breaks kept (CRLF and CR become LF), WinAnsi
 * characters kept (curly quotes, dashes, € and accented Latin letters included), others replaced by a
 * plain equivalent ('→' by '->', 'ő' by 'o', a ligature by its letters) or else by '?'.
 */
export function winAnsiSafe(text: string): string {
  let out = '';
  for (const character of text.replace(/\r\n?/g, '\n').normalize('NFC')) {
    const codePoint = character.codePointAt(0) ?? 0;
    if (character === '\n' || isWinAnsi(codePoint)) {
      out += character;
      continue;
    }
    const replacement = REPLACEMENTS[character];
    if (replacement !== undefined) {
      out += replacement;
      continue;
    }
    const plain = character.normalize('NFKD').replace(/\p{M}/gu, '');
    out += plain !== '' && [...plain].every((c) => isWinAnsi(c.codePointAt(0) ?? 0)) ? plain : '?';
  }
  return out;
}

/**
 * Splits (WinAnsi-safe) text into lines no wider than `width` at `size`: at line breaks, between words,
 * and inside a word that is wider than a whole line on its own (a SHA-256, a long URL). A blank
 * paragraph stays a blank line.
 */
export function wrapText(text: string, font: PDFFont, size: number, width: number): string[] {
  const fits = (candidate: string) => font.widthOfTextAtSize(candidate, size) <= width;
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    for (const word of paragraph.split(/ +/).filter(Boolean)) {
      const candidate = line ? `${line} ${word}` : word;
      if (fits(candidate)) {
        line = candidate;
        continue;
      }
      if (line) lines.push(line);
      line = '';
      let rest = word;
      while (!fits(rest)) {
        let cut = 1;
        while (cut < rest.length && fits(rest.slice(0, cut + 1))) cut++;
        lines.push(rest.slice(0, cut));
        rest = rest.slice(cut);
      }
      line = rest;
    }
    lines.push(line);
  }
  return lines;
}

export interface PdfWriterOptions {
  /** The document's title (its metadata, and the first line of every page's footer). */
  title: string;
  subject?: string;
  /** Who the document is by; 'PropertyDNA' unless given. */
  author?: string;
  createdAt: Date;
  /** Shown at the foot of every page, left of the page number (e.g. the property and its DNA code). */
  footer?: string;
}

export interface TableColumn {
  header: string;
  /** The column's share of the table's width, relative to the other columns. */
  width: number;
  /** A fixed-width font (hashes, codes). */
  mono?: boolean;
  /** The cell's first line (up to its first line break) in bold: a title above its explanation. */
  titled?: boolean;
}

interface Line {
  text: string;
  font: FontName;
}

type FontName = 'regular' | 'bold' | 'mono';

const MARGIN = 48;
const TOP = A4.height - 56;
const BOTTOM = 56;
const TEXT = rgb(0.12, 0.12, 0.12);
const MUTED = rgb(0.4, 0.4, 0.4);
const ACCENT = rgb(0.07, 0.27, 0.45);
const RULE = rgb(0.78, 0.8, 0.83);
const HEADER_FILL = rgb(0.9, 0.93, 0.96);
const STRIPE_FILL = rgb(0.97, 0.97, 0.98);
const CELL_PADDING = 4;
/** A cell longer than this many lines is cut (with an ellipsis), so one row never outgrows a page. */
const MAX_CELL_LINES = 40;

/** Writes an A4 document top to bottom, starting a new page whenever the next block does not fit. */
export class PdfWriter {
  readonly width = A4.width - 2 * MARGIN;
  #page: PDFPage;
  #y = TOP;

  private constructor(
    private readonly pdf: PDFDocument,
    private readonly fonts: Record<FontName, PDFFont>,
    private readonly options: PdfWriterOptions,
  ) {
    this.#page = pdf.addPage([A4.width, A4.height]);
  }

  static async create(options: PdfWriterOptions): Promise<PdfWriter> {
    const pdf = await PDFDocument.create();
    // Metadata is UTF-16 in the file: any text goes; only drawn text must be WinAnsi.
    pdf.setTitle(options.title);
    if (options.subject) pdf.setSubject(options.subject);
    pdf.setAuthor(options.author ?? 'PropertyDNA');
    pdf.setCreator('PropertyDNA');
    pdf.setProducer('PropertyDNA');
    pdf.setCreationDate(options.createdAt);
    pdf.setModificationDate(options.createdAt);
    const [regular, bold, mono] = await Promise.all([
      pdf.embedFont(StandardFonts.Helvetica),
      pdf.embedFont(StandardFonts.HelveticaBold),
      pdf.embedFont(StandardFonts.Courier),
    ]);
    return new PdfWriter(pdf, { regular, bold, mono }, options);
  }

  /** The document's title, large, with an optional line under it. */
  title(text: string, subtitle?: string): void {
    this.#lines(text, { font: 'bold', size: 20, color: ACCENT, gap: 6 });
    if (subtitle) this.#lines(subtitle, { size: 12, color: MUTED, gap: 4 });
    this.space(10);
  }

  /**
   * A section heading, kept on a page together with the first lines of what follows it (`keepWith`
   * points of it: more before a picture).
   */
  heading(text: string, { keepWith = 60 }: { keepWith?: number } = {}): void {
    this.#ensure(14 + 6 + keepWith);
    this.space(8);
    this.#lines(text, { font: 'bold', size: 14, color: ACCENT, gap: 5 });
    this.#page.drawLine({
      start: { x: MARGIN, y: this.#y },
      end: { x: MARGIN + this.width, y: this.#y },
      thickness: 0.5,
      color: RULE,
    });
    this.space(8);
  }

  /** A smaller heading inside a section. */
  subheading(text: string): void {
    this.#ensure(11 + 40);
    this.space(4);
    this.#lines(text, { font: 'bold', size: 11, gap: 3 });
  }

  /** Running text, wrapped to the page. */
  paragraph(text: string, options: { size?: number; font?: FontName; muted?: boolean } = {}): void {
    this.#lines(text, { size: options.size ?? 10, font: options.font, color: options.muted ? MUTED : TEXT });
    this.space(4);
  }

  /** Label and value pairs, the labels in a bold column on the left. */
  facts(pairs: readonly (readonly [string, string])[], options: { labelWidth?: number } = {}): void {
    const labelWidth = options.labelWidth ?? 140;
    const size = 10;
    const leading = size + 3;
    for (const [label, value] of pairs) {
      const labels = wrapText(winAnsiSafe(label), this.fonts.bold, size, labelWidth - 8);
      const values = wrapText(winAnsiSafe(value), this.fonts.regular, size, this.width - labelWidth);
      const lines = Math.max(labels.length, values.length);
      this.#ensure(lines * leading);
      labels.forEach((line, i) => {
        this.#draw(line, MARGIN, this.#y - size - i * leading, 'bold', size, MUTED);
      });
      values.forEach((line, i) => {
        this.#draw(line, MARGIN + labelWidth, this.#y - size - i * leading, 'regular', size, TEXT);
      });
      this.#y -= lines * leading;
    }
    this.space(6);
  }

  /**
   * A table with a shaded header row (repeated on every page it runs over) and striped rows; cells
   * wrap within their column. With no rows it writes `empty` (or 'None.') instead.
   */
  table(
    columns: readonly TableColumn[],
    rows: readonly (readonly string[])[],
    options: { size?: number; empty?: string } = {},
  ): void {
    if (rows.length === 0) {
      this.paragraph(options.empty ?? 'None.', { muted: true });
      return;
    }
    const size = options.size ?? 8.5;
    const leading = size + 2.5;
    const total = columns.reduce((sum, column) => sum + column.width, 0);
    const widths = columns.map((column) => (column.width / total) * this.width);
    const cellLines = (cells: readonly string[], header: boolean): Line[][] =>
      columns.map((column, i) => {
        const width = (widths[i] ?? 0) - 2 * CELL_PADDING;
        const body: FontName = header ? 'bold' : column.mono ? 'mono' : 'regular';
        const wrapped = (text: string, font: FontName): Line[] =>
          wrapText(winAnsiSafe(text), this.fonts[font], size, width).map((line) => ({ text: line, font }));
        const cell = cells[i] ?? '';
        const breakAt = cell.indexOf('\n');
        const lines =
          column.titled && !header && breakAt >= 0
            ? [...wrapped(cell.slice(0, breakAt), 'bold'), ...wrapped(cell.slice(breakAt + 1), body)]
            : wrapped(cell, column.titled && !header ? 'bold' : body);
        return lines.length > MAX_CELL_LINES
          ? [...lines.slice(0, MAX_CELL_LINES - 1), { text: '…', font: body }]
          : lines;
      });
    const drawRow = (cells: readonly string[], fill: RGB | null, header: boolean) => {
      const lines = cellLines(cells, header);
      const height = Math.max(...lines.map((cell) => cell.length)) * leading + 2 * CELL_PADDING;
      if (fill) {
        this.#page.drawRectangle({
          x: MARGIN,
          y: this.#y - height,
          width: this.width,
          height,
          color: fill,
        });
      }
      let x = MARGIN;
      columns.forEach((_, i) => {
        (lines[i] ?? []).forEach((line, n) => {
          this.#draw(
            line.text,
            x + CELL_PADDING,
            this.#y - CELL_PADDING - size - n * leading + 1.5,
            line.font,
            size,
            TEXT,
          );
        });
        x += widths[i] ?? 0;
      });
      this.#y -= height;
      this.#page.drawLine({
        start: { x: MARGIN, y: this.#y },
        end: { x: MARGIN + this.width, y: this.#y },
        thickness: 0.3,
        color: RULE,
      });
    };
    const headerCells = columns.map((column) => column.header);
    const heightOf = (cells: readonly string[], header: boolean) =>
      Math.max(...cellLines(cells, header).map((cell) => cell.length)) * leading + 2 * CELL_PADDING;
    const headerHeight = heightOf(headerCells, true);
    this.#ensure(headerHeight + heightOf(rows[0] ?? [], false));
    drawRow(headerCells, HEADER_FILL, true);
    rows.forEach((row, index) => {
      const height = heightOf(row, false);
      if (this.#y - height < BOTTOM) {
        this.newPage();
        drawRow(headerCells, HEADER_FILL, true);
      }
      drawRow(row, index % 2 === 1 ? STRIPE_FILL : null, false);
    });
    this.space(10);
  }

  /**
   * A JPEG picture, scaled to fit the text's width and at most `maxHeight` points tall (never enlarged),
   * with a caption under it; on a new page when it does not fit on this one.
   */
  async image(
    jpeg: Uint8Array,
    caption: string,
    { maxHeight = 300 }: { maxHeight?: number } = {},
  ): Promise<void> {
    const picture = await this.pdf.embedJpg(jpeg);
    const scale = Math.min(1, this.width / picture.width, maxHeight / picture.height);
    const width = picture.width * scale;
    const height = picture.height * scale;
    this.#ensure(height + 20);
    this.#page.drawImage(picture, { x: MARGIN, y: this.#y - height, width, height });
    this.#y -= height + 4;
    this.#lines(caption, { size: 9, color: MUTED, gap: 3 });
    this.space(8);
  }

  /** A line to sign on, with its label under it ('Signature'), the width of `width` points. */
  signatureLine(label: string, width = 220): void {
    this.#ensure(50);
    this.space(30);
    this.#page.drawLine({
      start: { x: MARGIN, y: this.#y },
      end: { x: MARGIN + width, y: this.#y },
      thickness: 0.75,
      color: TEXT,
    });
    this.space(4);
    this.#lines(label, { size: 9, color: MUTED, gap: 3 });
  }

  /** Vertical space, in points (never past the page's foot: the next block starts a page instead). */
  space(points: number): void {
    this.#y = Math.max(this.#y - points, BOTTOM);
  }

  newPage(): void {
    this.#page = this.pdf.addPage([A4.width, A4.height]);
    this.#y = TOP;
  }

  /** The finished document: every page gets the footer and 'Page n of N'. */
  async finish(): Promise<Buffer> {
    const pages = this.pdf.getPages();
    const footer = winAnsiSafe(this.options.footer ?? this.options.title);
    pages.forEach((page, index) => {
      const number = `Page ${index + 1} of ${pages.length}`;
      const size = 8;
      const numberWidth = this.fonts.regular.widthOfTextAtSize(number, size);
      const room = this.width - numberWidth - 16;
      const [line = ''] = wrapText(footer, this.fonts.regular, size, room);
      page.drawLine({
        start: { x: MARGIN, y: 40 },
        end: { x: MARGIN + this.width, y: 40 },
        thickness: 0.5,
        color: RULE,
      });
      page.drawText(line, { x: MARGIN, y: 28, size, font: this.fonts.regular, color: MUTED });
      page.drawText(number, {
        x: MARGIN + this.width - numberWidth,
        y: 28,
        size,
        font: this.fonts.regular,
        color: MUTED,
      });
    });
    return Buffer.from(await this.pdf.save());
  }

  /** Starts a new page unless `height` points still fit on this one. */
  #ensure(height: number): void {
    if (this.#y - height < BOTTOM) this.newPage();
  }

  #lines(
    text: string,
    {
      font = 'regular',
      size,
      color = TEXT,
      gap = 3,
    }: { font?: FontName; size: number; color?: RGB; gap?: number },
  ): void {
    for (const line of wrapText(winAnsiSafe(text), this.fonts[font], size, this.width)) {
      this.#ensure(size + gap);
      this.#draw(line, MARGIN, this.#y - size, font, size, color);
      this.#y -= size + gap;
    }
  }

  #draw(text: string, x: number, y: number, font: FontName, size: number, color: RGB): void {
    if (text !== '') this.#page.drawText(text, { x, y, size, font: this.fonts[font], color });
  }
}
