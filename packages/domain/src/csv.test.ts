import { describe, expect, it } from 'vitest';
import { csvField, csvRecord } from './csv.js';

describe('csv', () => {
  it('leaves plain text alone and writes nothing for null', () => {
    expect(csvField('Kloof House')).toBe('Kloof House');
    expect(csvField(null)).toBe('');
    expect(csvField(12)).toBe('12');
  });

  it('quotes commas, quotes and line breaks, doubling the quotes (RFC 4180)', () => {
    expect(csvField('8 Kloof Street, Cape Town')).toBe('"8 Kloof Street, Cape Town"');
    expect(csvField('The "Old" Mill')).toBe('"The ""Old"" Mill"');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('a\r\nb')).toBe('"a\r\nb"');
  });

  it('prefixes what a spreadsheet would run as a formula with a single quote', () => {
    expect(csvField('=HYPERLINK("http://x","y")')).toBe('"\'=HYPERLINK(""http://x"",""y"")"');
    expect(csvField('+27 21 555 0100')).toBe("'+27 21 555 0100");
    expect(csvField('-1')).toBe("'-1");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField('\tx')).toBe("'\tx");
    expect(csvField('a=b')).toBe('a=b');
  });

  it('ends every record with CRLF', () => {
    expect(csvRecord(['a', 'b,c', null])).toBe('a,"b,c",\r\n');
  });
});
