import type * as Zlib from 'node:zlib';

/**
 * How far a PDF's streams unpack, measured before PDF.js reads the file. A flate stream of 1 MB can
 * unpack to 1 GB (and PDF.js keeps what it unpacks in one growing buffer, outside the JS heap), so
 * every stream that text extraction may unpack is unpacked here first, a chunk at a time with a
 * running count that stops the moment a limit is passed: nothing is held but the count (and, for a
 * stream with several filters, the input of the next one, itself within the limit).
 *
 * What is measured: every `obj << … >> stream` in the file (found by scanning the bytes, wherever they
 * are, so an object PDF.js finds through the cross-reference table is found here too), through
 * its filters: FlateDecode (node:zlib), LZWDecode and RunLengthDecode (counted as they decode: they
 * unpack too), ASCIIHexDecode and ASCII85Decode (so a flate stream behind them is reached). Not
 * measured: images (`/Subtype /Image`) and attached files, which text extraction never unpacks, image
 * filters (DCT, JPX, JBIG2, CCITT), and encrypted files' streams (they do not inflate until
 * decrypted). Whatever this misses still meets the reader process's memory bound (pdf-text.ts). The
 * scan reads about the file's size; objects built inside each other to make it read far more (four
 * times the file) end it as a damaged file.
 */

export interface InflationLimits {
  /** What one stream may unpack to (each of its filters' output counted). */
  maxStreamBytes: number;
  /** What all the streams of the document together may unpack to. */
  maxTotalBytes: number;
}

export type InflationMeasure =
  | { ok: true; streams: number; bytes: number }
  | { ok: false; limit: 'stream' | 'total' | 'structure'; bytes: number };

export type InflationZlib = Pick<typeof Zlib, 'createInflate' | 'constants'>;

/**
 * Unpacks every stream of the PDF against the limits; answers how many streams and bytes it found,
 * or which limit was passed first. Runs in the reader process, handed over as source: it must use
 * nothing from outside itself (zlib is passed in).
 */
