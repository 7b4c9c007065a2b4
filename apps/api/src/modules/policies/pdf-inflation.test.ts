import * as zlib from 'node:zlib';
import { PDFDocument, PDFName, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { GiB, MiB, pdfOf, zerosDeflated } from '../../../test/support/policy-pdf.js';
import { type InflationLimits, measurePdfInflation } from './pdf-inflation.js';
import { extractPdfPages } from './pdf-text.js';

const LIMITS: InflationLimits = { maxStreamBytes: 32 * MiB, maxTotalBytes: 128 * MiB };
const measure = (pdf: Uint8Array, limits = LIMITS) => measurePdfInflation(pdf, limits, zlib);

type Dict = Parameters<PDFDocument['context']['stream']>[1];

/** A one-page PDF whose only streams are these (no object or cross-reference streams). */
async function pdfWithStreams(streams: { data: Uint8Array; dict: Dict }[]): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([595, 842]);
  const refs = streams.map(({ data, dict }) => pdf.context.register(pdf.context.stream(data, dict)));
  page.node.set(PDFName.of('Contents'), pdf.context.obj(refs));
  return pdf.save({ useObjectStreams: false });
}

/** LZW as PDF writes it (EarlyChange 1): 9- to 12-bit codes, most significant bit first. */
function lzwEncode(data: Uint8Array): Uint8Array {
  const out: number[] = [];
  let bits = 0;
  let bitCount = 0;
  let codeLength = 9;
  const write = (code: number) => {
    bits = (bits << codeLength) | code;
    bitCount += codeLength;
    while (bitCount >= 8) {
      out.push((bits >>> (bitCount - 8)) & 0xff);
      bitCount -= 8;
    }
    bits &= (1 << bitCount) - 1;
  };
  let table = new Map<string, number>();
  let next = 258;
  write(256);
  let word = '';
  for (const byte of data) {
    const extended = word + String.fromCharCode(byte);
    if (word === '' || extended.length === 1 || table.has(extended)) {
      word = extended;
      continue;
    }
    write(word.length === 1 ? word.charCodeAt(0) : (table.get(word) as number));
    // The decoder adds each entry a code later: lengths change when it will have reached them.
    if (next + 1 >= 4096) {
      write(256);
      table = new Map();
      next = 258;
      codeLength = 9;
    } else {
      table.set(extended, next);
      next += 1;
      if (next + 1 > 1 << codeLength && codeLength < 12) codeLength += 1;
    }
    word = String.fromCharCode(byte);
  }
  if (word !== '') {
    write(word.length === 1 ? word.charCodeAt(0) : (table.get(word) as number));
    // The decoder adds an entry for this code too, which may lengthen the end code.
    if (next + 2 > 1 << codeLength && codeLength < 12) codeLength += 1;
  }
  write(257);
  if (bitCount > 0) out.push((bits << (8 - bitCount)) & 0xff);
  return Uint8Array.from(out);
}

/**
 * An LZW bomb written code by code: each new code is the last string and its first byte again (so
 * the strings grow by one), and once the table is full the longest string is repeated `repeats` times:
 * about 3,800 bytes for 12 bits.
 */
function lzwBomb(repeats: number): Uint8Array {
  const out: number[] = [];
  let bits = 0;
  let bitCount = 0;
  const write = (code: number, length: number) => {
    bits = (bits << length) | code;
    bitCount += length;
    while (bitCount >= 8) {
      out.push((bits >>> (bitCount - 8)) & 0xff);
      bitCount -= 8;
    }
    bits &= (1 << bitCount) - 1;
  };
  const lengthAt = (next: number) => Math.min(12, Math.floor(Math.log2(next + 1)) + 1);
  write(0, 9);
  let next = 258;
  for (; next < 4095; next += 1) write(next, lengthAt(next));
  for (let i = 0; i < repeats; i += 1) write(4094, 12);
  write(257, 12);
  if (bitCount > 0) out.push((bits << (8 - bitCount)) & 0xff);
  return Uint8Array.from(out);
}

