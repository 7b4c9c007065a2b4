import { extractText } from 'unpdf';
import yauzl from 'yauzl';

/** Every file of a ZIP, by path, in archive order (yauzl checks each entry's sizes as it reads). */
export function unzip(archive: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(archive, { lazyEntries: true, strictFileNames: true }, (error, zip) => {
      if (error) return reject(error);
      const files = new Map<string, Buffer>();
      zip.on('error', reject);
      zip.on('end', () => resolve(files));
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (openError, stream) => {
          if (openError) return reject(openError);
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('error', reject);
          stream.on('end', () => {
            files.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  });
}

/** The text of a PDF, its pages joined (what a reader's copy-and-paste would give). */
export async function pdfTextOf(pdf: Buffer): Promise<{ pages: number; text: string }> {
  const { totalPages, text } = await extractText(new Uint8Array(pdf), { mergePages: true });
  return { pages: totalPages, text };
}

/**
 * Parses RFC 4180 CSV strictly: records end with CRLF, quoted fields may hold commas, quotes (doubled)
 * and line breaks; anything else (a bare quote inside a field, a record without CRLF) throws.
 */
export function parseCsv(withBom: string): string[][] {
  // The app's CSVs start with a UTF-8 byte-order mark (for Excel); it is not part of the first field.
  if (!withBom.startsWith('\ufeff')) throw new Error('The CSV does not start with a UTF-8 byte-order mark');
  const text = withBom.slice(1);
  const records: string[][] = [];
  let record: string[] = [];
  let i = 0;
  while (i < text.length) {
    let field = '';
    if (text[i] === '"') {
      i++;
      for (;;) {
        if (i >= text.length) throw new Error('unterminated quoted field');
        if (text[i] === '"') {
          if (text[i + 1] === '"') {
            field += '"';
            i += 2;
            continue;
          }
          i++;
          break;
        }
        field += text[i];
        i++;
      }
    } else {
      while (i < text.length && text[i] !== ',' && text[i] !== '\r' && text[i] !== '\n') {
        if (text[i] === '"') throw new Error(`bare quote in an unquoted field at ${i}`);
        field += text[i];
        i++;
      }
    }
    record.push(field);
    if (text[i] === ',') {
      i++;
      continue;
    }
    if (text.slice(i, i + 2) !== '\r\n') throw new Error(`record not ended by CRLF at ${i}`);
    i += 2;
    records.push(record);
    record = [];
  }
  return records;
}