export async function measurePdfInflation(
  pdf: Uint8Array,
  limits: InflationLimits,
  zlib: InflationZlib,
): Promise<InflationMeasure> {
  const size = pdf.length;
  const isSpace = (c: number) => c === 32 || c === 10 || c === 13 || c === 9 || c === 12 || c === 0;
  const isDelimiter = (c: number) =>
    c === 40 ||
    c === 41 ||
    c === 60 ||
    c === 62 ||
    c === 91 ||
    c === 93 ||
    c === 123 ||
    c === 125 ||
    c === 47 ||
    c === 37;
  const isDigit = (c: number) => c >= 48 && c <= 57;
  const isRegular = (c: number) => !isSpace(c) && !isDelimiter(c);
  const latin1 = (from: number, to: number) => {
    let text = '';
    for (let i = from; i < to; i += 1) text += String.fromCharCode(pdf[i] as number);
    return text;
  };
  const haystack = Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength);
  const find = (text: string, from: number) => haystack.indexOf(text, from, 'latin1');

  let work = 0;

  // A minimal PDF value reader: enough for a stream's dictionary and the objects it refers to.
  type Value = number | string | { name: string } | { ref: number } | Value[] | Map<string, Value> | null;
  let at = 0;
  const skipSpace = () => {
    while (at < size) {
      const c = pdf[at] as number;
      if (isSpace(c)) at += 1;
      else if (c === 37) while (at < size && pdf[at] !== 10 && pdf[at] !== 13) at += 1;
      else break;
    }
  };
  const word = () => {
    const start = at;
    while (at < size && isRegular(pdf[at] as number)) at += 1;
    return latin1(start, at);
  };
  const skipString = () => {
    let depth = 0;
    while (at < size) {
      const c = pdf[at++] as number;
      if (c === 92) at += 1;
      else if (c === 40) depth += 1;
      else if (c === 41 && --depth === 0) return;
    }
  };
  const readValue = (depth: number): Value => {
    skipSpace();
    if (at >= size || depth > 512) return null;
    const c = pdf[at] as number;
    if (c === 47) {
      at += 1;
      return {
        name: word().replace(/#([0-9a-fA-F]{2})/g, (_, hex: string) =>
          String.fromCharCode(Number.parseInt(hex, 16)),
        ),
      };
    }
    if (c === 40) {
      skipString();
      return '';
    }
    if (c === 60 && pdf[at + 1] === 60) {
      at += 2;
      const dict = new Map<string, Value>();
      for (;;) {
        skipSpace();
        if (at >= size) return dict;
        if (pdf[at] === 62 && pdf[at + 1] === 62) {
          at += 2;
          return dict;
        }
        const before = at;
        const key = readValue(depth + 1);
        // What is not a name where a key should be is skipped, as PDF.js skips it.
        if (key && typeof key === 'object' && 'name' in key) dict.set(key.name, readValue(depth + 1));
        else if (at === before) return dict;
      }
    }
    if (c === 60) {
      while (at < size && pdf[at] !== 62) at += 1;
      at += 1;
      return '';
    }
    if (c === 91) {
      at += 1;
      const array: Value[] = [];
      for (;;) {
        skipSpace();
        if (at >= size || pdf[at] === 93) {
          at += 1;
          return array;
        }
        const before = at;
        array.push(readValue(depth + 1));
        if (at === before) return array;
      }
    }
    const token = isRegular(c) ? word() : String.fromCharCode(pdf[at++] as number);
    if (/^[+-]?(\d+\.?\d*|\.\d+)$/.test(token)) {
      const number = Number(token);
      // `N G R`: a reference (read ahead, and back off when it is two numbers and no R).
      const back = at;
      skipSpace();
      const generation = isDigit(pdf[at] ?? 0) ? word() : '';
      skipSpace();
      if (
        /^\d+$/.test(token) &&
        /^\d+$/.test(generation) &&
        pdf[at] === 82 &&
        !isRegular(pdf[at + 1] ?? 32)
      ) {
        at += 1;
        return { ref: number };
      }
      at = back;
      return number;
    }
    return token;
  };

  // Every `obj` keyword (but `endobj`): where its value starts, by object number where `N G` precedes
  // it plainly (several when a file was updated; -1 for the others, found all the same).
  const objects = new Map<number, number[]>();
  for (let i = find('obj', 0); i >= 0; i = find('obj', i + 3)) {
    if (i + 3 < size && isRegular(pdf[i + 3] as number)) continue;
    if (i >= 3 && latin1(i - 3, i) === 'end') continue;
    let j = i - 1;
    while (j >= 0 && isSpace(pdf[j] as number)) j -= 1;
    while (j >= 0 && isDigit(pdf[j] as number)) j -= 1;
    while (j >= 0 && isSpace(pdf[j] as number)) j -= 1;
    const end = j + 1;
    while (j >= 0 && isDigit(pdf[j] as number)) j -= 1;
    const number = end > j + 1 ? Number(latin1(j + 1, end)) : -1;
    const list = objects.get(number) ?? [];
    list.push(i + 3);
    objects.set(number, list);
  }
  /** A value, or every value a reference may stand for. */
  const resolve = (value: Value): Value[] => {
    if (!value || typeof value !== 'object' || !('ref' in value)) return [value];
    return (objects.get(value.ref) ?? []).map((start) => {
      at = start;
      const resolved = readValue(0);
      work += at - start;
      return resolved;
    });
  };
  const nameOf = (value: Value) =>
    value && typeof value === 'object' && 'name' in value ? value.name : undefined;

  // The filters, each answering what it unpacked (kept only when another filter follows).
  type Decoded = { bytes: Uint8Array | null; produced: number; over: boolean };
  const inflate = (input: Uint8Array, allowance: number, keep: boolean) =>
    new Promise<Decoded>((done) => {
      const chunks: Uint8Array[] = [];
      let produced = 0;
      let finished = false;
      const finish = (over: boolean) => {
        if (finished) return;
        finished = true;
        inflater.destroy();
        done({ bytes: keep && !over ? concat(chunks, produced) : null, produced, over });
      };
      const inflater = zlib.createInflate({
        chunkSize: 64 * 1024,
        finishFlush: zlib.constants.Z_SYNC_FLUSH,
      });
      inflater.on('data', (chunk: Uint8Array) => {
        produced += chunk.length;
        if (produced > allowance) finish(true);
        else if (keep) chunks.push(chunk);
      });
      inflater.on('end', () => finish(false));
      // A damaged stream counts what it gave before the damage (PDF.js reads as far, and no further).
      inflater.on('error', () => finish(false));
      inflater.end(input);
    });
  const concat = (chunks: Uint8Array[], length: number) => {
    const out = new Uint8Array(length);
    let offset = 0;
    for (const chunk of chunks) {
      out.set(chunk, offset);
      offset += chunk.length;
    }
    return out;
  };
  /** Collects a decoder's output in chunks, counting it against the allowance. */
  const sink = (allowance: number, keep: boolean) => {
    const chunks: Uint8Array[] = [];
    let chunk = new Uint8Array(keep ? 64 * 1024 : 0);
    let used = 0;
    const state = {
      produced: 0,
      over: false,
      /** Adds `count` bytes (`byte`, or the `bytes` from `from`); false once past the allowance. */
      put(count: number, byte: number, bytes?: Uint8Array, from = 0) {
        state.produced += count;
        if (state.produced > allowance) state.over = true;
        if (state.over || !keep) return !state.over;
        for (let k = 0; k < count; k += 1) {
          if (used === chunk.length) {
            chunks.push(chunk);
            chunk = new Uint8Array(64 * 1024);
            used = 0;
          }
          chunk[used++] = bytes ? (bytes[from + k] as number) : byte;
        }
        return true;
      },
      result(): Decoded {
        chunks.push(chunk.subarray(0, used));
        return {
          bytes: keep && !state.over ? concat(chunks, state.produced) : null,
          produced: state.produced,
          over: state.over,
        };
      },
    };
    return state;
  };
  const runLength = (input: Uint8Array, allowance: number, keep: boolean): Decoded => {
    const out = sink(allowance, keep);
    for (let i = 0; i < input.length; ) {
      const n = input[i++] as number;
      if (n === 128) break;
      if (n < 128) {
        if (!out.put(Math.min(n + 1, input.length - i), 0, input, i)) break;
        i += n + 1;
      } else if (i < input.length) {
        if (!out.put(257 - n, input[i++] as number)) break;
      }
    }
    return out.result();
  };
  /** LZW as PDF.js decodes it (codes of 9 to 12 bits, 256 clears, 257 ends), counting what it gives. */
  const lzw = (input: Uint8Array, allowance: number, keep: boolean, earlyChange: number): Decoded => {
    const out = sink(allowance, keep);
    const values = new Uint8Array(4096);
    const previousCodes = new Uint16Array(4096);
    const lengths = new Uint16Array(4096);
    for (let code = 0; code < 256; code += 1) {
      values[code] = code;
      lengths[code] = 1;
    }
    const sequence = new Uint8Array(8192);
    let sequenceLength = 0;
    let next = 258;
    let codeLength = 9;
    let previous = 0;
    let bits = 0;
    let bitCount = 0;
    let i = 0;
    for (;;) {
      while (bitCount < codeLength && i < input.length) {
        bits = ((bits << 8) | (input[i++] as number)) & 0xffffff;
        bitCount += 8;
      }
      if (bitCount < codeLength) break;
      bitCount -= codeLength;
      const code = (bits >>> bitCount) & ((1 << codeLength) - 1);
      const hasPrevious = sequenceLength > 0;
      if (code < 256) {
        sequence[0] = code;
        sequenceLength = 1;
      } else if (code >= 258) {
        if (code < next) {
          sequenceLength = lengths[code] as number;
          for (let j = sequenceLength - 1, q = code; j >= 0; j -= 1) {
            sequence[j] = values[q] as number;
            q = previousCodes[q] as number;
          }
        } else {
          // The code this very step defines (KwKwK): the last string and its own first byte.
          sequence[Math.min(sequenceLength, sequence.length - 1)] = sequence[0] as number;
          sequenceLength += 1;
        }
      } else if (code === 256) {
        codeLength = 9;
        next = 258;
        sequenceLength = 0;
        continue;
      } else break;
      if (hasPrevious) {
        if (next < 4096) {
          previousCodes[next] = previous;
          lengths[next] = (lengths[previous] as number) + 1;
          values[next] = sequence[0] as number;
        }
        next += 1;
        const limit = next + earlyChange;
        if ((limit & (limit - 1)) === 0) codeLength = Math.min(Math.log2(limit) + 1, 12) | 0;
      }
      previous = code;
      if (!out.put(sequenceLength, 0, keep ? sequence : undefined)) break;
    }
    return out.result();
  };
  const asciiHex = (input: Uint8Array, allowance: number): Decoded => {
    const out = sink(allowance, true);
    let high = -1;
    for (const c of input) {
      if (c === 62) break;
      const digit = c >= 48 && c <= 57 ? c - 48 : (c | 32) >= 97 && (c | 32) <= 102 ? (c | 32) - 87 : -1;
      if (digit < 0) continue;
      if (high < 0) high = digit;
      else {
        out.put(1, high * 16 + digit);
        high = -1;
      }
    }
    if (high >= 0) out.put(1, high * 16);
    return out.result();
  };
  const ascii85 = (input: Uint8Array, allowance: number): Decoded => {
    const out = sink(allowance, true);
    const group: number[] = [];
    const flush = (count: number) => {
      let value = 0;
      for (let k = 0; k < 5; k += 1) value = value * 85 + (k < group.length ? (group[k] as number) : 84);
      for (let k = 0; k < count - 1; k += 1) out.put(1, Math.floor(value / 256 ** (3 - k)) % 256);
      group.length = 0;
    };
    for (const c of input) {
      if (c === 126) break;
      if (c === 122 && group.length === 0) {
        if (!out.put(4, 0)) break;
      } else if (c >= 33 && c <= 117) {
        group.push(c - 33);
        if (group.length === 5) flush(5);
      }
    }
    if (group.length > 1) flush(group.length);
    return out.result();
  };

  let total = 0;
  let streams = 0;
  // The bytes read so far, dictionaries and data: about the file's size, as objects do not overlap.
  // Far more means objects built inside each other to make this scan slow: no policy is written so.
  const overWorked = () => work > 4 * size + 1024 * 1024;
  const structure = (): InflationMeasure => ({ ok: false, limit: 'structure', bytes: total });
  for (const starts of objects.values()) {
    for (const start of starts) {
      at = start;
      skipSpace();
      if (pdf[at] !== 60 || pdf[at + 1] !== 60) continue;
      const dict = readValue(0);
      work += at - start;
      if (overWorked()) return structure();
      if (!(dict instanceof Map)) continue;
      skipSpace();
      if (latin1(at, at + 6) !== 'stream' || isRegular(pdf[at + 6] ?? 32)) continue;
      at += 6;
      while (at < size && pdf[at] !== 10 && pdf[at] !== 13) at += 1;
      if (pdf[at] === 13 && pdf[at + 1] === 10) at += 2;
      else at += 1;
      const dataStart = at;
      const subtype = nameOf(resolve(dict.get('Subtype') ?? null)[0] ?? null);
      const type = nameOf(resolve(dict.get('Type') ?? null)[0] ?? null);
      if (subtype === 'Image' || type === 'EmbeddedFile') continue;
      // The data runs to its declared /Length or to the next `endstream`, whichever is longer: a
      // filter that stops at its own end reads no further, so the longer of the two is the safe one.
      let dataEnd = find('endstream', dataStart);
      if (dataEnd < 0) dataEnd = size;
      for (const length of resolve(dict.get('Length') ?? null))
        if (typeof length === 'number' && Number.isInteger(length) && length > 0)
          dataEnd = Math.max(dataEnd, Math.min(size, dataStart + length));
      const filterValue = resolve(dict.get('Filter') ?? null)[0] ?? null;
      const filters = (Array.isArray(filterValue) ? filterValue.flatMap(resolve) : [filterValue])
        .map(nameOf)
        .filter((name) => name !== undefined);
      const parmsValue = resolve(dict.get('DecodeParms') ?? dict.get('DP') ?? null)[0] ?? null;
      const parms = Array.isArray(parmsValue) ? parmsValue.flatMap(resolve) : [parmsValue];
      work += dataEnd - dataStart;
      if (overWorked()) return structure();
      streams += 1;
      let data: Uint8Array | null = pdf.subarray(dataStart, dataEnd);
      let streamBytes = 0;
      for (const [index, filter] of filters.entries()) {
        if (!data) break;
        const allowance = Math.min(limits.maxStreamBytes - streamBytes, limits.maxTotalBytes - total);
        const keep = index < filters.length - 1;
        let decoded: Decoded;
        if (filter === 'FlateDecode' || filter === 'Fl') decoded = await inflate(data, allowance, keep);
        else if (filter === 'LZWDecode' || filter === 'LZW') {
          const parm = resolve(parms[index] ?? null)[0];
          const early = parm instanceof Map ? parm.get('EarlyChange') : undefined;
          decoded = lzw(data, allowance, keep, early === 0 ? 0 : 1);
        } else if (filter === 'RunLengthDecode' || filter === 'RL')
          decoded = runLength(data, allowance, keep);
        else if (filter === 'ASCIIHexDecode' || filter === 'AHx') decoded = asciiHex(data, allowance);
        else if (filter === 'ASCII85Decode' || filter === 'A85') decoded = ascii85(data, allowance);
        else if (filter === 'Crypt') decoded = { bytes: data, produced: 0, over: false };
        // An image filter or one PDF.js does not know: nothing text extraction unpacks further.
        else break;
        streamBytes += decoded.produced;
        total += decoded.produced;
        if (decoded.over)
          return {
            ok: false,
            limit: streamBytes > limits.maxStreamBytes ? 'stream' : 'total',
            bytes: total,
          };
        data = decoded.bytes;
      }
    }
  }
  return { ok: true, streams, bytes: total };
}