describe('measurePdfInflation', () => {
  it('measures the streams of a real wording, far under the limits', async () => {
    const result = await measure(await pdfOf(['We will not pay for wear and tear.', 'Page two.']));
    expect(result).toMatchObject({ ok: true });
    if (!result.ok) return;
    expect(result.streams).toBeGreaterThanOrEqual(2);
    expect(result.bytes).toBeGreaterThan(0);
    expect(result.bytes).toBeLessThan(MiB);
  });

  it('counts exactly what a flate stream unpacks to', async () => {
    const text = Buffer.from(
      'BT /F1 9 Tf 40 800 Td (We will not pay for wear and tear.) Tj ET\n'.repeat(500),
    );
    const pdf = await pdfWithStreams([
      { data: zlib.deflateSync(text), dict: { Filter: 'FlateDecode' } },
      { data: zerosDeflated(3 * MiB + 7), dict: { Filter: ['FlateDecode'] } },
      { data: Buffer.from('q Q'), dict: {} },
    ]);
    expect(await measure(pdf)).toEqual({ ok: true, streams: 3, bytes: text.length + 3 * MiB + 7 });
  });

  it('stops a stream that inflates to 1 GiB at the per-stream limit, a chunk past it at most', async () => {
    const pdf = await pdfWithStreams([{ data: zerosDeflated(GiB), dict: { Filter: 'FlateDecode' } }]);
    expect(pdf.length).toBeLessThan(1.1 * MiB);
    const result = await measure(pdf);
    expect(result).toMatchObject({ ok: false, limit: 'stream' });
    expect(result.bytes).toBeGreaterThan(LIMITS.maxStreamBytes);
    expect(result.bytes).toBeLessThanOrEqual(LIMITS.maxStreamBytes + 64 * 1024);
  });

  it('stops many streams, each under the per-stream limit, at the document limit', async () => {
    const streams = Array.from({ length: 6 }, () => ({
      data: zerosDeflated(30 * MiB),
      dict: { Filter: 'FlateDecode' },
    }));
    const result = await measure(await pdfWithStreams(streams));
    expect(result).toMatchObject({ ok: false, limit: 'total' });
    expect(result.bytes).toBeLessThanOrEqual(LIMITS.maxTotalBytes + 64 * 1024);
  });

  it('unpacks filter chains: a bomb within a bomb, and flate behind ASCIIHex or ASCII85', async () => {
    const nested = zlib.deflateSync(zerosDeflated(GiB));
    expect(
      await measure(
        await pdfWithStreams([{ data: nested, dict: { Filter: ['FlateDecode', 'FlateDecode'] } }]),
      ),
    ).toMatchObject({ ok: false, limit: 'stream' });

    const bomb = zerosDeflated(64 * MiB);
    const hex = Buffer.from(`${bomb.toString('hex')}>`);
    expect(
      await measure(await pdfWithStreams([{ data: hex, dict: { Filter: ['AHx', 'Fl'] } }])),
    ).toMatchObject({ ok: false, limit: 'stream' });

    const ascii85 = (bytes: Uint8Array) => {
      let text = '';
      for (let i = 0; i < bytes.length; i += 4) {
        const group = [0, 1, 2, 3].map((k) => bytes[i + k] ?? 0);
        let value =
          ((group[0] as number) * 2 ** 24 +
            ((group[1] as number) << 16) +
            ((group[2] as number) << 8) +
            (group[3] as number)) >>>
          0;
        const digits: string[] = [];
        for (let k = 0; k < 5; k += 1) {
          digits.unshift(String.fromCharCode(33 + (value % 85)));
          value = Math.floor(value / 85);
        }
        text += digits.slice(0, Math.min(5, bytes.length - i + 1)).join('');
      }
      return Buffer.from(`${text}~>`);
    };
    expect(
      await measure(
        await pdfWithStreams([{ data: ascii85(bomb), dict: { Filter: ['ASCII85Decode', 'FlateDecode'] } }]),
      ),
    ).toMatchObject({ ok: false, limit: 'stream' });
    // The same chains on a small stream: counted, and read through.
    const small = zerosDeflated(1000);
    expect(
      await measure(
        await pdfWithStreams([
          { data: ascii85(small), dict: { Filter: ['A85', 'Fl'] } },
          {
            data: Buffer.from(`${small.toString('hex')}>`),
            dict: { Filter: ['ASCIIHexDecode', 'FlateDecode'] },
          },
        ]),
      ),
    ).toEqual({ ok: true, streams: 2, bytes: 2 * (small.length + 1000) });
  });

  it('counts LZW as PDF.js decodes it, and stops an LZW bomb', async () => {
    const pdf = await PDFDocument.create();
    const page = pdf.addPage([595, 842]);
    const font = await pdf.embedFont(StandardFonts.Helvetica);
    const key = page.node.newFontDictionary('F1', font.ref);
    const lines = Array.from(
      { length: 60 },
      (_, i) => `Clause ${i + 1}: we will not pay for wear and tear, rust or mould.`,
    );
    const content = Buffer.from(
      `BT ${key.asString()} 9 Tf 40 800 Td 12 TL ${lines.map((line) => `(${line}) Tj T*`).join(' ')} ET`,
    );
    const encoded = lzwEncode(content);
    page.node.set(
      PDFName.of('Contents'),
      pdf.context.register(pdf.context.stream(encoded, { Filter: 'LZWDecode' })),
    );
    const bytes = await pdf.save({ useObjectStreams: false });
    expect(await measure(bytes)).toEqual({ ok: true, streams: 1, bytes: content.length });
    // PDF.js reads the same stream to the same text.
    expect(await extractPdfPages(bytes)).toEqual({ ok: true, pages: [lines.join('\n')] });

    // LZW before flate: the LZW stage's bytes are what flate reads (tables filled and cleared on the way).
    const varied = Buffer.from(
      Array.from(
        { length: 3000 },
        (_, i) => `clause ${(i * 7919) % 10007} excess R${(i * 104729) % 65521}\n`,
      ).join(''),
    );
    const deflated = zlib.deflateSync(varied);
    expect(deflated.length).toBeGreaterThan(10_000);
    expect(
      await measure(
        await pdfWithStreams([{ data: lzwEncode(deflated), dict: { Filter: ['LZWDecode', 'FlateDecode'] } }]),
      ),
    ).toEqual({ ok: true, streams: 1, bytes: deflated.length + varied.length });

    const bomb = lzwBomb(100_000);
    expect(bomb.length).toBeLessThan(200 * 1024);
    expect(
      await measure(await pdfWithStreams([{ data: bomb, dict: { Filter: 'LZWDecode' } }])),
    ).toMatchObject({ ok: false, limit: 'stream' });
  });

  it('stops a RunLength bomb', async () => {
    // Each two bytes repeat a byte 128 times: 1 MiB of input is 64 MiB.
    const runs = Buffer.alloc(MiB);
    for (let i = 0; i < runs.length; i += 2) runs[i] = 129;
    expect(
      await measure(await pdfWithStreams([{ data: runs, dict: { Filter: 'RunLengthDecode' } }])),
    ).toMatchObject({ ok: false, limit: 'stream' });
  });

  it('does not unpack images or attached files, which text extraction never reads', async () => {
    const bomb = zerosDeflated(GiB);
    const pdf = await pdfWithStreams([
      { data: bomb, dict: { Filter: 'FlateDecode', Type: 'XObject', Subtype: 'Image', Width: 1, Height: 1 } },
      { data: bomb, dict: { Filter: 'FlateDecode', Type: 'EmbeddedFile' } },
      { data: Buffer.from('JFIF'), dict: { Filter: 'DCTDecode' } },
    ]);
    expect(await measure(pdf)).toEqual({ ok: true, streams: 1, bytes: 0 });
  });

  it('reads a stream to its declared length, direct or indirect, past an early `endstream`', async () => {
    // A stored deflate block holding the word `endstream`, then 1 GiB of zeros: the data is all of it.
    const zeros = zerosDeflated(GiB);
    const word = Buffer.from('endstream');
    const stored = Buffer.concat([
      Buffer.from([0x78, 0xda, 0x00, word.length, 0x00, ~word.length & 0xff, 0xff]),
      word,
      zeros.subarray(2),
    ]);
    expect(
      await measure(await pdfWithStreams([{ data: stored, dict: { Filter: 'FlateDecode' } }])),
    ).toMatchObject({ ok: false, limit: 'stream' });

    // /Length as a reference to another object (written in place of the number, the offsets kept).
    const pdf = await PDFDocument.create();
    const page = pdf.addPage([595, 842]);
    const length = pdf.context.register(pdf.context.obj(stored.length));
    page.node.set(
      PDFName.of('Contents'),
      pdf.context.register(pdf.context.stream(stored, { Filter: 'FlateDecode' })),
    );
    const direct = Buffer.from(await pdf.save({ useObjectStreams: false })).toString('latin1');
    const reference = `/Length ${length.objectNumber} 0 R`;
    const indirect = direct.replace(`/Length ${stored.length}`, (match) => reference.padEnd(match.length));
    expect(indirect).not.toBe(direct);
    expect(await measure(Buffer.from(indirect, 'latin1'))).toMatchObject({ ok: false, limit: 'stream' });
  });

  it('finds a stream however its object and dictionary are written', async () => {
    const data = zerosDeflated(64 * MiB);
    const object = (header: string, dict: string) =>
      Buffer.concat([
        Buffer.from(`%PDF-1.7\n${header}\n<<${dict}>>\nstream\n`),
        data,
        Buffer.from('\nendstream\nendobj\n'),
      ]);
    for (const file of [
      object('4 0 % a comment where a space would do\nobj', '/Filter /FlateDecode'),
      object('4 0 obj', '5 (not a key) /Filter /FlateDecode'),
      object('4 0 obj', `/Deep ${'<< /In '.repeat(100)}1${' >>'.repeat(100)} /Filter/FlateDecode`),
      object('4 0 obj', '/Filter /Flate#44ecode'),
    ])
      expect(await measure(file)).toMatchObject({ ok: false, limit: 'stream' });
  });

  it('gives up on objects built inside each other to make the scan slow', async () => {
    // Each `obj` starts a dictionary nesting to the end; each `stream` without an end runs to the end.
    for (const file of [
      Buffer.from('1 0 obj << '.repeat(200_000)),
      Buffer.from('1 0 obj<<>>stream\n'.repeat(200_000)),
    ])
      expect(await measure(file)).toEqual({ ok: false, limit: 'structure', bytes: 0 });
  });

  it('counts a damaged stream as far as it unpacks, and finds nothing in what is not a PDF', async () => {
    const truncated = zerosDeflated(4 * MiB).subarray(0, 2100);
    const result = await measure(
      await pdfWithStreams([{ data: truncated, dict: { Filter: 'FlateDecode' } }]),
    );
    expect(result).toMatchObject({ ok: true, streams: 1 });
    expect(result.bytes).toBeGreaterThan(MiB);
    expect(result.bytes).toBeLessThan(4 * MiB);
    for (const bytes of [
      new Uint8Array(),
      Buffer.from('not a pdf at all'),
      Buffer.from('1 0 obj << /Length 5 >> stream'),
    ])
      expect(await measure(bytes)).toMatchObject({ ok: true, bytes: 0 });
  });
});
