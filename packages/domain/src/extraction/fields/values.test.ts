import { describe, expect, it } from 'vitest';
import { BLEMISH, leadingSeparators, mendCode, readPeriod, readValue } from './values.js';

describe('readValue', () => {
  it('reads codes: with a digit, three characters or more, perhaps after a capital prefix', () => {
    expect(readValue('code', ': VL-2025-00412 issued', 2)).toEqual({
      value: 'VL-2025-00412',
      start: 2,
      end: 15,
      quality: 1,
    });
    expect(readValue('code', 'IE 12345', 0)?.value).toBe('IE 12345');
    // A prefix in mixed case with a capital inside it ("CoC-G"), not a plain word ("Ref").
    expect(readValue('code', 'CoC-G 2025/118930', 0)?.value).toBe('CoC-G 2025/118930');
    expect(readValue('code', 'Ref 4431', 0)).toBeNull();
    expect(readValue('code', '(see) 4431', 0)).toBeNull();
    expect(readValue('code', 'ref 4431', 0)).toBeNull();
    expect(readValue('code', 'A1', 0)).toBeNull();
    expect(readValue('code', 'AB-12', 0)).toBeNull();
    expect(readValue('code', '', 0)).toBeNull();
    expect(readValue('code', ' - 4431', 0)).toMatchObject({ value: '4431', quality: BLEMISH.notAtStart });
    expect(readValue('code', 'SA-SRv-e6120', 0)).toMatchObject({
      value: 'SA-SRv-e6120',
      quality: BLEMISH.lowerCase,
    });
  });

  it('reads a code past a dot leader a reader made into letters, less surely, but not past words', () => {
    expect(readValue('code', ':.«cosessssss NW 20931', 0)).toMatchObject({
      value: 'NW 20931',
      quality: BLEMISH.notAtStart,
    });
    expect(readValue('code', ' ses os smeios ss 1938440', 0)?.value).toBe('1938440');
    expect(readValue('code', 'see it 1938440', 0)).toBeNull();
    expect(readValue('code', 'cosessssss see', 0)).toBeNull();
  });

  it('joins groups of digits printed apart less surely, and never a date that follows', () => {
    expect(readValue('code', 'BG 0047 9921', 0)).toMatchObject({
      value: 'BG 0047 9921',
      quality: BLEMISH.joined,
    });
    expect(readValue('code', 'BEL 6620 10 Oct 2024', 0)).toMatchObject({ value: 'BEL 6620', quality: 1 });
    expect(readValue('code', 'TC 11902 14 03 2025', 0)?.value).toBe('TC 11902 14 03 2025');
    expect(readValue('code', 'VL-2025-03-14 x', 0)?.value).toBe('VL-2025-03-14');
    // Cut at a column's edge, the date still shows in the whole line.
    const line = 'BEL 6620 10 Oct 2024';
    expect(readValue('code', line.slice(0, 11), 0, line)).toMatchObject({ value: 'BEL 6620', end: 8 });
    expect(readValue('code', '12 14 March 2025', 0)).toBeNull();
  });

  it('mends a reader’s O/0 slips inside a code, less surely', () => {
    expect(readValue('code', 'UMM-0C-88314', 0)).toMatchObject({
      value: 'UMM-OC-88314',
      quality: BLEMISH.mended,
    });
    expect(readValue('code', 'VL-2O25-00412', 0)?.value).toBe('VL-2025-00412');
    expect(mendCode('IE 4O982')).toEqual({ value: 'IE 40982', mended: true });
    expect(mendCode('SR-000731')).toEqual({ value: 'SR-000731', mended: false });
    expect(mendCode('L17502 PO 1O')).toEqual({ value: 'L17502 PO 1O', mended: false });
  });

  it('reads firms: text ending at the legal form', () => {
    expect(readValue('firm', 'BLUE FLAME LP GAS CC i JE', 0)?.value).toBe('BLUE FLAME LP GAS CC');
    expect(readValue('firm', 'Voltline Electrical (Pty) Ltd. Bellville', 0)?.value).toBe(
      'Voltline Electrical (Pty) Ltd.',
    );
    expect(readValue('firm', 'Perimeter Pro Security', 0)?.value).toBe('Perimeter Pro Security');
    expect(readValue('firm', '12 3', 0)).toBeNull();
  });

  it('reads addresses: text with a number and a word', () => {
    expect(readValue('address', '5 Wessel Road aq |', 0)?.value).toBe('5 Wessel Road');
    expect(readValue('address', '3 : f ih) ; )', 0)).toBeNull();
    expect(readValue('address', 'Gardens, Cape Town', 0)).toBeNull();
    expect(readValue('address', '', 0)).toBeNull();
  });

  it('reads erf numbers, with a portion, and nothing that runs on', () => {
    expect(readValue('erf', '1234/5 Gardens', 0)?.value).toBe('1234/5');
    expect(readValue('erf', '1234.5', 0)).toBeNull();
    // A comma or full stop ends it; one between digits parts an amount.
    expect(readValue('erf', '1120, Kosmos)', 0)?.value).toBe('1120');
    expect(readValue('erf', '1120.', 0)?.value).toBe('1120');
    expect(readValue('erf', '1,234', 0)).toBeNull();
    expect(readValue('erf', 'Gardens', 0)).toBeNull();
  });

  it('reads text with two letters or more, up to 200 characters, its tail punctuation dropped', () => {
    expect(readValue('text', 'x  Aqua   Fix CC;', 1)).toEqual({
      value: 'Aqua Fix CC',
      start: 3,
      end: 17,
      quality: 1,
    });
    expect(readValue('text', '12 3', 0)).toBeNull();
    // A reader's specks and borders: cut at junk, trailing specks dropped, less clean.
    expect(readValue('text', 'for Sentinel Alarms (Pty) Ltd: fara. a i : :', 4)).toMatchObject({
      value: 'Sentinel Alarms (Pty) Ltd',
      quality: 0.9,
    });
    expect(readValue('text', '5 Wessel Road aq', 0)?.value).toBe('5 Wessel Road');
    expect(readValue('text', 'og AmpWorks Electrical', 0)?.value).toBe('AmpWorks Electrical');
    expect(readValue('text', 'a geyser replaced', 0)?.value).toBe('a geyser replaced');
    expect(readValue('text', 'ab', 0)?.value).toBe('ab');
    expect(readValue('text', 'a'.repeat(201), 0)).toBeNull();
  });

  it('reads dates and amounts where they start, less cleanly further on, mended or without their R', () => {
    expect(readValue('date', '14 March 2025', 0)).toEqual({
      value: '2025-03-14',
      start: 0,
      end: 13,
      quality: 1,
      wellFormed: true,
    });
    expect(readValue('date', '(dd/mm/yyyy) 14/03/2025', 0)).toMatchObject({
      value: '2025-03-14',
      quality: BLEMISH.notAtStart,
    });
    expect(readValue('date', 'l4/O3/2025', 0)).toMatchObject({
      value: '2025-03-14',
      quality: BLEMISH.mended,
    });
    expect(readValue('date', 'none', 0)).toBeNull();
    // Printed whole and read without mending: its form vouches for it.
    expect(readValue('date', '14 March 2025', 0)?.wellFormed).toBe(true);
    expect(readValue('date', 'l4/O3/2025', 0)?.wellFormed).toBe(false);
    expect(readValue('date', '14/03/25', 0)?.wellFormed).toBe(false);
    expect(readValue('amount', 'R 1 234,56', 0)).toMatchObject({ value: '1234.56', quality: 1 });
    expect(readValue('amount', '2 500 000', 0)).toMatchObject({
      value: '2500000.00',
      quality: BLEMISH.noCurrency,
    });
    expect(readValue('amount', '12 units', 0)).toBeNull();
  });
});

describe('readPeriod', () => {
  it('reads two dates joined by to or a dash, else less cleanly, and refuses a backwards or single one', () => {
    expect(readPeriod('01/07/2025 to 30/06/2026', 0)).toMatchObject({
      from: { value: '2025-07-01', quality: 1 },
      to: { value: '2026-06-30', quality: 1 },
    });
    expect(readPeriod('01/07/2025 and later 30/06/2026', 0)).toMatchObject({
      from: { quality: BLEMISH.notAtStart },
      to: { quality: BLEMISH.notAtStart },
    });
    expect(readPeriod('30/06/2026 - 01/07/2025', 0)).toBeNull();
    expect(readPeriod('01/07/2025', 0)).toBeNull();
  });
});

describe('leadingSeparators', () => {
  it('counts the separators before a value', () => {
    expect(leadingSeparators(' : - 12')).toBe(5);
    expect(leadingSeparators('# 12')).toBe(2);
    expect(leadingSeparators('12')).toBe(0);
  });
});
