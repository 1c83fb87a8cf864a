import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { PassThrough, Transform } from 'node:stream';
import iconv from 'iconv-lite';
import yauzl from 'yauzl';
import { PayloadTooLargeError, ValidationError } from '../errors';
import { type ExportEncoding, strictUtf8, withoutBom } from './encoding';
import { type Direction, detectLayout, type Layout } from './layout';
import { zipRefusal } from './zip-limits';

/** The largest upload accepted (a year of a busy account's vouchers is a few MB). */
export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;
/** How much of the text is read to find the header (the first 10 lines, at most). */
const HEAD_BYTES = 64 * 1024;

export interface Spooled {
  path: string;
  size: number;
  sha256: string;
  dispose(): Promise<void>;
}

/**
 * Copies the upload to a private temporary file, counting and hashing it on the way, so memory does not grow with the
 * file and a ZIP can be read from its central directory. Past MAX_UPLOAD_BYTES it stops: 413.
 */
export async function spool(stream: Readable, maxBytes = MAX_UPLOAD_BYTES): Promise<Spooled> {
  const dir = await mkdtemp(join(tmpdir(), 'voucher-import-'));
  const path = join(dir, 'upload');
  const hash = createHash('sha256');
  let size = 0;
  const dispose = () => rm(dir, { recursive: true, force: true });
  try {
    await pipeline(
      stream,
      new Transform({
        transform(chunk: Buffer, _encoding, done) {
          size += chunk.length;
          if (size > maxBytes) return done(new PayloadTooLargeError(`the file is larger than ${maxBytes / 1024 / 1024} MB`));
          hash.update(chunk);
          done(null, chunk);
        },
      }),
      createWriteStream(path, { mode: 0o600 }),
    );
  } catch (error) {
    await dispose();
    // Its own refusal, or the upload's (an upload layer that stops a file past its own limit says 413 too).
    if ((error as { status?: number }).status === 413) throw new PayloadTooLargeError(`the file is larger than ${maxBytes / 1024 / 1024} MB`);
    throw error;
  }
  return { path, size, sha256: hash.digest('hex'), dispose };
}

/** A ZIP starts with a local file header's signature, PK\x03\x04 (APPNOTE.TXT 4.3.7). */
const ZIP_SIGNATURE = 0x04034b50;

async function isZip(path: string): Promise<boolean> {
  const file = await open(path);
  try {
    // A shorter file leaves zeros in the buffer, which no signature ends with.
    const { buffer } = await file.read(Buffer.alloc(4), 0, 4, 0);
    return buffer.readUInt32LE(0) === ZIP_SIGNATURE;
  } finally {
    await file.close();
  }
}

const zipError = (message: string) => new ValidationError(message, [{ path: 'file', message }], 'BAD_ZIP');

/** The one CSV inside the portal's ZIP, as a stream of its bytes with their number; anything else in it refuses the file. */
function openZippedCsv(path: string): Promise<{ bytes: Readable; size: number }> {
  return new Promise((resolve, reject) => {
    yauzl.open(path, { lazyEntries: true, validateEntrySizes: true, autoClose: false }, (error, zip) => {
      if (error) return reject(zipError(`not a readable ZIP file: ${error.message}`));
      const files: yauzl.Entry[] = [];
      zip.on('error', (cause: Error) => reject(zipError(`not a readable ZIP file: ${cause.message}`)));
      zip.on('entry', (entry: yauzl.Entry) => {
        if (!entry.fileName.endsWith('/')) files.push(entry);
        zip.readEntry();
      });
      zip.on('end', () => {
        const refusal = zipRefusal(files);
        if (refusal) {
          zip.close();
          return reject(zipError(refusal));
        }
        const [entry] = files;
        zip.openReadStream(entry, (openError, stream) => {
          if (openError) return reject(zipError(`cannot read ${entry.fileName}: ${openError.message}`));
          stream.on('close', () => zip.close());
          // A deflated entry whose headers under-declare its size fails only once read past it (yauzl's size
          // check): the reader then meets the ZIP's own refusal, not an internal error.
          const csv = new PassThrough();
          stream.on('error', (cause: Error) => csv.destroy(zipError(`cannot read ${entry.fileName}: ${cause.message}`)));
          resolve({ bytes: stream.pipe(csv), size: entry.uncompressedSize });
        });
      });
      zip.readEntry();
    });
  });
}

export interface DecodedSource {
  layout: Layout;
  encoding: ExportEncoding;
  text: AsyncIterable<string>;
  /** The CSV's bytes (the unpacked size of a ZIP's entry, which yauzl holds the entry to) and how many were read so far. */
  size: number;
  bytesRead(): number;
}

/**
 * Decides the encoding by the header: strict UTF-8 (BOM dropped) when it decodes and its titles are recognised; else
 * windows-1252, else DOS code page 850 — whichever makes the titles recognisable (`Número` is byte A3 in CP850, which
 * windows-1252 reads as `N£mero`, an unknown title). A file none of them explains is refused, never imported with
 * wrong columns.
 */
async function decode(bytes: Readable, size: number, direction: Direction): Promise<DecodedSource> {
  const chunks = bytes[Symbol.asyncIterator]();
  let read = 0;
  const iterator = {
    async next() {
      const next = await chunks.next();
      if (!next.done) read += (next.value as Buffer).length;
      return next;
    },
  };
  const head: Buffer[] = [];
  while (read < HEAD_BYTES) {
    const next = await iterator.next();
    if (next.done) break;
    head.push(next.value as Buffer);
  }
  const start = withoutBom(Buffer.concat(head));
  const candidates: Array<[DecodedSource['encoding'], string | null]> = [
    ['utf8', strictUtf8(start)],
    ['windows-1252', iconv.decode(start, 'windows-1252')],
    ['cp850', iconv.decode(start, 'cp850')],
  ];
  // windows-1252 and CP850 decode any bytes: the last candidate always answers a problem when none is a layout.
  let problem = '';
  for (const [encoding, text] of candidates) {
    if (text === null) continue;
    const found = detectLayout(text, direction);
    if ('layout' in found) {
      const decoder = iconv.getDecoder(encoding);
      async function* rest(): AsyncGenerator<string> {
        yield decoder.write(start);
        // A stream's iterator, once done, answers done again.
        for (;;) {
          const next = await iterator.next();
          if (next.done) break;
          yield decoder.write(next.value as Buffer);
        }
        const tail = decoder.end();
        if (tail) yield tail;
      }
      return { layout: found.layout, encoding, text: rest(), size, bytesRead: () => read };
    }
    if (found.problem === 'wrong_export') {
      bytes.destroy();
      throw new ValidationError(found.message, [{ path: 'file', message: found.message }], 'WRONG_EXPORT');
    }
    problem = found.message;
  }
  bytes.destroy();
  throw new ValidationError(problem, [{ path: 'file', message: problem }], 'UNKNOWN_LAYOUT');
}

/** The spooled upload's CSV (unzipped when it is the portal's ZIP), decoded, with its layout as a `direction` export. */
export async function openExport(spooled: Spooled, direction: Direction): Promise<DecodedSource> {
  const { bytes, size } = (await isZip(spooled.path)) ? await openZippedCsv(spooled.path) : { bytes: createReadStream(spooled.path), size: spooled.size };
  return decode(bytes, size, direction);
}
