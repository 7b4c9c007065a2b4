import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { PdfWriter, winAnsiSafe, wrapText } from './pdf-writer.js';

describe('winAnsiSafe', () => {
  it('keeps Latin-1 and the WinAnsi extras (curly quotes, dashes, euro, bullet)', () => {
    expect(winAnsiSafe('Zoë’s “geyser” – R1 500 € • ok')).toBe('Zoë’s “geyser” – R1 500 € • ok');
  });

  it('replaces what the standard fonts cannot draw: plain equivalents, else ?', () => {
    expect(winAnsiSafe('a → b ≤ c')).toBe('a -> b <= c');
    expect(winAnsiSafe('Łódź Dvořák ﬁle')).toBe('Lódz Dvorák file');
    expect(winAnsiSafe('家 🏠')).toBe('? ?');
    expect(winAnsiSafe('tab\there\r\nnext\u0000')).toBe('tab here\nnext?');
  });
});

describe('wrapText', () => {
  it('wraps between words, keeps blank lines, and breaks a word longer than the line', async () => {
    const font = await (await PDFDocument.create()).embedFont(StandardFonts.Helvetica);
    const width = font.widthOfTextAtSize('aaaa aaaa', 10);
    expect(wrapText('aaaa aaaa aaaa', font, 10, width)).toEqual(['aaaa aaaa', 'aaaa']);
    expect(wrapText('one\n\ntwo', font, 10, width)).toEqual(['one', '', 'two']);
    const long = 'f'.repeat(64);
    const lines = wrapText(long, font, 10, width);
    expect(lines.join('')).toBe(long);
    for (const line of lines) expect(font.widthOfTextAtSize(line, 10)).toBeLessThanOrEqual(width);
  });
});

describe('PdfWriter', () => {
  it('writes a multi-page A4 document with every page numbered, whatever the text', async () => {
    const pdf = await PdfWriter.create({
      title: 'Test → report',
      createdAt: new Date(),
      footer: 'Footer 家',
    });
    pdf.title('Report', 'Subtitle');
    pdf.facts([['Label', 'Value with 🏠']]);
    pdf.table(
      [
        { header: 'Name', width: 2, titled: true },
        { header: 'Hash', width: 3, mono: true },
      ],
      Array.from({ length: 120 }, (_, i) => [`Row ${i}\nDetail`, 'e'.repeat(64)]),
    );
    const document = await PDFDocument.load(await pdf.finish());
    expect(document.getPageCount()).toBeGreaterThan(2);
    for (const page of document.getPages()) expect(page.getSize()).toEqual({ width: 595, height: 842 });
    expect(document.getTitle()).toBe('Test → report');
  });
});
